/* The reachability graph of figure 4.1 of 004 (state-space caching):
 * s1 -> s2, s2 -> s3, s2 -> s4, s3 -> s5, s4 -> s5, s5 -> s6,
 * where the cost of s1..s6 is 8, 7, 3, 3, 2, 1 (Definition 4.2.1).
 * Each d_step is one transition, so the stored states are s = 1..6. */
byte s = 1;

active proctype graph() {
end:	do
	:: d_step { s == 1 -> s = 2 }
	:: d_step { s == 2 -> s = 3 }
	:: d_step { s == 2 -> s = 4 }
	:: d_step { s == 3 -> s = 5 }
	:: d_step { s == 4 -> s = 5 }
	:: d_step { s == 5 -> s = 6 }
	od
}
