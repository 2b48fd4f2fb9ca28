package vm_test

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gmc/vm"
)

// offerModels are models that talk by rendezvous, with receives on
// channels in arrays indexed by a local, on channel variables, with
// eval, with else beside a receive, with a pc's receives on several
// channels, and with a provided clause (where OpenReceiver leaves
// everything to Next; priorities and rendezvous cannot be combined);
// the first one ends and creates processes whose receives' channels are
// their parameters (the same offsets, other channels: the index of
// takers must see it, offers.go), and receives on channels some
// statement changes (a local, an index, an array's element).
var offerModels = []string{`
chan a = [0] of { byte };
chan b = [0] of { byte };
chan cs[2] = [0] of { byte };
proctype R(chan c) {
	byte x;
	c?x
}
proctype K(byte k) {
	byte x;
end:	do
	:: cs[k]?x
	od
}
proctype W() {
	chan d = a;
	byte x;
end:	do
	:: d?x -> d = b
	:: d?x -> d = a
	:: cs[x]?x
	:: cs[0] = b
	od
}
init {
	run W(); run K(0);
	do
	:: run R(a)
	:: run R(b)
	:: a!1
	:: b!2
	:: cs[0]!1
	:: cs[1]!0
	:: _nr_pr > 4 -> break
	od;
end:	a!0
}`, `
chan get[3] = [0] of { byte };
chan put[3] = [0] of { byte };
proctype Fork(byte i) {
	byte who;
end:	do
	:: get[i]?who -> put[i]?eval(who)
	od
}
proctype Phil(byte i) {
	do
	:: get[i]!_pid; get[(i+1)%3]!_pid; put[i]!_pid; put[(i+1)%3]!_pid
	od
}
init {
	atomic { run Fork(0); run Fork(1); run Fork(2); run Phil(0); run Phil(1); run Phil(2) }
}`, `
chan a = [0] of { byte, byte };
chan b = [1] of { byte };
proctype P(chan c) {
	byte x, y;
	do
	:: c?x,y -> b!x
	:: c?1,y
	:: else -> skip
	:: b?x -> c!x,x
	od
}
init {
	run P(a); run P(a);
	do
	:: a!1,2
	:: a!2,1
	:: b?_
	od
}`, `
chan c = [0] of { byte };
byte n;
proctype R() provided (n < 3) {
	byte x;
end:	do
	:: c?x -> n++
	od
}
active proctype S() {
	do
	:: c!1
	:: n > 2 -> n = 0
	od
}
init { run R(); run R() }`, `
chan c[2] = [0] of { byte };
chan d = [0] of { byte };
active [2] proctype R() {
	byte x;
end:	do
	:: d?x
	:: c[_pid]?x
	:: c[1-_pid]?eval(_pid)
	od
}
active proctype S() {
	do
	:: c[0]!0
	:: c[1]!1
	:: c[0]!1
	:: d!0
	od
}`}

// TestOpenReceiver checks that a rendezvous offer's pass takes the same
// moves, in the same order, whether it starts with OpenReceiver (as the
// search's offers do) and goes on with Next (which calls it after each
// process), or opens every process in turn (Open and NextOf, the rules
// as they are written), and that OpenReceiver rules out only the offers
// that no receive takes: on every offer of random runs of the models
// above and of the semantics corpus's rendezvous models.
func TestOpenReceiver(t *testing.T) {
	sources := append([]string{}, offerModels...)
	files, _ := filepath.Glob("../testdata/semantics/rv*.pml")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, string(b))
	}
	offers := 0
	for i, src := range sources {
		m := compile(t, src)
		rng := rand.New(rand.NewSource(int64(i)))
		probe, worker := vm.NewMachine(m), vm.NewMachine(m)
		worker.SharedOffsets = true
		var shared sharedOffsets
		var offer vm.State
		for walk := 0; walk < 20; walk++ {
			r, err := vm.NewRunner(m)
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; step < 200; step++ {
				moves, _ := r.Moves()
				if len(moves) == 0 {
					break
				}
				// Every send of the state whose guard holds, not only
				// the moves (whose offers the Runner tells apart with
				// OpenReceiver itself).
				for pid := 0; pid < r.S.NrProcs() && r.Pending == 0; pid++ {
					pt := m.ProcType(r.S, pid)
					for _, tr := range pt.PCs[m.PC(r.S, pid)].Trans {
						probe.Timeout, probe.Pending = false, 0
						if !probe.Guard(r.S, pid, tr) {
							continue
						}
						vm.CopyState(&offer, r.S)
						if !probe.Effect(&offer, tr) || probe.Rendezvous == 0 {
							continue
						}
						offers++
						var p vm.Pass
						p.SetAfter(pid, tr, probe.Rendezvous)
						want := everyProcess(&p, probe, &offer)
						p.SetAfter(pid, tr, probe.Rendezvous)
						got := receivers(&p, probe, &offer)
						if got != want {
							t.Fatalf("model %d: offer of pid %d (%s): moves with OpenReceiver %q, with every process opened %q", i, pid, tr.Text, got, want)
						}
						// as a parallel worker's machine, whose states
						// share one Procs slice per offsets
						offer.Procs = shared.own(offer.Procs)
						p.SetAfter(pid, tr, probe.Rendezvous)
						if got := receivers(&p, worker, &offer); got != want {
							t.Fatalf("model %d: offer of pid %d (%s), shared offsets: moves with OpenReceiver %q, with every process opened %q", i, pid, tr.Text, got, want)
						}
					}
				}
				mv := moves[rng.Intn(len(moves))]
				if errs := r.Do(mv); len(errs) > 0 {
					break
				}
			}
		}
	}
	if offers < 500 {
		t.Fatalf("only %d offers tried", offers)
	}
}

// sharedOffsets gives the states of equal offsets one Procs slice, as a
// parallel search's workers do.
type sharedOffsets map[string][]int32

func (o *sharedOffsets) own(procs []int32) []int32 {
	if *o == nil {
		*o = sharedOffsets{}
	}
	k := fmt.Sprint(procs)
	if p, ok := (*o)[k]; ok {
		return p
	}
	(*o)[k] = procs
	return procs
}

// receivers lists the moves of pass p over s as the search takes them
// (OpenReceiver, then Next): pid, transition and whether its guard held,
// one per line.
func receivers(p *vm.Pass, machine *vm.Machine, s *vm.State) string {
	var b strings.Builder
	p.Begin(s)
	if !p.OpenReceiver(machine, s) {
		return ""
	}
	for {
		pid, t, ok := p.Next(machine, s)
		if t == nil {
			return b.String()
		}
		fmt.Fprintf(&b, "%d %s %v\n", pid, t.Text, ok)
	}
}

// everyProcess lists the moves of pass p over s as receivers does, with
// every process opened in turn, highest pid first.
func everyProcess(p *vm.Pass, machine *vm.Machine, s *vm.State) string {
	var b strings.Builder
	p.Begin(s)
	for pid := s.NrProcs() - 1; pid >= 0; pid-- {
		if !p.Open(machine, s, pid) {
			continue
		}
		for {
			t, ok := p.NextOf(machine, s)
			if t == nil {
				break
			}
			fmt.Fprintf(&b, "%d %s %v\n", pid, t.Text, ok)
		}
	}
	return b.String()
}
