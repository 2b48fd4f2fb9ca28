package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"gmc/script"
	"gmc/vm"
)

func init() {
	register(&command{name: "certify", summary: "check a model again by following a search script (gmc run --script)", run: runCertify})
}

// certifyJSON is the --json form of a certification
// (docs/references.md#cli-contract).
type certifyJSON struct {
	Model     string            `json:"model"`
	Script    string            `json:"script"`
	OK        bool              `json:"ok"`
	Deviation *script.Deviation `json:"deviation"`
	States    int64             `json:"states"`
	Errors    int64             `json:"errors"`
	ElapsedS  float64           `json:"elapsed_s"`
	// PeakFingerprints and Parts: see script.Certification.
	PeakFingerprints int           `json:"peak_fingerprints"`
	Parts            []script.Part `json:"parts,omitempty"`
}

func runCertify(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("certify", "gmc certify [flags] MODEL.pml SCRIPT.scc",
		"gmc run -c0 --script phil.scc examples/models/philosophers.pml && gmc certify examples/models/philosophers.pml phil.scc", stderr)
	lopts := defineFlag(fs)
	asJSON := fs.Bool("json", false, "print the result as one JSON object")
	noMerge := fs.Bool("no-merge", false, "the model was verified with statement merging off (as spin -o3)")
	trustful := fs.Bool("trustful", false, "follow a trustful script (gmc run --script --trustful): the perfect search, checking every state it visits but trusting that it visits them all")
	parallel := fs.Int("parallel", 0, "split the script into `K` parts of about equal work and follow them at once (the script is read into memory first; 0: follow it whole, as a stream)")
	files, err := parseFlags(fs, args, "", stdout)
	if err != nil {
		return helpOrUsage(err)
	}
	if len(files) != 2 {
		fs.Usage()
		return exitUsage
	}
	if *parallel < 0 {
		fmt.Fprintln(stderr, "gmc certify: --parallel needs a number of parts, 1 or more")
		return exitUsage
	}
	path, scriptPath := files[0], files[1]
	_, m, ok := loadModel(path, lopts, vm.Options{NoMerge: *noMerge}, stderr)
	if !ok || !verifiable(m, stderr) {
		return exitUsage
	}
	file, err := os.Open(scriptPath)
	if err != nil {
		fmt.Fprintf(stderr, "gmc certify: %v\n", err)
		return exitUsage
	}
	defer file.Close()
	reader, err := script.Read(file, m.Fingerprint())
	if err != nil {
		fmt.Fprintf(stderr, "%s: error: %v\n", scriptPath, err)
		return exitUsage
	}
	defer reader.Close()
	if reader.Trustful() != *trustful {
		if *trustful {
			fmt.Fprintf(stderr, "%s: error: not a trustful script (certify it without --trustful)\n", scriptPath)
		} else {
			fmt.Fprintf(stderr, "%s: error: a trustful script: certify it with --trustful, which trusts that it covers the whole state space\n", scriptPath)
		}
		return exitUsage
	}
	var res *script.Result
	if *parallel > 0 {
		res, err = script.CertifyParallel(m, reader, *parallel)
	} else {
		res, err = script.Certify(m, reader)
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: error: %v\n", path, err)
		return exitUsage
	}
	certified := res.Failure() == nil && res.Complete()
	if *asJSON {
		out := certifyJSON{Model: path, Script: scriptPath, OK: certified, Deviation: res.Failure(),
			States: res.Stored, Errors: res.Stats.NumErrors, ElapsedS: res.Elapsed.Seconds()}
		if c := res.Certification; c != nil {
			out.PeakFingerprints, out.Parts = c.PeakFingerprints, c.Parts
		}
		b, _ := json.MarshalIndent(out, "", "  ")
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		switch {
		case certified && *trustful:
			paintOK.Fprintf(stdout, "certified (trustful): %s leads through the %d states it names in %s, each checked (%d transitions)\n",
				scriptPath, res.Stored, path, res.Transitions)
		case certified:
			paintOK.Fprintf(stdout, "certified: %s follows the search of %s: %d states, %d transitions, every state checked\n",
				scriptPath, path, res.Stored, res.Transitions)
		default:
			paintError.Fprintf(stdout, "certification failed: %s: %s deviation: %s\n", scriptPath, res.Failure().Kind, res.Failure().Error())
		}
		if c := res.Certification; c != nil && certified {
			writeCertification(stdout, c, res.Stored, *trustful)
		}
		fmt.Fprintf(stdout, "errors: %d\n", res.Stats.NumErrors)
		for _, e := range res.Errors {
			if e.Pos.IsValid() {
				fmt.Fprintf(stdout, "%s: %s (at depth %d)\n", e.Pos, e.Msg, e.Depth)
			} else {
				fmt.Fprintf(stdout, "%s (at depth %d)\n", e.Msg, e.Depth)
			}
		}
		fmt.Fprintf(stdout, "gmc: elapsed time %.3g seconds\n", res.Elapsed.Seconds())
	}
	switch {
	case !certified:
		return exitViolation
	case res.Stats.NumErrors > 0:
		return exitViolation
	}
	return exitOK
}

// writeCertification prints what a certification kept and, in parallel,
// how the script was split.
func writeCertification(w io.Writer, c *script.Certification, states int64, trustful bool) {
	if !trustful {
		fmt.Fprintf(w, "fingerprints: at most %d kept at once (%.1f%% of the states)\n", c.PeakFingerprints, 100*float64(c.PeakFingerprints)/float64(max(states, 1)))
	}
	if len(c.Parts) == 0 {
		return
	}
	var total, largest int64
	for _, p := range c.Parts {
		total += p.Moves
		largest = max(largest, p.Moves)
	}
	fmt.Fprintf(w, "parts: %d, the largest %.1f%% of the %d transitions (split in %.3g seconds)\n",
		len(c.Parts), 100*float64(largest)/float64(max(total, 1)), total, c.Split.Seconds())
}
