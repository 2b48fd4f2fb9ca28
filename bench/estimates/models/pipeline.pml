/*
 * pipeline.pml -- a pipeline of buffered stages (a family for
 * bench/estimates).
 *
 * A source sends values 0..V-1 into a chain of N stages joined by
 * channels of B slots; each stage passes a value on, or transforms it
 * (plus one, mod V) first; a sink takes the values out. Size: grows with
 * (V+1)^(B*(N+1)).
 *
 *   bench/estimates: pipeline.pml:N=2,B=2,V=3
 */
#ifndef N
#define N 2
#endif
#ifndef B
#define B 2
#endif
#ifndef V
#define V 3
#endif

chan q[N+1] = [B] of { byte };

active proctype source()
{
	byte v = 0;
	do
	:: q[0]!v -> v = (v + 1) % V
	:: v = (v + 2) % V
	od
}

active [N] proctype stage()
{
	byte x;
	do
	:: q[_pid-1]?x ->
		if
		:: q[_pid]!x
		:: q[_pid]!((x + 1) % V)
		fi
	od
}

active proctype sink()
{
	byte x;
	do
	:: q[N]?x
	od
}
