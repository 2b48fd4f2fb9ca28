/* semantics: recv_eval_random
 * A random receive c??.. (and c??<..>) evaluates all the values it
 * matches after the channel's length test, before it looks at any message
 * (pan's Q_has takes them as arguments); a random poll c??[..] has no
 * length test and evaluates them always; a receive c?.. compares field by
 * field (docs/references.md#spin-recv-order). Each evaluation of len(u),
 * u uninitialised, is an error pan counts and goes on from
 * (testdata/semantics/uninit_chan_len.pml), so the error count is the
 * number of evaluations.
 * pan:
 * spin:
 * expect merge:   stored=4 matched=0 transitions=4 atomic=0 depth=3 errors=6
 * expect nomerge: stored=4 matched=0 transitions=4 atomic=0 depth=3 errors=6
 */
chan c = [1] of { byte, byte };
chan u;
active proctype p() {
	if
	:: c??2,eval(len(u))
	:: c??<2,eval(len(u))>
	:: c??[2,eval(len(u))]
	:: c!1,1
	fi;
	if
	:: c?2,eval(len(u))
	:: c?<2,eval(len(u))>
	:: c?[2,eval(len(u))]
	:: c??2,eval(len(u))
	:: c??<2,eval(len(u))>
	:: c??[2,eval(len(u))]
	:: c?1,eval(len(u))
	fi
}
