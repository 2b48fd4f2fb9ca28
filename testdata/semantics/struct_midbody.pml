/* semantics: struct_midbody
 * A structure declared after the first statement is initialised when the
 * process starts; the declaration stays as a statement that does nothing
 * and merges like an assignment (the second pass finds the fields as the
 * first pass left them).
 * pan:
 * spin:
 * expect merge:   stored=5 matched=0 transitions=5 atomic=0 depth=4 errors=1
 * expect nomerge: stored=15 matched=0 transitions=15 atomic=0 depth=14 errors=1
 */
typedef T { byte a; byte b = 3 };
active proctype p() {
	byte i;
	do
	:: i < 2 -> T s; assert(s.a == 0 && s.b == 3); s.a = 5; s.b = 7; i++
	:: else -> break
	od
}
