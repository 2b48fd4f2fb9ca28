package sim

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"gmc/vm"
)

// A send or a receive on an uninitialised channel is never executable in
// SPIN's simulator, which prints an error each time it tries one
// (vm/uninit.go). SPIN's scheduler tries a process picked at random and,
// when it cannot move, picks again, until one moves; when every process
// has failed, it says timeout and tries again with timeout true, and a
// second round of failures ends the run. Each try evaluates the
// process's statements, an if's or a do's options from one picked at
// random, in turn (docs/spin-sim-output.md#uninitialised-channels). The
// simulator picks a move among those Moves returns, which is the same
// choice of process, but where a statement on an uninitialised channel
// was tried (uses), it follows SPIN's tries, to print what they print.

// uninitError prints SPIN's error for use, a send or receive on an
// uninitialised channel it tried.
func (p *printer) uninitError(u vm.UninitUse) {
	if u.Send {
		fmt.Fprintln(p.w, "Error: sending to an uninitialized chan")
		return
	}
	fmt.Fprintf(p.w, "Error: receiving from an uninitialized chan %s\n", recvChanName(p.m.ProcType(p.r.S, u.Pid), u.T))
}

// tryAsSpin chooses the next move as SPIN's scheduler does where uses,
// the sends and receives on uninitialised channels that Moves tried, are
// not empty: it prints the errors and the timeout line of SPIN's tries
// and returns the move, or false when every process failed twice (the
// run ends).
func (p *printer) tryAsSpin(rng *rand.Rand, moves []vm.Move, timeout bool, uses []vm.UninitUse) (vm.Move, bool) {
	n := p.r.S.NrProcs()
	failed := make([]bool, n)
	nfailed := 0
	tval := false
	for {
		pid := rng.IntN(n)
		var mine []vm.Move
		if timeout == tval {
			mine = movesOf(moves, pid)
		}
		options := usesOf(uses, pid, tval)
		if len(mine) > 0 {
			if len(options) == 0 {
				return mine[rng.IntN(len(mine))], true // as pick
			}
			return p.tryOptions(rng, mine, options), true
		}
		// (the options of a process that cannot move, from one at random)
		if len(options) > 1 {
			k := rng.IntN(len(options))
			options = slices.Concat(options[k:], options[:k])
		}
		for _, u := range options {
			p.uninitError(u)
		}
		if !failed[pid] {
			failed[pid] = true
			nfailed++
		}
		if nfailed < n {
			continue
		}
		if tval {
			return vm.Move{}, false
		}
		if !p.quiet() {
			fmt.Fprint(p.w, p.indent(0)+"timeout\n")
		}
		tval = true
		clear(failed)
		nfailed = 0
	}
}

// tryOptions tries the options of a process that can move, as SPIN's
// simulator does, from one at random in turn: each use (on an
// uninitialised channel) tried prints its error, and the first move
// found is taken.
func (p *printer) tryOptions(rng *rand.Rand, mine []vm.Move, uses []vm.UninitUse) vm.Move {
	type option struct {
		id  int
		mv  *vm.Move
		use *vm.UninitUse
	}
	var all []option
	for i := range mine {
		all = append(all, option{id: mine[i].T.ID, mv: &mine[i]})
	}
	for i := range uses {
		all = append(all, option{id: uses[i].T.ID, use: &uses[i]})
	}
	slices.SortStableFunc(all, func(a, b option) int { return a.id - b.id })
	k := rng.IntN(len(all))
	for i := range all {
		o := all[(k+i)%len(all)]
		if o.mv != nil {
			return *o.mv
		}
		p.uninitError(*o.use)
	}
	panic("unreachable: mine is not empty")
}

// movesOf is the moves of process pid among moves (which come process
// by process).
func movesOf(moves []vm.Move, pid int) []vm.Move {
	first := slices.IndexFunc(moves, func(mv vm.Move) bool { return mv.Pid == pid })
	if first < 0 {
		return nil
	}
	last := first + 1
	for last < len(moves) && moves[last].Pid == pid {
		last++
	}
	return moves[first:last]
}

// usesOf is the uses of process pid tried with timeout tval, in the
// order Moves tried them.
func usesOf(uses []vm.UninitUse, pid int, tval bool) []vm.UninitUse {
	var out []vm.UninitUse
	for _, u := range uses {
		if u.Pid == pid && u.Timeout == tval {
			out = append(out, u)
		}
	}
	return out
}
