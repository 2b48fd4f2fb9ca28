package vm

import (
	"fmt"
	"strings"

	"gmc/lang"
)

// The control flow of a proctype is built the way SPIN builds it (see
// docs/spin-flow.md and SPIN-NOTES 3-5), because every detail shows in the
// state counts: each statement becomes a node; if and do add invisible '.'
// nodes (the exit of an if, the loop head of a do) and a break node after a
// do; goto and break are jump nodes; atomic, d_step and { } blocks are
// compound nodes in front of their bodies; the end of the body is the
// -end- node. Transitions go from real nodes to the first real node found
// by "hunting" past '.', break and goto nodes.

type nodeKind int

const (
	nStmt      nodeKind = iota // a basic statement
	nDot                       // '.': the exit of an if, the loop head of a do
	nBreak                     // the node after a do, where break goes
	nGoto                      // goto or break: a jump
	nIf                        // if: its options start here
	nDo                        // do
	nAtomic                    // atomic { }
	nDStep                     // d_step { }
	nNonAtomic                 // { } and inline bodies
	nUnless                    // stmt unless stmt
	nEnd                       // -end-: the process terminates
)

// Atomicity marks on nodes (SPIN's ATOM, L_ATOM and D_ATOM).
const (
	markAtom  = 1 << iota // inside an atomic or d_step
	markLast              // the last statement of one
	markDStep             // inside a d_step
)

type node struct {
	kind   nodeKind
	stmt   lang.Stmt // the statement (for nStmt) or the compound statement
	pos    lang.Pos
	next   *node
	subs   []*seq // if/do: options; atomic/d_step/{}: body; unless: main, escape
	label  string // goto: the target label
	jump   *node  // goto: the resolved target
	labels []string
	mark   int
	esc    []*seq // unless escapes attached here, most recent first
	pc     int    // -1 until the node gets a pc
	trans  []*Trans
	built  bool
}

type seq struct {
	first, last *node
	extent      *node // the last node when the sequence was closed
}

func (s *seq) add(n *node) {
	if s.first == nil {
		s.first = n
	} else {
		s.last.next = n
	}
	s.last = n
}

// flowBuilder builds the nodes of one proctype.
type flowBuilder struct {
	c        *compiler
	pt       *ProcType
	nodes    []*node
	labels   map[string]*node
	breaks   []*node // innermost loop's break target last
	gotos    []*node
	inInline int
	pcNodes  []*node           // the node of each pc
	escapes  map[*Trans]*Trans // the escape copy of each transition
}

func (f *flowBuilder) newNode(kind nodeKind, s lang.Stmt, pos lang.Pos) *node {
	n := &node{kind: kind, stmt: s, pos: pos, pc: -1}
	f.nodes = append(f.nodes, n)
	return n
}

// skipStmt is the statement of nodes SPIN inserts as skip.
func skipStmt(pos lang.Pos) lang.Stmt {
	return &lang.ExprStmt{P: pos, X: &lang.Const{P: pos, Val: 1, Text: "skip"}}
}

// add appends n to s. A goto that carries an end, accept or progress label
// gets a skip in front of it that takes the labels (SPIN-NOTES C6).
func (f *flowBuilder) add(s *seq, n *node) {
	if n.kind == nGoto && hasSpecialLabel(n.labels) {
		k := f.newNode(nStmt, skipStmt(n.pos), n.pos)
		k.labels, n.labels = n.labels, nil
		for _, l := range k.labels {
			f.labels[l] = k
		}
		s.add(k)
	}
	s.add(n)
}

func hasSpecialLabel(labels []string) bool {
	for _, l := range labels {
		if strings.HasPrefix(l, "end") || strings.HasPrefix(l, "accept") || strings.HasPrefix(l, "progress") {
			return true
		}
	}
	return false
}

// sequence builds the nodes of a list of statements.
func (f *flowBuilder) sequence(stmts []lang.Stmt) *seq {
	s := &seq{}
	for _, st := range stmts {
		f.stmt(s, st, nil)
	}
	s.extent = s.last
	return s
}

