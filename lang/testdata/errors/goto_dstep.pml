// goto across the border of a d_step: out of one, and into one (SPIN: jump
// into d_step sequence).
init {
	byte x;
	d_step { x++; goto out };
out:	goto in;
	d_step { x++; in: x++ }
}
