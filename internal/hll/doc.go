// Package hll counts distinct items in fixed memory: a HyperLogLog
// sketch (Flajolet, Fusy, Gandouet, Meunier 2007; see
// docs/references.md#hyperloglog) of 2^14 one-byte registers, 16 KiB,
// with a relative standard error of 1.04/2^7 ≈ 0.8%.
// A search that cannot afford an exact set of what it saw (a state cache,
// a random search) counts the distinct states with it.
package hll
