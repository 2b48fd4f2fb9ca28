typedef Pair { byte a; byte b };
chan c = [1] of { Pair };
active proctype P() {
	c!7
}
