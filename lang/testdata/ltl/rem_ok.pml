typedef T { byte f; int g[2] };
byte x;
proctype P() { byte loc; T t; byte arr[3]; lab: do :: x < 3 -> x++ od }
init { run P(); run P() }
ltl r1 { [] (P:loc == 1) }
ltl r2 { [] (P[1]:loc == 1 && P[x+1]:loc > 0) }
ltl r3 { [] (P[1]@lab || P@lab) }
ltl r5 { [] P@lab }
ltl r6 { [] (x == 'a' || x == true || x == false) }
ltl r7 { [] ((x)) }
