/* The order in which SPIN's simulator evaluates the values a receive
 * matches: the channel's length first, for every receive and poll (also
 * c??[..], which pan evaluates on an empty channel), then message by
 * message and field by field, also for ?? (which pan evaluates all at
 * once): a[i] out of bounds is never read, where the timeout options
 * make SPIN's simulator try every other option. */
chan c = [2] of { byte, byte };
byte a[2];
byte i = 5;
active proctype p() {
	if
	:: c??[eval(a[i]),0] -> printf("no\n")
	:: timeout -> c!1,1
	fi;
	c!3,3;
	if
	:: c??2,eval(a[i]) -> printf("no\n")
	:: c??[2,eval(a[i])] -> printf("no\n")
	:: c?2,eval(a[i]) -> printf("no\n")
	:: timeout -> printf("timeout\n")
	fi;
	c??3,eval(a[i - 5] + 3)
}
