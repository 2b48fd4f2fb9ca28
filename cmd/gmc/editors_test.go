package main

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
)

// problemMatcher is what the test reads of a VS Code problem matcher.
type problemMatcher struct {
	Owner   string
	Pattern struct {
		Regexp                      string
		File, Line, Column, Message int
	}
}

// TestEditorMatchers applies the problem matchers of
// examples/editors/tasks.json to real gmc output: each must pick up the
// diagnostics and error locations of its task, with the file, line and
// column gmc printed, and nothing else.
func TestEditorMatchers(t *testing.T) {
	b, err := os.ReadFile("../../examples/editors/tasks.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Tasks []struct {
			Label          string
			ProblemMatcher json.RawMessage
		}
	}
	if err := json.Unmarshal(b, &file); err != nil {
		t.Fatalf("tasks.json: %v", err)
	}
	matchers := map[string][]*regexp.Regexp{}
	for _, task := range file.Tasks {
		var list []problemMatcher
		if err := json.Unmarshal(task.ProblemMatcher, &list); err != nil {
			var one problemMatcher
			if err := json.Unmarshal(task.ProblemMatcher, &one); err != nil {
				t.Fatalf("%s: %v", task.Label, err)
			}
			list = []problemMatcher{one}
		}
		for _, pm := range list {
			re, err := regexp.Compile(pm.Pattern.Regexp)
			if err != nil {
				t.Fatalf("%s: %v", task.Label, err)
			}
			if pm.Pattern.File != 1 || pm.Pattern.Line != 2 || pm.Pattern.Column != 3 {
				t.Fatalf("%s: the test expects file, line, column as groups 1, 2, 3", task.Label)
			}
			matchers[task.Label] = append(matchers[task.Label], re)
		}
	}
	inModels(t)
	for _, c := range []struct {
		task string
		args []string
		want []string // file:line:col of each problem, in order
	}{
		{"gmc: check", []string{"check", "syntax.pml"}, []string{"syntax.pml:3:6"}},
		{"gmc: run", []string{"run", "-c0", "syntax.pml"}, []string{"syntax.pml:3:6"}},
		{"gmc: run", []string{"run", "-c0", "assert.pml"}, []string{"assert.pml:4:2"}},
		{"gmc: run", []string{"run", "-c0", "divide.pml"}, []string{"divide.pml:3:2"}},
		{"gmc: run --coverage", []string{"run", "-c0", "--coverage", "fig8b.pml"},
			[]string{"fig8b.pml:11:5", "fig8b.pml:11:13", "fig8b.pml:11:5", "fig8b.pml:10:5", "fig8b.pml:13:10", "fig8b.pml:13:15", "fig8b.pml:11:5"}},
	} {
		res := matchers[c.task]
		if len(res) == 0 {
			t.Fatalf("no task %q in tasks.json", c.task)
		}
		var stdout, stderr bytes.Buffer
		gmc(c.args, &stdout, &stderr)
		var got []string
		for _, line := range strings.Split(stdout.String()+stderr.String(), "\n") {
			for _, re := range res {
				if m := re.FindStringSubmatch(line); m != nil {
					got = append(got, m[1]+":"+m[2]+":"+m[3])
					break
				}
			}
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s on %v: matched %v, want %v\n%s%s", c.task, c.args, got, c.want, stdout.String(), stderr.String())
		}
	}
}
