/* weak fairness, the nested search not counting (counter 0) meets a state
 * on its own stack that is on the first search's stack too: pan's h_store
 * calls it a cycle (counter <= 1) and new_state takes it back as a new
 * state (counter != 1), so the nested search goes round the loop again,
 * each time one more state stored, down to the depth bound (-c0) */
byte x;
active proctype P() { accept: do :: x < 2 -> x++ :: x == 2 -> x = 0 od }
active proctype Q() { do :: x == 1 -> skip od }
