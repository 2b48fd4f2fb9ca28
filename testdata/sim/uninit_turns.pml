/* A send to an uninitialised channel beside a process that can move:
 * SPIN's scheduler picks a process at random and picks again while the
 * one it tried cannot move, printing an error each time it tries the
 * send; once Q has ended, "timeout", one more try, the end. (Compared by
 * seeds, TestRandomRunsMatchSPIN.) */
chan c;
byte x;
active proctype P() { c!1 }
active proctype Q() { x = 1 }
