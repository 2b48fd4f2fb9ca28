mtype = { red, green };
typedef T { byte f; int g[2] };
byte x, y; bool b; int a[3]; chan q = [2] of { byte }; mtype m; T t;
active proctype P() { byte loc; lab: do :: x < 3 -> x++ :: x == 3 -> x = 0; q!1; q?_ od }
ltl { [] (x < 3) }
ltl e1 { [] (x + 1 > 2 * y) }
ltl e2 { <> (a[1] == 2 && len(q) > 0) }
ltl e3 { [] (P[0]:loc == 1 -> <> P@lab) }
ltl e4 { [] !(x > 1) }
ltl e5 { b U (m == red) }
ltl e6 { [] (t.f == 1 || t.g[1] != 0) }
ltl e7 { true U (x == 1) }
ltl e8 { [] (x >= 1) weakuntil (y <= 2) }
ltl e9 { (x == 1) -> (y == 2) -> b }
ltl e10 { !b <-> (x > 0) equivalent b }
ltl e11 { [] (b && !b) }
ltl e14 { [] (-x < ~y) }
ltl e15 { [] ((x & 3) == (y | 1) ^ 2) }
ltl e16 { [] (x << 1 >= y >> 1) }
ltl e17 { [] (_nr_pr > 0) }
ltl e18 { [] b U b V b }
