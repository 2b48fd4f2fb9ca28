/* weak fairness with seven processes, one more than pan's default build
 * takes (-DNFAIR=2: 6): counters up to 8, whose bits in the two phases
 * must stay apart. pan -DNOREDUCE -DNFAIR=3 -a -f: 256 stored (2122
 * visited), 7099 matched, 9221 transitions, depth 1018, 1 error */
byte a;
active [6] proctype P() { do :: a = a ^ (1 << _pid) od }
active proctype R() { byte c; do :: c = 1 - c; accept: skip od }
