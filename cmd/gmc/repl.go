package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"gmc/internal/atomicfile"

	"github.com/mattn/go-isatty"
	"github.com/peterh/liner"
)

func init() {
	register(&command{name: "repl", summary: "an interactive session: load a model, then run, estimate, sim, replay, certify it", run: runRepl})
}

// replCommands are the REPL's own commands; the others are gmc's.
var replCommands = map[string]string{
	"load":  "load M.pml: read and check a model; the commands below use it when they name none",
	"set":   "set FLAG [VALUE]: a flag every command that has it gets (set c 0, set no-merge); a flag that takes a value needs one",
	"unset": "unset FLAG: forget a flag set",
	"show":  "show: the loaded model and the flags set",
	"help":  "help [COMMAND]: this list, or a command's flags",
	"quit":  "quit (or Ctrl-D): leave",
}

// modelCommands are gmc's commands the REPL runs on the loaded model.
var modelCommands = []string{"check", "run", "estimate", "sim", "replay", "certify", "dump"}

// lineReader is where the REPL's lines come from: liner on a terminal,
// plain lines otherwise.
type lineReader interface {
	Prompt(prompt string) (string, error)
	AppendHistory(line string)
}

// plainLines reads lines from a reader that is not a terminal.
type plainLines struct {
	r       *bufio.Scanner
	out     io.Writer
	pending []byte // what Read has still to give of the line it read
}

func (p *plainLines) Prompt(prompt string) (string, error) {
	fmt.Fprint(p.out, prompt)
	if !p.r.Scan() {
		if err := p.r.Err(); err != nil {
			return "", err
		}
		return "", io.EOF
	}
	return p.r.Text(), nil
}

func (p *plainLines) AppendHistory(string) {}

// Read gives a command the session's next lines (what gmc sim -i or a
// model's STDIN reads): the scanner has read ahead of the command line,
// so they are there, not in the input behind it.
func (p *plainLines) Read(b []byte) (int, error) {
	if len(p.pending) == 0 {
		if !p.r.Scan() {
			if err := p.r.Err(); err != nil {
				return 0, err
			}
			return 0, io.EOF
		}
		p.pending = append(p.r.Bytes(), '\n')
	}
	n := copy(b, p.pending)
	p.pending = p.pending[n:]
	return n, nil
}

// repl is a session.
type repl struct {
	model    string    // the loaded model
	modTime  time.Time // its modification time when loaded
	settings map[string]string
	flags    map[string]map[string]bool // each command's flags: whether they take a value
	out, err io.Writer
	// input, when set, is what a command reads (not a terminal: the
	// session's own lines)
	input io.Reader
}

func runRepl(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("repl", "gmc repl [MODEL.pml]", "gmc repl examples/models/philosophers.pml", stderr)
	models, err := parseFlags(fs, args, "", stdout)
	if err != nil {
		return helpOrUsage(err)
	}
	if len(models) > 1 {
		fs.Usage()
		return exitUsage
	}
	r := &repl{settings: map[string]string{}, flags: map[string]map[string]bool{}, out: stdout, err: stderr}
	// An interrupt belongs to the command running (gmc run stops its
	// search and reports); it never ends the session.
	interrupts := make(chan os.Signal, 1)
	signal.Notify(interrupts, os.Interrupt)
	defer signal.Stop(interrupts)
	go func() {
		for range interrupts {
		}
	}()
	var lines lineReader
	if f, ok := stdin.(*os.File); ok && stdout == io.Writer(os.Stdout) && isatty.IsTerminal(f.Fd()) {
		l := liner.NewLiner()
		defer l.Close()
		l.SetCtrlCAborts(true)
		l.SetCompleter(r.complete)
		history := historyPath()
		if h, err := os.Open(history); err == nil {
			l.ReadHistory(h)
			h.Close()
		}
		defer func() {
			if history == "" {
				return
			}
			// whole or not at all: an old history is never cut short
			os.MkdirAll(filepath.Dir(history), 0o755)
			if err := atomicfile.WriteFunc(history, func(w io.Writer) error {
				_, err := l.WriteHistory(w)
				return err
			}); err != nil {
				fmt.Fprintf(stderr, "gmc repl: history not kept: %v\n", err)
			}
		}()
		lines = l
	} else {
		pl := &plainLines{r: bufio.NewScanner(stdin), out: stdout}
		lines, r.input = pl, pl
	}
	fmt.Fprintln(stdout, "gmc repl: load a model, run it; help lists the commands, Ctrl-D leaves")
	if len(models) == 1 {
		r.load(models[0])
	}
	r.loop(lines)
	return exitOK
}

// historyPath is where the session's history is kept across sessions.
func historyPath() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "gmc", "history")
}

