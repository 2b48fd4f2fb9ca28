/* after a rendezvous the receiver passes the '.' nodes and the one goto
   after its receive without a step (a break's goto too), and steps a
   loop's exit ("break") that goto leads to */
chan c = [0] of { byte };
byte x;

active proctype A() {
	do :: c?x -> break od;
	if :: c?x fi;
	c?x -> goto L;
	x = 5;
L:	c?x;
	do :: x > 0 -> break od
}

active proctype B() { c!1; c!2; c!3; c!4; c!5 }
