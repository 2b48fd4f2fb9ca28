/* full, nfull, empty and nempty are conditions (spin's Probe): alone,
 * joined by && and ||, in assert, an assignment's value or a provided
 * clause; spin's grammar has them nowhere else (a syntax error) */
chan c = [1] of { byte };
byte x;
active proctype P() provided (nfull(c) || x) {
	full(c) && x > 0;
	(empty(c) || x) && nempty(c);
	assert(nfull(c));
	x = full(c);
	!full(c);
	x = (empty(c) -> 1 : 0);
	full(c) == 1;
	printf("%d\n", nempty(c));
	c!empty(c);
	x = x + len(c)
}
