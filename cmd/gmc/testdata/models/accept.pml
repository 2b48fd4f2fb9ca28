/* a hand-written claim: x reaches 2, then anything forever, through an
   accept state: an acceptance cycle */
byte x;
active proctype P() { do :: x < 3 -> x++ :: x == 3 -> x = 0 od }
never { do :: true :: x == 2 -> break od; accept: do :: true od }
