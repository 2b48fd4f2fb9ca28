/* semantics: label_do_first
 * A label on a do loop that opens a sequence (a block, here the main
 * sequence of an unless, or an atomic): spin accepts it, as its
 * sequence starts with the loop's target, not the labelled loop (its
 * close_seq refuses a label on the first element only; an if there is
 * refused). gmc refused it (found by TestRandomModels). The end label
 * makes the loop's state a valid end state.
 * pan:
 * spin:
 * expect merge:   stored=21 matched=9 transitions=30 atomic=0 depth=6 errors=2
 * expect nomerge: stored=21 matched=9 transitions=30 atomic=0 depth=6 errors=2
 */
byte x;
active proctype p() {
	x = 1;
	{
	end1: do :: x == 1 -> x = 2 :: x == 2 -> break od
	} unless { x == 3 } ;
	x == 5
}
active proctype q() { x = 3 }
