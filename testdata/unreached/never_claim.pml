/* section order = declaration order (init first here); a never claim gets a
   section "unreached in claim never_0" even with -DNOCLAIM (then only the
   static marks apply, its start state is not even marked) */
byte g;
init {
	g = 1;
	run B()
}
never {
	do
	:: g == 9 -> break
	:: else
	od;
accept:	skip
}
proctype B() {
	g = 2
}
