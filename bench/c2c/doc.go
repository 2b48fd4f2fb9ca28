// Command c2c measures how far apart two processors of this machine are:
// the round trip of a cache line between a goroutine on each, which
// write it in turn (one 64-byte line, an atomic store and a spin until
// the other's answer). bench/cores.sh prints it beside its figures.
//
// A parallel search pays it whenever one worker reads what the other
// wrote (the shared store's slots and vectors): two cores of one chiplet
// pass a line in a few tens of nanoseconds each way, two of different
// chiplets or sockets in a hundred or more, as long as a read from memory
// or longer. A virtual machine's two processors may be either, and the
// host may move them while it runs: gmc run -j 2's speed-up over -j 1
// moved with it (bench/README.md#coressh: round trips of 150-480 ns on
// one VM within the hour).
//
//	go run ./bench/c2c              # processors 0 and 1
//	go run ./bench/c2c -cpus 0,3 -n 1000000
//
// It pins each goroutine's thread to its processor (Linux's
// sched_setaffinity); elsewhere it says it cannot, and exits 1.
package main
