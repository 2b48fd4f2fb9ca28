/* An acyclic state space with rendezvous: a handshake's intermediate
 * state is not stored. */
chan c = [0] of { byte };

active proctype sender() {
	c!1;
	c!2;
	if
	:: c!3
	:: c!4
	fi
}

active proctype receiver() {
	byte v;
end:	do
	:: c?v -> if :: v > 2 -> break :: else -> skip fi
	od
}
