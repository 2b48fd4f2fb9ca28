/* an else among options that start with a channel's use: spin warns
 * ("dubious use of 'else' combined with i/o") until an xr or xs
 * declaration has been read, and refuses it after one */
chan c = [1] of { byte };
active proctype P0() {
	if
	:: c?_
	:: else
	fi
}
active proctype P1() {
	xr c;
	do
	:: full(c) -> c?_
	:: else -> break
	od
}
