package lang

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"gmc/internal/spinref"
)

// The texts SpinText must produce are SPIN's. They were collected once
// from SPIN 6.5.2: the model spinTextModel builds from the cases below
// (written out with go test ./lang -run TestSpinTextTable
// -spintext-model FILE) was run through
//
//	spin -o3 -a m.pml && cc -DSAFETY -o pan pan.c && ./pan -d
//
// and the texts pan printed after "=>" for each case's line are its want
// list (in any order; texts that name no statement, such as goto :b0, left
// out; the counter of a for loop over a channel normalized).
// TestSpinTextTableSpin repeats that run when spin and cc are installed,
// so the expectations cannot drift from SPIN.

// spinTextCase is one line of the table model: a statement (or a few) of
// proctype P's body, or, with never set, of the never claim.
type spinTextCase struct {
	stmt     string
	never    bool
	atInline bool // the texts are those of the inline I's body (its line in the prelude)
	want     []string
}

const spinTextPrelude = `mtype = { red, green, blue };
mtype:sub = { aa, bb, cc, dd };
typedef T { int f; int g[3]; int _h; mtype:sub ms };
chan c = [2] of { int, int };
chan q = [2] of { mtype, int };
chan cs[2] = [2] of { int };
int x, a[4];
T t;
byte _u, __v2;
mtype m, mn;
mtype:sub ms;
typedef In { byte p; byte q[2] };
typedef S2 { byte a; In in; int b[2] };
chan sc = [2] of { S2 };
S2 s2, s2a[2];
int xi;
inline I(v, w) { q!v,w; xi = v; x = v + red; printf("%e\n", v); a[v] = w }
proctype Q(int p; byte r) {
	int z, za[2];
lab:	z = p
}
active proctype P() {
	int y = 3; byte i;
	skip;
`

