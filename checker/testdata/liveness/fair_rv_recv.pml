/* weak fairness and rendezvous: the receive that takes an offer applies
 * fairness's rule 2 itself (pan's code of a rendezvous receive), also
 * in the offer's node, where the loop over the processes does not */
chan c = [0] of { byte };
chan d = [0] of { byte };
active proctype Ping() {
	byte i;
	do
	:: c!1; d?i
	od
}
active proctype Pong() {
	byte v;
	do
	:: c?v -> d!v
	od
}
never { do :: true -> goto accept od; accept: do :: true od }
