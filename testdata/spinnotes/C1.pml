/* spin-notes: C1
 * do/break and the loop head add no state; x == 2 goes straight to x = 5.
 * pan: 
 * spin: 
 * expect merge:   stored=8 matched=0 transitions=8 atomic=0 depth=7 errors=0
 * expect nomerge: stored=8 matched=0 transitions=8 atomic=0 depth=7 errors=0
 */

byte x;

active proctype P() {
	do
	:: x < 2 -> x++
	:: x == 2 -> break
	od;
	x = 5
}
