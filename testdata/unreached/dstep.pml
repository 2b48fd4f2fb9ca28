/* d_step: executed, never enabled (multi-line body), blocked guard, d_step with if inside */
byte g, h;
active proctype p() {
	d_step { g == 0 -> g = 1; h = 2 };
	if
	:: g == 5 ->
		d_step {
			h = 7;
			h = 8
		}
	:: else -> skip
	fi;
end:	d_step { g > 3 -> h = 0 };	/* blocks forever: g == 1 */
	h = 9
}
active proctype q() {
	d_step {
		if
		:: h == 2 -> h = 3
		:: else -> h = 4
		fi;
		g = g
	}
}
