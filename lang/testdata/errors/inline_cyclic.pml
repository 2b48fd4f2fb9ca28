// An inline that calls itself (SPIN: cyclic inline attempt on: count).
inline count(n) {
	n++;
	count(n)
}
init { byte x; count(x) }
