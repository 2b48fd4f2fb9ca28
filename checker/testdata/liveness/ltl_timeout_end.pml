/* timeouts in cycles, end states, ltl with ->: system settles in a timeout loop */
byte st;
chan q = [1] of { byte };
active proctype A() {
	do
	:: q!1 -> st = 1
	:: timeout -> st = 2; q?_
	od
}
active proctype B() {
end:	do
	:: q?_ -> st = 3
	od
}
ltl t1 { [] (st == 2 -> <> (st != 2)) }
ltl t2 { <> [] (st == 2) }