// stmt adds the nodes of one statement to s; labels are those written in
// front of it.
func (f *flowBuilder) stmt(s *seq, st lang.Stmt, labels []string) {
	label := func(n *node) *node {
		n.labels = append(n.labels, labels...)
		for _, l := range labels {
			f.labels[l] = n
		}
		return n
	}
	switch st := st.(type) {
	case *lang.Labeled:
		inner := st.Stmt
		if inner == nil {
			inner = skipStmt(st.P) // a label at the end of a sequence labels a skip
		}
		f.stmt(s, inner, append(labels, st.Label))
	case *lang.DeclStmt:
		for _, v := range st.Vars {
			if v.InitAtStart || v.Type.Kind == lang.TStruct {
				continue
			}
			// A declaration after the first statement is an assignment of
			// its initial value (SPIN-NOTES C7), or of 0.
			init := v.Init
			if init == nil {
				init = &lang.Const{P: v.P, Val: 0, Text: "0"}
			}
			ref := &lang.VarRef{P: v.P, Name: v.Name, Kind: lang.RefVar, Var: v}
			f.add(s, label(f.newNode(nStmt, &lang.Assign{P: v.P, LHS: ref, Op: "=", RHS: init}, v.P)))
			labels = nil
		}
		if len(labels) > 0 {
			f.add(s, label(f.newNode(nStmt, skipStmt(st.P), st.P)))
		}
	case *lang.XUStmt:
	case *lang.If:
		f.ifDo(s, nIf, st, st.Options, labels)
	case *lang.Do:
		f.ifDo(s, nDo, st, st.Options, labels)
	case *lang.For:
		f.stmts(s, f.c.forStmts(st), labels)
	case *lang.Select:
		f.stmts(s, selectStmts(st, f.inInline > 0), labels)
	case *lang.Block:
		kind := nNonAtomic
		switch st.Kind {
		case lang.BlockAtomic:
			kind = nAtomic
		case lang.BlockDStep:
			kind = nDStep
		case lang.BlockInline:
			f.inInline++
			defer func() { f.inInline-- }()
		}
		n := label(f.newNode(kind, st, st.P))
		body := f.sequence(st.Stmts)
		if body.first == nil {
			body.add(f.newNode(nStmt, skipStmt(st.P), st.P))
			body.extent = body.last
		}
		n.subs = []*seq{body}
		switch kind {
		case nAtomic:
			f.makeAtomic(body, 0)
		case nDStep:
			f.makeAtomic(body, markDStep)
		}
		f.add(s, n)
	case *lang.Unless:
		f.unless(s, st, labels)
	case *lang.Goto:
		n := label(f.newNode(nGoto, st, st.P))
		n.label = st.Label
		f.gotos = append(f.gotos, n)
		f.add(s, n)
	case *lang.Break:
		n := label(f.newNode(nGoto, st, st.P))
		n.jump = f.breaks[len(f.breaks)-1]
		f.add(s, n)
	default:
		f.add(s, label(f.newNode(nStmt, st, st.Pos())))
	}
}

// ifDo builds an if or do (SPIN's if_seq): the options, with else moved to
// the end and runs of skips pruned; a '.' node they all flow into, which
// for a do is the loop head placed before the DO node; and for a do the
// break node after it.
func (f *flowBuilder) ifDo(s *seq, kind nodeKind, st lang.Stmt, options []*lang.Block, labels []string) {
	e := f.newNode(kind, st, st.Pos())
	e.labels = labels
	for _, l := range labels {
		f.labels[l] = e
	}
	t := f.newNode(nDot, nil, st.Pos())
	var brk *node
	if kind == nDo {
		brk = f.newNode(nBreak, nil, st.Pos())
		f.breaks = append(f.breaks, brk)
	}
	var opts []*seq
	var elseOpt *seq
	for _, o := range options {
		os := f.sequence(o.Stmts)
		if os.first == nil {
			continue
		}
		pruneSkips(os)
		if _, ok := os.first.stmt.(*lang.Else); ok && os.first.kind == nStmt {
			elseOpt = os
			continue
		}
		opts = append(opts, os)
	}
	if elseOpt != nil {
		opts = append(opts, elseOpt)
	}
	for _, os := range opts {
		os.add(t)
	}
	e.subs = opts
	if kind == nDo {
		f.breaks = f.breaks[:len(f.breaks)-1]
		s.add(t)
		s.add(e)
		s.add(brk)
		return
	}
	s.add(e)
	s.add(t)
}

