package lang

// The abstract syntax tree of a Promela model. Every node knows the position
// the user wrote it at. The checker (check.go) fills in the fields marked
// "set by Check": what names refer to, array sizes, and so on.

// Spec is a whole model.
type Spec struct {
	File     string
	Mtypes   []*MtypeDecl
	Typedefs []*Typedef
	Globals  []*Var
	Procs    []*Proctype // proctypes, init, never claims and trace blocks, in source order
	Inlines  []*Inline   // definitions; every call is expanded in place
	LTLs     []*LTL

	// MtypeValues maps each mtype constant to its value; set by Check.
	MtypeValues map[string]*MtypeConst
	// HasRemoteRefs is set by Check when the model reads P[i]:v anywhere.
	HasRemoteRefs bool
}

// MtypeDecl is one `mtype = { ... }` or `mtype:name = { ... }` declaration.
type MtypeDecl struct {
	P       Pos
	Subtype string // "" for the plain mtype
	Names   []string
	NamePos []Pos
}

// MtypeConst is one mtype constant: its value is its number within its mtype
// (SPIN numbers each declaration's names from the last to the first).
type MtypeConst struct {
	Name    string
	Subtype string
	Value   int64
	Pos     Pos
}

// Typedef is a structure type.
type Typedef struct {
	P      Pos
	Name   string
	Fields []*Var
}

// Inline is an inline definition. Calls are expanded before parsing, as SPIN
// does, so proctype bodies hold the expanded statements (see InlineBlock).
type Inline struct {
	P      Pos
	Name   string
	Params []string
	Body   *Block
}

// LTL is an ltl block. The formula uses Unary and Binary nodes with the
// temporal operators "[]", "<>", "X", "U", "W", "V", "->" and "<->".
type LTL struct {
	P       Pos
	Name    string // as written; SPIN's ltl_0, ltl_1, ... for unnamed blocks
	Formula Expr
	// Text is the formula as SPIN prints it ("ltl NAME: TEXT") and
	// translates it: the claim is that of !(Text). Set by Load.
	Text string
}

// ProcKind says what kind of process body a Proctype is.
type ProcKind int

// Kinds of process bodies.
const (
	KindProctype ProcKind = iota
	KindInit
	KindNever
	KindTrace
)

// Proctype is a proctype, init, never claim or trace block.
type Proctype struct {
	P          Pos
	Kind       ProcKind
	Name       string
	Active     int  // number of copies started at the beginning (set by Check)
	ActiveExpr Expr // the [N] of active [N], if written
	IsActive   bool
	DProctype  bool // declared D_proctype
	Params     []*Var
	Priority   int // priority N, 0 when not given
	Provided   Expr
	Body       *Block

	// Locals lists all local variables, parameters first, in declaration
	// order, including those of nested blocks and expanded inlines. Set by Check.
	Locals []*Var
	// Labels maps label names to the statements they label. Set by Check.
	Labels map[string]*Labeled

	// LTL is the ltl block a never claim was made from (by Load), nil
	// otherwise. Such claims come after all the units of the model, in the
	// order of the blocks, and their statements are positioned in NvrFile,
	// as SPIN reads them back from the file it writes them to.
	LTL      *LTL
	nvrLines [2]int // the lines of NvrFile the claim takes
}

// TypeKind is the basic kind of a Promela type.
type TypeKind int

// The kinds of types.
const (
	TBit TypeKind = iota
	TBool
	TByte
	TPid
	TShort
	TInt
	TUnsigned
	TMtype
	TChan
	TStruct
)

var typeKindNames = [...]string{"bit", "bool", "byte", "pid", "short", "int", "unsigned", "mtype", "chan", "struct"}

func (k TypeKind) String() string { return typeKindNames[k] }

// Type is the type of a variable, field or message field.
type Type struct {
	P       Pos
	Kind    TypeKind
	Bits    int      // width of an unsigned
	Subtype string   // mtype:Subtype
	Name    string   // typedef name, for TStruct
	Struct  *Typedef // set by Check, for TStruct
}

// Visibility is the hidden/show/local prefix of a declaration.
type Visibility int

// Visibilities.
const (
	VisDefault Visibility = iota
	VisHidden
	VisShow
	VisLocal
)

// Var is a variable, parameter or typedef field.
type Var struct {
	P        Pos
	Name     string
	Type     *Type
	LenExpr  Expr      // array size as written
	Len      int       // array size, 0 for a scalar (set by Check)
	Init     Expr      // initial value of a scalar
	ArrInit  []Expr    // { a, b, c } initialiser of an array
	ChanInit *ChanInit // [N] of { ... } initialiser of a chan
	Vis      Visibility

	Proc  *Proctype // owner, nil for globals and fields
	Param bool
	Field bool
	// Index is the variable's number among its owner's variables: globals
	// in declaration order, or Proctype.Locals. Set by Check.
	Index int
	// InitAtStart is true for a local declared before the first statement of
	// its body: it is initialised when the process is created. A later
	// declaration's initialiser is an ordinary assignment
	// (docs/references.md#spin-late-decl).
	InitAtStart bool
	// Usage, set by Check: whether the variable is read (in the sense of
	// docs/references.md#spin-hidden) anywhere in the model.
	Read bool
}

