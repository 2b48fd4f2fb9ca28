/* spin-notes: C5 select (i : 1 .. 3)
 * select over a small literal range becomes an if with one option per value.
 * pan: 
 * spin: 
 * expect merge:   stored=8 matched=2 transitions=10 atomic=0 depth=3 errors=0
 * expect nomerge: stored=8 matched=2 transitions=10 atomic=0 depth=3 errors=0
 */

byte g;

active proctype P() {
	byte i;
	select (i : 1 .. 3);
	g = i
}
