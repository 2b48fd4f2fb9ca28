package checker

import (
	"os"
	"testing"

	"gmc/lang"
	"gmc/vm"
)

func TestDumpModel(t *testing.T) {
	file := os.Getenv("GMC_DUMP")
	if file == "" {
		t.Skip("set GMC_DUMP=model.pml (and GMC_MERGE=1 for merging) to print its transition table")
	}
	spec, diags := lang.Load(file, nil)
	if diags.ErrorCount() > 0 {
		t.Fatal(diags)
	}
	m, err := vm.Compile(spec, vm.Options{NoMerge: os.Getenv("GMC_MERGE") == ""})
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + m.Dump())
}