var spinTextCases = []spinTextCase{
	// assignments, ++ and --
	{stmt: `x++`, want: []string{`x = (x+1)`}},
	{stmt: `x--`, want: []string{`x = (x-1)`}},
	{stmt: `x = x + 1`, want: []string{`x = (x+1)`}},
	{stmt: `t.f++`, want: []string{`t.f = (t.f+1)`}},
	{stmt: `a[i]--`, want: []string{`a[i] = (a[i]-1)`}},
	// constants
	{stmt: `x = -1`, want: []string{`x = -(1)`}},
	{stmt: `x = 'a'`, want: []string{`x = 97`}},
	{stmt: `x = true`, want: []string{`x = 1`}},
	{stmt: `x = false`, want: []string{`x = 0`}},
	// unary and binary operators, and how the tree's shape shows
	{stmt: `x = !x`, want: []string{`x = !(x)`}},
	{stmt: `x = ~x`, want: []string{`x = ~(x)`}},
	{stmt: `x = - - 1`, want: []string{`x = -(-(1))`}},
	{stmt: `x = !(!x)`, want: []string{`x = !(!(x))`}},
	{stmt: `x = -x * y`, want: []string{`x = (-(x)*y)`}},
	{stmt: `x = !x && y`, want: []string{`x = (!(x)&&y)`}},
	{stmt: `x = x * 2 / 3 % 4 + 5 - 6`, want: []string{`x = (((((x*2)/3)%4)+5)-6)`}},
	{stmt: `x = x << 2 >> 1 & 3 | 4 ^ 5`, want: []string{`x = ((((x<<2)>>1)&3)|(4^5))`}},
	{stmt: `x = (x <= 1) + (x >= 2)`, want: []string{`x = ((x<=1)+(x>=2))`}},
	{stmt: `x = a[1] + a[2] * a[3]`, want: []string{`x = (a[1]+(a[2]*a[3]))`}},
	{stmt: `x = 1 - 2 - 3`, want: []string{`x = ((1-2)-3)`}},
	{stmt: `x = x == y < 2`, want: []string{`x = (x==(y<2))`}},
	{stmt: `x = x != y || x > y && x < 3`, want: []string{`x = ((x!=y)||((x>y)&&(x<3)))`}},
	{stmt: `x = (x > 2 -> 3 : 4)`, want: []string{`x = ( ((x>2)) -> (3) : (4) )`}},
	{stmt: `x = (x -> (y -> 1 : 2) : 3)`, want: []string{`x = ( (x) -> (( (y) -> (1) : (2) )) : (3) )`}},
	// conditions: one more pair of parentheses
	{stmt: `(x > 9)`, want: []string{`((x>9))`}},
	{stmt: `x`, want: []string{`(x)`}},
	{stmt: `x == 2 && y != 3 || !(x < 1)`, want: []string{`((((x==2)&&(y!=3))||!((x<1))))`}},
	{stmt: `skip`, want: []string{`(1)`}},
	{stmt: `true`, want: []string{`(1)`}},
	{stmt: `false`, want: []string{`(0)`}},
	{stmt: `timeout`, want: []string{`(timeout)`}},
	// arrays, structures, names
	{stmt: `x = a[x+1]`, want: []string{`x = a[(x+1)]`}},
	{stmt: `a[i] = 2`, want: []string{`a[i] = 2`}},
	{stmt: `x = a[a[1]]`, want: []string{`x = a[a[1]]`}},
	{stmt: `a[_pid] = 1`, want: []string{`a[_pid] = 1`}},
	{stmt: `t.g[1] = t.f`, want: []string{`t.g[1] = t.f`}},
	{stmt: `t.g[x] = t.g[2]`, want: []string{`t.g[x] = t.g[2]`}},
	{stmt: `t._h = 1`, want: []string{`t.h = 1`}},
	{stmt: `_u = 2`, want: []string{`u = 2`}},
	{stmt: `__v2 = _u`, want: []string{`v2 = u`}},
	{stmt: `x = _pid + _nr_pr`, want: []string{`x = (_pid+_nr_pr)`}},
	{stmt: `x = _last`, want: []string{`x = _last`}},
	{stmt: `x = _priority`, want: []string{`x = _priority`}},
	// array indexes are printed the way pan's C code is
	{stmt: `a[-1+i] = 2`, want: []string{`a[( -(1)+i)] = 2`}},
	{stmt: `a[!x] = 1`, want: []string{`a[ !(x)] = 1`}},
	{stmt: `a[-x] = 1`, want: []string{`a[ -(x)] = 1`}},
	{stmt: `a[~x] = 1`, want: []string{`a[ ~(x)] = 1`}},
	{stmt: `a[red] = 1`, want: []string{`a[3] = 1`}},
	{stmt: `a[(x > 1 -> 1 : 2)] = 1`, want: []string{`a[( ((x>1)) ? (1) : (2) )] = 1`}},
	{stmt: `x = a[(x -> 1 : 2) + 1]`, want: []string{`x = a[(( (x) ? (1) : (2) )+1)]`}},
	{stmt: `a[len(c)] = 1`, want: []string{`a[q_len(c)] = 1`}},
	{stmt: `a[Q[1]:z] = 1`, want: []string{`a[Q[1].z] = 1`}},
	// mtype constants: by name, looked up in the plain mtype by value
	{stmt: `m = blue`, want: []string{`m = blue`}},
	{stmt: `x = bb`, want: []string{`x = red`}},
	{stmt: `ms = cc`, want: []string{`ms = green`}},
	{stmt: `x = dd + aa`, want: []string{`x = (blue+4)`}},
	{stmt: `t.ms = dd`, want: []string{`t.ms = blue`}},
	// channels
	{stmt: `c!3,4`, want: []string{`c!3,4`}},
	{stmt: `c!!x,y`, want: []string{`c!!x,y`}},
	{stmt: `c!-1,x`, want: []string{`c!-(1),x`}},
	{stmt: `c!x+1,a[i]`, want: []string{`c!(x+1),a[i]`}},
	{stmt: `q!red(x)`, want: []string{`q!red,x`}},
	{stmt: `q!red,3`, want: []string{`q!red,3`}},
	{stmt: `q!aa,1`, want: []string{`q!4,1`}},
	{stmt: `q!bb,1`, want: []string{`q!red,1`}},
	{stmt: `cs[1]!x`, want: []string{`cs[1]!x`}},
	{stmt: `cs[i+1]?x`, want: []string{`cs[(i+1)]?x`}},
	{stmt: `q?red(x)`, want: []string{`q?red,x`}},
	{stmt: `q?green,y`, want: []string{`q?green,y`}},
	{stmt: `q??eval(m),y`, want: []string{`q??eval(m),y`}},
	{stmt: `q?eval(x+1),y`, want: []string{`q?eval((x+1)),y`}},
	{stmt: `q?[red,y]`, want: []string{`(q?[red,y])`}},
	{stmt: `q??[red,y]`, want: []string{`(q??[red,y])`}},
	{stmt: `q?<m,y>`, want: []string{`q?<m,y>`}},
	{stmt: `q??<m,y>`, want: []string{`q??<m,y>`}},
	{stmt: `q?_,x`, want: []string{`q?_,x`}},
	{stmt: `c?-1,x`, want: []string{`c?-1,x`}},
	{stmt: `c?3,x`, want: []string{`c?3,x`}},
	{stmt: `x = len(c)`, want: []string{`x = len(c)`}},
	{stmt: `len(c) > 0`, want: []string{`((len(c)>0))`}},
	{stmt: `empty(c)`, want: []string{`(empty(c))`}},
	{stmt: `nempty(c)`, want: []string{`(nempty(c))`}},
	{stmt: `full(c)`, want: []string{`(full(c))`}},
	{stmt: `nfull(c)`, want: []string{`(nfull(c))`}},
	{stmt: `x = len(cs[i])`, want: []string{`x = len(cs[i])`}},
	{stmt: `q?[red,y] && x > 0`, want: []string{`((q?[red,y]&&(x>0)))`}},
	// printf, printm, assert
	{stmt: `printf("hi\n")`, want: []string{`printf('hi\n')`}},
	{stmt: `printf("v=%d \"q\" %d\n", x, y+1)`, want: []string{`printf('v=%d \'q\' %d\n',x,(y+1))`}},
	{stmt: `printf("a\\b\t")`, want: []string{`printf('a\\b\t')`}},
	{stmt: `printf("%e\n", red)`, want: []string{`printf('%e\n',red)`}},
	{stmt: `printm(m)`, want: []string{`printm(m, '_unnamed_')`}}, // m = blue does it
	{stmt: `printm(mn)`, want: []string{`printm(mn, 0)`}},         // never assigned a constant
	{stmt: `printm(ms)`, want: []string{`printm(ms, 'sub')`}},
	{stmt: `printm(red)`, want: []string{`printm(3, 0)`}},
	{stmt: `printm(aa)`, want: []string{`printm(4, 0)`}},
	{stmt: `printm(t.ms)`, want: []string{`printm(t.ms, 0)`}},
	{stmt: `printm(y)`, want: []string{`printm(y, 0)`}},
	{stmt: `printm(x)`, want: []string{`printm(x, 'sub')`}}, // x = bb makes x a sub for printm
	{stmt: `printm(a[2])`, want: []string{`printm(a[2], '_unnamed_')`}},
	{stmt: `a[1] = red`, want: []string{`a[1] = red`}},
	{stmt: `assert(x == 2)`, want: []string{`assert((x==2))`}},
	{stmt: `assert(x)`, want: []string{`assert(x)`}},
	// processes, priorities, remote references
	{stmt: `run Q(1, x+1)`, want: []string{`(run Q(1,(x+1)))`}},
	{stmt: `x = run Q(2, 3)`, want: []string{`x = run Q(2,3)`}},
	{stmt: `run Q(1, 2) priority 3`, want: []string{`(run Q(1,2))`}},
	{stmt: `Q[1]@lab`, want: []string{`((Q[1]._p==lab))`}},
	{stmt: `Q@lab`, want: []string{`((Q._p==lab))`}},
	{stmt: `x = Q[1]:z`, want: []string{`x = Q[1].z`}},
	{stmt: `x = Q[x+1]:z`, want: []string{`x = Q[(x+1)].z`}},
	{stmt: `x = Q[0]:za[1]`, want: []string{`x = Q[0].za[1]`}},
	{stmt: `set_priority(1, 2)`, want: []string{`set_priority(1, 2)`}},
	{stmt: `x = get_priority(1)`, want: []string{`x = get_priority(1)`}},
	// structures in messages stand for their fields
	{stmt: `sc!s2`, want: []string{`sc!s2.a,s2.in.p,s2.in.q[0],s2.in.q[1],s2.b[0],s2.b[1]`}},
	{stmt: `sc?s2`, want: []string{`sc?s2.a,s2.in.p,s2.in.q[0],s2.in.q[1],s2.b[0],s2.b[1]`}},
	{stmt: `sc!s2a[i]`, want: []string{`sc!s2a[i].a,s2a[i].in.p,s2a[i].in.q[0],s2a[i].in.q[1],s2a[i].b[0],s2a[i].b[1]`}},
	{stmt: `sc?<s2>`, want: []string{`sc?<s2.a,s2.in.p,s2.in.q[0],s2.in.q[1],s2.b[0],s2.b[1]>`}},
	{stmt: `sc??[s2]`, want: []string{`(sc??[s2.a,s2.in.p,s2.in.q[0],s2.in.q[1],s2.b[0],s2.b[1]])`}},
	{stmt: `for (s2 in sc) { x = s2.a }`, want: []string{ // the counter named after the scope SPIN's lexer is in
		`f0r_t3mp_11_ = 0`, `((f0r_t3mp_11_<len(sc)))`, `sc?s2.a,s2.in.p,s2.in.q[0],s2.in.q[1],s2.b[0],s2.b[1]`,
		`sc!s2.a,s2.in.p,s2.in.q[0],s2.in.q[1],s2.b[0],s2.b[1]`, `x = s2.a`, `f0r_t3mp_11_ = (f0r_t3mp_11_+1)`, `else`}},
	// an mtype constant passed to an inline prints as a number (and does
	// not give xi an mtype for printm)
	{stmt: `I(red, green)`, atInline: true, want: []string{`q!3,2`, `xi = 3`, `x = (3+red)`, `printf('%e\n',3)`, `a[3] = 2`}},
	{stmt: `printm(xi)`, want: []string{`printm(xi, 0)`}},
	// declarations after the first statement are assignments
	{stmt: `int w = 5, v; skip`, want: []string{`w = 5`, `v = 0`, `(1)`}},
	{stmt: `int arr[3] = 5; skip`, want: []string{`arr[0] = 5`, `(1)`}},
	{stmt: `T s; skip`, want: []string{``, `(1)`}},
	// control flow
	{stmt: `if :: x > 1 -> x = 0 :: else -> skip fi`, want: []string{`((x>1))`, `x = 0`, `else`, `(1)`}},
	{stmt: `do :: x > 3 -> break :: x < 5 -> x++ od`, want: []string{`((x>3))`, `((x<5))`, `x = (x+1)`}},
	{stmt: `if :: goto L2 :: skip fi`, want: []string{`goto L2`, `(1)`}},
	{stmt: `L2: x = 3`, want: []string{`x = 3`}},
	{stmt: `for (i : 1 .. 3) { x = i }`, want: []string{`i = 1`, `((i<=3))`, `x = i`, `i = (i+1)`, `else`}},
	{stmt: `for (i in a) { x = i }`, want: []string{`i = 0`, `((i<=3))`, `x = i`, `i = (i+1)`, `else`}},
	{stmt: `select (i : 1 .. 3)`, want: []string{`i = 1`, `i = 2`, `i = 3`}},
	{stmt: `select (i : 1 .. 50)`, want: []string{`i = 1`, `((i<50))`, `i = (i+1)`}},
	{stmt: `{ x = 1 } unless { x > 5 }`, want: []string{`x = 1`, `((x>5))`}},
	{stmt: `atomic { x = 1; x = 2 }`, want: []string{`x = 1`, `x = 2`}},
	{stmt: `d_step { x = 1; x = 2 }`, want: []string{`D_STEP%d`}}, // %d: the line
	// a loop's exit is a statement that pan lists at the end of an atomic
	{stmt: `atomic { x = 2; do :: x > 3 -> break :: x < 5 -> x++ od }`, want: []string{`x = 2`, `((x>3))`, `((x<5))`, `x = (x+1)`, `break`}},
	// the never claim
	{never: true, stmt: `enabled(0) && pc_value(1) > 2`, want: []string{`((enabled(0)&&(pc_value(1)>2)))`}},
	{never: true, stmt: `np_`, want: []string{`(np_)`}},
	{never: true, stmt: `Q[1]@lab`, want: []string{`((Q[1]._p==lab))`}},
	{never: true, stmt: `a[pc_value(1)] > 0`, want: []string{`((a[((P0 *) Pptr(1+BASE))->_p]>0))`}},
	{never: true, stmt: `a[enabled(0)] > 0`, want: []string{`((a[enabled(II, 0)]>0))`}},
	{never: true, stmt: `a[timeout] > 0`, want: []string{`((a[((trpt->tau)&1)]>0))`}},
	{never: true, stmt: `a[np_] > 0`, want: []string{`((a[(!(trpt->o_pm&4) && !(trpt->tau&128))]>0))`}},
}

