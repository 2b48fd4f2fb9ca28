/* a producer and two consumers share a buffered channel; which consumer
   takes which message is up to the scheduler */
chan q = [2] of { byte, bit };
active proctype producer() {
	atomic { q!4,0; q!7,1 }
}
active [2] proctype consumer() {
	byte v; bit odd;
	atomic { q?v,odd -> printf("%d took %d (odd %d)\n", _pid, v, odd) }
}
