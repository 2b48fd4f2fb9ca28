package main

import (
	"io"
	"os"

	"github.com/fatih/color"
)

// Colour: errors red, success green, estimates and warnings yellow,
// headings bold; only on standard output, only when it is a terminal,
// NO_COLOR is not set and --no-color was not given (fatih/color's own
// verdict on os.Stdout covers the first two).
var (
	paintError    = color.New(color.FgRed, color.Bold)
	paintOK       = color.New(color.FgGreen)
	paintEstimate = color.New(color.FgYellow)
	paintHeading  = color.New(color.Bold)
)

// stdoutColour is fatih/color's verdict on os.Stdout, taken before gmc
// changes it.
var stdoutColour = !color.NoColor

// colourArgs removes --no-color from args (it may stand anywhere) and
// decides whether what gmc writes to stdout is coloured.
func colourArgs(args []string, stdout io.Writer) []string {
	off := false
	out := args[:0:0]
	for _, a := range args {
		if a == "--no-color" || a == "-no-color" {
			off = true
			continue
		}
		out = append(out, a)
	}
	color.NoColor = off || !stdoutColour || stdout != io.Writer(os.Stdout)
	return out
}