// loop reads and runs commands until quit or the end of the input.
func (r *repl) loop(lines lineReader) {
	for {
		line, err := lines.Prompt("gmc> ")
		switch {
		case errors.Is(err, liner.ErrPromptAborted):
			continue // Ctrl-C at the prompt clears the line
		case err != nil:
			fmt.Fprintln(r.out)
			return // Ctrl-D, or the end of the input
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		lines.AppendHistory(line)
		if r.exec(strings.Fields(line)) {
			return
		}
	}
}

// exec runs one command line and reports whether the session is over.
// Nothing a command does ends the session: errors are printed, panics
// recovered.
func (r *repl) exec(words []string) (quit bool) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(r.err, "gmc repl: internal error: %v (the session goes on)\n", p)
		}
	}()
	name, args := words[0], words[1:]
	switch name {
	case "quit", "exit":
		return true
	case "help":
		r.help(args)
	case "load":
		if len(args) != 1 {
			fmt.Fprintln(r.err, "usage: load M.pml")
			return false
		}
		r.load(args[0])
	case "set":
		if len(args) < 1 || len(args) > 2 {
			fmt.Fprintln(r.err, "usage: set FLAG [VALUE]")
			return false
		}
		flag := strings.TrimLeft(args[0], "-")
		value := ""
		if len(args) == 2 {
			value = args[1]
		}
		if !r.known(flag) {
			fmt.Fprintf(r.err, "gmc repl: no command has a flag -%s\n", flag)
			return false
		}
		if msg := r.settable(flag, value, len(args) == 2); msg != "" {
			fmt.Fprintf(r.err, "gmc repl: %s\n", msg)
			return false
		}
		r.settings[flag] = value
	case "unset":
		for _, a := range args {
			delete(r.settings, strings.TrimLeft(a, "-"))
		}
	case "show":
		r.show()
	default:
		c := commands[name]
		if c == nil || name == "repl" {
			fmt.Fprintf(r.err, "gmc repl: unknown command %q (help lists them)\n", name)
			return false
		}
		r.reloadIfChanged()
		if r.input != nil {
			old := stdin
			stdin = r.input
			defer func() { stdin = old }()
		}
		code := c.run(r.commandArgs(name, args), r.out, r.err)
		if code != exitOK {
			fmt.Fprintf(r.out, "(exit %d)\n", code)
		}
	}
	return false
}

// load reads and checks a model and makes it the session's.
func (r *repl) load(path string) {
	info, err := os.Stat(path)
	if err != nil {
		fmt.Fprintf(r.err, "gmc repl: %v\n", err)
		return
	}
	if code := commands["check"].run([]string{path}, r.out, r.err); code != exitOK {
		fmt.Fprintf(r.err, "gmc repl: %s has errors; still loaded: fix it and the next command reloads it\n", path)
	} else {
		fmt.Fprintf(r.out, "loaded %s\n", path)
	}
	r.model, r.modTime = path, info.ModTime()
}

// reloadIfChanged reloads the model when its file changed since it was
// loaded.
func (r *repl) reloadIfChanged() {
	if r.model == "" {
		return
	}
	if info, err := os.Stat(r.model); err == nil && !info.ModTime().Equal(r.modTime) {
		fmt.Fprintf(r.out, "%s changed on disk: reloading\n", r.model)
		r.load(r.model)
	}
}

// commandArgs are the arguments of command name: the flags set that it
// has, the words given, and the loaded model where a model is expected
// and none is named.
func (r *repl) commandArgs(name string, words []string) []string {
	flags := r.commandFlags(name)
	var out []string
	keys := make([]string, 0, len(r.settings))
	for k := range r.settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		takesValue, ok := flags[k]
		v := r.settings[k]
		switch {
		case !ok:
		case takesValue:
			out = append(out, "-"+k+"="+v)
		case v == "":
			out = append(out, "-"+k)
		case len(r.valued(k)) == 0:
			out = append(out, "-"+k+"="+v) // set no-merge false
		}
		// (a value of a flag that takes one elsewhere is for those
		// commands: run's -c N is not replay's switch -c)
	}
	// the first positional word: not a flag, nor the value of one
	first := len(words)
	for i := 0; i < len(words); i++ {
		w := words[i]
		if strings.HasPrefix(w, "-") {
			if f := strings.TrimLeft(w, "-"); !strings.Contains(f, "=") && flags[f] {
				i++ // its value
			}
			continue
		}
		first = i
		break
	}
	named := false
	for _, w := range words[first:] {
		named = named || strings.HasSuffix(w, ".pml")
	}
	out = append(out, words[:first]...)
	if !named && r.model != "" && name != "help" {
		out = append(out, r.model)
	}
	return append(out, words[first:]...)
}