// spinTextModel writes the table model and returns it with the line of
// each case.
func spinTextModel() (string, []int) {
	var b strings.Builder
	b.WriteString(spinTextPrelude)
	line := strings.Count(spinTextPrelude, "\n") + 1
	lines := make([]int, len(spinTextCases))
	inlineLine := 1 + strings.Count(spinTextPrelude[:strings.Index(spinTextPrelude, "inline I(")], "\n")
	for i, c := range spinTextCases {
		if c.atInline {
			fmt.Fprintf(&b, "\t%s;\n", c.stmt)
			lines[i] = inlineLine
			line++
		} else if !c.never {
			fmt.Fprintf(&b, "\t%s;\n", c.stmt)
			lines[i] = line
			line++
		}
	}
	b.WriteString("}\nnever {\n")
	line += 2
	for i, c := range spinTextCases {
		if c.never {
			fmt.Fprintf(&b, "\t%s;\n", c.stmt)
			lines[i] = line
			line++
		}
	}
	b.WriteString("}\n")
	return b.String(), lines
}

// wantTexts returns a case's expected texts, sorted, with a D_STEP's line
// filled in.
func (c spinTextCase) wantTexts(line int) []string {
	out := make([]string, len(c.want))
	for i, w := range c.want {
		if strings.HasPrefix(w, "D_STEP%d") {
			w = fmt.Sprintf(w, line)
		}
		out[i] = w
	}
	sort.Strings(out)
	return out
}

