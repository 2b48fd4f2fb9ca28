proctype Q() { skip }
init { byte n; n = run Q() + 1 }
