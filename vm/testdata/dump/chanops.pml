/* every send and receive form: ! !! ? ?? ?<> ?[..] eval, polls and the
 * channel tests */
mtype = { a, b };
chan q = [3] of { mtype, byte };
active proctype P() {
	byte v; mtype m;
	q!b,2; q!!a,1; q!!b,0;
	q?[a,1] -> q??b,eval(v);
	q?<m,v>;
	q??m,v;
	empty(q) || nempty(q) -> v = len(q);
	full(q) || nfull(q) -> q!m,v;
	q?_,_;
	q?m,v
}
