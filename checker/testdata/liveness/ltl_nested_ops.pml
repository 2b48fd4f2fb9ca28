/* nested temporal operators: [](p -> (q U r)), <>(p && []q), a disjunction, a negation */
byte m;
active proctype M() {
	do
	:: m == 0 -> m = 1
	:: m == 1 -> m = 2
	:: m == 1 -> m = 3
	:: m == 2 -> m = 3
	:: m == 3 -> m = 0
	:: m == 3 -> m = 4
	:: m == 4 -> skip
	od
}
ltl n1 { [] ((m == 1) -> ((m == 1 || m == 2) U (m == 3))) }
ltl n2 { <> ((m == 4) && [] (m == 4)) }
ltl n3 { [] <> (m == 0) || <> [] (m == 4) }
ltl n4 { ! <> [] (m != 0) }
