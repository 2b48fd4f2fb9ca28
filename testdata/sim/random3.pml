/* three processes of straight-line printfs: the order depends only on
   SPIN's process choice, i.e. on the seed (see the seeded outputs) */
active proctype A() { printf("a1\n"); printf("a2\n"); printf("a3\n") }
active proctype B() { printf("b1\n"); printf("b2\n"); printf("b3\n") }
active proctype C() { printf("c1\n"); printf("c2\n") }
