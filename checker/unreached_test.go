package checker

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnreached compares gmc's unreached listing with pan's, as recorded
// in testdata/unreached (see its README): for each model and mode, the
// listing of a complete search must equal pan's line for line.
func TestUnreached(t *testing.T) {
	files, _ := filepath.Glob("../testdata/unreached/*.pml")
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".pml")
		testUnreached(t, name, file, strings.TrimSuffix(file, ".pml"))
	}
}

// TestUnreachedCorpus does the same for the SPIN examples recorded in
// testdata/unreached/corpus.
func TestUnreachedCorpus(t *testing.T) {
	if _, err := os.Stat(spinExamples); err != nil {
		t.Skip("SPIN's example models are not installed (apt-get install spin)")
	}
	const dir = "../testdata/unreached/corpus/"
	files, _ := filepath.Glob(dir + "*.merge.txt")
	more, _ := filepath.Glob(dir + "*/*.merge.txt")
	files = append(files, more...)
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	for _, f := range files {
		rel := strings.TrimSuffix(strings.TrimPrefix(f, dir), ".merge.txt")
		testUnreached(t, rel, filepath.Join(spinExamples, rel), strings.TrimSuffix(f, ".merge.txt"))
	}
}

// notYetUnreached lists the listings gmc cannot produce yet, with why.
var notYetUnreached = map[string]string{
	"LTL/zune.pml": "its ltl formula's claim section needs gmc's LTL translation",
}

// testUnreached compares the listing of model with pan's in want+".merge.txt"
// and want+".nomerge.txt".
func testUnreached(t *testing.T, name, model, want string) {
	for _, mode := range []string{"merge", "nomerge"} {
		t.Run(name+"/"+mode, func(t *testing.T) {
			if why, ok := notYetUnreached[name]; ok {
				t.Skip("not yet: " + why)
			}
			want, err := os.ReadFile(want + "." + mode + ".txt")
			if err != nil {
				t.Fatal(err)
			}
			got := unreachedListing(t, model, mode == "nomerge")
			if got != string(want) {
				t.Errorf("got:\n%s\nwant (pan):\n%s", got, want)
			}
		})
	}
}

// unreachedListing verifies model in a copy of its directory (so that the
// file names are bare, as in pan's output) and returns the listing.
func unreachedListing(t *testing.T, model string, noMerge bool) string {
	dir := t.TempDir()
	files, _ := filepath.Glob(filepath.Join(filepath.Dir(model), "*"))
	for _, f := range files {
		if src, err := os.ReadFile(f); err == nil {
			if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Chdir(dir)
	res, m := verifyModel(t, filepath.Base(model), noMerge)
	if !res.Complete() {
		t.Fatalf("search incomplete: %s", res.Stop)
	}
	var b strings.Builder
	WriteUnreached(&b, m, res)
	return b.String()
}
