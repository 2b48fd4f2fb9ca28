/* weak fairness from an accepting initial state: pan's do_the_search
 * starts counting before the first lookup, so the initial state is stored
 * counting (one more shadow than counting from its node would give) */
byte x;
active proctype P() { accept: do :: x = 1 - x od }
