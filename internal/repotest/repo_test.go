package repotest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// checked are the kinds of file whose text may cite something: source,
// documents and scripts. Golden outputs and models are data.
var checked = map[string]bool{".go": true, ".md": true, ".sh": true}

// outside are texts that name a path or a document outside the
// repository: the team's shared folder, the papers' copies and the notes
// kept there. references.md may name the notes (it says what older
// citations meant) but, like every file, no path. The paths are joined
// from their parts, so that this file, which must name them to find them,
// does not itself hold one (other checkers of the repository read it too).
var (
	outsidePaths = []string{"/" + "work/", ".." + "/shared", "shared" + "/papers", ".." + "/papers", "papers" + "/00"}
	outsideDocs  = []string{"SPIN-NOTES", "SPIN-LIVENESS", "SPIN-POR", "ESTIMATION.md", "DESIGN.md"}
)

// pending are files that still cite outside the repository because
// another change is moving them (the split of checker/, issue 18): their
// citations are logged, not failed. An entry whose file is gone or clean
// must be removed.
var pending = map[string]bool{}

const references = "docs/references.md"

var (
	relPath   = regexp.MustCompile(`(?:\.\./)+[\w.-]*`)
	anchorDef = regexp.MustCompile(`<a id="([^"]+)"></a>`)
	anchorRef = regexp.MustCompile(`references\.md#([\w-]+)`)
	localRef  = regexp.MustCompile(`\]\(#([\w-]+)\)`)
	// A comment continued on the next line: the citation may be split.
	lineBreak = regexp.MustCompile(`[ \t]*\n[ \t]*(?://|#|\*)?[ \t]*`)
	// Short citations of the papers: "004 Algorithm 4.1", "004's table 5.1",
	// "eq. 5.2 and 5.3 of 004", "001 §4.2".
	kinds       = `(§ ?|[Aa]lgorithms? |[Dd]efinitions? |[Tt]heorems? |eqs?\. ?|[Ee]quations? |[Tt]ables? |[Ff]ig(?:ures?|\.)? |ch\. ?|[Cc]hapters? )`
	numList     = `(\d+(?:\.\d+)*(?:(?:-|–| and | or |, )\d+(?:\.\d+)*)*)`
	shortFwd    = regexp.MustCompile(`\b(00[1-4])(?:'s)?,? ` + kinds + numList)
	shortBwd    = regexp.MustCompile(kinds + numList + ` of (00[1-4])\b`)
	number      = regexp.MustCompile(`\d+(?:\.\d+)*`)
	paperNumber = regexp.MustCompile(`\b00[1-4]\b`)
)

// anchorPrefix turns the kind of a short citation into the prefix of its
// anchor in references.md.
func anchorPrefix(kind string) string {
	k := strings.ToLower(strings.TrimSpace(kind))
	switch {
	case k == "§":
		return "s"
	case strings.HasPrefix(k, "alg"):
		return "alg-"
	case strings.HasPrefix(k, "def"):
		return "def-"
	case strings.HasPrefix(k, "theo"):
		return "thm-"
	case strings.HasPrefix(k, "eq"):
		return "eq-"
	case strings.HasPrefix(k, "tab"):
		return "table-"
	case strings.HasPrefix(k, "fig"):
		return "fig-"
	default:
		return "ch-"
	}
}

// shortAnchors gives the anchors the short citations in text name.
func shortAnchors(text string) []string {
	var out []string
	add := func(paper, kind, list string) {
		for _, n := range number.FindAllString(list, -1) {
			out = append(out, paper+"-"+anchorPrefix(kind)+strings.ReplaceAll(n, ".", "-"))
		}
	}
	for _, m := range shortFwd.FindAllStringSubmatch(text, -1) {
		add(m[1], m[2], m[3])
	}
	for _, m := range shortBwd.FindAllStringSubmatch(text, -1) {
		add(m[3], m[1], m[2])
	}
	return out
}

// paperContext is the text around every paper number in text, whole
// lines with comment continuations joined: the short citations are there,
// and the regular expressions are slow on whole files.
func paperContext(text string) string {
	var b strings.Builder
	end := 0
	for _, m := range paperNumber.FindAllStringIndex(text, -1) {
		lo, hi := max(m[0]-200, end), min(m[1]+200, len(text))
		if lo >= hi {
			continue
		}
		if i := strings.LastIndexByte(text[:lo], '\n'); i >= 0 && lo > end {
			lo = max(i, end)
		}
		if i := strings.IndexByte(text[hi:], '\n'); i >= 0 {
			hi += i
		} else {
			hi = len(text)
		}
		b.WriteString(lineBreak.ReplaceAllString(text[lo:hi], " "))
		b.WriteString("\n")
		end = hi
	}
	return b.String()
}

