/* A message sequence chart's basic shapes: A runs B (B's lifeline
   starts there), sends B a buffered message (a sloped arrow), B answers
   by rendezvous (a level arrow) and ends (its lifeline ends), and A's
   assertion fails on the answer (a mark on A's lifeline). Every state
   has one move: any seed gives this run. */
chan q = [2] of { byte, mtype };
chan r = [0] of { byte };
mtype = { ping, pong };
proctype B() {
  byte x;
  q?x,_;
  r!x+1;
}
active proctype A() {
  byte y;
  run B();
  q!3,ping;
  r?y;
  assert(y == 3)
}
