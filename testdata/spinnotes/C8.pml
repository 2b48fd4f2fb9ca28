/* spin-notes: C8
 * Nested if options are spliced in; else is moved last; atomic options use their first statement.
 * pan: 
 * spin: 
 * expect merge:   stored=12 matched=0 transitions=12 atomic=0 depth=3 errors=0
 * expect nomerge: stored=12 matched=0 transitions=12 atomic=1 depth=3 errors=0
 */

byte x;

active proctype P() {
	if
	:: else -> x = 9
	:: if
	   :: x == 0 -> x = 1
	   :: x == 0 -> x = 2
	   fi
	:: x == 0 -> x = 3
	:: atomic { x == 0 -> x = 4 }
	fi
}
