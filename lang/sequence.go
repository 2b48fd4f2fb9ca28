package lang

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

var (
	stepParserOnce sync.Once
	stepParser     *participle.Parser[gStep]
	stepParserErr  error
)

func getStepParser() (*participle.Parser[gStep], error) {
	stepParserOnce.Do(func() {
		stepParser, stepParserErr = participle.Build[gStep](
			participle.Lexer(tokenDefinition{}),
			participle.UseLookahead(grammarLookahead),
		)
	})
	return stepParser, stepParserErr
}

// Parse implements participle.Parseable: step { Sep+ [step] }.
func (g *gSequence) Parse(lex *lexer.PeekingLexer) error {
	parser, err := getStepParser()
	if err != nil {
		return err
	}
	for {
		start := lex.MakeCheckpoint()
		if step := simpleStep(lex); step != nil {
			g.Steps = append(g.Steps, step)
		} else if step, err := parser.ParseFromLexer(lex, participle.AllowTrailing(true)); err != nil {
			if atStart(err, lex, start) {
				// Nothing here starts a step: the sequence ends, unless it
				// has no step at all.
				lex.LoadCheckpoint(start)
				if len(g.Steps) == 0 {
					return participle.NextMatch
				}
				return nil
			}
			return err
		} else {
			g.Steps = append(g.Steps, step)
		}
		if lex.Peek().Type != lexer.TokenType(tokSep) {
			return nil
		}
		for lex.Peek().Type == lexer.TokenType(tokSep) {
			lex.Next()
		}
	}
}

// simpleStep parses a step that is a simple statement (an expression,
// assignment, send or receive) without going through participle's
// alternatives, which is most of the steps of a body. The result is the
// parse tree the grammar gives. It returns nil, having read nothing, for
// any other step, for a simple statement with unless after it, and on a
// syntax error (the grammar then reports it).
func simpleStep(lex *lexer.PeekingLexer) *gStep {
	start := lex.MakeCheckpoint()
	pos := lex.Peek().Pos
	var s gSimple
	if err := s.Parse(lex); err != nil || lex.Peek().Value == "unless" {
		lex.LoadCheckpoint(start)
		return nil
	}
	return &gStep{Stmt: &gStmt{Pos: pos, Simple: &s}}
}

// atStart reports whether a parse error is at the token where the parse
// began (so nothing matched).
func atStart(err error, lex *lexer.PeekingLexer, start lexer.Checkpoint) bool {
	lex2 := *lex
	lex2.LoadCheckpoint(start)
	return errorOffset(err) == lex2.Peek().Pos.Offset
}
