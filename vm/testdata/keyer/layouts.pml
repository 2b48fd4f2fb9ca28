/* Keyer: states whose channels change as processes with local channels,
 * buffered and rendezvous, are created and end (TestKeyer). */
chan g = [0] of { byte };
chan b = [2] of { byte };

proctype P(chan c) {
	chan l = [0] of { byte };
	chan q = [1] of { byte };
	byte x;
	do
	:: c?x -> q!x; q?x
	:: c!1
	:: l!2
	:: break
	od
}

init {
	byte i;
	do
	:: i < 3 -> run P(g); i++
	:: b!i
	:: b?_
	:: i >= 3 -> break
	od
}