// commandFlags lists a command's flags, read from its -help text: a
// flag with a value is printed "-name VALUE", a switch "-name".
func (r *repl) commandFlags(name string) map[string]bool {
	if f, ok := r.flags[name]; ok {
		return f
	}
	f := map[string]bool{}
	var b bytes.Buffer
	if c := commands[name]; c != nil {
		c.run([]string{"-help"}, &b, &b)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		// (a one-letter switch has its usage on its line, after a tab)
		if fields := strings.Fields(line); strings.HasPrefix(line, "  -") {
			f[strings.TrimPrefix(fields[0], "-")] = len(fields) > 1 && !strings.Contains(line, "\t")
		}
	}
	r.flags[name] = f
	return f
}

// settable says why set f [value] is refused, "" when it is not: a flag
// that takes a value in some command needs one, and a switch everywhere
// takes only true or false.
func (r *repl) settable(f, value string, given bool) string {
	valued := r.valued(f)
	switch {
	case !given && len(valued) > 0:
		return fmt.Sprintf("set %s needs a value: -%s takes one in %s (set %s VALUE)", f, f, strings.Join(valued, ", "), f)
	case given && len(valued) == 0 && !isBool(value):
		return fmt.Sprintf("set %s %s: -%s is a switch: set %s, or set %s false", f, value, f, f, f)
	}
	return ""
}

// valued lists the commands in which flag f takes a value.
func (r *repl) valued(f string) []string {
	var names []string
	for _, name := range modelCommands {
		if takesValue, ok := r.commandFlags(name)[f]; ok && takesValue {
			names = append(names, name)
		}
	}
	return names
}

// isBool reports whether s is a value of a switch (-flag=s).
func isBool(s string) bool {
	_, err := strconv.ParseBool(s)
	return err == nil
}

// known reports whether some command has flag f.
func (r *repl) known(f string) bool {
	for _, name := range modelCommands {
		if _, ok := r.commandFlags(name)[f]; ok {
			return true
		}
	}
	return false
}

func (r *repl) show() {
	model := r.model
	if model == "" {
		model = "(none: load M.pml)"
	}
	fmt.Fprintf(r.out, "model: %s\n", model)
	if len(r.settings) == 0 {
		fmt.Fprintln(r.out, "flags: none set")
		return
	}
	keys := make([]string, 0, len(r.settings))
	for k := range r.settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(r.out, "flag: -%s %s\n", k, r.settings[k])
	}
}

func (r *repl) help(args []string) {
	if len(args) == 1 {
		if c := commands[args[0]]; c != nil && args[0] != "repl" {
			c.run([]string{"-help"}, r.out, r.out)
			return
		}
		if h, ok := replCommands[args[0]]; ok {
			fmt.Fprintln(r.out, h)
			return
		}
		fmt.Fprintf(r.err, "gmc repl: no command %q\n", args[0])
		return
	}
	fmt.Fprintln(r.out, "On the loaded model (or on a model named), as on the command line:")
	for _, name := range modelCommands {
		fmt.Fprintf(r.out, "  %-9s %s\n", name, commands[name].summary)
	}
	fmt.Fprintln(r.out, "The session's own:")
	names := make([]string, 0, len(replCommands))
	for n := range replCommands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(r.out, "  %-9s %s\n", n, replCommands[n])
	}
	fmt.Fprintln(r.out, "Ctrl-C stops a run (its report so far is printed) or clears the line; Ctrl-D leaves; Tab completes.")
}

// complete completes the line's last word: a command, a flag of the
// line's command, or a file name.
func (r *repl) complete(line string) []string {
	words := strings.Fields(line)
	if strings.HasSuffix(line, " ") || len(words) == 0 {
		words = append(words, "")
	}
	last := words[len(words)-1]
	head := line[:len(line)-len(last)]
	var cands []string
	switch {
	case len(words) == 1:
		cands = append(append(cands, modelCommands...), "load", "set", "unset", "show", "help", "quit")
	case strings.HasPrefix(last, "-"):
		dashes := "-"
		if strings.HasPrefix(last, "--") {
			dashes = "--" // Go's flags take one or two
		}
		for f := range r.commandFlags(words[0]) {
			cands = append(cands, dashes+f)
		}
	case words[0] == "set" || words[0] == "unset":
		for _, name := range modelCommands {
			for f := range r.commandFlags(name) {
				cands = append(cands, f)
			}
		}
	default:
		matches, _ := filepath.Glob(last + "*")
		for _, m := range matches {
			if info, err := os.Stat(m); err == nil && info.IsDir() {
				m += string(filepath.Separator)
			}
			cands = append(cands, m)
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, c := range cands {
		if strings.HasPrefix(c, last) && !seen[c] {
			seen[c] = true
			out = append(out, head+c)
		}
	}
	sort.Strings(out)
	return out
}
