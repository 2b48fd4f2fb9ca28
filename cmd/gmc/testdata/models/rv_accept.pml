/* A rendezvous and an accept label: pan refuses to reduce with -f here,
 * and gmc runs without reduction, saying so. pan -DNOREDUCE -a -f stores
 * 1 state (7 visited), 8 transitions: its fairness counting starts at
 * the accepting initial state before that state is stored (issue 19). */
chan c = [0] of { byte };
active proctype A() { accept: do :: c!1 od }
active proctype B() { do :: c?_ od }
