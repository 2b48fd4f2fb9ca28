/* three processes take turns through a shared variable: a forced order,
   so the output is the same for every seed; printf is indented by pid */
byte turn = 0;

active [3] proctype P() {
	byte round = 0;
	do
	:: turn == _pid ->
		printf("pid %d round %d\n", _pid, round);
		round++;
		turn = (turn + 1) % 3;
		if
		:: round == 2 -> break
		:: else
		fi
	od
}
