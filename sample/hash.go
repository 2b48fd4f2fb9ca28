package sample

import (
	"encoding/binary"
	"math/bits"
)

// Hash is the sample's 64-bit hash of a state vector: wyhash's
// multiply-and-fold mixing (docs/references.md#wyhash) under a fixed seed,
// a construction unlike the stores' (store.Fingerprint and the bitstate
// filter multiply and shift 64-bit accumulators; the exact store uses
// hash/maphash), so that whether a store confuses two states says nothing
// of their sample hashes. It does not depend on any run's seed: a state
// has the same hash in every run, which is what lets the samples of
// several runs be compared. One multiply per 16 bytes: it is computed for
// every state a bitstate search reaches.
func Hash(v []byte) uint64 {
	seed := uint64(hashSeed ^ p0)
	n := uint64(len(v))
	for len(v) > 16 {
		seed = mum(binary.LittleEndian.Uint64(v)^p1, binary.LittleEndian.Uint64(v[8:])^seed)
		v = v[16:]
	}
	var a, b uint64
	switch {
	case len(v) >= 8:
		a = binary.LittleEndian.Uint64(v)
		b = binary.LittleEndian.Uint64(v[len(v)-8:])
	case len(v) >= 4:
		a = uint64(binary.LittleEndian.Uint32(v))
		b = uint64(binary.LittleEndian.Uint32(v[len(v)-4:]))
	case len(v) > 0:
		a = uint64(v[0])<<16 | uint64(v[len(v)>>1])<<8 | uint64(v[len(v)-1])
	}
	return mum(p1^n, mum(a^p1, b^seed))
}

// wyhash's constants, and the sample's own seed.
const (
	p0       = 0xa0761d6478bd642f
	p1       = 0xe7037ed1a0b428db
	hashSeed = 0x2d358dccaa6c78a5
)

// mum multiplies a and b to 128 bits and folds the halves together.
func mum(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}
