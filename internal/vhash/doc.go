// Package vhash hashes state vectors: Lanes, two multiply–xorshift
// accumulators over a vector under a seed, unfinished; Pair, the two
// finished with Mix (murmur3's finaliser), which the stores use (the
// cache, fingerprints). The bitstate filter (package store) and the
// sample (package sample) finish the same seedless lanes each their own
// way, so that a bitstate search passes over a vector once for both.
package vhash
