/* Peterson mutex: safety [] and response <> under fairness; several ltl blocks */
bool flag[2], turn;
byte ncrit;
active [2] proctype P() {
	do
	:: flag[_pid] = 1; turn = 1 - _pid;
	   (flag[1 - _pid] == 0 || turn == _pid);
	   ncrit++;
cs:	   ncrit--;
	   flag[_pid] = 0
	od
}
ltl mutex { [] (ncrit <= 1) }
ltl live0 { [] (P[0]@cs -> <> !P[0]@cs) }
ltl noent { [] <> P[0]@cs }
