typedef Pair { byte a; byte b };
Pair p;
active proctype P() {
	p.c = 1
}
