/* A rendezvous and an accept label: pan refuses to reduce with -f here,
 * and gmc runs without reduction, saying so. Known difference (issue 19):
 * pan -DNOREDUCE -a -f stores 1 state (7 visited), 8 transitions; gmc
 * visits 6, 7 transitions (same verdict and depth). */
chan c = [0] of { byte };
active proctype A() { accept: do :: c!1 od }
active proctype B() { do :: c?_ od }
