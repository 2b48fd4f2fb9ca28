/* two ltl properties (-N) over a rendezvous ping-pong, both false, with
 * fairness too (Ping may always send 1); with -f the receives that take
 * the offers apply fairness's rule 2 */
chan c = [0] of { byte };
chan d = [0] of { byte };
byte last;
active proctype Ping() {
	byte i;
	do
	:: c!1; d?i; last = i
	:: c!2; d?i; last = i
	od
}
active proctype Pong() {
	byte v;
	do
	:: c?v -> d!v+1
	od
}
ltl resp { [] (last == 2 -> <> (last == 3)) }
ltl gf3 { [] <> (last == 3) }
