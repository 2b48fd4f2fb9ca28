package sample

import (
	"math/bits"

	"gmc/internal/vhash"
)

// Hash is the sample's 64-bit hash of a state vector: Of the vector's
// seedless lanes (vhash.Lanes under the seed 0), the pass the bitstate
// filter makes before it mixes in its seed (store.Bitstate.Core),
// so that a bitstate search takes the sample's hash from the filter. It
// does not depend on any run's seed: a state has the same hash in every
// run, which is what lets the samples of several runs be compared.
func Hash(v []byte) uint64 { return Of(vhash.Lanes(v, 0)) }

// Of is the sample's hash of a state whose seedless lanes are (c1, c2):
// both finished together, where the filter's positions finish each
// with the seed, so that whether the filter confuses two states says
// nothing of their sample hashes (TestSampleHashApart in package store).
func Of(c1, c2 uint64) uint64 { return vhash.Mix(c1 ^ bits.RotateLeft64(c2, 29) ^ ofSeed) }

// ofSeed is the sample's own constant in Of.
const ofSeed = 0x2d358dccaa6c78a5
