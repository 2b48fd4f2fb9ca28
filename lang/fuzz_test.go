package lang

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzFrontEnd feeds arbitrary text to the preprocessor, parser and checker.
// Nothing may panic (a recovered panic shows as an "internal error"
// diagnostic) or hang. Run it with
//
//	go test ./lang -run '^$' -fuzz FuzzFrontEnd -fuzztime 5m
func FuzzFrontEnd(f *testing.F) {
	for _, pattern := range []string{"testdata/errors/*.pml", "../testdata/spinnotes/*.pml", "../examples/models/*.pml"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			if src, err := os.ReadFile(file); err == nil {
				f.Add(src)
			}
		}
	}
	f.Add([]byte("#define F(x) F(x) x\ninit { F(1) }"))
	f.Add([]byte("inline a() { a() }\ninit { a() }"))
	f.Add([]byte("ltl p { [] (x U <> y) -> X z }"))
	noFiles := &Options{ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist }}
	f.Fuzz(func(t *testing.T, src []byte) {
		spec, diags := Parse("f.pml", src, noFiles)
		if spec != nil && diags.ErrorCount() == 0 {
			Check(spec, &diags) // a panic here fails the fuzz run
		}
		for _, d := range diags {
			if strings.Contains(d.Msg, "internal error") {
				t.Fatalf("%v", d)
			}
		}
	})
}

// generatedModel returns a model of about n lines that uses most of the
// language.
func generatedModel(n int) []byte {
	var b strings.Builder
	b.WriteString("#define N 4\nmtype = { req, ack, nak };\ntypedef Msg { byte id; mtype kind };\n")
	b.WriteString("chan q[N] = [2] of { mtype, byte };\nbyte shared[N];\nint total;\n")
	b.WriteString("inline bump(v, k) {\n\tv = v + k;\n\ttotal++\n}\n")
	for p := 0; b.Len() < n*22; p++ {
		fmt.Fprintf(&b, "active proctype P%d() {\n\tbyte i, x; Msg m;\n\tmtype t;\n", p)
		for k := 0; k < 10; k++ {
			fmt.Fprintf(&b, `	do
	:: i < N -> q[i]!req,%d; i++
	:: i >= N && x < 3 ->
		if
		:: q[x]?t,m.id -> bump(shared[x], 1)
		:: q[x]?[ack,_] -> x = (x + 1) %% N
		:: else -> atomic { total = total + %d; x++ }
		fi
	:: x >= 3 -> break
	od;
	d_step { shared[0] = shared[1] * 2 + %d };
	assert(total >= 0 || len(q[0]) > 0);
`, k, k, p)
		}
		b.WriteString("\tskip\n}\n")
	}
	return []byte(b.String())
}

// BenchmarkFrontEnd10k runs the whole front end over a generated model of
// 10,000 lines. Target: under 0.2 s per run.
func BenchmarkFrontEnd10k(b *testing.B) {
	src := generatedModel(10000)
	lines := strings.Count(string(src), "\n")
	b.SetBytes(int64(len(src)))
	b.ReportMetric(float64(lines), "lines")
	for i := 0; i < b.N; i++ {
		spec, diags := Parse("gen.pml", src, nil)
		Check(spec, &diags)
		if diags.ErrorCount() > 0 {
			b.Fatalf("generated model has errors:\n%v", diags[:min(len(diags), 5)])
		}
	}
}