// spinTextModelFile, when set, is where TestSpinTextTable writes the model
// it checks, to measure it again with SPIN.
var spinTextModelFile = flag.String("spintext-model", "", "write the model of TestSpinTextTable to this file")

func TestSpinTextTable(t *testing.T) {
	src, lines := spinTextModel()
	if path := *spinTextModelFile; path != "" {
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	spec := mustLoad(t, src)
	got := map[int][]string{}
	for _, p := range spec.Procs {
		for _, st := range spinStatements(spec, p) {
			got[st.line] = append(got[st.line], st.text)
		}
	}
	for i, c := range spinTextCases {
		// A loop's exit ("break") is a statement pan lists only where it
		// ends an atomic sequence.
		var g []string
		for _, text := range got[lines[i]] {
			if text != "break" || slices.Contains(c.want, "break") {
				g = append(g, text)
			}
		}
		sort.Strings(g)
		if want := c.wantTexts(lines[i]); !slices.Equal(g, want) {
			t.Errorf("%s:\n got %q\nwant %q", c.stmt, g, want)
		}
	}
}

// TestSpinTextTableSpin checks the table's expectations against SPIN itself.
func TestSpinTextTableSpin(t *testing.T) {
	if !spinref.Available() {
		t.Skip("spin or a C compiler is not installed: the table's expectations are not re-checked against SPIN")
	}
	src, lines := spinTextModel()
	out, err := spinref.DumpSource(src, spinref.Options{NoMerge: true, CCFlags: []string{"-UNOCLAIM", "-w"}, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	byLine := map[int][]string{}
	for _, tr := range parsePanDump(out) {
		if !excludedPanText(tr.text) {
			byLine[tr.line] = append(byLine[tr.line], tr.text)
		}
	}
	for i, c := range spinTextCases {
		g := byLine[lines[i]]
		sort.Strings(g)
		if want := c.wantTexts(lines[i]); !slices.Equal(g, want) {
			t.Errorf("%s: SPIN prints %q, the table says %q", c.stmt, g, want)
		}
	}
}

// spinStatement is the text of one statement SPIN makes, and its line.
type spinStatement struct {
	line int
	text string
}

// spinStatements lists the statements SPIN makes of p's body, with their
// texts: the simple statements of the body, d_step blocks (one statement
// for SPIN), the statements SPIN's rewriting of declarations, for and
// select adds (as the vm builds them), the exit of each loop (which pan
// shows as "break") and the skip SPIN puts in place of a goto whose label a
// remote reference names. Breaks are left out: SPIN lists them as
// "goto :bN", or not at all.
func spinStatements(spec *Spec, p *Proctype) []spinStatement {
	var out []spinStatement
	add := func(s Stmt, line int) {
		out = append(out, spinStatement{line, spec.SpinText(s)})
	}
	remoteLabels := remoteLabelTargets(spec)
	var walk func(s Stmt)
	walkBlock := func(b *Block) {
		for _, s := range b.Stmts {
			walk(s)
		}
	}
	walk = func(s Stmt) {
		line := s.Pos().Line
		switch s := s.(type) {
		case *Block:
			if s.Kind == BlockDStep {
				add(s, line)
				return
			}
			walkBlock(s)
		case *If:
			for _, o := range s.Options {
				walkBlock(o)
			}
		case *Do:
			for _, o := range s.Options {
				walkBlock(o)
			}
			add(&Break{P: s.P}, line)
		case *Unless:
			walk(s.Main)
			walk(s.Escape)
		case *Labeled:
			if s.Stmt == nil {
				add(s, line)
				return
			}
			if _, isGoto := s.Stmt.(*Goto); isGoto && remoteLabels[p.Name+"@"+s.Label] {
				add(&ExprStmt{P: s.P, X: &Const{P: s.P, Val: 1}}, line)
			}
			walk(s.Stmt)
		case *DeclStmt:
			for _, v := range s.Vars {
				if !v.InitAtStart {
					add(&DeclStmt{P: s.P, Vars: []*Var{v}}, line)
				}
			}
		case *XUStmt, *Break:
		case *For:
			to := s.To
			if s.In != nil {
				if v := lastRefVar(s.Var); v != nil && v.Type != nil && v.Type.Kind == TStruct {
					// Over a channel's messages, with a counter SPIN names
					// after the scope its lexer is in.
					tmp := &VarRef{P: s.P, Name: "_f0r_t3mp" + s.Scope}
					one := &Const{P: s.P, Val: 1}
					add(&Assign{P: s.P, LHS: tmp, Op: "=", RHS: &Const{P: s.P}}, line)
					add(&ExprStmt{P: s.P, X: &Binary{P: s.P, Op: "<", X: tmp, Y: &ChanOp{P: s.P, Op: "len", Chan: s.In}}}, line)
					add(&Recv{P: s.P, Chan: s.In, Args: []Expr{s.Var}}, line)
					add(&Send{P: s.P, Chan: s.In, Args: []Expr{s.Var}}, line)
					walkBlock(s.Body)
					add(&Assign{P: s.P, LHS: tmp, Op: "=", RHS: &Binary{P: s.P, Op: "+", X: tmp, Y: one}}, line)
					add(&Else{P: s.P}, line)
					add(&Break{P: s.P}, line)
					return
				}
				n := int64(lastRefVar(s.In).Len - 1)
				to = &Const{P: s.P, Val: n, Text: strconv.FormatInt(n, 10)}
			}
			add(s, line) // the initialisation
			add(&ExprStmt{P: s.P, X: &Binary{P: s.P, Op: "<=", X: s.Var, Y: to}}, line)
			walkBlock(s.Body)
			add(&Assign{P: s.P, LHS: s.Var, Op: "++"}, line)
			add(&Else{P: s.P}, line)
			add(&Break{P: s.P}, line)
		case *Select:
			from, fok := s.From.(*Const)
			to, tok := s.To.(*Const)
			if fok && tok && to.Val-from.Val <= 32 {
				// SPIN's lexer makes an if with one assignment per value
				// (when the bounds are numbers; else the loop below).
				for v := from.Val; v <= to.Val; v++ {
					add(&Assign{P: s.P, LHS: s.Var, Op: "=", RHS: &Const{P: s.P, Val: v}}, line)
				}
				return
			}
			add(s, line)
			add(&ExprStmt{P: s.P, X: &Binary{P: s.P, Op: "<", X: s.Var, Y: s.To}}, line)
			add(&Assign{P: s.P, LHS: s.Var, Op: "++"}, line)
			add(&Break{P: s.P}, line)
		default:
			add(s, line)
		}
	}
	walkBlock(p.Body)
	return out
}

// remoteLabelTargets lists the labels remote references name, as
// "proctype@label".
func remoteLabelTargets(spec *Spec) map[string]bool {
	set := map[string]bool{}
	note := func(e Expr) {
		if r, ok := e.(*RemoteRef); ok && r.Var == nil {
			set[r.Proc+"@"+r.Label] = true
		}
	}
	for _, p := range spec.Procs {
		walkStmts(p.Body, func(s Stmt) { WalkStmtExprs(s, note) })
		if p.Provided != nil {
			WalkExpr(p.Provided, note)
		}
	}
	for _, l := range spec.LTLs {
		WalkExpr(l.Formula, note)
	}
	return set
}

// panTransition is one line of pan -d's tables.
type panTransition struct {
	proc string // "proctype P", "init", "claim never_0"
	file string
	line int
	text string
}

var panDumpLine = regexp.MustCompile(`^\tstate\s+\d+ -\(tr\s+\d+\)-> state\s+\d+\s+\[.*?\] \[.....\] (.*):(\d+) => (.*)$`)

// parsePanDump extracts the transitions of pan -d's output.
func parsePanDump(out string) []panTransition {
	var trs []panTransition
	proc := ""
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if m := panDumpLine.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[2])
			trs = append(trs, panTransition{proc, m[1], n, m[3]})
			continue
		}
		if strings.HasPrefix(l, "proctype ") || strings.HasPrefix(l, "claim ") || l == "init" ||
			strings.HasPrefix(l, "trace") || strings.HasPrefix(l, "notrace") {
			proc = l
		}
	}
	return trs
}

