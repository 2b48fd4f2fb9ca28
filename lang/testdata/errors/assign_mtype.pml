mtype = { ack, nak };
active proctype P() {
	ack = 1
}
