byte x;
active proctype P() { x++ }
ltl p1 { [] (x > 0 -> <> (y > 1)) }
