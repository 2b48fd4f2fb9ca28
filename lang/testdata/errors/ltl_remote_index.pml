byte x;
active proctype P() { byte a[2]; x++ }
ltl p1 { [] (P[0]:a[1] == 0) }