// IsArray reports whether v is an array.
func (v *Var) IsArray() bool { return v.LenExpr != nil }

// ChanInit is the `[N] of { t1, t2 }` part of a channel declaration.
type ChanInit struct {
	P       Pos
	CapExpr Expr
	Cap     int // set by Check
	Fields  []*Type
}

// Stmt is a statement.
type Stmt interface {
	Pos() Pos
	stmt()
}

// BlockKind says what kind of sequence a Block is.
type BlockKind int

// Kinds of blocks.
const (
	BlockPlain  BlockKind = iota // { ... }, a proctype body, an option
	BlockAtomic                  // atomic { ... }
	BlockDStep                   // d_step { ... }
	BlockInline                  // the body of an expanded inline call
)

// Block is a sequence of statements. Declarations appear in it as DeclStmt
// at the place they were written.
type Block struct {
	P      Pos
	End    Pos // the closing brace; of an option, the '::', fi or od after it
	Kind   BlockKind
	Inline string // for BlockInline: the inline's name
	// Brace is, for BlockInline, the opening brace of the inline's
	// definition: SPIN places the block of a call there (P is the call).
	Brace Pos
	Stmts []Stmt
}

// DeclStmt declares local variables.
type DeclStmt struct {
	P    Pos
	Vars []*Var
}

// XUStmt is an xr or xs assertion about channel use.
type XUStmt struct {
	P     Pos
	Kind  string // "xr" or "xs"
	Chans []*VarRef
}

// Labeled is a statement with a label. Stmt is nil for a label at the end of
// a sequence (it then acts as skip).
type Labeled struct {
	P     Pos
	Label string
	Stmt  Stmt
}

// Unless is `Main unless Escape`.
type Unless struct {
	P      Pos
	Main   Stmt
	Escape Stmt
}

// If is if :: ... fi.
type If struct {
	P       Pos
	Options []*Block
}

// Do is do :: ... od.
type Do struct {
	P       Pos
	Options []*Block
}

// For is `for (v : from .. to)` or `for (v in array)`.
type For struct {
	P        Pos
	Var      *VarRef
	From, To Expr
	In       *VarRef
	Body     *Block
	// Scope is the scope SPIN's lexer is in at the for ("_2_": the
	// braces opened so far at each level), with which it names the
	// counter of a loop over a channel.
	Scope string
}

// Select is `select (v : from .. to)`.
type Select struct {
	P        Pos
	Var      *VarRef
	From, To Expr
}

// Break leaves the innermost do or for.
type Break struct{ P Pos }

// Goto jumps to a label.
type Goto struct {
	P      Pos
	Label  string
	Target *Labeled // set by Check
}

// Else is the else guard.
type Else struct{ P Pos }

// Printf prints a formatted line.
type Printf struct {
	P      Pos
	Format string // the literal, quotes included
	Args   []Expr
}

// Printm prints an mtype constant's name.
type Printm struct {
	P Pos
	X Expr
}

// Assert is an assertion.
type Assert struct {
	P Pos
	X Expr
}

// SetPriority is set_priority(pid, prio).
type SetPriority struct {
	P         Pos
	Pid, Prio Expr
}

// ExprStmt is an expression used as a statement (a condition): it is
// executable when the expression is non-zero.
type ExprStmt struct {
	P Pos
	X Expr
}

// Assign is `LHS = RHS`; ++ and -- are Assign with Op "++" or "--".
type Assign struct {
	P   Pos
	LHS Expr // a *VarRef once checked
	Op  string
	RHS Expr // nil for ++ and --
}

// Send is `c!args` (Sorted: `c!!args`).
type Send struct {
	P      Pos
	Chan   Expr
	Sorted bool
	Args   []Expr
}

// Recv is `c?args`, with Random for `??` and Copy for `?<args>`.
type Recv struct {
	P      Pos
	Chan   Expr
	Random bool
	Copy   bool
	Args   []Expr // *VarRef, *Const or *Eval
}

// Call is a call of a name that is not a known inline; Check reports it.
type Call struct {
	P    Pos
	Name string
	Args []Expr
}

func (s *Block) Pos() Pos       { return s.P }
func (s *DeclStmt) Pos() Pos    { return s.P }
func (s *XUStmt) Pos() Pos      { return s.P }
func (s *Labeled) Pos() Pos     { return s.P }
func (s *Unless) Pos() Pos      { return s.P }
func (s *If) Pos() Pos          { return s.P }
func (s *Do) Pos() Pos          { return s.P }
func (s *For) Pos() Pos         { return s.P }
func (s *Select) Pos() Pos      { return s.P }
func (s *Break) Pos() Pos       { return s.P }
func (s *Goto) Pos() Pos        { return s.P }
func (s *Else) Pos() Pos        { return s.P }
func (s *Printf) Pos() Pos      { return s.P }
func (s *Printm) Pos() Pos      { return s.P }
func (s *Assert) Pos() Pos      { return s.P }
func (s *SetPriority) Pos() Pos { return s.P }
func (s *ExprStmt) Pos() Pos    { return s.P }
func (s *Assign) Pos() Pos      { return s.P }
func (s *Send) Pos() Pos        { return s.P }
func (s *Recv) Pos() Pos        { return s.P }
func (s *Call) Pos() Pos        { return s.P }

