/* semantics: struct_midbody_global
 * The statement a mid-body structure declaration leaves is a state of its
 * own between two statements that touch globals.
 * pan:
 * spin:
 * expect merge:   stored=6 matched=0 transitions=6 atomic=0 depth=5 errors=0
 * expect nomerge: stored=6 matched=0 transitions=6 atomic=0 depth=5 errors=0
 */
typedef T { byte a; byte b = 3 };
byte g;
active proctype p() {
	g = 1;
	T s;
	s.a = g;
	assert(s.b == 3)
}