// repoRoot is the directory holding go.mod, above the test's directory.
func repoRoot(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// file is one checked file: its path from the root and its text.
type file struct {
	rel, text string
}

func readFiles(t *testing.T, root string) []file {
	var files []file
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		if !checked[filepath.Ext(path)] {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		files = append(files, file{filepath.ToSlash(rel), string(b)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// outsideCitations lists where f names something outside the repository.
func outsideCitations(f file) []string {
	var found []string
	self := f.rel == "internal/repotest/repo_test.go" // it names them to find them
	for i, line := range strings.Split(f.text, "\n") {
		where := fmt.Sprintf("%s:%d", f.rel, i+1)
		if !self {
			for _, p := range outsidePaths {
				if strings.Contains(line, p) {
					found = append(found, fmt.Sprintf("%s names %q", where, p))
				}
			}
			if f.rel != references {
				for _, p := range outsideDocs {
					if strings.Contains(line, p) {
						found = append(found, fmt.Sprintf("%s cites %q", where, p))
					}
				}
			}
		}
		// A relative path must stay inside: tests run in their package's
		// directory, and documents link relative to their own.
		for _, p := range relPath.FindAllString(line, -1) {
			if r := filepath.ToSlash(filepath.Join(filepath.Dir(f.rel), p)); r == ".." || strings.HasPrefix(r, "../") {
				found = append(found, fmt.Sprintf("%s names %q, outside the repository", where, p))
			}
		}
	}
	return found
}

// TestSelfContained fails when a file names a path or a document outside
// the repository; cite docs/references.md instead.
func TestSelfContained(t *testing.T) {
	root := repoRoot(t)
	dirty := map[string]bool{}
	for _, f := range readFiles(t, root) {
		for _, c := range outsideCitations(f) {
			if pending[f.rel] {
				t.Logf("pending: %s", c)
				dirty[f.rel] = true
				continue
			}
			t.Errorf("%s: cite docs/references.md#ANCHOR instead", c)
		}
	}
	for rel := range pending {
		if !dirty[rel] {
			t.Errorf("%s cites nothing outside the repository any more (or is gone): remove it from pending", rel)
		}
	}
}

// TestReferencesResolve checks that every anchor of docs/references.md a
// file cites, by name or by a paper's short form, exists, and that no
// anchor is defined twice.
func TestReferencesResolve(t *testing.T) {
	root := repoRoot(t)
	files := readFiles(t, root)
	defined := map[string]bool{}
	for _, f := range files {
		if f.rel != references {
			continue
		}
		for _, m := range anchorDef.FindAllStringSubmatch(f.text, -1) {
			if defined[m[1]] {
				t.Errorf("%s: anchor %q defined twice", references, m[1])
			}
			defined[m[1]] = true
		}
	}
	if len(defined) == 0 {
		t.Fatalf("%s defines no anchors", references)
	}
	missing := map[string][]string{}
	for _, f := range files {
		if f.rel == "internal/repotest/repo_test.go" {
			continue // its examples are not citations
		}
		cite := func(anchor string) {
			if anchor != "ANCHOR" && !defined[anchor] { // ANCHOR: the placeholder in the how-to
				missing[anchor] = append(missing[anchor], f.rel)
			}
		}
		for _, m := range anchorRef.FindAllStringSubmatch(f.text, -1) {
			cite(m[1])
		}
		if f.rel == references {
			for _, m := range localRef.FindAllStringSubmatch(f.text, -1) {
				cite(m[1])
			}
		}
		for _, a := range shortAnchors(paperContext(f.text)) {
			cite(a)
		}
	}
	var names []string
	for a := range missing {
		names = append(names, a)
	}
	sort.Strings(names)
	for _, a := range names {
		t.Errorf("%s has no anchor %q, cited in %s", references, a, strings.Join(uniq(missing[a]), ", "))
	}
}

func uniq(s []string) []string {
	sort.Strings(s)
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// TestShortAnchors checks the reading of short citations on examples of
// every form the code uses.
func TestShortAnchors(t *testing.T) {
	for text, want := range map[string]string{
		"(004 Algorithm 4.1)":                 "004-alg-4-1",
		"Algorithm 4.1 of 004 computes":       "004-alg-4-1",
		"004 §3.1.3: the":                     "004-s3-1-3",
		"eq. 5.2 and 5.3 of 004":              "004-eq-5-2 004-eq-5-3",
		"004 eq. 5.2-5.3":                     "004-eq-5-2 004-eq-5-3",
		"in 001's tables 2 and 3":             "001-table-2 001-table-3",
		"(004, chapter 3)":                    "004-ch-3",
		"Monte Carlo search (004 ch. 5)":      "004-ch-5",
		"003 figure 8":                        "003-fig-8",
		"004 Definition 3.1.2; 004 Theorem 4": "004-def-3-1-2 004-thm-4",
		"0x004 table 1, 1004 table 2":         "",
		"table 3 of 004's sources":            "004-table-3",
	} {
		if got := strings.Join(shortAnchors(text), " "); got != want {
			t.Errorf("%q: anchors %q, want %q", text, got, want)
		}
	}
}

// TestNoConflictMarkers fails when a merge left its conflict markers in a
// file (one once landed in README.md).
func TestNoConflictMarkers(t *testing.T) {
	for _, f := range readFiles(t, repoRoot(t)) {
		for i, line := range strings.Split(f.text, "\n") {
			if strings.HasPrefix(line, "<<<<<<< ") || strings.HasPrefix(line, ">>>>>>> ") || line == "=======" && strings.Contains(f.text, "\n<<<<<<< ") {
				t.Errorf("%s:%d: a merge conflict marker", f.rel, i+1)
			}
		}
	}
}