// panNonStatements are the texts of pan's tables that name no statement of
// the model, with the reason.
var panNonStatements = []struct {
	re  *regexp.Regexp
	why string
}{
	{regexp.MustCompile(`^-end-$`), "a process's end"},
	{regexp.MustCompile(`^\.\(goto\)$`), "the jump back to a loop's start"},
	{regexp.MustCompile(`^goto :b\d+$`), "a break, as SPIN rewrites it (a jump to the loop's exit label)"},
	{regexp.MustCompile(`^\(?\{c_code\d+\}\)?$`), "embedded C (c_code, c_expr)"},
}

func excludedPanText(text string) bool {
	for _, x := range panNonStatements {
		if x.re.MatchString(text) {
			return true
		}
	}
	return false
}

const spinExamplesDir = "/usr/share/doc/spin/examples/Examples"

// spinTextCorpus lists SPIN's example models (all subdirectories) and
// gmc's own.
func spinTextCorpus() []string {
	var models []string
	filepath.WalkDir(spinExamplesDir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".pml") {
			models = append(models, path)
		}
		return nil
	})
	own, _ := filepath.Glob("../examples/models/*.pml")
	models = append(models, own...)
	sort.Strings(models)
	return models
}

// corpusRow is one model's result: how many of pan's transition texts are
// SpinText of one of the model's statements.
type corpusRow struct {
	name           string
	total, matched int
	excluded, ltl  int
	skipped        string // why the model was not compared
	mismatches     []string
}

