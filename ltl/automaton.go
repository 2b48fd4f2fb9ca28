package ltl

import (
	"errors"
	"fmt"
	"strings"
)

// Automaton is a Büchi automaton over the propositions of a formula, as a
// never claim holds it: it accepts the infinite sequences of valuations on
// which the formula holds. A run starts in States[0]; at each step it takes
// a transition whose guard holds in the current valuation; it accepts if it
// passes an accepting state infinitely often, or as soon as it takes a
// transition to accept_all (after which every continuation is accepted:
// the claim reports it as an assertion violation).
type Automaton struct {
	States    []*State // in the order the claim lists them; States[0] is the initial state
	AcceptAll bool     // some transition leads to accept_all
}

// State is one state of an Automaton.
type State struct {
	Name      string       // SPIN's name: T0_init, accept_S9, T1_S81, ...
	Labels    []string     // the labels the claim puts on it, in order (accept_init, T0_init; accept_S12, T0_S12; ...)
	Accepting bool         // an acceptance state (its label starts with accept)
	Trans     []Transition // in the claim's order; none: the state blocks
}

// ToAcceptAll is the Transition.To of a transition into accept_all.
const ToAcceptAll = -1

// Transition is one option of a state.
type Transition struct {
	Guard  *Formula // propositional; nil is true
	Text   string   // the guard as the claim prints it, without its outer parentheses
	Target string   // the name of the target state, or accept_all
	To     int      // index of the target in Automaton.States, or ToAcceptAll
	assert string   // the guard as printed in the assert of an accept_all option
}

// Translate builds the Büchi automaton of f with SPIN 6.5.2's algorithm
// and simplifications (docs/references.md#spin-ltl, #gpvw), so that the
// claim NeverClaim prints is the one `spin -f` prints: same states, same
// names, same options in the same order.
func Translate(f *Formula) (a *Automaton, err error) {
	if f == nil {
		return nil, errors.New("ltl: no formula")
	}
	t := &translator{}
	defer func() {
		if r := recover(); r != nil {
			ie, ok := r.(internalError)
			if !ok {
				panic(r)
			}
			a, err = nil, fmt.Errorf("ltl: cannot translate the formula: %s", string(ie))
		}
	}()
	t.tableau(t.build(f))
	return t.finish(), nil
}

// translator holds the state of one translation (SPIN keeps it in globals).
type translator struct {
	cache    []*cacheEntry
	can      *node // the chain Canonical is building
	stateCnt int   // tableau node names S0, S1, ...
	stack    *graph
	set      *graph // finished tableau nodes, newest first
	mapped   []mapping
	redCnt   int // acceptance classes numbered so far
	labCnt   int // red and green marks given
	maxRed   int // the last acceptance class some node owes
	never    *bstate
	hitsall  bool
}

// NeverClaim prints the automaton as a Promela never claim, byte for byte
// as SPIN does: `never name {    /* comment */`, then each state as a
// do loop of `:: (guard) -> goto state` options, a transition to
// accept_all as `:: atomic { (guard) -> assert(!(guard)) }`. `spin -f`
// gives an empty name and the formula as the comment.
func (a *Automaton) NeverClaim(name, comment string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "never %s {    /* %s */\n", name, comment)
	if len(a.States) == 0 {
		b.WriteString("\t0 /* false */;\n")
	}
	for _, st := range a.States {
		for _, l := range st.Labels {
			b.WriteString(l + ":\n")
		}
		b.WriteString("\tdo\n")
		for _, tr := range st.Trans {
			if tr.To == ToAcceptAll {
				fmt.Fprintf(&b, "\t:: atomic { (%s) -> assert(!(%s)) }\n", tr.Text, tr.assert)
			} else {
				fmt.Fprintf(&b, "\t:: (%s) -> goto %s\n", tr.Text, tr.Target)
			}
		}
		if len(st.Trans) == 0 {
			b.WriteString("\t:: false\n")
		}
		b.WriteString("\tod;\n")
	}
	if a.AcceptAll {
		b.WriteString("accept_all:\n\tskip\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// Claim is `spin -f src` (with name, `spin -c name -f src`): the never
// claim of the formula src, which accepts the runs satisfying it.
func Claim(name, src string) (string, error) {
	f, err := Parse(src)
	if err != nil {
		return "", err
	}
	a, err := Translate(f)
	if err != nil {
		return "", err
	}
	return a.NeverClaim(name, normalize(src)), nil
}
