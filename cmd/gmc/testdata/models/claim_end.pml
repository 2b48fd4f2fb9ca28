/* the claim ends once x reaches 2: a finite violation, found in a
   safety search with the claim (as pan -DSAFETY) */
byte x;
active proctype P() { do :: x < 3 -> x++ :: x == 3 -> x = 0 od }
never { do :: x == 2 -> break :: else od }
