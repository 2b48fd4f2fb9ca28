package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gmc/checker"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/cli")

// cliCases are command lines whose output is kept in testdata/cli/NAME.golden.
// They run in a temporary directory holding a copy of testdata/models, so
// trail files land there.
var cliCases = []struct {
	name  string
	args  []string
	setup [][]string         // gmc commands run first, output not kept (gmc run writing a trail)
	edit  func(t *testing.T) // then this, in the directory (damaging a trail)
}{
	{"run_ok", []string{"run", "ok.pml"}, nil, nil},
	{"run_coverage", []string{"run", "--coverage", "fig8b.pml"}, nil, nil},
	{"run_ok_nomerge", []string{"run", "--no-merge", "ok.pml"}, nil, nil},
	{"run_json", []string{"run", "--json", "assert.pml"}, nil, nil},
	{"run_assert", []string{"run", "assert.pml"}, nil, nil},
	{"run_assert_c0", []string{"run", "-c0", "assert.pml"}, nil, nil},
	{"run_assert_c2", []string{"run", "-c2", "assert.pml"}, nil, nil},
	// pan's run-time flags (panflags.go): pan's counts of each are
	// checked by checker's TestPanFlags
	{"run_pan_EAq", []string{"run", "-n", "-E", "-A", "-q", "flags.pml"}, nil, nil},
	{"run_pan_q", []string{"run", "-n", "-q", "-c0", "flags.pml"}, nil, nil},
	{"run_pan_e", []string{"run", "-n", "-e", "-c3", "flags.pml"}, nil, nil},
	{"run_pan_i", []string{"run", "-n", "-i", "flags.pml"}, nil, nil},
	// an error's line where its message changes only, as pan prints them
	{"run_pan_i_repeats", []string{"run", "-n", "-i", "repeats.pml"}, nil, nil},
	{"run_pan_I_json", []string{"run", "-I", "--json", "--probes", "0", "flags.pml"}, nil, nil},
	{"replay_pan_i", []string{"replay", "flags.pml"}, [][]string{{"run", "-i", "flags.pml"}}, nil},
	{"run_pan_i_claim", []string{"run", "-i", "claim.pml"}, nil, nil},
	{"run_pan_i_bfs", []string{"run", "-i", "--search", "bfs", "flags.pml"}, nil, nil},
	{"run_deadlock", []string{"run", "deadlock.pml"}, nil, nil},
	{"run_claim", []string{"run", "claim.pml"}, nil, nil},
	{"run_claim_safety", []string{"run", "--safety", "claim.pml"}, nil, nil},
	{"run_claim_noclaim", []string{"run", "--no-claim", "claim.pml"}, nil, nil},
	{"run_claim_json", []string{"run", "--json", "-c0", "claim.pml"}, nil, nil},
	{"run_nonprogress", []string{"run", "-l", "progress.pml"}, nil, nil},
	{"run_nonprogress_fair", []string{"run", "-l", "-f", "progress.pml"}, nil, nil},
	{"run_fair_alone", []string{"run", "-f", "ok.pml"}, nil, nil},
	{"run_claim_unknown", []string{"run", "-N", "p9", "claim.pml"}, nil, nil},
	{"run_ltl", []string{"run", "-n", "ltl.pml"}, nil, nil},
	{"run_ltls", []string{"run", "-n", "ltls.pml"}, nil, nil},
	{"run_ltls_bitstate", []string{"run", "-n", "--bitstate", "-w", "20", "ltls.pml"}, nil, nil},
	{"run_ltls_json", []string{"run", "--json", "-n", "ltls.pml"}, nil, nil},
	{"run_ltls_one", []string{"run", "-n", "-N", "reaches", "ltls.pml"}, nil, nil},
	{"run_ltl_arg", []string{"run", "-n", "--ltl", "[] (x < 3 || x == 0)", "ltls.pml"}, nil, nil},
	{"run_ltl_arg_macro", []string{"run", "-n", "--ltl", "[] (three -> <> !three)", "ltls.pml"}, nil, nil},
	{"run_ltl_arg_bad", []string{"run", "--ltl", "[] (x < ) ", "ltls.pml"}, nil, nil},
	{"run_ltl_arg_n", []string{"run", "--ltl", "[] (x < 9)", "-N", "reaches", "ltls.pml"}, nil, nil},
	{"replay_nonprogress", []string{"replay", "progress.pml"}, [][]string{{"run", "-l", "progress.pml"}}, nil},
	{"replay_nonprogress_json", []string{"replay", "--json", "progress.pml"}, [][]string{{"run", "-l", "progress.pml"}}, nil},
	{"replay_claim", []string{"replay", "accept.pml"}, runFirst("accept.pml"), nil},
	{"run_accept_json", []string{"run", "--json", "accept.pml"}, nil, nil},
	{"replay_claim_json", []string{"replay", "--json", "accept.pml"}, runFirst("accept.pml"), nil},
	{"replay_claim_end", []string{"replay", "claim_end.pml"}, [][]string{{"run", "--safety", "claim_end.pml"}}, nil},
	{"replay_ltl", []string{"replay", "ltl.pml"}, runFirst("ltl.pml"), nil},
	{"replay_ltl_noclaim", []string{"replay", "ltl.pml"}, runFirst("ltl.pml"),
		editLines("ltl.pml.trail", func(lines []string) []string { return slices.DeleteFunc(lines, isLine("-2:")) })},
	{"replay_cycle_open", []string{"replay", "accept.pml"}, runFirst("accept.pml"),
		// the last step dropped: the cycle no longer closes
		editLines("accept.pml.trail", dropLastStep)},
	{"replay_cycle_moved", []string{"replay", "accept.pml"}, runFirst("accept.pml"),
		editLines("accept.pml.trail", func(lines []string) []string {
			i := slices.Index(lines, "-1:-1:-1")
			lines[i], lines[i+1] = lines[i+1], lines[i]
			return lines
		})},
	{"run_divide", []string{"run", "divide.pml"}, nil, nil},
	{"run_depth", []string{"run", "-m50", "--probe-time", "none", "deep.pml"}, nil, nil},
	{"estimate_structure", []string{"estimate", "--sizes", "8..14", "chain.pml"}, nil, nil},
	{"run_depth_noprobes", []string{"run", "-m50", "--probes", "0", "deep.pml"}, nil, nil},
	{"run_max_states", []string{"run", "--max-states", "10", "--probe-time", "none", "deep.pml"}, nil, nil},
	{"run_max_states_mc", []string{"run", "--search", "mc", "--max-states", "10", "--probe-time", "none", "deep.pml"}, nil, nil},
	{"run_syntax", []string{"run", "syntax.pml"}, nil, nil},
	{"run_missing", []string{"run", "nosuch.pml"}, nil, nil},
	{"run_bad_flag", []string{"run", "-x", "ok.pml"}, nil, nil},
	{"run_j2_noreduce", []string{"run", "-j", "2", "--no-reduce", "-c0", "assert.pml"}, nil, nil},
	{"run_j2_collapse", []string{"run", "-j", "2", "--no-reduce", "--store", "collapse", "ok.pml"}, nil, nil},
	{"run_j2_hc", []string{"run", "-j", "2", "--no-reduce", "--store", "hc", "ok.pml"}, nil, nil},
	{"run_self_loop", []string{"run", "selfloop.pml"}, nil, nil},
	{"sim_self_loop", []string{"sim", "-u", "4", "--seed", "1", "selfloop.pml"}, nil, nil},
	{"run_j2_bound", []string{"run", "-j", "2", "--max-states", "5", "ok.pml"}, nil, nil},
	{"run_j2_claim", []string{"run", "-j", "2", "accept.pml"}, nil, nil},
	{"run_j2_script", []string{"run", "-j", "2", "--script", "x.scc", "ok.pml"}, nil, nil},
	{"replay_j2", []string{"replay", "deadlock.pml"}, [][]string{{"run", "-j", "2", "deadlock.pml"}}, nil},
	{"run_bad_mem", []string{"run", "--mem", "lots", "ok.pml"}, nil, nil},
	{"run_no_model", []string{"run"}, nil, nil},
	{"check_syntax", []string{"check", "syntax.pml", "ok.pml"}, nil, nil},
	{"run_bitstate", []string{"run", "-bitstate", "-w16", "-k2", "ok.pml"}, nil, nil},
	{"run_bitstate_small", []string{"run", "-bitstate", "-w", "6", "-k", "1", "--seed", "3", "deep.pml"}, nil, nil},
	{"run_bitstate_bad_w", []string{"run", "-bitstate", "-w", "60", "ok.pml"}, nil, nil},
	{"run_bitstate_runs", []string{"run", "-bitstate", "-w", "9", "-k", "1", "--runs", "3", "-n", "deep.pml"}, nil, nil},
	{"run_bitstate_runs_ok", []string{"run", "-bitstate", "-w", "9", "-k", "1", "--runs", "4", "ok.pml"}, nil, nil},
	{"run_cache", []string{"run", "--cache", "20", "--policy", "random", "--cache-check", "ok.pml"}, nil, nil},
	{"run_cache_estimate", []string{"run", "--cache", "20", "--policy", "random", "ok.pml"}, nil, nil},
	{"run_cache_stack", []string{"run", "--cache", "5", "--probe-time", "none", "deep.pml"}, nil, nil},
	{"run_cache_bad_policy", []string{"run", "--cache", "1MB", "--policy", "lru", "ok.pml"}, nil, nil},
	{"run_cache_bitstate", []string{"run", "--cache", "100", "-bitstate", "ok.pml"}, nil, nil},
	{"run_store_exact", []string{"run", "--store", "exact", "ok.pml"}, nil, nil},
	{"run_store_hc", []string{"run", "--store", "hc", "ok.pml"}, nil, nil},
	{"run_store_collapse", []string{"run", "--store", "collapse", "ok.pml"}, nil, nil},
	{"run_store_bitstate", []string{"run", "--store", "bitstate", "-w16", "ok.pml"}, nil, nil},
	{"run_store_cache", []string{"run", "--store", "cache", "--cache", "20", "--policy", "random", "ok.pml"}, nil, nil},
	{"run_store_hc_json", []string{"run", "--json", "--store", "hc", "assert.pml"}, nil, nil},
	{"run_store_collapse_ltls", []string{"run", "-n", "--store", "collapse", "ltls.pml"}, nil, nil},
	{"run_store_hc_accept", []string{"run", "--store", "hc", "accept.pml"}, nil, nil},
	{"run_store_contradiction", []string{"run", "--store", "hc", "-bitstate", "ok.pml"}, nil, nil},
	{"run_store_cache_no_size", []string{"run", "--store", "cache", "ok.pml"}, nil, nil},
	{"run_store_unknown", []string{"run", "--store", "trie", "ok.pml"}, nil, nil},
	{"run_store_hc_script", []string{"run", "--store", "hc", "--script", "s.scc", "ok.pml"}, nil, nil},
	{"estimate_deep", []string{"estimate", "--sizes", "4..10", "deep.pml"}, nil, nil},
	{"estimate_list_k2", []string{"estimate", "--k", "2", "--sizes", "5,7,9,12", "ok.pml"}, nil, nil},
	{"estimate_bad_sizes", []string{"estimate", "--sizes", "9..4", "ok.pml"}, nil, nil},
	{"estimate_plot_bad_ext", []string{"estimate", "--plot", "curve.pdf", "ok.pml"}, nil, nil},
	{"estimate_plot_no_dir", []string{"estimate", "--sizes", "4..8", "--plot", "nosuch/curve.svg", "ok.pml"}, nil, nil},
	{"sim_hello", []string{"sim", "--seed", "1", "hello.pml"}, nil, nil},
	{"sim_hello_T", []string{"sim", "--seed", "2", "-T", "hello.pml"}, nil, nil},
	{"sim_hello_p", []string{"sim", "--seed", "1", "-p", "-g", "hello.pml"}, nil, nil},
	{"sim_assert", []string{"sim", "--seed", "1", "-p", "assert.pml"}, nil, nil},
	{"sim_deadlock", []string{"sim", "--seed", "1", "-p", "deadlock.pml"}, nil, nil},
	{"sim_divide", []string{"sim", "--seed", "1", "divide.pml"}, nil, nil},
	{"sim_steps", []string{"sim", "--seed", "1", "-u10", "-p", "deep.pml"}, nil, nil},
	{"replay_assert", []string{"replay", "assert.pml"}, runFirst("assert.pml"), nil},
	{"replay_assert_gl", []string{"replay", "-g", "-l", "assert.pml"}, runFirst("assert.pml"), nil},
	{"replay_deadlock", []string{"replay", "-c", "deadlock.pml"}, runFirst("deadlock.pml"), nil},
	{"replay_divide", []string{"replay", "divide.pml"}, runFirst("divide.pml"), nil},
	{"replay_stop", []string{"replay", "-u3", "assert.pml"}, runFirst("assert.pml"), nil},
	{"replay_no_trail", []string{"replay", "ok.pml"}, nil, nil},
	{"replay_other_model", []string{"replay", "divide.pml", "assert.pml.trail"}, runFirst("assert.pml"), nil},
	{"replay_changed_model", []string{"replay", "assert.pml"}, runFirst("assert.pml"),
		editFile("assert.pml", func(s string) string { return strings.Replace(s, "x < 2", "x < 3", 1) })},
	{"replay_truncated", []string{"replay", "assert.pml"}, runFirst("assert.pml"),
		editFile("assert.pml.trail", func(s string) string { return s[:len(s)-9] })},
	{"replay_cut_model_line", []string{"replay", "assert.pml"}, runFirst("assert.pml"),
		editFile("assert.pml.trail", func(s string) string { return s[:40] })},
	{"replay_short", []string{"replay", "assert.pml"}, runFirst("assert.pml"),
		// a whole trail that stops before its error
		editLines("assert.pml.trail", dropLastStep)},
	{"replay_wrong_step", []string{"replay", "assert.pml"}, runFirst("assert.pml"),
		editLines("assert.pml.trail", func(lines []string) []string {
			i := slices.IndexFunc(lines, isLine("2:"))
			lines[i] = lines[i][:strings.LastIndexByte(lines[i], ':')] + ":77"
			return lines
		})},
	{"replay_bad_pid", []string{"replay", "assert.pml"}, runFirst("assert.pml"),
		editLines("assert.pml.trail", func(lines []string) []string {
			i := slices.IndexFunc(lines, isLine("2:"))
			lines[i] = "2:9" + lines[i][strings.LastIndexByte(lines[i], ':'):]
			return lines
		})},
	// pan's trail: gmc's without its own lines
	{"replay_pan_trail", []string{"replay", "assert.pml"}, runFirst("assert.pml"),
		editLines("assert.pml.trail", func(lines []string) []string { return slices.DeleteFunc(lines, isLine("#gmc ")) })},
	{"replay_pan_trail_short", []string{"replay", "assert.pml"}, runFirst("assert.pml"),
		editLines("assert.pml.trail", func(lines []string) []string {
			return dropLastStep(slices.DeleteFunc(lines, isLine("#gmc ")))
		})},
	{"replay_old_format", []string{"replay", "assert.pml"}, runFirst("assert.pml"),
		editFile("assert.pml.trail", func(string) string { return "gmc-trail 2\nmodel 00\n0 1\nend 1\n" })},
	{"replay_garbage", []string{"replay", "assert.pml", "hello.pml"}, nil, nil},
	{"unknown_command", []string{"frobnicate"}, nil, nil},
	{"dump_ok", []string{"dump", "ok.pml"}, nil, nil},
	{"dump_reduce", []string{"dump", "--reduce", "por_local.pml"}, nil, nil},
	{"run_reduce", []string{"run", "-c0", "por_local.pml"}, nil, nil},
	{"run_noreduce", []string{"run", "--no-reduce", "-c0", "por_local.pml"}, nil, nil},
	{"run_reduce_bitstate", []string{"run", "-bitstate", "por_local.pml"}, nil, nil},
	{"run_reduce_fair_rv", []string{"run", "-a", "-f", "-n", "rv_accept.pml"}, nil, nil},
	{"run_reduce_a_no_accept", []string{"run", "-a", "-c0", "-n", "stack_proviso.pml"}, nil, nil},
	{"run_reduce_a_no_accept_script", []string{"run", "-a", "--script", "x.script", "stack_proviso.pml"}, nil, nil},
	{"dump_nomerge_define", []string{"dump", "--no-merge", "-DUNUSED=2", "fig8b.pml"}, nil, nil},
	{"dump_help", []string{"help", "dump"}, nil, nil},
	{"dump_syntax", []string{"dump", "syntax.pml"}, nil, nil},
	{"dump_no_model", []string{"dump"}, nil, nil},
	{"ltl_response", []string{"ltl", "[](p -> <>q)"}, nil, nil},
	{"ltl_named_words", []string{"ltl", "--name", "p1", "!", "(always", "eventually", "(x", "==", "3))"}, nil, nil},
	{"ltl_next", []string{"ltl", "[] (p -> X q)"}, nil, nil},
	{"ltl_unbalanced", []string{"ltl", "(p U q"}, nil, nil},
	{"ltl_no_formula", []string{"ltl"}, nil, nil},
	{"help", []string{"help"}, nil, nil},
	{"help_h", []string{"-h"}, nil, nil},
	{"run_help", []string{"run", "--help"}, nil, nil},
	{"sim_help_after_model", []string{"sim", "hello.pml", "-h"}, nil, nil},
	{"ltl_help", []string{"ltl", "-h"}, nil, nil},
	{"version", []string{"version"}, nil, nil},
	{"version_flag", []string{"--version"}, nil, nil},
	{"version_extra", []string{"version", "ok.pml"}, nil, nil},
	{"run_flags_after_model", []string{"run", "assert.pml", "-c0", "-n"}, nil, nil},
	{"run_flags_dashdash", []string{"run", "-c0", "--", "assert.pml"}, nil, nil},
	{"run_two_models", []string{"run", "ok.pml", "-c0", "assert.pml"}, nil, nil},
	{"sim_flags_after_model", []string{"sim", "hello.pml", "--seed", "1", "-T"}, nil, nil},
	{"replay_flags_after_model", []string{"replay", "assert.pml", "-u3"}, runFirst("assert.pml"), nil},
	{"dump_flags_after_model", []string{"dump", "ok.pml", "--no-merge"}, nil, nil},
	{"estimate_flags_after_model", []string{"estimate", "ok.pml", "--sizes", "5,7", "--k", "2"}, nil, nil},
	{"run_k_without_bitstate", []string{"run", "-k2", "ok.pml"}, nil, nil},
	{"run_w_with_cache", []string{"run", "-w", "20", "--cache", "1000", "ok.pml"}, nil, nil},
	{"run_w_too_large", []string{"run", "-w", "40", "ok.pml"}, nil, nil},
	{"run_no_effect", []string{"run", "ok.pml", "-w", "20", "--seed", "3", "--policy", "random", "--cache-check",
		"--trustful", "--steps", "5", "--restarts", "2", "--count-exact", "--mc-split", "0.5"}, nil, nil},
	{"run_no_effect_search", []string{"run", "--search", "rw", "--restart", "random", "--progress-lines", "10", "ok.pml"}, nil, nil},
	{"run_seed_cache", []string{"run", "--cache", "20", "--policy", "cost", "--seed", "3", "-n", "ok.pml"}, nil, nil},
	{"replay_json_g", []string{"replay", "--json", "-g", "assert.pml"}, runFirst("assert.pml"), nil},
	{"run_empty", []string{"run", "empty.pml"}, nil, nil},
	{"run_bfs", []string{"run", "--search", "bfs", "ok.pml"}, nil, nil},
	{"run_bfs_assert", []string{"run", "--search", "bfs", "assert.pml"}, nil, nil},
	{"replay_bfs_assert", []string{"replay", "assert.pml"}, [][]string{{"run", "--search", "bfs", "assert.pml"}}, nil},
	{"run_bfs_deadlock", []string{"run", "--search", "bfs", "-c0", "deadlock.pml"}, nil, nil},
	{"run_bfs_bitstate", []string{"run", "--search", "bfs", "--bitstate", "-w", "16", "ok.pml"}, nil, nil},
	{"run_bfs_depth", []string{"run", "--search", "bfs", "-m10", "deep.pml"}, nil, nil},
	{"run_bfs_cache", []string{"run", "--search", "bfs", "--cache", "100", "ok.pml"}, nil, nil},
	{"run_bfs_json", []string{"run", "--search", "bfs", "--json", "assert.pml"}, nil, nil},
	{"sim_msc", []string{"sim", "--seed", "1", "--msc", "out.svg", "deadlock.pml"}, nil, nil},
	{"replay_msc", []string{"replay", "--msc", "out.svg", "assert.pml"}, runFirst("assert.pml"), nil},
	{"sim_msc_no_dir", []string{"sim", "--seed", "1", "--msc", "nodir/out.svg", "hello.pml"}, nil, nil},
}

