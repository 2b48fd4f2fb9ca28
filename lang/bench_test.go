package lang

import "testing"

func BenchmarkPreprocess(b *testing.B) {
	src := generatedModel(10000)
	for i := 0; i < b.N; i++ {
		var diags Diagnostics
		preprocess("gen.pml", src, nil, nil, "", &diags)
	}
}

func BenchmarkParseOnly(b *testing.B) {
	src := generatedModel(10000)
	var diags Diagnostics
	toks := preprocess("gen.pml", src, nil, nil, "", &diags)
	markDeclaredNames(toks)
	toks = expandInlines(toks, &diags)
	toks = insertSemicolons(toks)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		parseTokens(toks, &diags, nil)
	}
}
