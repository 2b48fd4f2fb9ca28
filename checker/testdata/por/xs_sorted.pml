/* a sorted send (!!) on a channel declared xr: pan counts "sorted send
 * on xr channel violates po reduction" each time it is tried; and the
 * second xs process's send inside a d_step fails the claim */
chan c = [2] of { byte };
byte x;
active [2] proctype S() { xs c; d_step { x = 1; c!1 } }
active proctype R() { xr c; c?x; c?x }
active proctype T() { c!!2; c!!1 }