// runFirst is the setup of a replay: gmc run writes the model's trail.
func runFirst(model string) [][]string { return [][]string{{"run", model}} }

// editLines returns an edit that rewrites the lines of file through f.
func editLines(file string, f func([]string) []string) func(t *testing.T) {
	return editFile(file, func(s string) string {
		return strings.Join(f(strings.Split(strings.TrimSuffix(s, "\n"), "\n")), "\n") + "\n"
	})
}

// isLine reports whether a line starts with prefix.
func isLine(prefix string) func(string) bool {
	return func(l string) bool { return strings.HasPrefix(l, prefix) }
}

// dropLastStep drops the last step of a trail's lines.
func dropLastStep(lines []string) []string {
	i := len(lines) - 1
	for strings.HasPrefix(lines[i], "#") {
		i--
	}
	return slices.Delete(lines, i, i+1)
}

// editFile returns an edit that rewrites file through f.
func editFile(file string, f func(string) string) func(t *testing.T) {
	return func(t *testing.T) {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(f(string(b))), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// volatile matches the figures that change from run to run (times, rates,
// memory); normalize replaces them by "#" before comparing.
var volatile = []struct {
	re   *regexp.Regexp
	repl string
}{
	{regexp.MustCompile(`(?m)^ *[0-9.]+(\t.*memory)`), "#$1"},
	{regexp.MustCompile(`(elapsed time )\S+`), "$1#"},
	// the probes' time and budget
	{regexp.MustCompile(`(bitstate probes of 2\^\d+ bits, k = \d+, )[0-9.e+-]+ s`), "$1# s"},
	{regexp.MustCompile(`(a budget of )[0-9.e+-]+ s`), "$1# s"},
	// the rate line is printed only above 10 ms, which a loaded machine
	// can reach on any model
	{regexp.MustCompile(`(?m)^gmc: rate \d+ states/second\n`), ""},
	{regexp.MustCompile(`("(?:elapsed_s|heap_bytes|table_bytes|stack_bytes|states_bytes|bytes_per_state)": )[0-9.e+-]+`), "$1#"},
	{regexp.MustCompile(`(?m)^( *\t)[0-9.e+]+( bytes per state)`), "$1#$2"},
	// gmc version: what the build recorded
	{regexp.MustCompile(`(?m)^(module: gmc |commit: |go: ).*$`), "$1#"},
}

func normalize(s string) string {
	for _, v := range volatile {
		s = v.re.ReplaceAllString(s, v.repl)
	}
	return s
}

// inModels runs f in a fresh copy of testdata/models.
func inModels(t *testing.T) {
	dir := t.TempDir()
	files, _ := filepath.Glob("testdata/models/*.pml")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

func TestCLI(t *testing.T) {
	wd, _ := os.Getwd()
	for _, c := range cliCases {
		t.Run(c.name, func(t *testing.T) {
			inModels(t)
			for _, args := range c.setup {
				gmc(args, io.Discard, io.Discard)
			}
			if c.edit != nil {
				c.edit(t)
			}
			var stdout, stderr bytes.Buffer
			code := gmc(c.args, &stdout, &stderr)
			got := normalize("$ gmc " + strings.Join(c.args, " ") + "\n-- exit " + strconv.Itoa(code) +
				" --\n-- stdout --\n" + stdout.String() + "-- stderr --\n" + stderr.String())
			golden := filepath.Join(wd, "testdata/cli", c.name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("output differs from %s (run with -update and read the diff)\ngot:\n%s\nwant:\n%s", golden, got, want)
			}
		})
	}
}

// TestCacheGuardReport: a run whose policy the guard switched to
// stratified eviction says when, in the report and in --json
// (stratified_after, null when it did not): age on philo_host with half
// its states does (store.GuardRedundancy), stratified never.
func TestCacheGuardReport(t *testing.T) {
	model, err := filepath.Abs("../../bench/models/philo_host.pml")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"age", "stratified"} {
		var stdout, stderr bytes.Buffer
		if code := gmc([]string{"run", "--cache", "3292", "--policy", p, model}, &stdout, &stderr); code != exitOK {
			t.Fatalf("%s: exit %d: %s", p, code, stderr.String())
		}
		said := regexp.MustCompile(`(?m)^ +\d+ states stored when ` + p + ` gave way to stratified eviction \(redundancy past 4\)$`).MatchString(stdout.String())
		if said != (p == "age") {
			t.Errorf("%s: the report says it gave way: %v\n%s", p, said, stdout.String())
		}
		stdout.Reset()
		if code := gmc([]string{"run", "--json", "--cache", "3292", "--policy", p, model}, &stdout, &stderr); code != exitOK {
			t.Fatalf("%s --json: exit %d: %s", p, code, stderr.String())
		}
		var run struct{ Cache map[string]any }
		if err := json.Unmarshal(stdout.Bytes(), &run); err != nil {
			t.Fatal(err)
		}
		after, ok := run.Cache["stratified_after"]
		if n, isNum := after.(float64); !ok || isNum != (p == "age") || isNum && n < 3292 {
			t.Errorf("%s --json: stratified_after = %v (present %v)", p, after, ok)
		}
	}
}

// TestRunJSON checks the keys the command-line contract promises in run
// --json (docs/references.md#cli-contract).
func TestRunJSON(t *testing.T) {
	inModels(t)
	for _, c := range []struct {
		model    string
		code     int
		complete bool
		errors   float64
	}{{"ok.pml", exitOK, true, 0}, {"assert.pml", exitViolation, false, 1}} {
		var stdout, stderr bytes.Buffer
		code := gmc([]string{"run", "--json", c.model}, &stdout, &stderr)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d (stderr %s)", c.model, code, c.code, stderr.String())
		}
		var out map[string]any
		if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
			t.Fatalf("%s: not one JSON object: %v\n%s", c.model, err, stdout.String())
		}
		for _, k := range []string{"states_stored", "states_matched", "transitions", "depth", "errors", "complete", "elapsed_s", "coverage"} {
			if _, ok := out[k]; !ok {
				t.Errorf("%s: no key %q", c.model, k)
			}
		}
		if out["complete"] != c.complete || out["errors"] != c.errors {
			t.Errorf("%s: complete=%v errors=%v, want %v %v", c.model, out["complete"], out["errors"], c.complete, c.errors)
		}
		cov, _ := out["coverage"].(map[string]any)
		for _, k := range []string{"percent", "method", "interval", "low"} {
			if _, ok := cov[k]; !ok {
				t.Errorf("%s: coverage %v lacks %q", c.model, cov, k)
			}
		}
		if c.complete && cov["percent"] != 100.0 {
			t.Errorf("%s: complete search with coverage %v", c.model, cov["percent"])
		}
	}
}

