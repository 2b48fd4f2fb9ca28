/* weak fairness in a model that reads timeout (pan's ETIM): the dummy move
 * of a node where nothing moves comes in the timeout pass only */
byte x;
active proctype P() { accept: do :: x < 3 -> x++ :: timeout -> x = 0 od }
active proctype Q() { x == 9 }
