package corpus

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gmc/checker"
	"gmc/lang"
	"gmc/search"
	"gmc/vm"
)

// SPINExamples is where Debian's spin package installs SPIN's example
// models; a pattern under it matches nothing when SPIN is not installed.
const SPINExamples = "/usr/share/doc/spin/examples"

// Default is the corpus of the caching, cover-time and Monte Carlo
// tables: gmc's example models and SPIN's Examples.
var Default = []string{
	"examples/models/*.pml",
	SPINExamples + "/Examples/*.pml",
}

// MaxDepth is the depth bound of every search of the tables: far beyond
// any model of the corpus, so that no count depends on pan's default -m.
const MaxDepth = 1 << 20

// Model is a model of the corpus with its exhaustive search.
type Model struct {
	Name    string // the file's base name, then its defines
	File    string
	Defines map[string]string
	M       *vm.Model
	Full    *checker.Result // the exhaustive search: complete
}

// Compile compiles the model's file again: a fresh *vm.Model for callers
// that want one per search (checker.BitstateSeries).
func (m *Model) Compile() (*vm.Model, error) { return compile(m.File, m.Defines) }

// Skipped is a model left out, and why.
type Skipped struct {
	Arg    string
	Reason string
}

// Options select the models kept.
type Options struct {
	// MinStates and MaxStates bound the states of the exhaustive search:
	// smaller models say little about a bounded search, larger ones take
	// too long (the search stops at MaxStates, and such a model is left
	// out).
	MinStates, MaxStates int64
	// KeepErrors keeps models whose search finds errors. The caching and
	// randomized tables leave them out (a search that finds an error
	// reports it; its counts are not the point), the accuracy experiment
	// of 001 counts states only and keeps them.
	KeepErrors bool
}

// Root is the repository root: the nearest directory at or above the
// working directory whose go.mod declares module gmc.
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if isGmcRoot(dir) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("not inside gmc's repository (no go.mod of module gmc above the working directory): run from the repository")
		}
		dir = parent
	}
}

func isGmcRoot(dir string) bool {
	f, err := os.Open(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) == 2 && fields[0] == "module" {
			return fields[1] == "gmc"
		}
	}
	return false
}

// Files expands glob patterns, those not absolute taken from the
// repository root, in order.
func Files(patterns []string) ([]string, error) {
	root, err := Root()
	if err != nil {
		return nil, err
	}
	var files []string
	for _, p := range patterns {
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		m, err := filepath.Glob(p)
		if err != nil {
			return nil, fmt.Errorf("pattern %s: %w", p, err)
		}
		files = append(files, m...)
	}
	return files, nil
}

// Load loads args (each FILE or FILE:NAME=VALUE,...), or the files of
// patterns when there are none, and runs each model's exhaustive search;
// it returns the models opts keeps, in order, and the others with the
// reason. The error is for a corpus that cannot be listed, never for a
// model (a model that does not compile is skipped).
func Load(args, patterns []string, opts Options) ([]*Model, []Skipped, error) {
	if len(args) == 0 {
		var err error
		if args, err = Files(patterns); err != nil {
			return nil, nil, err
		}
	}
	var out []*Model
	var skipped []Skipped
	for _, arg := range args {
		m, why := load(arg, opts)
		if m == nil {
			skipped = append(skipped, Skipped{arg, why})
			continue
		}
		out = append(out, m)
	}
	return out, skipped, nil
}

func load(arg string, opts Options) (*Model, string) {
	file, defs, _ := strings.Cut(arg, ":")
	name := filepath.Base(file)
	defines := map[string]string{}
	for _, d := range strings.Split(defs, ",") {
		if k, v, ok := strings.Cut(d, "="); ok {
			defines[k] = v
			name += " " + d
		}
	}
	m, err := compile(file, defines)
	if err != nil {
		return nil, err.Error()
	}
	full, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: MaxDepth, MaxStates: opts.MaxStates}}).Run()
	switch {
	case err != nil:
		return nil, err.Error()
	case !full.Complete():
		return nil, fmt.Sprintf("exhaustive search incomplete: %s", full.Stop)
	case full.Stored < opts.MinStates:
		return nil, fmt.Sprintf("%d states, fewer than %d", full.Stored, opts.MinStates)
	case full.NumErrors > 0 && !opts.KeepErrors:
		return nil, fmt.Sprintf("%d errors", full.NumErrors)
	}
	return &Model{Name: name, File: file, Defines: defines, M: m, Full: full}, ""
}

func compile(file string, defines map[string]string) (*vm.Model, error) {
	spec, diags := lang.Load(file, &lang.Options{Defines: defines})
	if diags.ErrorCount() > 0 {
		return nil, diags
	}
	return vm.Compile(spec, vm.Options{})
}

// Select is Load for a bench program named prog: the models named in
// args are loaded, each one left out said on warn (the default corpus
// leaves many out, which is not worth saying), and an empty selection is
// an error.
func Select(prog string, args, patterns []string, opts Options, warn io.Writer) ([]*Model, error) {
	models, skipped, err := Load(args, patterns, opts)
	if err != nil {
		return nil, err
	}
	if len(args) > 0 {
		for _, s := range skipped {
			fmt.Fprintf(warn, "%s: left out %s: %s\n", prog, s.Arg, s.Reason)
		}
	}
	if len(models) == 0 {
		why := "and no errors"
		if opts.KeepErrors {
			why = "(are SPIN's examples installed?)"
		}
		return nil, fmt.Errorf("no model with %d to %d states %s", opts.MinStates, opts.MaxStates, why)
	}
	return models, nil
}
