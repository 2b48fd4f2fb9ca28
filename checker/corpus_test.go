package checker

import (
	"path/filepath"
	"strings"

	"gmc/lang"
	"gmc/vm"
)

// corpusModel is a model of the benchmark corpus with its exhaustive
// search.
type corpusModel struct {
	name string
	m    *vm.Model
	full *Result
}

// benchCorpus loads the benchmark models: args (each FILE or
// FILE:NAME=VALUE,... for #defines) or, without them, gmc's examples and
// SPIN's; it keeps those whose exhaustive search completes without
// errors with between minStates and maxStates states.
func benchCorpus(args []string, minStates, maxStates int64) []corpusModel {
	if len(args) == 0 {
		for _, pattern := range []string{"../examples/models/*.pml", "/usr/share/doc/spin/examples/Examples/*.pml"} {
			m, _ := filepath.Glob(pattern)
			args = append(args, m...)
		}
	}
	var out []corpusModel
	for _, arg := range args {
		file, defs, _ := strings.Cut(arg, ":")
		name := filepath.Base(file)
		opts := &lang.Options{Defines: map[string]string{}}
		for _, d := range strings.Split(defs, ",") {
			if k, v, ok := strings.Cut(d, "="); ok {
				opts.Defines[k] = v
				name += " " + d
			}
		}
		spec, diags := lang.Load(file, opts)
		if diags.ErrorCount() > 0 {
			continue
		}
		m, err := vm.Compile(spec, vm.Options{})
		if err != nil {
			continue
		}
		full, err := NewDFS(m, Options{MaxDepth: 1 << 20, MaxStates: maxStates}).Run()
		if err != nil || !full.Complete || full.Stored < minStates || full.Stats.Errors > 0 {
			continue
		}
		out = append(out, corpusModel{name, m, full})
	}
	return out
}
