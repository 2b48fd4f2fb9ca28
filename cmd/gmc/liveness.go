package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"gmc/checker"
	"gmc/lang"
	"gmc/vm"
)

// propertyFlags are gmc run's flags that choose what is checked beyond
// assertions: a never claim or ltl property, cycles, fairness.
type propertyFlags struct {
	acceptance  bool   // -a
	nonProgress bool   // -l
	fair        bool   // -f
	claim       string // -N
	ltl         string // --ltl
	safety      bool   // --safety
	noClaim     bool   // --no-claim
}

func (p *propertyFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&p.acceptance, "a", false, "look for acceptance cycles (the default on a model with a never claim, an ltl property or accept labels)")
	fs.BoolVar(&p.nonProgress, "l", false, "look for non-progress cycles (cycles through no progress label), as pan -l (built with -DNP)")
	fs.BoolVar(&p.fair, "f", false, "with -a or -l: weak fairness (only cycles where every process that is always enabled moves)")
	fs.StringVar(&p.claim, "N", "", "check the never claim or ltl property `NAME` alone (default: each of the model's, in turn)")
	fs.StringVar(&p.ltl, "ltl", "", "check the LTL formula `F` (instead of the model's claims and ltl properties), as an ltl block after the model's units, with its macros")
	fs.BoolVar(&p.safety, "safety", false, "no cycle search: a never claim is checked for finite violations only (as pan built with -DSAFETY)")
	fs.BoolVar(&p.noClaim, "no-claim", false, "ignore never claims and ltl properties (as pan built with -DNOCLAIM)")
}

// mode is what a run checks, decided from the model and the flags.
type mode struct {
	claim    string   // the claim composed with the system ("": none; vm.NonProgressClaim for -l)
	each     []string // the claims checked in turn, claim first: a search each
	cycles   checker.CycleMode
	fair     bool
	noCycles string   // why there is no cycle search, when there is a claim
	warnings []string // said on stderr before the search
	pan      panFlags // pan's run-time flags: the header says -A, -E, -q
}

// chooseMode decides what a run of spec checks (pan's choice, made by
// its build flags and -a, -l, -f, -N, from gmc's flags; where gmc has
// no build, a claim or accept labels make the search look for
// acceptance cycles unless --safety says not to).
func chooseMode(spec *lang.Spec, p propertyFlags) (mode, error) {
	var md mode
	// Accept labels of the processes ask for an acceptance search; a
	// claim's ask for it when the claim runs.
	hasAccept := vm.HasLabel(spec, "accept", false)
	claims := vm.ClaimNames(spec)
	switch {
	case p.acceptance && p.nonProgress:
		return md, fmt.Errorf("-a and -l are two searches: choose one")
	case p.safety && (p.acceptance || p.nonProgress || p.fair):
		return md, fmt.Errorf("--safety is a search without cycles: not with -a, -l or -f")
	case p.noClaim && p.claim != "":
		return md, fmt.Errorf("-N %s and --no-claim contradict each other", p.claim)
	case p.nonProgress && p.claim != "":
		return md, fmt.Errorf("-l checks the built-in non-progress claim: not with -N")
	case p.ltl != "" && (p.claim != "" || p.noClaim || p.nonProgress):
		return md, fmt.Errorf("--ltl checks the formula it gives: not with -N, --no-claim or -l")
	case p.ltl != "":
		p.claim = lang.LTLArgName
	}
	if p.claim != "" && !slices.Contains(claims, p.claim) {
		if len(claims) == 0 {
			return md, fmt.Errorf("-N %s: the model has no never claim or ltl property", p.claim)
		}
		return md, fmt.Errorf("-N %s: the model has no never claim or ltl property of that name (it has %s)", p.claim, strings.Join(claims, ", "))
	}
	switch {
	case p.nonProgress:
		md.claim, md.cycles = vm.NonProgressClaim, checker.NonProgressCycles
		md.each = []string{md.claim}
		if len(claims) > 0 && !p.noClaim {
			md.warnings = append(md.warnings, fmt.Sprintf("-l replaces the model's never claims and ltl properties (%s) with the non-progress claim, as pan -DNP does", strings.Join(claims, ", ")))
		}
		if !vm.HasLabel(spec, "progress", false) {
			md.warnings = append(md.warnings, "the model has no progress labels: every cycle is a non-progress cycle")
		}
	case len(claims) > 0 && !p.noClaim:
		// pan checks the first claim unless -N names one; gmc checks
		// each, one search after the other.
		md.each = claims
		if p.claim != "" {
			md.each = []string{p.claim}
		}
		md.claim = md.each[0]
		md.noCycles = "--safety"
		if !p.safety {
			md.cycles = checker.AcceptanceCycles
		}
	case p.acceptance || hasAccept && !p.safety:
		md.cycles = checker.AcceptanceCycles
	}
	if p.fair {
		if md.cycles == checker.NoCycles {
			return md, fmt.Errorf("-f (weak fairness) applies to a cycle search: give -a or -l")
		}
		md.fair = true
	}
	return md, nil
}

