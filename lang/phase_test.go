package lang

import (
	"testing"
	"time"
)

func TestPhases(t *testing.T) {
	src := generatedModel(10000)
	for i := 0; i < 3; i++ {
		var diags Diagnostics
		t0 := time.Now()
		toks := preprocess("gen.pml", src, nil, nil, &diags)
		t1 := time.Now()
		markDeclaredNames(toks)
		toks = expandInlines(toks, &diags)
		toks = insertSemicolons(toks)
		t2 := time.Now()
		units := parseTokens(toks, &diags, nil)
		t3 := time.Now()
		spec := build("gen.pml", units, &diags)
		Check(spec, &diags)
		t4 := time.Now()
		t.Logf("tokens %d: pre %v, passes %v, parse %v, build+check %v", len(toks), t1.Sub(t0), t2.Sub(t1), t3.Sub(t2), t4.Sub(t3))
	}
}

func BenchmarkPreprocess(b *testing.B) {
	src := generatedModel(10000)
	for i := 0; i < b.N; i++ {
		var diags Diagnostics
		preprocess("gen.pml", src, nil, nil, &diags)
	}
}

func BenchmarkParseOnly(b *testing.B) {
	src := generatedModel(10000)
	var diags Diagnostics
	toks := preprocess("gen.pml", src, nil, nil, &diags)
	markDeclaredNames(toks)
	toks = expandInlines(toks, &diags)
	toks = insertSemicolons(toks)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		parseTokens(toks, &diags, nil)
	}
}
