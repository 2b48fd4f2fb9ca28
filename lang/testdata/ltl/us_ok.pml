typedef T { byte _f };
byte _x; byte a[2]; T t;
active proctype P() { _x++ }
ltl u1 { [] (_x > 0) }
ltl u3 { [] (t._f > 0) }
ltl u4 { [] (_pid >= 0 && _last >= 0 && _nr_pr > 0) }
