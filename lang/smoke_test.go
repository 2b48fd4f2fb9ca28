package lang

import (
	"path/filepath"
	"testing"
)

func TestSmokeExamples(t *testing.T) {
	files, _ := filepath.Glob("/usr/share/doc/spin/examples/Examples/*.pml")
	more, _ := filepath.Glob("/usr/share/doc/spin/examples/Examples/*/*.pml")
	files = append(files, more...)
	for _, f := range files {
		_, d := Load(f, nil)
		if len(d) > 0 {
			t.Errorf("%s:\n%v", f, d)
		}
	}
}
