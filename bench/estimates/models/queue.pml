/*
 * queue.pml -- producers and consumers on one bounded buffer (a family
 * for bench/estimates).
 *
 * P producers put values 0..V-1 into a channel of B slots, each counting
 * what it put (mod R); C consumers take them out and add them up (mod V).
 * Size: grows with V^B * R^P * V^C.
 *
 *   bench/estimates: queue.pml:P=2,C=2,B=3,V=3,R=3
 */
#ifndef P
#define P 2
#endif
#ifndef C
#define C 2
#endif
#ifndef B
#define B 3
#endif
#ifndef V
#define V 3
#endif
#ifndef R
#define R 3
#endif

chan buf = [B] of { byte };

active [P] proctype producer()
{
	byte v = 0, put = 0;
	do
	:: buf!v -> put = (put + 1) % R
	:: v = (v + 1) % V
	od
}

active [C] proctype consumer()
{
	byte x, sum = 0;
	do
	:: buf?x -> sum = (sum + x) % V
	od
}