// TestSpinTextCorpus builds pan without statement merging (spin -o3 -a,
// cc without optimisation) for every model of SPIN's examples and gmc's,
// runs pan -d, and checks that every text pan prints after "=>" is the
// (*Spec).SpinText of a statement of the same process (a few texts name no
// statement: panNonStatements). The claims SPIN makes of ltl formulas have
// no statements in the model and are not compared. The table it logs (-v)
// gives, per model, the texts pan printed, how many of those compared
// matched, and how many were left out. It takes about 15 s on two cores
// (the C compiler's time) and is skipped with -short.
func TestSpinTextCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: SpinText is not compared with pan's tables of the example models")
	}
	if !spinref.Available() {
		t.Skip("spin or a C compiler is not installed: SpinText is not compared with pan's tables (apt-get install spin gcc)")
	}
	models := spinTextCorpus()
	if len(models) == 0 {
		t.Skip("no models: SPIN's examples are not installed")
	}
	rows := make([]corpusRow, len(models))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.NumCPU())
	for i, model := range models {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			rows[i] = compareSpinTexts(model)
		}()
	}
	wg.Wait()

	var table strings.Builder
	fmt.Fprintf(&table, "\n%-44s %8s %8s %8s %6s  %s\n", "model", "texts", "matched", "not stmt", "ltl", "")
	var total, matched int
	for _, r := range rows {
		if r.skipped != "" {
			fmt.Fprintf(&table, "%-44s %8s %8s %8s %6s  skipped: %s\n", r.name, "-", "-", "-", "-", r.skipped)
			continue
		}
		compared := r.total - r.excluded - r.ltl
		total += compared
		matched += r.matched
		verdict := "ok"
		if len(r.mismatches) > 0 {
			verdict = fmt.Sprintf("%d DIFFERENT", len(r.mismatches))
			t.Errorf("%s: %d of pan's texts are not SpinText of a statement:\n\t%s",
				r.name, len(r.mismatches), strings.Join(r.mismatches, "\n\t"))
		}
		fmt.Fprintf(&table, "%-44s %8d %8s %8d %6d  %s\n", r.name, r.total,
			fmt.Sprintf("%d/%d", r.matched, compared), r.excluded, r.ltl, verdict)
	}
	fmt.Fprintf(&table, "%-44s %8s %8s\n", "all", "", fmt.Sprintf("%d/%d", matched, total))
	t.Log(table.String())
}

