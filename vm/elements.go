package vm

import (
	"strings"

	"gmc/lang"
)

// A proctype's control flow is built the way SPIN builds it, because every
// detail shows in the state counts (docs/spin-flow.md, and the rules from
// docs/references.md#spin-elements to #spin-dstep there). Each statement
// becomes an element; an if gets a shared '.' exit, a do a '.' loop head in
// front and a break node after it; goto and break are jump elements;
// atomic, d_step and { } are compound elements in front of their bodies;
// the body ends with -end-. Elements are numbered in SPIN's
// order (inner statements first), which decides the order of unless
// escapes.

type nodeKind int

const (
	nStmt      nodeKind = iota // a basic statement
	nDot                       // '.': the exit of an if or unless, the loop head of a do
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

// SPIN's status bits of an element.
const (
	statAtom  = 1 << iota // ATOM: inside an atomic or d_step
	statLast              // L_ATOM: the last element of one
	statDStep             // D_ATOM: inside a d_step
)

type node struct {
	seqno   int // SPIN's element number, from 1, in creation order
	kind    nodeKind
	stmt    lang.Stmt
	pos     lang.Pos
	next    *node
	subs    []*seq // if/do: options; unless: main, escape
	body    *seq   // atomic, d_step, { }
	label   string // goto: the label it jumps to
	loop    *loop  // break: the loop it leaves
	jump    *node  // goto, break: the resolved target
	labels  []string
	status  int
	esc     []*seq // unless escapes covering this element, outermost first
	check2  bool   // target of a remote label reference: never merged
	badElse bool   // an else among options that use channels (SPIN's has_badelse)
	// remoteCopy: the goto remoteTarget puts after a remotely named goto
	// turned skip; SPIN numbers it model-wide after every unit's elements.
	remoteCopy bool
	seen       bool // visited by the FSM walk
	onPath     bool // on the raw path of a merged chain
	absorbed   bool // a merged chain absorbed it (its own transition is a dummy)

	// FSM (fsm.go)
	out     []*edge // outgoing edges, the most recently added first
	in      int
	dead    []*lang.Var // locals reset after this statement
	merge   *node       // end of the merge chain this member starts
	single  *node       // target of an isolated member
	start   *node       // a head's chain end (SPIN's merge_start)
	mergeIn int

	// transitions (trans.go)
	ptrs  []*node  // a choice's options, or a compound's body start
	raw   *Trans   // the element's own transition
	escp  []*node  // where each escape starts, for this element's transition
	final []*Trans // the transitions tried at this element, once built
	done  bool
	pc    int // -1 until the element is a pc
}

type seq struct {
	first, last *node
	extent      *node // the last element when the sequence was closed
}

func (s *seq) add(n *node) {
	if s.first == nil {
		s.first = n
	} else {
		s.last.next = n
	}
	s.last = n
}

// loop is an enclosing do, for its breaks.
type loop struct {
	brk *node
	n   int // SPIN's number for it (its break is "goto :bN"), model-wide in parse order
}

// builder builds the elements of one proctype.
type builder struct {
	c        *compiler
	pt       *ProcType
	nodes    []*node // by seqno-1
	labels   map[string]*node
	jumps    []*node
	loops    []*loop
	inInline int
	body     *seq
	dots     []*node // '.' nodes waiting for the position of what follows

	pcNodes  []*node           // the element of each pc
	dst      map[*Trans]*node  // where each transition goes
	rawOwner map[*Trans]*node  // the element whose own transition each one is
	inherit  map[*node][]*node // marks a pc inherits (pan's imed)
}

func (b *builder) newNode(kind nodeKind, s lang.Stmt, pos lang.Pos) *node {
	n := &node{seqno: len(b.nodes) + 1, kind: kind, stmt: s, pos: pos, pc: -1}
	b.nodes = append(b.nodes, n)
	return n
}

// skipStmt is the statement of the elements SPIN inserts as skip.
func skipStmt(pos lang.Pos) lang.Stmt {
	return &lang.ExprStmt{P: pos, X: &lang.Const{P: pos, Val: 1, Text: "skip"}}
}

// place appends the element n of a statement to s, with the labels written
// in front of the statement. A goto that carries an end, accept or progress
// label gets a skip in front of it that takes those labels
// (docs/references.md#spin-end-label-goto).
func (b *builder) place(s *seq, n *node, labels []string) {
	for _, l := range labels {
		b.labels[l] = n
	}
	n.labels = append(n.labels, labels...)
	if n.kind == nGoto {
		var special, rest []string
		for _, l := range n.labels {
			if isSpecialLabel(l) {
				special = append(special, l)
			} else {
				rest = append(rest, l)
			}
		}
		if len(special) > 0 {
			k := b.newNode(nStmt, skipStmt(n.pos), n.pos)
			k.labels, n.labels = special, rest
			for _, l := range special {
				b.labels[l] = k
			}
			s.add(k)
		}
	}
	s.add(n)
}

func isSpecialLabel(l string) bool {
	return strings.HasPrefix(l, "end") || strings.HasPrefix(l, "accept") || strings.HasPrefix(l, "progress")
}

// sequence builds the elements of a list of statements.
func (b *builder) sequence(stmts []lang.Stmt) *seq { return b.sequenceTo(stmts, lang.Pos{}) }

// sequenceTo builds the elements of a list of statements followed by the
// token at end (zero: not known). SPIN gives the '.' nodes of an if, do
// or unless the line of the token after the statement, which it has read
// when it makes them: the next statement's, or end; so too the elements
// of a declaration after the first statement, and the skip after a label
// that ends the sequence.
func (b *builder) sequenceTo(stmts []lang.Stmt, end lang.Pos) *seq {
	s := &seq{}
	for i, st := range stmts {
		mark, made := len(b.dots), len(b.nodes)
		b.build(s, st, nil)
		next := end
		if i+1 < len(stmts) {
			next = stmts[i+1].Pos()
		}
		if next.Line > 0 {
			for _, d := range b.dots[mark:] {
				d.pos = next
			}
			b.dots = b.dots[:mark]
			atNext := madeAtNext(st)
			for _, n := range b.nodes[made:] {
				// (and the skip place puts before a goto with an end,
				// accept or progress label)
				if atNext || n.kind == nStmt && isGoto(st) {
					n.pos = next
				}
			}
		}
	}
	s.extent = s.last
	return s
}

// madeAtNext reports whether SPIN makes the elements of st when it has
// read the token after it: st is a declaration, or a label with nothing
// after it (labels in front).
func madeAtNext(st lang.Stmt) bool {
	switch st := lang.Unlabel(st).(type) {
	case *lang.DeclStmt:
		return true
	case *lang.Labeled:
		return st.Stmt == nil
	}
	return false
}

// isGoto reports whether st is a goto, labels in front.
func isGoto(st lang.Stmt) bool {
	_, ok := lang.Unlabel(st).(*lang.Goto)
	return ok
}

// build adds the elements of one statement to s.
func (b *builder) build(s *seq, st lang.Stmt, labels []string) {
	switch st := st.(type) {
	case *lang.Labeled:
		inner := st.Stmt
		if inner == nil {
			inner = skipStmt(st.P) // a label at the end of a sequence labels a skip
		}
		b.build(s, inner, append(labels, st.Label))
	case *lang.DeclStmt:
		for _, v := range st.Vars {
			if v.InitAtStart {
				continue
			}
			if v.Type.Kind == lang.TStruct {
				// SPIN keeps a statement for it that does nothing (the
				// structure was initialised when the process started).
				b.place(s, b.newNode(nStmt, &lang.DeclStmt{P: v.P, Vars: []*lang.Var{v}}, v.P), labels)
				labels = nil
				continue
			}
			// A declaration after the first statement of the body (or in
			// a nested sequence) is an assignment of its initial value,
			// or of 0; for an array, of element 0 (docs/spin-flow.md 1.7).
			init := v.Init
			if init == nil {
				init = &lang.Const{P: v.P, Val: 0, Text: "0"}
			}
			ref := &lang.VarRef{P: v.P, Name: v.Name, Kind: lang.RefVar, Var: v}
			b.place(s, b.newNode(nStmt, &lang.Assign{P: v.P, LHS: ref, Op: "=", RHS: init}, v.P), labels)
			labels = nil
		}
		if len(labels) > 0 {
			b.place(s, b.newNode(nStmt, skipStmt(st.P), st.P), labels)
		}
	case *lang.XUStmt:
	case *lang.For:
		// The label goes to the loop, not to the initialisation.
		stmts := b.c.forStmts(st)
		b.build(s, stmts[0], nil)
		b.build(s, stmts[1], labels)
	case *lang.Select:
		stmts := selectStmts(st, b.inInline > 0)
		if len(stmts) == 1 {
			b.build(s, stmts[0], labels) // the if form
			break
		}
		// The lexer's loop form puts the label on the assignment, the
		// parser's on the loop.
		if _, lexer := stmts[1].(*lang.Do).Options[0].Stmts[0].(*lang.ExprStmt); lexer {
			b.build(s, stmts[0], labels)
			b.build(s, stmts[1], nil)
		} else {
			// SPIN's sel_index makes the condition's option before the
			// break option it lists first: it numbers them in that order.
			b.build(s, stmts[0], nil)
			b.prepareDo(stmts[1].(*lang.Do), true)(s, labels)
		}
	case *lang.If, *lang.Do, *lang.Block, *lang.Unless:
		b.prepare(st)(s, labels)
	case *lang.Goto:
		n := b.newNode(nGoto, st, st.P)
		n.label = st.Label
		b.jumps = append(b.jumps, n)
		b.place(s, n, labels)
	case *lang.Break:
		n := b.newNode(nGoto, st, st.P)
		n.loop = b.loops[len(b.loops)-1]
		b.jumps = append(b.jumps, n)
		b.place(s, n, labels)
	default:
		b.place(s, b.newNode(nStmt, st, st.Pos()), labels)
	}
}

// prepare builds the elements SPIN makes of statement st while parsing it
// (the options of an if or do, the body of a compound) and returns what
// makes st's own elements and adds them to a sequence, which SPIN does
// only when st is added to one (add_seq). Numbers are given in that
// order: in `do .. od unless { .. }` the loop's options come before the
// escape, the DO element after it.
func (b *builder) prepare(st lang.Stmt) func(s *seq, labels []string) {
	switch st := st.(type) {
	case *lang.If:
		opts := b.options(st.Options, nil)
		return func(s *seq, labels []string) {
			e := b.newNode(nIf, st, st.P)
			x := b.newNode(nDot, nil, st.P)
			b.dots = append(b.dots, x)
			for _, o := range opts {
				o.add(x)
			}
			e.subs = opts
			b.place(s, e, labels)
			s.add(x)
		}
	case *lang.Do:
		return b.prepareDo(st, false)
	case *lang.Block:
		kind := nNonAtomic
		switch st.Kind {
		case lang.BlockAtomic:
			kind = nAtomic
		case lang.BlockDStep:
			kind = nDStep
		case lang.BlockInline:
			b.inInline++
		}
		body := b.sequenceTo(st.Stmts, st.End)
		if st.Kind == lang.BlockInline {
			b.inInline--
		}
		if body.first == nil {
			body.add(b.newNode(nStmt, skipStmt(st.P), st.P))
			body.extent = body.last
		}
		switch kind {
		case nAtomic:
			b.makeAtomic(body, 0)
		case nDStep:
			b.makeAtomic(body, statDStep)
		}
		return func(s *seq, labels []string) {
			e := b.newNode(kind, st, st.P)
			e.body = body
			b.place(s, e, labels)
		}
	case *lang.Unless:
		return b.unless(st)
	}
	return func(s *seq, labels []string) { b.build(s, st, labels) }
}

// prepareDo is prepare for a do; lastFirst builds the last option first
// (the options stay in their order).
func (b *builder) prepareDo(st *lang.Do, lastFirst bool) func(s *seq, labels []string) {
	l := &loop{n: b.c.loopCount}
	b.c.loopCount++
	b.loops = append(b.loops, l)
	options := st.Options
	if lastFirst {
		options = append(options[len(options)-1:len(options):len(options)], options[:len(options)-1]...)
	}
	opts := b.options(options, nil)
	if lastFirst && len(opts) == len(options) {
		opts = append(append([]*seq(nil), opts[1:]...), opts[0])
	}
	b.loops = b.loops[:len(b.loops)-1]
	return func(s *seq, labels []string) {
		e := b.newNode(nDo, st, st.P)
		h := b.newNode(nDot, nil, st.P)
		b.dots = append(b.dots, h)
		l.brk = b.newNode(nBreak, nil, st.P)
		for _, o := range opts {
			o.add(h)
		}
		e.subs = opts
		s.add(h)
		b.place(s, e, labels)
		s.add(l.brk)
	}
}

// options builds the options of an if or do (SPIN's if_seq): runs of skips
// are pruned, and an option that starts with else is moved to the end.
func (b *builder) options(options []*lang.Block, _ *node) []*seq {
	var opts []*seq
	var elseOpt *seq
	for _, o := range options {
		os := b.sequenceTo(o.Stmts, o.End)
		if os.first == nil {
			continue
		}
		pruneSkips(os)
		if os.first.kind == nStmt {
			if _, ok := os.first.stmt.(*lang.Else); ok {
				elseOpt = os
				continue
			}
		}
		opts = append(opts, os)
	}
	if elseOpt != nil {
		for _, o := range opts {
			if o.first.kind == nStmt && lang.HasChanRef(o.first.stmt) {
				elseOpt.first.badElse = true
			}
		}
		opts = append(opts, elseOpt)
	}
	return opts
}

// pruneSkips removes the second and later of a run of unlabelled skips in
// an option (SPIN's check_sequence); printf counts in the run but stays,
// and the option's first and last elements stay.
func pruneSkips(s *seq) {
	cnt := 0
	var prev *node
	for n := s.first; n != nil; n = n.next {
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
		prev = n
	}
}

// isSkip reports whether n is a condition that is the constant 1 (skip,
// true) or a printf/printm.
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

// unless prepares `main unless escape` (SPIN's do_unless, when the parser
// reduces it) and returns what makes its own elements (unless_seq, when it
// is added to a sequence). A { } part is used as its own sequence. What
// SPIN numbers while parsing comes first, in source order (the elements of
// block parts, the options and bodies of compound parts); then the escape
// part's own elements, then the main part's.
func (b *builder) unless(st *lang.Unless) func(s *seq, labels []string) {
	mainBlock, escBlock := plainBlock(st.Main), plainBlock(st.Escape)
	var main, esc *seq
	var mainTop, escTop func(*seq, []string)
	if mainBlock != nil {
		main = b.sequenceTo(mainBlock.Stmts, mainBlock.End)
	} else {
		mainTop = b.prepare(st.Main)
	}
	if escBlock != nil {
		esc = b.sequenceTo(escBlock.Stmts, escBlock.End)
	} else {
		escTop = b.prepare(st.Escape)
	}
	single := func(top func(*seq, []string)) *seq {
		s := &seq{}
		top(s, nil)
		s.extent = s.last
		return s
	}
	if escTop != nil {
		esc = single(escTop)
	}
	if mainTop != nil {
		main = single(mainTop)
	}
	return func(s *seq, labels []string) {
		e := b.newNode(nUnless, st, st.P)
		x := b.newNode(nDot, nil, st.P)
		if escBlock != nil && escBlock.End.Line > 0 {
			x.pos = escBlock.End // SPIN makes it on the escape's closing brace
		} else {
			b.dots = append(b.dots, x)
		}
		main.add(x)
		esc.add(x)
		b.attachEscape(main, esc)
		e.subs = []*seq{main, esc}
		b.place(s, e, labels)
		s.add(x)
	}
}

func plainBlock(st lang.Stmt) *lang.Block {
	if blk, ok := st.(*lang.Block); ok && blk.Kind == lang.BlockPlain {
		return blk
	}
	return nil
}

// attachEscape covers every element of s with the escape esc.
func (b *builder) attachEscape(s *seq, esc *seq) {
	for n := s.first; n != nil; n = n.next {
		b.escapeNode(n, esc)
		if n == s.extent {
			break
		}
	}
}

func (b *builder) escapeNode(n *node, esc *seq) {
	for _, z := range n.esc {
		if z == esc {
			return
		}
	}
	for _, z := range n.esc {
		b.attachEscape(z, esc)
	}
	n.esc = append([]*seq{esc}, n.esc...)
	switch n.kind {
	case nUnless:
		b.attachEscape(n.subs[0], esc)
	case nIf, nDo:
		for _, o := range n.subs {
			b.attachEscape(o, esc)
		}
	case nDStep:
		b.escapeNode(n.body.first, esc) // only the guard
	case nAtomic, nNonAtomic:
		b.attachEscape(n.body, esc)
	}
}

// makeAtomic marks an atomic (or, with added = statDStep, a d_step) body:
// every element ATOM, except the last one, which is L_ATOM (SPIN's
// make_atomic).
func (b *builder) makeAtomic(s *seq, added int) {
	b.walkAtomic(s.first, s.last, added)
	last := s.last
	switch last.kind {
	case nNonAtomic, nAtomic:
		b.makeAtomic(last.body, added)
	case nUnless:
		b.makeAtomic(last.subs[0], added)
	default:
		last.status = last.status&^statAtom | statLast
	}
}

func (b *builder) walkAtomic(from, to *node, added int) {
	for n := from; n != nil; n = n.next {
		n.status |= statAtom | added
		switch n.kind {
		case nAtomic:
			n.kind = nNonAtomic // an atomic inside an atomic is flattened
			b.walkAtomic(n.body.first, n.body.last, added)
		case nDStep:
			if added != 0 {
				n.kind = nNonAtomic
				b.walkAtomic(n.body.first, n.body.last, added)
			}
		case nNonAtomic:
			b.walkAtomic(n.body.first, n.body.last, added)
		}
		for _, o := range n.subs {
			b.walkAtomic(o.first, o.last, added)
		}
		if n == to {
			break
		}
	}
}

// link resolves gotos and breaks and ties the end of every compound body
// to what follows the compound (SPIN's loose_ends, as ana_seq redoes it).
func (b *builder) link() {
	for _, j := range b.jumps {
		if j.kind != nGoto {
			continue // a goto remoteTarget turned into a skip
		}
		if j.loop != nil {
			j.jump = j.loop.brk
			continue
		}
		j.jump = b.labels[j.label]
		if j.jump == nil {
			b.c.errorf(j.pos, "undefined label %s", j.label)
		}
	}
	// Outer compounds first (they were created after their contents), so
	// that the end of a nested body reaches what follows the outer one.
	for i := len(b.nodes) - 1; i >= 0; i-- {
		if n := b.nodes[i]; n.body != nil {
			n.body.last.next = n.next
		}
	}
}

// remoteTarget marks n as the target of a remote label reference P@L
// (SPIN's fix_dest): it is never merged, and if it is a goto it becomes a
// skip followed by a copy of the goto, so that the process can be seen
// at the label.
func (b *builder) remoteTarget(n *node) {
	n.check2 = true
	if n.kind != nGoto {
		return
	}
	g := b.newNode(nGoto, n.stmt, n.pos)
	g.label, g.loop, g.status, g.esc = n.label, n.loop, n.status, n.esc
	g.remoteCopy = true
	b.jumps = append(b.jumps, g)
	n.kind, n.stmt, n.label, n.loop = nStmt, skipStmt(n.pos), "", nil
	g.next, n.next = n.next, g
	// The copy takes n's place at the end of whatever sequence n ended.
	fix := func(s *seq) {
		if s != nil && s.last == n {
			s.last = g
		}
	}
	fix(b.body)
	for _, m := range b.nodes {
		fix(m.body)
		for _, s := range m.subs {
			fix(s)
		}
	}
}

// patchAtomic fixes the flags of gotos at atomic boundaries (SPIN's
// patch_atomic, applied after merging): a goto that leaves an atomic ends
// it; a last goto that jumps into another atomic carries it on.
func (b *builder) patchAtomic() {
	for _, n := range b.nodes {
		if n.kind != nGoto || n.jump == nil {
			continue
		}
		g := n.jump
		if n.status&(statAtom|statLast) != 0 && g.status&(statAtom|statLast) == 0 {
			n.status = n.status&^statAtom | statLast
		}
		if n.status&statLast != 0 && g.status&(statAtom|statLast) != 0 {
			n.status = n.status&^statLast | statAtom
		}
	}
}

// isLabelled reports whether n carries a label (a break node always does:
// SPIN labels it for the breaks).
func (n *node) isLabelled() bool { return len(n.labels) > 0 || n.kind == nBreak }