// pruneSkips removes the second and later of a run of unlabelled skips in
// an option (SPIN-NOTES 3.3); printf counts in the run but stays, and the
// option's first and last statements stay.
func pruneSkips(s *seq) {
	cnt := 0
	var prev *node
	for n := s.first; n != nil; prev, n = n, n.next {
		skip, print := isSkip(n)
		if (skip || print) && len(n.labels) == 0 {
			cnt++
			if cnt > 1 && !print && n != s.first && n != s.last && n != s.extent {
				prev.next = n.next
				n = prev
			}
		} else {
			cnt = 0
		}
		if n == s.last {
			break
		}
	}
}

func isSkip(n *node) (skip, print bool) {
	if n.kind != nStmt {
		return false, false
	}
	switch st := n.stmt.(type) {
	case *lang.Printf, *lang.Printm:
		return false, true
	case *lang.ExprStmt:
		k, ok := st.X.(*lang.Const)
		return ok && k.Val == 1, false
	}
	return false, false
}

// unless builds `main unless escape` (SPIN's do_unless and unless_seq).
func (f *flowBuilder) unless(s *seq, st *lang.Unless, labels []string) {
	e := f.newNode(nUnless, st, st.P)
	e.labels = labels
	for _, l := range labels {
		f.labels[l] = e
	}
	t := f.newNode(nDot, nil, st.P)
	main := f.bodyOf(st.Main)
	esc := f.bodyOf(st.Escape)
	main.add(t)
	esc.add(t)
	f.attachEscape(main, esc)
	e.subs = []*seq{main, esc}
	s.add(e)
	s.add(t)
}

// bodyOf returns the sequence of a statement used as one side of unless: a
// { } block gives its body, anything else a sequence of its own.
func (f *flowBuilder) bodyOf(st lang.Stmt) *seq {
	if b, ok := st.(*lang.Block); ok && b.Kind == lang.BlockPlain {
		return f.sequence(b.Stmts)
	}
	return f.sequence([]lang.Stmt{st})
}

func (f *flowBuilder) attachEscape(s *seq, esc *seq) {
	for n := s.first; n != nil; n = n.next {
		f.escapeNode(n, esc)
		if n == s.extent {
			break
		}
	}
}

func (f *flowBuilder) escapeNode(n *node, esc *seq) {
	for _, z := range n.esc {
		if z == esc {
			return
		}
	}
	for _, z := range n.esc {
		f.attachEscape(z, esc)
	}
	n.esc = append([]*seq{esc}, n.esc...)
	switch n.kind {
	case nUnless:
		f.attachEscape(n.subs[0], esc)
	case nIf, nDo:
		for _, o := range n.subs {
			f.attachEscape(o, esc)
		}
	case nDStep:
		f.escapeNode(n.subs[0].first, esc)
	case nAtomic, nNonAtomic:
		f.attachEscape(n.subs[0], esc)
	}
}

// makeAtomic marks the nodes of an atomic (or d_step) body; the last
// statement is the last atomic one (SPIN's make_atomic).
func (f *flowBuilder) makeAtomic(s *seq, added int) {
	f.walkAtomic(s.first, s.last, added)
	last := s.last
	switch last.kind {
	case nNonAtomic, nAtomic:
		f.makeAtomic(last.subs[0], added)
	case nUnless:
		f.makeAtomic(last.subs[0], added)
	default:
		last.mark &^= markAtom
		last.mark |= markLast
	}
}

func (f *flowBuilder) walkAtomic(a, b *node, added int) {
	for n := a; n != nil; n = n.next {
		n.mark |= markAtom | added
		switch n.kind {
		case nAtomic:
			n.kind = nNonAtomic // atomic inside atomic is flattened
			f.walkAtomic(n.subs[0].first, n.subs[0].last, added)
		case nNonAtomic:
			f.walkAtomic(n.subs[0].first, n.subs[0].last, added)
		case nDStep:
			if added != 0 {
				n.kind = nNonAtomic
				f.walkAtomic(n.subs[0].first, n.subs[0].last, added)
			}
		}
		if n.kind == nIf || n.kind == nDo || n.kind == nUnless {
			for _, o := range n.subs {
				f.walkAtomic(o.first, o.last, added)
			}
		}
		if n == b {
			break
		}
	}
}

