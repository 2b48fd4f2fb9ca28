/* rendezvous and buffered channels: sends do not head merged chains when
 * the model has a rendezvous channel */
chan rv = [0] of { byte, byte };
chan buf = [2] of { byte };
active proctype Sender() {
	byte i;
	do
	:: i < 3 -> rv!i,i*2; i++
	:: i == 3 -> break
	od;
	buf!1; buf!2
}
active proctype Receiver() {
	byte a, b;
	do
	:: rv?a,b -> assert(b == a*2)
	:: rv?eval(2),b
	:: buf?a -> break
	od;
	buf?b
}
