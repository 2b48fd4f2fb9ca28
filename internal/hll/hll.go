package hll

import (
	"math"
	"math/bits"
)

// precision is p: 2^p registers, chosen by the top p bits of a hash.
const precision = 14

const registers = 1 << precision

// Counter is a HyperLogLog sketch. The zero value is an empty counter.
type Counter struct {
	reg [registers]uint8
}

// Add records an item by its 64-bit hash, which must be uniformly
// distributed (maphash is): the same item must always give the same hash.
func (c *Counter) Add(hash uint64) {
	i := hash >> (64 - precision)
	// the rank of the remaining bits: 1 + leading zeros, with a stop bit
	// so that it never exceeds 64-precision+1
	rank := uint8(bits.LeadingZeros64(hash<<precision|1<<(precision-1)) + 1)
	if rank > c.reg[i] {
		c.reg[i] = rank
	}
}

// inversePowers[r] is 2^-r, exactly as math.Ldexp gives it: a count reads
// 2^14 registers, and the cache's guard counts while the search runs
// (store.GuardRedundancy); Ldexp took 0.36-0.51 ms a count, the table
// a tenth of it.
var inversePowers = func() (t [256]float64) {
	for r := range t {
		t[r] = math.Ldexp(1, -r)
	}
	return t
}()

// Count estimates the number of distinct items added. Small counts use
// linear counting on the empty registers, which is nearly exact there.
func (c *Counter) Count() float64 {
	const m = float64(registers)
	sum, zeros := 0.0, 0
	for _, r := range c.reg {
		sum += inversePowers[r]
		if r == 0 {
			zeros++
		}
	}
	alpha := 0.7213 / (1 + 1.079/m)
	e := alpha * m * m / sum
	if e <= 2.5*m && zeros > 0 {
		return m * math.Log(m/float64(zeros))
	}
	return e
}

// RelativeError is the sketch's relative standard error.
const RelativeError = 1.04 / (1 << (precision / 2))
