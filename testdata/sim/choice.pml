/* one process choosing among three options of a do: the choice depends
   only on the seed (see the seeded outputs) */
byte n;

active proctype A() {
	do
	:: n < 10 -> printf("x\n"); n++
	:: n < 10 -> printf("y\n"); n++
	:: n < 10 -> printf("z\n"); n++
	:: else -> break
	od
}
