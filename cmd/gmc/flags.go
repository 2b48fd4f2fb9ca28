package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// parseFlags parses a command's arguments: flags before and after the
// positional arguments (gmc run m.pml -c0, as pan and spin take them), up
// to a -- after which every argument is positional; SPIN's attached values
// of the one-letter flags in short (-c0, -m100000); -h, -help or --help
// prints the command's usage on stdout (it was asked for: not an error,
// flag.ErrHelp). It returns the positional arguments.
func parseFlags(fs *flag.FlagSet, args []string, short string, stdout io.Writer) ([]string, error) {
	if wantsHelp(args) {
		fs.SetOutput(stdout)
	}
	args = spinStyle(args, short)
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// setFlags returns the names of the flags given on fs's command line.
func setFlags(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// noEffect says which flags of a gmc run command line would have no
// effect in the search it chose, naming the flag each one needs: an error
// each, not a silently ignored setting.
func noEffect(set map[string]bool, f runFlags) []string {
	search := f.random.search
	randomized := search == "urs" || search == "sdrs" || search == "rw"
	needs := []struct {
		flag  string
		ok    bool
		needs string
	}{
		{"w", f.bitstate || f.store == "exact" || f.store == "hc" || f.store == "collapse", "--bitstate or a store with a table (--store exact, hc or collapse)"},
		{"k", f.bitstate, "--bitstate"},
		{"policy", f.cache != "", "--cache"},
		{"cache-check", f.cache != "", "--cache"},
		{"trustful", f.script != "", "--script"},
		{"seed", f.bitstate || f.cache != "" || randomized || search == "mc", "--bitstate, --cache or a randomized search (--search urs, sdrs, rw or mc)"},
		{"steps", randomized, "--search urs, sdrs or rw"},
		{"count-exact", randomized, "--search urs, sdrs or rw"},
		{"restarts", search == "urs" || search == "sdrs", "--search urs or sdrs"},
		{"restart", search == "urs" || search == "sdrs", "--search urs or sdrs"},
		{"mc-split", search == "mc", "--search mc"},
		{"progress-lines", search == "dfs" || search == "bfs", "an exhaustive search (--search dfs or bfs)"},
		{"probe-time", f.probes.runs > 0, "--probes"},
		{"probe-mem", f.probes.runs > 0, "--probes"},
	}
	var bad []string
	for _, n := range needs {
		if set[n.flag] && !n.ok {
			bad = append(bad, fmt.Sprintf("%s has no effect without %s", flagName(n.flag), n.needs))
		}
	}
	return bad
}

// flagName is how the usage text writes a flag: -k, --seed.
func flagName(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// versionText is what gmc version prints: gmc's version, the module's
// version and the commit it was built from, as the Go toolchain recorded
// them in the binary ("(devel)" and "unknown" where it did not: go run,
// go test, a build outside a repository).
func versionText() string {
	module, commit, modified := "(devel)", "unknown", false
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			module = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if modified {
		commit += " (modified: uncommitted changes)"
	}
	return fmt.Sprintf("gmc %s\nmodule: gmc %s\ncommit: %s\ngo: %s %s/%s\n", version, module, commit, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

func init() {
	register(&command{name: "version", summary: "print gmc's version and the commit it was built from", run: runVersion})
}

func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("version", "gmc version", "", stderr)
	positional, err := parseFlags(fs, args, "", stdout)
	if err != nil {
		return helpOrUsage(err)
	}
	if len(positional) > 0 {
		fs.Usage()
		return exitUsage
	}
	fmt.Fprint(stdout, versionText())
	return exitOK
}
