/*
 * An atomic loop with two ways round: the states inside the atomic
 * sequence are not stored, so the search below the one state it stores
 * is a tree of 2^9999 moves (down to the depth bound), in pan as in gmc.
 * The bounds must stop it (--time, Ctrl-C, the progress lines).
 */
byte g;

active proctype P() {
	atomic {
		do
		:: g = 0
		:: g = 1
		od
	}
}