// TestPresizedTable checks that -w sizes the table of the stores that
// have one (pan -w), on one core and on two, and that the search stores
// what it stores without it.
func TestPresizedTable(t *testing.T) {
	inModels(t)
	run := func(args ...string) map[string]any {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := gmc(append([]string{"run", "--json"}, append(args, "ok.pml")...), &stdout, &stderr); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		var out map[string]any
		if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	plain := run()
	for _, args := range [][]string{
		{"-w", "20"}, {"-w", "20", "--store", "hc"}, {"-w", "20", "--store", "collapse"}, {"-w", "20", "-j", "2", "--no-reduce"},
	} {
		out := run(args...)
		mem, _ := out["memory"].(map[string]any)
		if table, _ := mem["table_bytes"].(float64); table < 8<<20 {
			t.Errorf("%v: table of %v bytes, want 2^20 slots (8 MiB) or more", args, mem["table_bytes"])
		}
		if out["states_stored"] != plain["states_stored"] && args[len(args)-1] != "--no-reduce" {
			t.Errorf("%v: %v states stored, %v without -w", args, out["states_stored"], plain["states_stored"])
		}
	}
}

// TestAllCores: -j 0 searches on every core of the machine (the one-core
// search where there is one), and stores what -j 1 stores without
// reduction.
func TestAllCores(t *testing.T) {
	inModels(t)
	run := func(j string) map[string]any {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := gmc([]string{"run", "--json", "--no-reduce", "-j", j, "ok.pml"}, &stdout, &stderr); code != exitOK {
			t.Fatalf("-j %s: exit %d: %s", j, code, stderr.String())
		}
		var out map[string]any
		if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	all, one := run("0"), run("1")
	want := float64(min(runtime.NumCPU(), checker.MaxWorkers))
	if want == 1 {
		want = 0 // (the one-core search names no workers)
	}
	if w, _ := all["workers"].(float64); w != want {
		t.Errorf("-j 0: %v workers, want %v", all["workers"], want)
	}
	if all["states_stored"] != one["states_stored"] {
		t.Errorf("-j 0: %v states stored, -j 1 %v", all["states_stored"], one["states_stored"])
	}
}

// TestBitstateJSON checks the bitstate keys of run --json and estimate
// --json (docs/references.md#cli-contract).
func TestBitstateJSON(t *testing.T) {
	inModels(t)
	var stdout, stderr bytes.Buffer
	if code := gmc([]string{"run", "--json", "-bitstate", "-w", "12", "-k", "1", "deep.pml"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var run struct {
		Coverage struct {
			Percent *float64
			Method  string
		}
		Bitstate map[string]any
	}
	if err := json.Unmarshal(stdout.Bytes(), &run); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"log2_bits", "k", "hash_factor", "stern", "dillinger", "sampled_states", "sampled_omissions", "coverage_bound"} {
		if _, ok := run.Bitstate[k]; !ok {
			t.Errorf("run: no bitstate key %q in %v", k, run.Bitstate)
		}
	}
	if run.Coverage.Percent == nil || !strings.Contains(run.Coverage.Method, "bitstate run") {
		t.Errorf("run: coverage %+v, want what the run's sample says", run.Coverage)
	}
	stdout.Reset()
	if code := gmc([]string{"estimate", "--json", "--sizes", "4..10", "deep.pml"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("estimate: exit %d: %s", code, stderr.String())
	}
	var est map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &est); err != nil {
		t.Fatal(err)
	}
	runs, _ := est["runs"].([]any)
	if len(runs) != 7 {
		t.Fatalf("estimate: %d runs, want 7", len(runs))
	}
	for _, k := range []string{"log2_bits", "states", "hash_factor", "stern", "dillinger", "simple", "fit"} {
		if _, ok := runs[0].(map[string]any)[k]; !ok {
			t.Errorf("estimate: no run key %q", k)
		}
	}
	for _, k := range []string{"fit", "recommended", "capture"} {
		if _, ok := est[k]; !ok {
			t.Errorf("estimate: no key %q", k)
		}
	}
	rec, _ := est["recommended"].(map[string]any)
	for _, k := range []string{"method", "coverage", "M", "interval", "low"} {
		if _, ok := rec[k]; !ok {
			t.Errorf("estimate: no recommended key %q in %v", k, rec)
		}
	}
}

// TestSeededRuns checks run --runs: the runs, the estimate over them and
// the union's coverage, which no run can exceed the union of, and the
// keys of its --json.
func TestSeededRuns(t *testing.T) {
	inModels(t)
	var stdout, stderr bytes.Buffer
	if code := gmc([]string{"run", "--json", "-bitstate", "-w", "9", "-k", "1", "--runs", "3", "deep.pml"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var run struct {
		StatesStored int64 `json:"states_stored"`
		Coverage     struct {
			Percent  *float64
			Interval *[2]float64
		}
		Runs []struct {
			Seed         uint64
			StatesStored int64 `json:"states_stored"`
		}
		Estimate *struct {
			N        *float64
			Interval *[2]float64
			Runs     int
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &run); err != nil {
		t.Fatal(err)
	}
	if len(run.Runs) != 3 || run.Runs[0].Seed != 0 || run.Runs[1].Seed == run.Runs[2].Seed || run.Runs[0].StatesStored != run.StatesStored {
		t.Errorf("runs %+v (stored %d): want three, the first of seed 0 as the report's, seeds apart", run.Runs, run.StatesStored)
	}
	e := run.Estimate
	if e == nil || e.N == nil || e.Runs != 3 || e.Interval == nil || !(e.Interval[0] <= *e.N && *e.N <= e.Interval[1]) {
		t.Fatalf("estimate %+v: want N̂ inside its interval over 3 runs", e)
	}
	if run.Coverage.Percent == nil || run.Coverage.Interval == nil {
		t.Errorf("coverage %+v: want the union's, with an interval", run.Coverage)
	}
	stdout.Reset()
	if code := gmc([]string{"run", "--runs", "2", "ok.pml"}, &stdout, &stderr); code != exitUsage {
		t.Errorf("--runs without -bitstate: exit %d, want %d", code, exitUsage)
	}
}

// TestCacheJSON checks the cache keys of run --json: the counts of the
// exact side set are there with --cache-check, null without.
func TestCacheJSON(t *testing.T) {
	inModels(t)
	for _, check := range []bool{true, false} {
		args := []string{"run", "--json", "--cache", "20", "ok.pml"}
		if check {
			args = []string{"run", "--json", "--cache", "20", "--cache-check", "ok.pml"}
		}
		var stdout, stderr bytes.Buffer
		if code := gmc(args, &stdout, &stderr); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		var run struct {
			Coverage struct{ Percent *float64 }
			Cache    map[string]any
		}
		if err := json.Unmarshal(stdout.Bytes(), &run); err != nil {
			t.Fatal(err)
		}
		if run.Coverage.Percent == nil || *run.Coverage.Percent != 100 {
			t.Errorf("%v: coverage %v, want 100", args, run.Coverage.Percent)
		}
		if run.Cache["size"] != 20.0 || run.Cache["states"] != 20.0 || run.Cache["policy"] != defaultPolicy.String() || run.Cache["evictions"] == 0.0 || run.Cache["redundancy"].(float64) <= 1 {
			t.Errorf("%v: cache %v", args, run.Cache)
		}
		for _, k := range []string{"distinct_states", "states_explored_again", "redundant_work"} {
			if v, ok := run.Cache[k]; !ok || (v != nil) != check {
				t.Errorf("%v: %s = %v (present %v)", args, k, v, ok)
			}
		}
		if check && run.Cache["distinct_states"] != 31.0 {
			t.Errorf("distinct states %v, want 31", run.Cache["distinct_states"])
		}
	}
}

// TestEstimatePlot checks that --plot writes a picture in the format its
// name asks for, with the model's name, the fitted curve's legend and M.
func TestEstimatePlot(t *testing.T) {
	inModels(t)
	var stdout, stderr bytes.Buffer
	for _, name := range []string{"curve.svg", "curve.PNG"} {
		if code := gmc([]string{"estimate", "--sizes", "4..10", "--plot", name, "deep.pml"}, &stdout, &stderr); code != exitOK {
			t.Fatalf("%s: exit %d: %s", name, code, stderr.String())
		}
	}
	svg, err := os.ReadFile("curve.svg")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<svg", "deep.pml", "fitted over l = 5..10", "M ≈ 26", "states reached"} {
		if !bytes.Contains(svg, []byte(want)) {
			t.Errorf("curve.svg has no %q", want)
		}
	}
	png, err := os.ReadFile("curve.PNG")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("curve.PNG is not a PNG: % x", png[:min(8, len(png))])
	}
}

// TestRunMemoryBound checks that --mem stops the search with exit 3 and
// still prints the statistics.
func TestRunMemoryBound(t *testing.T) {
	inModels(t)
	src := "byte a, b, c;\nactive proctype p() { do :: a++ :: b++ :: c++ :: assert(a + b + c >= 0) od }\n"
	if err := os.WriteFile("big.pml", []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := gmc([]string{"run", "--mem", "1MB", "big.pml"}, &stdout, &stderr)
	if code != exitIncomplete {
		t.Errorf("exit %d, want %d; stderr: %s", code, exitIncomplete, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"memory bound of 1048576 bytes reached", "states, stored", "coverage: unknown"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"512MB": 512 << 20, "2GB": 2 << 30, "100": 100, "1.5k": 1536, "64 KiB": 64 << 10} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "MB", "-1MB", "lots", "1e30GB"} {
		if _, err := parseSize(in); err == nil {
			t.Errorf("parseSize(%q) accepted", in)
		}
	}
}

// TestCoverageJSON checks that --json carries the model's coverage for
// tools: counts, the gaps with their positions, the reading; and that a
// bitstate run says it covers only what it explored.
func TestCoverageJSON(t *testing.T) {
	inModels(t)
	for _, bitstate := range []bool{false, true} {
		args := []string{"run", "--json", "--coverage", "fig8b.pml"}
		if bitstate {
			args = []string{"run", "--json", "--coverage", "-bitstate", "fig8b.pml"}
		}
		var stdout, stderr bytes.Buffer
		if code := gmc(args, &stdout, &stderr); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		var run struct {
			ModelCoverage *struct {
				Partial     string
				Transitions int
				Executed    int
				Gaps        []struct {
					Pos   string
					Text  string
					Never bool
				} `json:"condition_gaps"`
				Reading struct{ Verdict string }
			} `json:"analyses"`
		}
		if err := json.Unmarshal(stdout.Bytes(), &run); err != nil {
			t.Fatal(err)
		}
		c := run.ModelCoverage
		if c == nil {
			t.Fatalf("%v: no analyses in %s", args, stdout.String())
		}
		if c.Transitions != 6 || c.Executed != 4 || len(c.Gaps) != 3 || c.Gaps[0].Pos != "fig8b.pml:10:5" || c.Gaps[0].Text != "b" || c.Gaps[0].Never {
			t.Errorf("%v: %+v", args, *c)
		}
		if !strings.Contains(c.Reading.Verdict, "incomplete specification") {
			t.Errorf("%v: verdict %q", args, c.Reading.Verdict)
		}
		if bitstate != (c.Partial != "") {
			t.Errorf("%v: partial %q", args, c.Partial)
		}
	}
}

// TestCertify writes a search script with gmc run --script and certifies
// it with gmc certify: accepted as written (text and JSON), refused for
// another model (exit 2), rejected with a deviation when tampered with
// (exit 1).
func TestCertify(t *testing.T) {
	inModels(t)
	run := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := gmc(args, &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	if code, _, stderr := run("run", "-c0", "--script", "ok.scc", "ok.pml"); code != exitOK || !strings.Contains(stderr, "wrote ok.scc") {
		t.Fatalf("run --script: exit %d: %s", code, stderr)
	}
	if code, out, _ := run("certify", "ok.pml", "ok.scc"); code != exitOK || !strings.HasPrefix(out, "certified: ok.scc follows the search of ok.pml") ||
		!strings.Contains(out, "fingerprints: at most") {
		t.Errorf("certify: exit %d: %s", code, out)
	}
	// The script of a reduced search (the default) is followed whole;
	// that of a full one also in parts.
	if code, _, stderr := run("certify", "--parallel", "3", "ok.pml", "ok.scc"); code != exitUsage || !strings.Contains(stderr, "certified whole, not in parts") {
		t.Errorf("certify --parallel 3 of a reduced search's script: exit %d: %s", code, stderr)
	}
	if code, _, stderr := run("run", "-c0", "--no-reduce", "--script", "full.scc", "ok.pml"); code != exitOK || !strings.Contains(stderr, "wrote full.scc") {
		t.Fatalf("run --no-reduce --script: exit %d: %s", code, stderr)
	}
	if code, out, _ := run("certify", "--parallel", "3", "ok.pml", "full.scc"); code != exitOK || !strings.Contains(out, "parts: 3,") {
		t.Errorf("certify --parallel 3: exit %d: %s", code, out)
	}
	if code, _, stderr := run("certify", "--parallel", "-1", "ok.pml", "ok.scc"); code != exitUsage || !strings.Contains(stderr, "--parallel") {
		t.Errorf("certify --parallel -1: exit %d: %s", code, stderr)
	}
	code, out, _ := run("certify", "--json", "ok.pml", "ok.scc")
	var js struct {
		OK        bool
		Deviation *struct{ Kind string }
		States    int
	}
	if err := json.Unmarshal([]byte(out), &js); err != nil || code != exitOK || !js.OK || js.Deviation != nil || js.States == 0 {
		t.Errorf("certify --json: exit %d, %v: %s", code, err, out)
	}
	if code, _, stderr := run("certify", "deadlock.pml", "ok.scc"); code != exitUsage || !strings.Contains(stderr, "another model") {
		t.Errorf("another model: exit %d: %s", code, stderr)
	}
	// Under a state cache that explores states again, the script is the
	// same: the re-explorations are left out.
	if code, _, stderr := run("run", "-c0", "--cache", "20", "--policy", "stratified", "--script", "cached.scc", "ok.pml"); code != exitOK || !strings.Contains(stderr, "wrote cached.scc") {
		t.Fatalf("run --cache --script: exit %d: %s", code, stderr)
	}
	plain, _ := os.ReadFile("ok.scc")
	if cached, _ := os.ReadFile("cached.scc"); !bytes.Equal(cached, plain) {
		t.Errorf("the script written under --cache differs from the plain one")
	}
	// A script cut short: certification fails, saying where.
	b, err := os.ReadFile("full.scc")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("cut.scc", b[:len(b)-12], 0o644); err != nil {
		t.Fatal(err)
	}
	for _, parallel := range []string{"0", "2"} {
		if code, out, _ := run("certify", "--parallel", parallel, "ok.pml", "cut.scc"); code != exitViolation || !strings.Contains(out, "certification failed") {
			t.Errorf("cut script (parallel %s): exit %d: %s", parallel, code, out)
		}
	}
	// A bitstate search cannot write a script.
	if code, _, stderr := run("run", "-bitstate", "--script", "x.scc", "ok.pml"); code != exitUsage || !strings.Contains(stderr, "--script") {
		t.Errorf("bitstate --script: exit %d: %s", code, stderr)
	}
}

// TestCertifyTrustful writes a trustful script and certifies it with
// --trustful; each kind of script is refused by the other kind of
// certification.
func TestCertifyTrustful(t *testing.T) {
	inModels(t)
	run := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := gmc(args, &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	if code, _, stderr := run("run", "-c0", "--script", "t.scc", "--trustful", "deadlock.pml"); code != exitViolation {
		t.Fatalf("run --script --trustful: exit %d: %s", code, stderr)
	}
	code, out, _ := run("certify", "--trustful", "deadlock.pml", "t.scc")
	if code != exitViolation || !strings.HasPrefix(out, "certified (trustful)") || !strings.Contains(out, "invalid end state") {
		t.Errorf("certify --trustful: exit %d: %s", code, out)
	}
	if code, _, stderr := run("certify", "deadlock.pml", "t.scc"); code != exitUsage || !strings.Contains(stderr, "--trustful") {
		t.Errorf("trustful script without --trustful: exit %d: %s", code, stderr)
	}
	run("run", "--script", "f.scc", "ok.pml")
	if code, _, stderr := run("certify", "--trustful", "ok.pml", "f.scc"); code != exitUsage || !strings.Contains(stderr, "not a trustful script") {
		t.Errorf("full script with --trustful: exit %d: %s", code, stderr)
	}
}

// TestRunSearches runs the randomized and Monte Carlo searches from the
// command line: the report's lines, the JSON document's parts, the exit
// codes (1 with an error, whose trail gmc replay follows; 3 for a search
// that cannot tell it covered everything; 0 for a Monte Carlo search
// with room for the whole state space), and the flags refused.
func TestRunSearches(t *testing.T) {
	inModels(t)
	run := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := gmc(args, &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	for _, search := range []string{"urs", "sdrs", "rw"} {
		code, out, stderr := run("run", "--search", search, "--max-states", "100", "--steps", "5000", "--count-exact", "--probes", "0", "ok.pml")
		if code != exitIncomplete || !strings.Contains(out, "5000 steps") || !strings.Contains(out, "31 distinct states (counted exactly") ||
			!strings.Contains(out, "coverage: unknown") {
			t.Errorf("--search %s: exit %d: %s%s", search, code, out, stderr)
		}
		code, out, _ = run("run", "--search", search, "--max-states", "100", "--steps", "5000", "--seed", "3", "deadlock.pml")
		if code != exitViolation || !strings.Contains(out, "invalid end state") || !strings.Contains(out, "wrote deadlock.pml.trail") {
			t.Errorf("--search %s on a deadlock: exit %d: %s", search, code, out)
		}
		if code, out, stderr := run("replay", "deadlock.pml", "deadlock.pml.trail"); code != exitViolation && code != exitOK {
			t.Errorf("replay of the %s trail: exit %d: %s%s", search, code, out, stderr)
		}
	}
	code, out, stderr := run("run", "--search", "mc", "--max-states", "1000", "ok.pml")
	if code != exitOK || !strings.Contains(out, "coverage: 100%") {
		t.Errorf("--search mc with room: exit %d: %s%s", code, out, stderr)
	}
	code, out, _ = run("run", "--search", "mc", "--max-states", "20", "--json", "ok.pml")
	var js struct {
		Search     string
		Coverage   struct{ Percent *float64 }
		MonteCarlo *struct {
			Samples    int64 `json:"samples"`
			BFSStates  int64 `json:"bfs_states"`
			Unexplored int64 `json:"unexplored_productive"`
		} `json:"monte_carlo"`
	}
	if err := json.Unmarshal([]byte(out), &js); err != nil || code != exitIncomplete || js.Search != "mc" || js.MonteCarlo == nil || js.MonteCarlo.BFSStates != 12 {
		t.Errorf("--search mc --json: exit %d, %v: %s", code, err, out)
	}
	// A depth-first search stopped at its bound estimates from its
	// stack, without probes.
	if code, out, _ := run("run", "--max-states", "20", "--probes", "0", "ok.pml"); code != exitIncomplete || !strings.Contains(out, "(~estimate from the DFS stack") {
		t.Errorf("run --max-states 20 --probes 0: exit %d: %s", code, out)
	}
	// With probes that finish, the estimate is 20 of the 31 states: every
	// state of so small a model is sampled, and filters of 2^16 bits
	// miss none of them.
	if code, out, _ := run("run", "--max-states", "20", "--probe-time", "none", "ok.pml"); code != exitIncomplete ||
		!strings.Contains(out, "coverage: 64.52% (estimate: 20 of N ≈ 31 ") || !strings.Contains(out, "estimate from the DFS stack, 004 eq. 5.2-5.3: ") {
		t.Errorf("run --max-states 20 --probe-time none: exit %d: %s", code, out)
	}
	for _, search := range []string{"urs", "sdrs", "rw"} {
		code, out, stderr := run("run", "--search", search, "--max-states", "100", "--steps", "30", "--seed", "1", "--probe-time", "none", "--json", "ok.pml")
		var js struct {
			Coverage struct {
				Percent  *float64
				Interval *[2]float64
			}
			Probes *struct {
				Runs     int  `json:"runs"`
				Complete bool `json:"complete"`
				Reached  int  `json:"sampled_states_reached"`
				Found    int  `json:"search_sampled_states"`
			}
		}
		if err := json.Unmarshal([]byte(out), &js); err != nil || code != exitIncomplete || js.Probes == nil || !js.Probes.Complete || js.Probes.Reached != 31 ||
			js.Coverage.Percent == nil || math.Abs(*js.Coverage.Percent-100*float64(js.Probes.Found)/31) > 1e-9 {
			t.Errorf("--search %s --steps 30 with probes: exit %d, %v: %s%s", search, code, err, out, stderr)
		}
	}
	for _, args := range [][]string{
		{"run", "--search", "bfs", "--script", "s.scc", "ok.pml"},
		{"run", "--search", "urs", "-bitstate", "ok.pml"},
		{"run", "--search", "urs", "--restart", "somewhere", "ok.pml"},
		{"run", "--search", "mc", "--mc-split", "1.5", "ok.pml"},
		{"run", "--search", "urs", "--max-states", "1", "ok.pml"},
	} {
		if code, _, stderr := run(args...); code != exitUsage || stderr == "" {
			t.Errorf("%v: exit %d, %q", args, code, stderr)
		}
	}
}

// TestDefines: -D sets preprocessor macros for every command that reads
// a model, SPIN's way (-DN=0) and Go's (-D N=0); NAME alone is 1; a bad
// name is a usage error.
func TestDefines(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("d.pml", []byte("byte x;\nactive proctype p() { assert(x < N) }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) int {
		var stdout, stderr bytes.Buffer
		return gmc(args, &stdout, &stderr)
	}
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{"run", "-DN=1", "d.pml"}, exitOK},
		{[]string{"run", "-DN=0", "d.pml"}, exitViolation},
		{[]string{"run", "-D", "N=0", "d.pml"}, exitViolation},
		{[]string{"run", "-D", "N", "d.pml"}, exitOK},
		{[]string{"run", "d.pml"}, exitUsage}, // N undefined
		{[]string{"check", "-DN=1", "d.pml"}, exitOK},
		{[]string{"check", "d.pml"}, exitUsage},
		{[]string{"sim", "-DN=1", "--seed", "1", "d.pml"}, exitOK},
		{[]string{"run", "-D", "9x=1", "d.pml"}, exitUsage},
	} {
		if got := run(c.args...); got != c.want {
			t.Errorf("%v: exit %d, want %d", c.args, got, c.want)
		}
	}
}

// TestProgressLines: --progress-lines N prints pan's periodic line on
// stderr about every N states, with growing counts; stdout keeps the
// report alone. (The live line needs a terminal: liveLine's format is
// checked directly.)
func TestProgressLines(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := gmc([]string{"run", "-n", "--no-reduce", "-DN=6", "--progress-lines", "20000", "../../examples/models/leader_n.pml"}, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var states []float64
	for _, line := range strings.Split(stderr.String(), "\n") {
		var depth int
		var n float64
		if _, err := fmt.Sscanf(line, "Depth= %d States= %g", &depth, &n); err == nil {
			states = append(states, n)
		}
	}
	if len(states) < 3 || strings.Contains(stdout.String(), "Depth=") {
		t.Fatalf("%d progress lines in %q", len(states), stderr.String())
	}
	for i, n := range states {
		// the i-th line comes once (i+1)*N states are stored (printed
		// with 3 digits)
		if n < 0.99*float64(i+1)*20000 {
			t.Errorf("progress lines at %v states: line %d too early", states, i+1)
		}
	}
	// with --json, the lines are JSON objects
	stdout.Reset()
	stderr.Reset()
	if code := gmc([]string{"run", "--json", "--no-reduce", "-DN=6", "--progress-lines", "50000", "../../examples/models/leader_n.pml"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("--json: exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	for _, l := range lines {
		var p struct {
			States int64 `json:"states"`
			Depth  int   `json:"depth"`
		}
		if err := json.Unmarshal([]byte(l), &p); err != nil || p.States < 50000 {
			t.Errorf("--json progress line %q: %v", l, err)
		}
	}
	if len(lines) < 2 {
		t.Errorf("--json: %d progress lines", len(lines))
	}
	line := liveLine(checker.Progress{Stored: 1234567, Depth: 12, MaxDepth: 40, Elapsed: 2 * time.Second, Memory: 3 << 20,
		Estimate: &checker.StackEstimate{Percent: 35}})
	if want := "gmc: 1.23M states, depth 12 (max 40), 617k states/s, 3 MB, 2.0 s, coverage ~35% (stack estimate, pessimistic)"; line != want {
		t.Errorf("live line %q, want %q", line, want)
	}
}

// TestCheckJSON: gmc check --json prints one JSON document with every
// diagnostic and its position, and exits 2 when there are errors.
func TestCheckJSON(t *testing.T) {
	inModels(t)
	var stdout, stderr bytes.Buffer
	code := gmc([]string{"check", "--json", "syntax.pml", "ok.pml"}, &stdout, &stderr)
	var js struct {
		Errors      int
		Diagnostics []struct{ Pos, Severity, Message string }
	}
	if err := json.Unmarshal(stdout.Bytes(), &js); err != nil || code != exitUsage || js.Errors != 1 ||
		len(js.Diagnostics) != 1 || js.Diagnostics[0].Pos != "syntax.pml:3:6" || js.Diagnostics[0].Severity != "error" || stderr.Len() > 0 {
		t.Errorf("check --json: exit %d, %v: %s / %s", code, err, stdout.String(), stderr.String())
	}
	stdout.Reset()
	if code := gmc([]string{"check", "--json", "ok.pml"}, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), `"errors": 0`) {
		t.Errorf("check --json ok.pml: exit %d: %s", code, stdout.String())
	}
}
