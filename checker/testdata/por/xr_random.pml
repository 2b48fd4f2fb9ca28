/* a random receive (??) or a receive that copies (?<>) on a channel
 * declared xr, in a model with a random receive anywhere: pan counts
 * "rand receive on xr channel violates po reduction" each time the
 * receive is tried, executable or not; a plain receive is not counted */
chan c = [1] of { byte };
chan d = [1] of { byte };
byte x;
active proctype R() {
	xr c;
	do
	:: c??x
	:: c?<x>
	:: c?x
	:: d??[1] -> d?1
	:: break
	od
}
active proctype S() { c!1; c!2 }
