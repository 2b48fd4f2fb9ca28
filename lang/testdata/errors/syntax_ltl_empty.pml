// An ltl block without a formula.
ltl p1 { [] }
init { skip }
