package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"gmc/lang"
	"gmc/vm"
)

func init() {
	register(&command{name: "check", summary: "read and check models; print diagnostics", run: runCheck})
}

// newFlags makes a flag set for a command that reports its own errors.
func newFlags(name, usageLine, example string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: %s\n\n", usageLine)
		fs.PrintDefaults()
		if example != "" {
			fmt.Fprintf(fs.Output(), "\nExample:\n  %s\n", example)
		}
	}
	return fs
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("check", "gmc check MODEL.pml...",
		"gmc check examples/models/philosophers.pml", stderr)
	lopts := defineFlag(fs)
	asJSON := fs.Bool("json", false, "print the diagnostics as one JSON object (on stdout)")
	models, err := parseFlags(fs, args, "", stdout)
	if err != nil {
		return helpOrUsage(err)
	}
	if len(models) == 0 {
		fs.Usage()
		return exitUsage
	}
	code := exitOK
	out := checkJSON{Diagnostics: []diagnosticJSON{}}
	for _, path := range models {
		_, diags := lang.Load(path, lopts)
		if *asJSON {
			for _, d := range diags {
				severity := "error"
				if d.Severity == lang.Warning {
					severity = "warning"
				}
				out.Diagnostics = append(out.Diagnostics, diagnosticJSON{Pos: d.Pos.String(), Severity: severity, Message: d.Msg})
			}
		} else {
			printDiagnostics(stderr, diags)
		}
		out.Errors += diags.ErrorCount()
		if diags.ErrorCount() > 0 {
			code = exitUsage
		}
	}
	if *asJSON {
		writeJSONDocument(stdout, out)
	}
	return code
}

// checkJSON is the --json form of gmc check.
type checkJSON struct {
	Errors      int              `json:"errors"`
	Diagnostics []diagnosticJSON `json:"diagnostics"`
}

type diagnosticJSON struct {
	Pos      string `json:"pos"` // file:line:col
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

// defines is the -D flag: macros for the preprocessor, as spin -D and
// cc -D (NAME alone defines NAME as 1).
type defines map[string]string

func (d defines) String() string { return "" }

func (d defines) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok {
		value = "1"
	}
	if !isIdent(name) {
		return fmt.Errorf("want NAME or NAME=VALUE, NAME an identifier")
	}
	d[name] = value
	return nil
}

func isIdent(s string) bool {
	for i, c := range s {
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return s != ""
}

// defineFlag adds -D to fs and returns the options of lang.Load that
// carry what it sets.
func defineFlag(fs *flag.FlagSet) *lang.Options {
	opts := &lang.Options{Defines: defines{}}
	fs.Var(defines(opts.Defines), "D", "define `NAME[=VALUE]` for the preprocessor, as spin -DNAME=VALUE (repeatable; NAME alone is 1)")
	return opts
}

// spinStyle rewrites SPIN's attached flag values (-c0, -m100000, -w20) into
// Go's -c=0 form for the one-letter flags named in short, and -DN=7 into
// -D=N=7.
func spinStyle(args []string, short string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if len(a) > 2 && a[0] == '-' && a[1] != '-' && strings.IndexByte(short, a[1]) >= 0 && a[2] >= '0' && a[2] <= '9' {
			out[i] = a[:2] + "=" + a[2:]
		}
		if len(a) > 2 && strings.HasPrefix(a, "-D") && a[2] != '=' {
			out[i] = "-D=" + a[2:]
		}
		if a == "--" {
			copy(out[i:], args[i:])
			break
		}
	}
	return out
}

// helpOrUsage turns a flag parsing error into an exit code: -help is not an error.
func helpOrUsage(err error) int {
	if err == flag.ErrHelp {
		return exitOK
	}
	return exitUsage
}

// loadModel reads, checks and compiles the model in path, printing its
// diagnostics; false means it has errors (said on stderr).
func loadModel(path string, lopts *lang.Options, vmOpts vm.Options, stderr io.Writer) (*lang.Spec, *vm.Model, bool) {
	spec, diags := lang.Load(path, lopts)
	printDiagnostics(stderr, diags)
	if diags.ErrorCount() > 0 {
		return nil, nil, false
	}
	m, err := vm.Compile(spec, vmOpts)
	var at interface{ Pos() lang.Pos }
	switch {
	case err == nil:
	case errors.As(err, &at) && at.Pos().Line > 0:
		fmt.Fprintln(stderr, err) // (its text starts with its position)
		return nil, nil, false
	default:
		fmt.Fprintf(stderr, "%s: error: %v\n", path, err)
		return nil, nil, false
	}
	return spec, m, true
}

// printDiagnostics prints diagnostics one per line, at most lang.MaxErrors
// errors, then a count of what was left out.
func printDiagnostics(w io.Writer, diags lang.Diagnostics) {
	errors := 0
	for _, d := range diags {
		if d.Severity == lang.Error {
			errors++
			if errors > lang.MaxErrors {
				continue
			}
		}
		fmt.Fprintln(w, d.Error())
	}
	if errors > lang.MaxErrors {
		fmt.Fprintf(w, "gmc: %d more errors not shown\n", errors-lang.MaxErrors)
	}
}

// verifiable says, as pan's verifier says at start-up, what it refuses to
// search in a model the simulators run (an unconditional self-loop), and
// reports whether there is nothing of the kind.
func verifiable(m *vm.Model, stderr io.Writer) bool {
	if t := m.SelfLoop(); t != nil {
		fmt.Fprintf(stderr, "%s: error: unconditional self-loop: the option does nothing and comes back to where it started; SPIN's verifier refuses it too (gmc sim runs it)\n", t.Pos)
		return false
	}
	return true
}
