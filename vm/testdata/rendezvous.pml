/* Clients and a server that talk by rendezvous, forever: a runner step on
 * a model with rendezvous (runner_bench_test.go). Every request is an
 * offer the runner must see taken before it lists the send; the reply's
 * else and the atomic sequence are rules a step applies too. */
#define N 3

chan req = [0] of { byte };
chan reply[N] = [0] of { bool };
byte served;

active [N] proctype Client()
{
	bool ok;
	do
	:: req!_pid;
	   reply[_pid]?ok
	od
}

active proctype Server()
{
	byte who;
	do
	:: req?who ->
		atomic { served++; served = served % 7 };
		if
		:: served > 3 -> reply[who]!true
		:: else -> reply[who]!false
		fi
	od
}
