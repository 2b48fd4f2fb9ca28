/* pan -a without accept labels runs a safety search in a build without
   -DSAFETY, whose reduction refuses P's moves when one meets the stack:
   11 stored, 14 matched there, 10 and 8 with gmc run (-DSAFETY) */
byte x;
active proctype P() { byte a; do :: a < 2 -> a++ :: a > 0 -> a-- od }
active proctype Q() { x = 1; x = 2 }