func compareSpinTexts(model string) corpusRow {
	row := corpusRow{name: strings.TrimPrefix(strings.TrimPrefix(model, spinExamplesDir+"/"), "../")}
	spec, diags := Load(model, nil)
	if spec == nil || diags.ErrorCount() > 0 {
		row.skipped = "gmc rejects it: " + firstLine(diags.Error())
		return row
	}
	out, err := spinref.Dump(model, spinref.Options{NoMerge: true, CCFlags: []string{"-UNOCLAIM", "-w"}, Timeout: 2 * time.Minute})
	if err != nil {
		row.skipped = "SPIN rejects it: " + firstLine(strings.TrimPrefix(err.Error(), "spinref: "))
		return row
	}
	ltls := map[string]bool{}
	for _, l := range spec.LTLs {
		ltls[l.Name] = true
	}
	// The texts of each process's statements, and of all of them.
	texts := map[*Proctype]map[string]bool{}
	all := map[string]bool{}
	byLine := map[int][]string{}
	for _, p := range spec.Procs {
		texts[p] = map[string]bool{}
		for _, st := range spinStatements(spec, p) {
			texts[p][st.text] = true
			all[st.text] = true
			byLine[st.line] = append(byLine[st.line], st.text)
		}
	}
	for _, tr := range parsePanDump(out) {
		row.total++
		if excludedPanText(tr.text) {
			row.excluded++
			continue
		}
		p := panProc(spec, tr.proc)
		kind, name, _ := strings.Cut(tr.proc, " ")
		if kind == "claim" && (ltls[name] || p == nil && len(spec.LTLs) > 0) {
			row.ltl++
			continue
		}
		want := all
		if p != nil {
			want = texts[p]
		}
		if want[tr.text] {
			row.matched++
			continue
		}
		row.mismatches = append(row.mismatches, fmt.Sprintf("%s:%d (%s) %q; gmc's texts on that line: %q",
			tr.file, tr.line, tr.proc, tr.text, byLine[tr.line]))
	}
	return row
}

