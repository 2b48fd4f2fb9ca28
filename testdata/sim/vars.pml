/* one process: how -g and -l print structures, arrays, mtypes, channel
   arrays and local channels; a sorted send and a random receive */
mtype = { a, b, c };
typedef Pair { byte x; mtype m; short arr[2] };
Pair gp;
byte ga[2];
chan cs[2] = [2] of { mtype, byte };

active proctype P() priority 3 {
	Pair lp;
	byte la[2];
	chan lc = [1] of { Pair };
	lp.x = 4;
	lp.m = b;
	la[1] = 7;
	gp.arr[1] = -3;
	ga[0] = 1;
	cs[1]!a,1;
	cs[1]!!c,0;
	cs[1]?[c,0];
	cs[1]??a,_;
	lc!lp;
	printf("%e %d\n", lp.m, la[1]);
	assert(false)
}
