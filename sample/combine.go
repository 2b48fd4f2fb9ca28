package sample

import (
	"errors"
	"math"
	"math/bits"
	"slices"
)

// Captures are the samples of T runs (capture occasions) brought to a
// common threshold, the largest θ all of them kept (the highest Level):
// what a capture–recapture estimate of the number of states needs.
type Captures struct {
	T     int     // runs
	Level uint    // the common threshold: θ = 2^(64−Level)
	Rate  float64 // p = θ/2^64
	// Found[i] is the number of sampled states run i visited, Omitted[i]
	// its detected omissions at the common threshold.
	Found, Omitted []int
	// Histories has one entry per distinct sampled state some run
	// caught (visited, or with CombineReached reached): bit i is set when
	// run i caught it (T ≤ 64).
	Histories []uint64
	// Freq[j] is the number of states caught by exactly j runs
	// (Freq[0] = 0; len T+1).
	Freq []int
	// UnionFound is the number of distinct sampled states some run
	// visited (the union's Found).
	UnionFound int
}

// MaxRuns is the most samples Combine compares: a capture history is a
// 64-bit mask.
const MaxRuns = 64

// Combine brings the samples of runs to their common threshold and counts
// who caught what: a run catches the states it visited.
func Combine(runs []*Sample) (*Captures, error) { return combine(runs, false) }

// CombineReached is Combine where a run catches the states it reached,
// visited or omitted (Found still counts the visited ones).
func CombineReached(runs []*Sample) (*Captures, error) { return combine(runs, true) }

func combine(runs []*Sample, reached bool) (*Captures, error) {
	if len(runs) == 0 || len(runs) > MaxRuns {
		return nil, errors.New("capture–recapture needs 1 to 64 samples")
	}
	c := &Captures{T: len(runs), Found: make([]int, len(runs)), Omitted: make([]int, len(runs)), Freq: make([]int, len(runs)+1)}
	for _, s := range runs {
		c.Level = max(c.Level, s.Level())
	}
	c.Rate = math.Ldexp(1, -int(c.Level))
	shift := 64 - c.Level
	hist := map[uint64]uint64{}
	visited := map[uint64]bool{}
	for i, s := range runs {
		s.Each(func(h uint64, omitted bool) {
			if h>>shift != 0 {
				return
			}
			if omitted {
				c.Omitted[i]++
				if reached {
					hist[h] |= 1 << uint(i)
				}
				return
			}
			c.Found[i]++
			hist[h] |= 1 << uint(i)
			visited[h] = true
		})
	}
	c.UnionFound = len(visited)
	keys := make([]uint64, 0, len(hist))
	for h := range hist {
		keys = append(keys, h)
	}
	slices.Sort(keys) // a deterministic order
	c.Histories = make([]uint64, len(keys))
	for j, h := range keys {
		m := hist[h]
		c.Histories[j] = m
		c.Freq[bits.OnesCount64(m)]++
	}
	return c, nil
}

// Distinct is S, the number of distinct sampled states some run caught.
func (c *Captures) Distinct() int { return len(c.Histories) }
