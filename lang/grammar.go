package lang

// The Promela grammar, written for participle. These structs are the parse
// tree; build.go turns them into the AST (ast.go) that the rest of gmc uses.
// Expressions are parsed flat (operand, operator, operand, ...) and given
// their precedence in build.go, which keeps the grammar free of backtracking.

import "github.com/alecthomas/participle/v2/lexer"

type gUnit struct {
	Proctype *gProctype `parser:"(  @@"`
	Init     *gInit     `parser:" | @@"`
	Never    *gNever    `parser:" | @@"`
	Trace    *gTrace    `parser:" | @@"`
	LTL      *gLTL      `parser:" | @@"`
	Typedef  *gTypedef  `parser:" | @@"`
	Mtype    *gMtype    `parser:" | @@"`
	Inline   *gInline   `parser:" | @@"`
	CCode    *gCCode    `parser:" | @@"`
	Decl     *gDecl     `parser:" | @@"`
	Semi     bool       `parser:" | @';' )"`
}

type gProctype struct {
	Pos      lexer.Position
	Active   *gActive `parser:"@@?"`
	Kind     string   `parser:"@('proctype' | 'D_proctype')"`
	Name     string   `parser:"@(Ident | PName)"`
	Params   []*gDecl `parser:"'(' ( @@ ( ';'+ @@ )* ';'* )? ')'"`
	Priority string   `parser:"( 'priority' @Int )?"`
	Provided *gExpr   `parser:"( 'provided' '(' @@ ')' )?"`
	Body     *gBlock  `parser:"@@"`
}

type gActive struct {
	Count *gExpr `parser:"'active' ( '[' @@ ']' )?"`
}

type gInit struct {
	Pos      lexer.Position
	Priority string  `parser:"'init' ( 'priority' @Int )?"`
	Body     *gBlock `parser:"@@"`
}

type gNever struct {
	Pos  lexer.Position
	Name string  `parser:"'never' @Ident?"`
	Body *gBlock `parser:"@@"`
}

type gTrace struct {
	Pos  lexer.Position
	Kind string  `parser:"@('trace' | 'notrace')"`
	Body *gBlock `parser:"@@"`
}

type gLTL struct {
	Pos     lexer.Position
	Name    string    `parser:"'ltl' @(Ident | PName)?"`
	Formula *gLTLExpr `parser:"'{' @@ ';'* '}'"`
}

type gTypedef struct {
	Pos    lexer.Position
	Name   string   `parser:"'typedef' @TypeName"`
	Fields []*gDecl `parser:"'{' @@ ( ';'+ @@ )* ';'* '}'"`
}

type gMtype struct {
	Pos     lexer.Position
	Subtype string      `parser:"'mtype' ( ':' @Ident )? '='?"`
	Names   []*gNamePos `parser:"'{' @@ ( ','? @@ )* '}'"`
}

type gNamePos struct {
	Pos  lexer.Position
	Name string `parser:"@Ident"`
}

type gInline struct {
	Pos    lexer.Position
	Name   string      `parser:"'inline' @Ident"`
	Params []*gNamePos `parser:"'(' ( @@ ( ',' @@ )* )? ')'"`
	Body   *gBlock     `parser:"@@"`
}

type gCCode struct {
	Pos     lexer.Position
	Kind    string   `parser:"@CCode"`
	Strings []string `parser:"@String*"`
}

// gDecl is one declaration: a type and one or more variables.
type gDecl struct {
	Vis  string   `parser:"@Vis?"`
	Type *gType   `parser:"@@"`
	Vars []*gIVar `parser:"@@ ( ',' @@ )*"`
}

type gType struct {
	Pos     lexer.Position
	Name    string `parser:"@(Type | TypeName)"`
	Subtype string `parser:"( ':' @Ident )?"`
}

type gIVar struct {
	Pos      lexer.Position
	Name     string     `parser:"@Ident"`
	Bits     string     `parser:"( ':' @Int )?"`
	Len      *gExpr     `parser:"( '[' @@ ']' )?"`
	ChanInit *gChanInit `parser:"( '=' ( @@"`
	ArrInit  []*gExpr   `parser:"      | '{' @@ ( ',' @@ )* '}'"`
	Init     *gExpr     `parser:"      | @@ ) )?"`
}

type gChanInit struct {
	Pos    lexer.Position
	Cap    *gExpr   `parser:"'[' @@ ']' 'of'"`
	Fields []*gType `parser:"'{' @@ ( ',' @@ )* '}'"`
}

type gBlock struct {
	Pos   lexer.Position
	Body  *gSequence `parser:"'{' @@"`
	Close gClose     `parser:"@@"`
}

// gClose is a block's closing brace, kept for its position (where SPIN
// puts a process's -end-).
type gClose struct {
	Pos   lexer.Position
	Brace string `parser:"@'}'"`
}

// gSequence is one or more steps; separators are required between steps and
// allowed after the last one.
// gSequence is one or more steps, with separators required between steps
// and allowed after the last one: step { Sep+ [step] }. It is parsed by a
// loop (sequence.go) over participle's parser for gStep: a repetition in
// the grammar costs participle several allocations per step.
type gSequence struct {
	Steps []*gStep
}

