/* SPIN's simulator completes a rendezvous by a receive only: a poll of a
   rendezvous channel (r?<x>) never takes the message q offers */
chan r = [0] of { byte };
byte x;

active proctype p() {
	do
	:: r?<x> -> x = 2
	:: x < 2 -> x++
	:: x == 2 -> break
	od
}

active proctype q() {
	r!1
}
