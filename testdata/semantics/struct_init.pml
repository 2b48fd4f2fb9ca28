/* semantics: struct_init
 * A typedef's field initialisers give every structure, global or local,
 * its initial values (arrays of fields included).
 * pan:
 * spin:
 * expect merge:   stored=3 matched=0 transitions=3 atomic=0 depth=2 errors=0
 * expect nomerge: stored=3 matched=0 transitions=3 atomic=0 depth=2 errors=0
 */
typedef T { byte a; byte b = 3; byte c[2] = 4 };
T gt;
active proctype p() {
	T s;
	assert(s.b == 3 && gt.b == 3 && s.c[1] == 4 && gt.c[0] == 4)
}
