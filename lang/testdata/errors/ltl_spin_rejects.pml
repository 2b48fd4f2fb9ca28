int x;
active proctype P() { x++ }
ltl p1 { [] (x < -1) }
