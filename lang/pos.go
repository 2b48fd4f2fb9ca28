package lang

import (
	"fmt"
	"sort"
	"strings"
)

// Pos is a position in a source file the user wrote: 1-based line and column
// (column counted in bytes). Tokens that come out of a macro expansion carry the
// position of the macro's use, so every diagnostic points at text the user can see.
type Pos struct {
	File string
	Line int
	Col  int
}

// IsValid reports whether the position is known.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String formats the position as file:line:col, the form editors jump to.
func (p Pos) String() string {
	if !p.IsValid() {
		if p.File != "" {
			return p.File
		}
		return "-"
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// MarshalText makes a position "file:line:col" in JSON, the form
// diagnostics print and editors read.
func (p Pos) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// Before reports whether p comes before q (by file name, then line, then column).
func (p Pos) Before(q Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}

// Severity says whether a diagnostic stops the model from being used.
type Severity int

// The two severities of a diagnostic.
const (
	Error Severity = iota
	Warning
)

// Diagnostic is one message about the model, at a position.
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	Msg      string
}

func (d *Diagnostic) Error() string {
	kind := "error"
	if d.Severity == Warning {
		kind = "warning"
	}
	return fmt.Sprintf("%s: %s: %s", d.Pos, kind, d.Msg)
}

// MaxErrors is the number of errors after which the front end stops collecting
// more: past that point, later errors are usually consequences of earlier ones.
const MaxErrors = 50

// Diagnostics is a list of diagnostics, as go/scanner's ErrorList: collected
// during a pass, then sorted by position and printed one per line.
type Diagnostics []*Diagnostic

// Add appends an error at pos.
func (l *Diagnostics) Add(pos Pos, format string, args ...any) {
	*l = append(*l, &Diagnostic{Pos: pos, Severity: Error, Msg: fmt.Sprintf(format, args...)})
}

// Warn appends a warning at pos.
func (l *Diagnostics) Warn(pos Pos, format string, args ...any) {
	*l = append(*l, &Diagnostic{Pos: pos, Severity: Warning, Msg: fmt.Sprintf(format, args...)})
}

// ErrorCount returns the number of errors (warnings not counted).
func (l Diagnostics) ErrorCount() int {
	n := 0
	for _, d := range l {
		if d.Severity == Error {
			n++
		}
	}
	return n
}

// Full reports whether so many errors were collected that the pass should stop.
func (l Diagnostics) Full() bool { return l.ErrorCount() >= MaxErrors }

// Sort orders the list by position and removes exact duplicates.
func (l *Diagnostics) Sort() {
	s := *l
	sort.SliceStable(s, func(i, j int) bool { return s[i].Pos.Before(s[j].Pos) })
	out := s[:0]
	for i, d := range s {
		if i > 0 && *d == *s[i-1] {
			continue
		}
		out = append(out, d)
	}
	*l = out
}

// Err returns the list as an error if it holds at least one error, else nil.
func (l Diagnostics) Err() error {
	if l.ErrorCount() == 0 {
		return nil
	}
	return l
}

// Error prints every diagnostic on its own line.
func (l Diagnostics) Error() string {
	var b strings.Builder
	for i, d := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.Error())
	}
	return b.String()
}
