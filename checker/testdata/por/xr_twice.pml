/* active [2] with xr on the same global channel: each receive (its test
 * and its effect) checks the claim once */
chan c = [2] of { byte };
byte x;
active [2] proctype R() { xr c; c?x }
active proctype S() { c!1; c!2 }
