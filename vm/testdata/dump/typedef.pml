/* typedefs and late declarations: a structure in a channel, a field
 * array, declarations after the first statement */
typedef Pair { byte lo; byte hi[2] };
chan q = [2] of { Pair };
Pair g;
active proctype P() {
	Pair p;
	p.lo = 1;
	p.hi[1] = 2;
	byte late = 5;
	q!p;
	q?g;
	Pair r;
	r.lo = late;
	assert(g.hi[1] == 2 && r.lo == 5)
}
