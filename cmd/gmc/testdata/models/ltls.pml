/* three properties of one counter: gmc checks each in turn (pan: one
 * per run, -N NAME) */
#define three (x == 3)
byte x;
active proctype P() { do :: x < 3 -> x++ :: x == 3 -> x = 0 od }
ltl bounded { [] (x < 3) }
ltl reaches { <> three }
ltl returns { [] (x == 3 -> <> (x == 0)) }