func (*Block) stmt()       {}
func (*DeclStmt) stmt()    {}
func (*XUStmt) stmt()      {}
func (*Labeled) stmt()     {}
func (*Unless) stmt()      {}
func (*If) stmt()          {}
func (*Do) stmt()          {}
func (*For) stmt()         {}
func (*Select) stmt()      {}
func (*Break) stmt()       {}
func (*Goto) stmt()        {}
func (*Else) stmt()        {}
func (*Printf) stmt()      {}
func (*Printm) stmt()      {}
func (*Assert) stmt()      {}
func (*SetPriority) stmt() {}
func (*ExprStmt) stmt()    {}
func (*Assign) stmt()      {}
func (*Send) stmt()        {}
func (*Recv) stmt()        {}
func (*Call) stmt()        {}

// Expr is an expression.
type Expr interface {
	Pos() Pos
	expr()
}

// Const is a number, character, true/false/skip, or (after Check) an mtype
// constant.
type Const struct {
	P    Pos
	Val  int64
	Text string // as written
}

// RefKind says what a VarRef's name denotes; set by Check.
type RefKind int

// What a name can denote.
const (
	RefUnresolved RefKind = iota
	RefVar                // a variable (Var)
	RefMtype              // an mtype constant (Mtype)
	RefPid                // _pid
	RefNrPr               // _nr_pr
	RefLast               // _last
	RefPriority           // _priority
	RefUnderscore         // _ (write-only scratch)
)

// VarRef is a name with an optional index and field path: a, a[i], a[i].b.c.
type VarRef struct {
	P     Pos
	Name  string
	Index Expr
	Field *VarRef // the next part of a struct path

	Kind  RefKind     // set by Check
	Var   *Var        // for RefVar: the variable or field
	Mtype *MtypeConst // for RefMtype
}

// Unary is `Op X`: "!", "-", "~", and in ltl formulas "[]", "<>", "X".
type Unary struct {
	P  Pos
	Op string
	X  Expr
}

// Binary is `X Op Y`.
type Binary struct {
	P    Pos
	Op   string
	X, Y Expr
}

// Cond is the conditional expression (C -> Then : Else).
type Cond struct {
	P          Pos
	C          Expr
	Then, Else Expr
}

// Run is `run P(args)`; its value is the new process's pid, or 0.
type Run struct {
	P        Pos
	Name     string
	Args     []Expr
	Priority int
	Proc     *Proctype // set by Check
}

// ChanOp is len, empty, nempty, full or nfull of a channel.
type ChanOp struct {
	P    Pos
	Op   string
	Chan Expr
}

// Poll is `c?[args]` (Random: `c??[args]`): whether a receive would be
// executable, without doing it.
type Poll struct {
	P      Pos
	Chan   Expr
	Random bool
	Args   []Expr
}

// Builtin is one of enabled(x), pc_value(x) and get_priority(x).
type Builtin struct {
	P  Pos
	Op string
	X  Expr
}

// Timeout is the timeout condition; Np is np_ (non-progress).
type Timeout struct{ P Pos }

// Np is the non-progress variable np_.
type Np struct{ P Pos }

// RemoteRef is P[i]@label or P[i]:var.
type RemoteRef struct {
	P     Pos
	Proc  string
	Index Expr // nil when not written
	Label string
	Var   *VarRef

	Proctype *Proctype // set by Check
}

// Eval is eval(x) among receive arguments: the message field must equal x.
type Eval struct {
	P Pos
	X Expr
}

func (e *Const) Pos() Pos     { return e.P }
func (e *VarRef) Pos() Pos    { return e.P }
func (e *Unary) Pos() Pos     { return e.P }
func (e *Binary) Pos() Pos    { return e.P }
func (e *Cond) Pos() Pos      { return e.P }
func (e *Run) Pos() Pos       { return e.P }
func (e *ChanOp) Pos() Pos    { return e.P }
func (e *Poll) Pos() Pos      { return e.P }
func (e *Builtin) Pos() Pos   { return e.P }
func (e *Timeout) Pos() Pos   { return e.P }
func (e *Np) Pos() Pos        { return e.P }
func (e *RemoteRef) Pos() Pos { return e.P }
func (e *Eval) Pos() Pos      { return e.P }

func (*Const) expr()     {}
func (*VarRef) expr()    {}
func (*Unary) expr()     {}
func (*Binary) expr()    {}
func (*Cond) expr()      {}
func (*Run) expr()       {}
func (*ChanOp) expr()    {}
func (*Poll) expr()      {}
func (*Builtin) expr()   {}
func (*Timeout) expr()   {}
func (*Np) expr()        {}
func (*RemoteRef) expr() {}
func (*Eval) expr()      {}