type gStep struct {
	Decl   *gDecl `parser:"(  @@"`
	XU     *gXU   `parser:" | @@"`
	Stmt   *gStmt `parser:" | @@"`
	Unless *gStmt `parser:"   ( 'unless' @@ )? )"`
}

type gXU struct {
	Pos  lexer.Position
	Kind string     `parser:"@('xr' | 'xs')"`
	Refs []*gVarRef `parser:"@@ ( ',' @@ )*"`
}

// gStmt is a statement. Statements that start with a keyword come first:
// the simple statements (which start with a name or an expression) mostly
// take the fast path in sequence.go and reach this production only in
// unusual places (before unless, for instance).
type gStmt struct {
	Pos     lexer.Position
	If      *gOptions    `parser:"(  'if' @@"`
	Fi      *gFi         `parser:"   @@"`
	Do      *gOptions    `parser:" | 'do' @@"`
	Od      *gOd         `parser:"   @@"`
	Atomic  *gBlock      `parser:" | 'atomic' @@"`
	DStep   *gBlock      `parser:" | 'd_step' @@"`
	Block   *gBlock      `parser:" | @@"`
	Inline  *gInlineBody `parser:" | @@"`
	Break   bool         `parser:" | @'break'"`
	Goto    string       `parser:" | 'goto' @Ident"`
	Else    bool         `parser:" | @'else'"`
	Printf  *gPrintf     `parser:" | @@"`
	Assert  *gExpr       `parser:" | 'assert' @@"`
	For     *gFor        `parser:" | @@"`
	Select  *gSelect     `parser:" | @@"`
	Printm  *gExpr       `parser:" | 'printm' '(' @@ ')'"`
	SetPrio *gSetPrio    `parser:" | @@"`
	CCode   *gCCode      `parser:" | @@"`
	Return  *gExpr       `parser:" | 'return' @@"`
	Labeled *gLabeled    `parser:" | @@"`
	Call    *gCall       `parser:" | @@"`
	Simple  *gSimple     `parser:" | @@ )"`
}

type gOptions struct {
	Options []*gOption `parser:"@@+"`
}

// gOption is an option of an if or do; its position (the '::') is where
// the option before it ends.
type gOption struct {
	Pos  lexer.Position
	Body *gSequence `parser:"'::' @@"`
}

// gFi and gOd close an if and a do, kept for their positions (where the
// last option ends).
type gFi struct {
	Pos lexer.Position
	Fi  string `parser:"@'fi'"`
}

type gOd struct {
	Pos lexer.Position
	Od  string `parser:"@'od'"`
}

type gFor struct {
	Var  *gVarRef `parser:"'for' '(' @@"`
	From *gExpr   `parser:"( ':' @@"`
	To   *gExpr   `parser:"  '..' @@"`
	In   *gVarRef `parser:"| 'in' @@ ) ')' ';'?"`
	Body *gBlock  `parser:"@@"`
}

type gSelect struct {
	Var  *gVarRef `parser:"'select' '(' @@"`
	From *gExpr   `parser:"':' @@"`
	To   *gExpr   `parser:"'..' @@ ')'"`
}

type gPrintf struct {
	Format string   `parser:"'printf' '(' @String"`
	Args   []*gExpr `parser:"( ',' @@ )* ')'"`
}

type gSetPrio struct {
	Pid  *gExpr `parser:"'set_priority' '(' @@"`
	Prio *gExpr `parser:"',' @@ ')'"`
}

// gInlineBody is an expanded inline call (see inline.go).
type gInlineBody struct {
	Name string  `parser:"@Inline"`
	Body *gBlock `parser:"@@"`
}

type gLabeled struct {
	Name string `parser:"@Ident ':'"`
	Stmt *gStmt `parser:"@@?"`
}

type gCall struct {
	Name string   `parser:"@Ident '('"`
	Args []*gExpr `parser:"( @@ ( ',' @@ )* )? ')'"`
}

// LTL formulas: temporal and boolean operators over Promela expressions.

type gLTLExpr struct {
	Left *gLTLOr   `parser:"@@"`
	Op   string    `parser:"( @('->' | '<->' | 'implies' | 'equivalent')"`
	Rest *gLTLExpr `parser:"  @@ )?"`
}

type gLTLOr struct {
	Terms []*gLTLAnd `parser:"@@ ( '||' @@ )*"`
}

type gLTLAnd struct {
	Terms []*gLTLUntil `parser:"@@ ( '&&' @@ )*"`
}

type gLTLUntil struct {
	Left *gLTLUnary    `parser:"@@"`
	Rest []*gLTLBinary `parser:"@@*"`
}

type gLTLBinary struct {
	Op    string     `parser:"@('U' | 'W' | 'V' | 'until' | 'weakuntil' | 'stronguntil' | 'release')"`
	Right *gLTLUnary `parser:"@@"`
}

type gLTLUnary struct {
	Pos  lexer.Position
	Ops  []string  `parser:"@('[]' | '<>' | 'X' | '!' | 'always' | 'eventually' | 'next')*"`
	Atom *gLTLAtom `parser:"@@"`
}

type gLTLAtom struct {
	Expr  *gLTLCmp  `parser:"(  @@"`
	Paren *gLTLExpr `parser:" | '(' @@ ')' )"`
}
