package sim

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gmc/vm"
)

// An interactive simulation (Options.Choices, spin -i) shows, before each
// step, the moves of the current state as SPIN's simulator numbers them
// and reads the number of the one to take:
//
//	Select a statement
//		choice 1: proc  1 (B:1) m.pml:10 (state 1) [x = 1]
//		choice 2: proc  0 (A:1) m.pml:3 (state 6) [((x<2))]
//		choice 4: proc  0 (A:1) m.pml:3 (state 6) [break]
//	Select [1-4]:
//
// SPIN numbers every option of every process, from the highest pid
// down, executable or not, and lists the executable ones; a process's
// else comes last in its list, listed as unexecutable when another of
// its options is executable. With one executable choice the choice is
// taken at once, its number printed after the prompt. An answer out of
// range says "choice is outside range", the number of an option that
// cannot move "unexecutable", and the menu comes again; q quits at once
// (no final report, as spin -i); so does the end of the input (where
// spin -i would take its last answer again and again). Inside an atomic
// sequence whose process has one move, the step is taken without a
// menu: SPIN's simulator stays with the process.

// chooser reads the choices of an interactive simulation.
type chooser struct {
	in *bufio.Reader
}

// choice is one numbered option of the menu.
type choice struct {
	n  int
	mv *vm.Move // nil: not executable
}

// choose shows the menu of moves, the moves of the current state, and
// returns the one the user chose; quit is set when the user quits or the
// input ends.
func (p *printer) choose(moves []vm.Move) (mv vm.Move, quit bool) {
	r, w := p.r, p.w
	if r.Owner >= 0 && len(moves) == 1 {
		return moves[0], false
	}
	s := r.S
	for {
		fmt.Fprint(w, "Select a statement\n")
		var numbered []choice
		k, executable, only := 1, 0, 0
		for pid := s.NrProcs() - 1; pid >= 0; pid-- {
			pt := p.m.ProcType(s, pid)
			pc := pt.PCs[p.m.PC(s, pid)]
			prefix := p.label(s, pid, pt) + where(pt, pc.Seqno)
			var elseChoice *choice
			others := 0
			for _, t := range pc.Trans {
				c := choice{n: k, mv: findMove(moves, pid, t)}
				k++
				numbered = append(numbered, c)
				if t.Else {
					elseChoice = &numbered[len(numbered)-1]
					continue
				}
				if c.mv == nil {
					continue
				}
				others++
				executable, only = executable+1, c.n
				fmt.Fprintf(w, "\tchoice %d: %s [%s]\n", c.n, prefix, choiceText(pt, t))
			}
			if elseChoice != nil {
				if elseChoice.mv != nil && others == 0 {
					executable, only = executable+1, elseChoice.n
					fmt.Fprintf(w, "\tchoice %d: %s [else]\n", elseChoice.n, prefix)
				} else {
					elseChoice.mv = nil
					fmt.Fprintf(w, "\tchoice %d: %s unexecutable, [else]\n", elseChoice.n, prefix)
				}
			}
		}
		fmt.Fprintf(w, "Select [1-%d]: ", k-1)
		if executable == 1 {
			fmt.Fprintf(w, "%d\n", only)
			return *numbered[only-1].mv, false
		}
		word, ok := p.chooser.word()
		if !ok {
			fmt.Fprint(w, "\n")
			return vm.Move{}, true
		}
		j := -1
		switch {
		case word[0] >= '0' && word[0] <= '9':
			j = atoi(word)
		case word[0] == 'q':
			return vm.Move{}, true
		}
		switch {
		case j < 1 || j >= k:
			fmt.Fprint(w, "\tchoice is outside range\n")
		case numbered[j-1].mv == nil:
			fmt.Fprint(w, "\tunexecutable\n")
		default:
			return *numbered[j-1].mv, false
		}
	}
}

// silentJump takes, without a step, the jump of a process that is at a
// goto (not a break) or at the end of an if or do option, as SPIN's simulator does when it lists the moves
// (silent_moves): it reports whether it took one.
func (p *printer) silentJump(moves []vm.Move) bool {
	s := p.r.S
	for _, mv := range moves {
		pt := p.m.ProcType(s, mv.Pid)
		e := pt.Elements[mv.T.Elem-1]
		jump := e.Goto && !strings.HasPrefix(e.Text, "goto :b") || e.Text == ".(goto)" // (a goto, the skip after an option)
		if len(mv.T.Stmts) > 0 || !jump || len(pt.PCs[p.m.PC(s, mv.Pid)].Trans) != 1 || p.r.Pending != 0 {
			continue
		}
		return len(p.r.Do(mv)) == 0
	}
	return false
}

// word reads the next word of the input (spin -i reads with %s): false
// at its end.
func (c *chooser) word() (string, bool) {
	var b strings.Builder
	for {
		r, _, err := c.in.ReadRune()
		if err != nil {
			return b.String(), b.Len() > 0
		}
		switch {
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			if b.Len() > 0 {
				return b.String(), true
			}
		default:
			b.WriteRune(r)
		}
	}
}

// atoi is C's: the leading digits of s.
func atoi(s string) int {
	end := 0
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	n, err := strconv.Atoi(s[:end])
	if err != nil {
		return -1 // (too many digits: out of range)
	}
	return n
}

// findMove returns the move of moves that is process pid taking t, nil
// if there is none.
func findMove(moves []vm.Move, pid int, t *vm.Trans) *vm.Move {
	for i := range moves {
		if moves[i].Pid == pid && moves[i].T == t {
			return &moves[i]
		}
	}
	return nil
}

// choiceText is how a menu shows transition t of pt: its first
// statement's text, as a step line shows it; a break is "break" (the
// step line shows the jump it is, "goto :b0").
func choiceText(pt *vm.ProcType, t *vm.Trans) string {
	if len(t.Stmts) > 0 {
		if _, ok := pt.StmtElem[t.Stmts[0]]; ok {
			return stmtText(pt, t.Stmts[0])
		}
	}
	text := pt.Elements[t.Elem-1].Text
	if strings.HasPrefix(text, "goto :b") { // (no label starts with a colon)
		return "break"
	}
	return text
}

// newChooser reads choices from in.
func newChooser(in io.Reader) *chooser {
	return &chooser{in: bufio.NewReaderSize(in, 64)}
}
