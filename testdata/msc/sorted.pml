/* A message sequence chart's pairing of sends and receives: a sorted
   send (!!) puts 2 before 5, so the receives take them out of the
   order they were sent in (crossing arrows); a pid freed by a process
   that ended is given to the next one created (two lifelines in one
   column); the last message is never received; the assertion fails. */
chan c = [4] of { byte };
chan done = [0] of { bit };

proctype R() {
	byte x;
	c?x;
	c?x;
	done!1
}

proctype T() {
	byte y;
	c?y
}

active proctype S() {
	c!!5;
	c!!2;
	c!9;
	run R();
	done?_;
	(_nr_pr == 1);
	run T();
	(_nr_pr == 1);
	c!4;
	assert(len(c) == 0)
}