// panProc finds the process a pan -d section header names.
func panProc(spec *Spec, header string) *Proctype {
	kind, name, _ := strings.Cut(header, " ")
	for _, p := range spec.Procs {
		switch {
		case kind == "proctype" && p.Kind == KindProctype && p.Name == name,
			kind == "init" && p.Kind == KindInit,
			kind == "claim" && p.Kind == KindNever && (p.Name == name || p.Name == "never" && strings.HasPrefix(name, "never_")),
			(kind == "trace" || kind == "notrace") && p.Kind == KindTrace:
			return p
		}
	}
	return nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// TestSpinTextWithoutSpec shows what the free functions, which do not see
// the rest of the model, print for the rules that depend on it.
func TestSpinTextWithoutSpec(t *testing.T) {
	spec := mustLoad(t, `mtype = { red, green }; mtype:sub = { aa, bb };
int x; mtype m;
inline I(v) { x = v }
active proctype P() { x = bb; printm(m); m = red; I(green); x = -(x+1) }`)
	stmts := spec.Procs[0].Body.Stmts
	cases := []struct {
		s          Stmt
		free, spec string
	}{
		{stmts[0], `x = bb`, `x = green`}, // bb and green are both 1
		{stmts[1], `printm(m, 0)`, `printm(m, '_unnamed_')`},
		{stmts[3].(*Block).Stmts[0], `x = green`, `x = 1`},
		{stmts[4], `x = -((x+1))`, `x = -((x+1))`},
	}
	for _, c := range cases {
		if got := SpinText(c.s); got != c.free {
			t.Errorf("SpinText(%s) = %q, want %q", FormatStmt(c.s), got, c.free)
		}
		if got := spec.SpinText(c.s); got != c.spec {
			t.Errorf("spec.SpinText(%s) = %q, want %q", FormatStmt(c.s), got, c.spec)
		}
	}
	if got := SpinExprText(stmts[4].(*Assign).RHS); got != `-((x+1))` {
		t.Errorf("SpinExprText = %q", got)
	}
}
