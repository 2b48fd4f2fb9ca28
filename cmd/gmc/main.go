package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
)

// Exit codes, as documented in the README.
const (
	exitOK         = 0 // no property violated
	exitViolation  = 1 // a property was violated
	exitUsage      = 2 // a usage or model error
	exitIncomplete = 3 // the search stopped early without finding a violation
)

// command is one gmc subcommand.
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]*command{}

// stdin is what a simulated model reads through its STDIN channel (tests
// replace it).
var stdin io.Reader = os.Stdin

func register(c *command) { commands[c.name] = c }

func main() {
	os.Exit(gmc(os.Args[1:], os.Stdout, os.Stderr))
}

// gmc runs the command line args and returns the exit code.
func gmc(args []string, stdout, stderr io.Writer) int {
	args = colourArgs(args, stdout)
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if c := commands[args[1]]; c != nil {
				return c.run([]string{"-help"}, stdout, stderr)
			}
			fmt.Fprintf(stderr, "gmc: no command %q\n", args[1])
			return exitUsage
		}
		usage(stdout)
		return exitOK
	case "--version", "-version":
		return commands["version"].run(args[1:], stdout, stderr)
	}
	c := commands[name]
	if c == nil {
		fmt.Fprintf(stderr, "gmc: unknown command %q (try gmc help)\n", name)
		return exitUsage
	}
	return c.run(args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "gmc is a model checker for Promela.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: gmc COMMAND [flags] MODEL.pml [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'gmc help COMMAND' (or gmc COMMAND -h) for a command's flags and an example;")
	fmt.Fprintln(w, "flags may come before or after the model, and -- ends them.")
	fmt.Fprintln(w, "Output is coloured on a terminal; NO_COLOR=1 or --no-color turns it off.")
}

// onInterrupt returns a channel closed at the first interrupt (Ctrl-C),
// for a command that stops its work and reports what it did, and what to
// call when the command is done. A second interrupt ends gmc at once,
// without a report (exit status 3): the work may be where it never looks
// at the channel, as in a d_step that never ends (pan hangs there too).
func onInterrupt() (stop <-chan struct{}, release func()) {
	c := make(chan struct{})
	interrupt := make(chan os.Signal, 1)
	signal.Notify(interrupt, os.Interrupt)
	go func() {
		if _, ok := <-interrupt; !ok {
			return
		}
		close(c)
		if _, ok := <-interrupt; ok {
			fmt.Fprintln(os.Stderr, "gmc: interrupted again: stopping at once, without a report")
			os.Exit(exitIncomplete)
		}
	}()
	return c, func() {
		signal.Stop(interrupt)
		close(interrupt)
	}
}
