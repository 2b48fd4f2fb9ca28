package checker

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gmc/lang"
	"gmc/vm"
)

// livenessRow is one row of testdata/liveness/expected.tsv: what pan
// 6.5.2 printed for a model in one mode (regen.sh there made them; the
// rules are docs/references.md#spin-claims and #spin-nested-search).
type livenessRow struct {
	model, mode, flags string
	want               [6]int64 // stored matched transitions atomic depth errors
}

func readLivenessRows(t *testing.T) []livenessRow {
	f, err := os.Open("testdata/liveness/expected.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []livenessRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != 9 || cols[0] == "model" {
			continue
		}
		r := livenessRow{model: cols[0], mode: cols[1], flags: cols[2]}
		for i := range r.want {
			if r.want[i], err = strconv.ParseInt(cols[3+i], 10, 64); err != nil {
				t.Fatalf("%s: %v", sc.Text(), err)
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// livenessSearch runs the search a row's pan flags ask for: the model
// with its first claim (or -N's, or np_ for the non-progress modes), -a,
// -l, -f, -c and -m as pan reads them.
func livenessSearch(t *testing.T, r livenessRow) (*Result, error) {
	spec, diags := lang.Load(filepath.Join("testdata/liveness", r.model+".pml"), nil)
	if diags.ErrorCount() > 0 {
		return nil, fmt.Errorf("%v", diags)
	}
	opts := Options{}
	vmOpts := vm.Options{}
	claim := ""
	if names := vm.ClaimNames(spec); len(names) > 0 {
		claim = names[0]
	}
	flags := strings.Fields(r.flags)
	for i := 0; i < len(flags); i++ {
		f := flags[i]
		switch {
		case f == "-a":
			opts.Cycles = AcceptanceCycles
		case f == "-l":
			opts.Cycles = NonProgressCycles
		case f == "-f":
			opts.Fair = true
		case f == "-N":
			i++
			claim = flags[i]
		case strings.HasPrefix(f, "-c"):
			n, _ := strconv.Atoi(f[2:])
			opts.MaxErrors = n
		case strings.HasPrefix(f, "-m"):
			n, _ := strconv.Atoi(f[2:])
			opts.MaxDepth = n
		}
	}
	if !strings.Contains(r.flags, "-c") {
		opts.MaxErrors = 1
	}
	if strings.HasPrefix(r.mode, "nonprogress") {
		vmOpts.NonProgress = true
	} else {
		vmOpts.Claim = claim
	}
	m, err := vm.Compile(spec, vmOpts)
	if err != nil {
		return nil, err
	}
	if opts.Cycles == AcceptanceCycles && !m.HasAcceptLabels() {
		opts.Cycles = NoCycles // pan: "no accept labels are defined, so option -a has no effect (ignored)"
	}
	return NewDFS(m, opts).Run()
}

// livenessKnownDiffs are rows gmc does not reproduce yet, each with what
// is known. The test fails when one of them starts to agree with pan, so
// that the list only ever shrinks.
var livenessKnownDiffs = map[string]string{
	"acc_nested acceptance-fair -a -f -c0 -m10000": "pan -f -c0 past its 18th error: gmc agrees with pan for -c1 to -c18 (checked by hand), then pan reports its 19th and 20th errors at once; it is the regime where pan's fair search corrupts its own counters (docs/references.md#spin-fairness), not copied",
}

func TestLivenessExpected(t *testing.T) {
	for _, r := range readLivenessRows(t) {
		name := r.model + " " + r.mode + " " + r.flags
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			res, err := livenessSearch(t, r)
			if err != nil {
				t.Fatal(err)
			}
			got := [6]int64{res.Stored, res.Matched, res.Transitions, res.AtomicSteps, int64(res.DepthReached), res.NumErrors}
			if why, known := livenessKnownDiffs[name]; known {
				if got == r.want {
					t.Fatalf("agrees with pan now: take it off livenessKnownDiffs")
				}
				t.Skipf("known difference: got %v, pan %v: %s", got, r.want, why)
			}
			if got != r.want {
				t.Errorf("stored matched transitions atomic depth errors: got %v, pan %v", got, r.want)
			}
		})
	}
}