// forStmts is for (v : a .. b) { body } as SPIN rewrites it:
// v = a; do :: v <= b -> body; v = v + 1 :: else -> break od. for (v in arr)
// runs over 0 .. len(arr)-1.
func (c *compiler) forStmts(st *lang.For) []lang.Stmt {
	v, p := st.Var, st.P
	from, to := st.From, st.To
	if st.In != nil {
		arr := lastVar(st.In)
		if arr == nil || !arr.IsArray() {
			c.errorf(p, "for over a channel is not supported yet")
		}
		from = &lang.Const{P: p, Val: 0, Text: "0"}
		to = &lang.Const{P: p, Val: int64(arr.Len - 1), Text: fmt.Sprint(arr.Len - 1)}
	}
	one := &lang.Const{P: p, Val: 1, Text: "1"}
	body := []lang.Stmt{&lang.ExprStmt{P: p, X: &lang.Binary{P: p, Op: "<=", X: v, Y: to}}}
	body = append(body, st.Body.Stmts...)
	body = append(body, &lang.Assign{P: p, LHS: v, Op: "=", RHS: &lang.Binary{P: p, Op: "+", X: v, Y: one}})
	return []lang.Stmt{
		&lang.Assign{P: p, LHS: v, Op: "=", RHS: from},
		&lang.Do{P: p, Options: []*lang.Block{
			{P: p, Stmts: body},
			{P: p, Stmts: []lang.Stmt{&lang.Else{P: p}, &lang.Break{P: p}}},
		}},
	}
}

func lastVar(r *lang.VarRef) *lang.Var {
	for r.Field != nil {
		r = r.Field
	}
	return r.Var
}

// selectStmts is select (v : a .. b) as SPIN rewrites it. Its lexer does it
// (outside inlines, for a plain name and number bounds): an if with one
// option per value when there are at most 33 values, or else
// v = a; do :: (v < b) -> v++ :: break od. The parser's general form is
// v = a; do :: break :: (v < b) -> v = v + 1 od.
func selectStmts(st *lang.Select, inInline bool) []lang.Stmt {
	p := st.P
	a, aok := st.From.(*lang.Const)
	b, bok := st.To.(*lang.Const)
	lexer := !inInline && aok && bok && isDigits(a.Text) && isDigits(b.Text) &&
		st.Var.Index == nil && st.Var.Field == nil && isAlnum(st.Var.Name)
	if lexer && b.Val-a.Val <= 32 {
		var opts []*lang.Block
		for v := a.Val; v <= b.Val; v++ {
			opts = append(opts, &lang.Block{P: p, Stmts: []lang.Stmt{
				&lang.Assign{P: p, LHS: st.Var, Op: "=", RHS: &lang.Const{P: p, Val: v, Text: fmt.Sprint(v)}}}})
		}
		return []lang.Stmt{&lang.If{P: p, Options: opts}}
	}
	one := &lang.Const{P: p, Val: 1, Text: "1"}
	incr := &lang.Assign{P: p, LHS: st.Var, Op: "=", RHS: &lang.Binary{P: p, Op: "+", X: st.Var, Y: one}}
	less := &lang.ExprStmt{P: p, X: &lang.Binary{P: p, Op: "<", X: st.Var, Y: st.To}}
	brk := &lang.Block{P: p, Stmts: []lang.Stmt{&lang.Break{P: p}}}
	cond := &lang.Block{P: p, Stmts: []lang.Stmt{less, incr}}
	opts := []*lang.Block{brk, cond}
	if lexer {
		opts = []*lang.Block{cond, brk}
	}
	return []lang.Stmt{
		&lang.Assign{P: p, LHS: st.Var, Op: "=", RHS: st.From},
		&lang.Do{P: p, Options: opts},
	}
}

// stmts adds desugared statements, the labels going to the first.
func (f *flowBuilder) stmts(s *seq, stmts []lang.Stmt, labels []string) {
	for i, st := range stmts {
		if i > 0 {
			labels = nil
		}
		f.stmt(s, st, labels)
	}
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func isAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return s != ""
}
