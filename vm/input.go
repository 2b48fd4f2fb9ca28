package vm

import (
	"bufio"
	"io"
)

// Input is the text a simulation reads through SPIN's STDIN channel: each
// variable of a receive from STDIN gets the next byte, and -1 once the text
// has ended. (SPIN 6.5.2 reads the terminal without waiting and, at the end
// of piped input, leaves the receive blocked, so a model's EOF test never
// fires; -1 is what models such as wordcount.pml expect.)
type Input struct {
	r *bufio.Reader
}

// NewInput returns an Input reading r.
func NewInput(r io.Reader) *Input {
	return &Input{r: bufio.NewReader(r)}
}

// read returns the next byte, or -1 at the end; it leaves the byte to be
// read again unless consume is set.
func (in *Input) read(consume bool) int64 {
	b, err := in.r.ReadByte()
	if err != nil {
		return -1
	}
	if !consume {
		_ = in.r.UnreadByte()
	}
	return int64(b)
}
