/* The LinkedQueue story of 003 (section 2, figures 1-3) in Promela.
 *
 * A queue whose take() blocks while it is empty, and a harness of two
 * threads that each put an item and then take one. Every take follows a
 * put, so the queue is never empty when a thread takes: the search finds
 * no error, yet the blocking path of take() never runs. Structural
 * coverage points at the code never executed (the empty(q) option of
 * extract, the waiting loop of take); condition coverage at the same
 * behaviour from the specification's side: the case of extract's
 * assertion for an empty queue, x == NONE, never holds. */
#define NONE 0

chan q = [2] of { byte };
byte waiting;	/* threads blocked in take */

inline extract(x) {
	if
	:: nempty(q) -> q?x
	:: empty(q) -> x = NONE
	fi;
	/* extract's specification: nothing, or an item that was put */
	assert(x == NONE || x >= 1)
}

inline take(x) {
	atomic { extract(x) };
	if
	:: x != NONE -> skip
	:: x == NONE ->	/* block until an item comes */
		waiting++;
		do
		:: atomic { extract(x) };
			if
			:: x != NONE -> waiting--; break
			:: else -> skip
			fi
		od
	fi
}

proctype thread(byte item) {
	byte x;
	q!item;	/* put */
	take(x);
	assert(x != NONE)
}

init {
	atomic { run thread(1); run thread(2) }
}
