/* rendezvous: sends that never find a partner, a matched handshake */
chan c = [0] of { byte };
chan d = [0] of { byte };
active proctype s() {
	c!1;
end1:	d!2;
	c!3
}
active proctype r() {
	byte v;
	c?v;
end:	if
	:: c?v -> v = 0
	:: v == 5 -> d?v
	fi
}
active proctype t() {
end:	d!9;
	skip
}
