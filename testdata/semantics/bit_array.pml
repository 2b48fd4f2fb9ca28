/* semantics: bit_array
 * An array of bit or bool, global, local or in a typedef: pan declares
 * it uchar (a C bit-field cannot be an array), so an element keeps the
 * byte it is given; a bit or bool that is not an array is a bit-field
 * and keeps the low bit. SPIN's simulator keeps the low bit in both
 * (testdata/sim/bit_array.pml). Here the three array elements hold 2 and
 * the three assertions on them fail; those on the scalars hold.
 * pan:
 * spin:
 * expect merge:   stored=15 matched=0 transitions=15 atomic=0 depth=14 errors=3
 * expect nomerge: stored=17 matched=0 transitions=17 atomic=0 depth=16 errors=3
 */
typedef T { bit h[2]; bool k };
T t;
bit b[2];
bool c;
active proctype p() {
	bool l[2];
	byte x;
	t.h[1] = 2; t.k = 2; b[1] = 2; c = 2; l[0] = 2;
	x = t.h[1]; assert(x != 2);
	x = b[1]; assert(x != 2);
	x = l[0]; assert(x != 2);
	x = t.k; assert(x != 2);
	x = c; assert(x != 2)
}