// settle drops an acceptance search that has no accept label to look
// for, as pan does ("no accept labels are defined, so option -a has no
// effect"), once the model is compiled with its claim. It returns the
// warning to give, if any.
func (md *mode) settle(m *vm.Model, p propertyFlags) string {
	if md.cycles == checker.AcceptanceCycles && !m.HasAcceptLabels() {
		md.cycles, md.fair, md.noCycles = checker.NoCycles, false, "no accept labels"
		if p.acceptance || p.fair {
			return "no accept labels are defined, so -a and -f have no effect (as pan)"
		}
	}
	return ""
}

// header is the report's "search for" lines, pan's layout: what was
// checked and what was not.
func (md mode) header(m *vm.Model) []string {
	var lines []string
	switch {
	case m.Trace != nil && m.NegatedTrace:
		lines = append(lines, "notrace assertion  \t+")
	case m.Trace != nil:
		lines = append(lines, "trace assertion    \t+")
	}
	switch {
	case md.claim == vm.NonProgressClaim:
		lines = append(lines, "never claim         \t+ (:np_:)")
	case md.claim != "":
		lines = append(lines, "never claim         \t+ ("+md.claim+")")
	case len(m.Claims) > 0:
		lines = append(lines, "never claim         \t- (not selected: --no-claim)")
	default:
		lines = append(lines, "never claim         \t- (none specified)")
	}
	switch {
	case md.pan.noAsserts:
		lines = append(lines, "assertion violations\t- (disabled by -A flag)")
	case md.claim != "":
		lines = append(lines, "assertion violations\t+ (if within scope of claim)")
	default:
		lines = append(lines, "assertion violations\t+")
	}
	fairness := "disabled"
	if md.fair {
		fairness = "enabled"
	}
	switch md.cycles {
	case checker.AcceptanceCycles:
		lines = append(lines, "acceptance   cycles \t+ (fairness "+fairness+")")
	case checker.NonProgressCycles:
		lines = append(lines, "non-progress cycles \t+ (fairness "+fairness+")")
	case checker.NoCycles:
		if md.claim != "" {
			lines = append(lines, "cycle checks       \t- (disabled: "+md.noCycles+")")
		} else {
			lines = append(lines, "cycle checks       \t- (disabled: safety search)")
		}
	}
	switch {
	case md.pan.noEnds:
		lines = append(lines, "invalid end states\t- (disabled by -E flag)")
	case md.claim != "":
		lines = append(lines, "invalid end states\t- (disabled by never claim)")
	case md.cycles != checker.NoCycles:
		lines = append(lines, "invalid end states\t- (not checked in a cycle search)")
	case md.pan.strict:
		// (pan prints "+" alone: gmc says what -q asks)
		lines = append(lines, "invalid end states\t+ (and channels not empty: -q)")
	default:
		lines = append(lines, "invalid end states\t+")
	}
	return lines
}

// name is what was checked, in a word or two, for --json's mode.
func (md mode) name() string {
	s := "safety"
	switch md.cycles {
	case checker.AcceptanceCycles:
		s = "acceptance"
	case checker.NonProgressCycles:
		s = "non-progress"
	}
	if md.fair {
		s += "+fairness"
	}
	if md.claim != "" && md.claim != vm.NonProgressClaim {
		s += " (claim " + md.claim + ")"
	}
	return s
}

// claimOptions is opts with the claim composed: a claim's name, "" for
// none, or vm.NonProgressClaim for -l's np_.
func claimOptions(opts vm.Options, claim string) vm.Options {
	opts.Claim, opts.NonProgress = claim, claim == vm.NonProgressClaim
	if opts.NonProgress {
		opts.Claim = ""
	}
	return opts
}
