package sim

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"

	"gmc/sim/msc"
)

// svgNode is an element of a parsed SVG document.
type svgNode struct {
	XMLName  xml.Name
	Attrs    []xml.Attr `xml:",any,attr"`
	Children []*svgNode `xml:",any"`
	Text     string     `xml:",chardata"`
}

func (n *svgNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (n *svgNode) num(t *testing.T, name string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(n.attr(name), 64)
	if err != nil {
		t.Fatalf("<%s %s=%q>: %v", n.XMLName.Local, name, n.attr(name), err)
	}
	return v
}

func (n *svgNode) hasClass(c string) bool {
	for _, f := range strings.Fields(n.attr("class")) {
		if f == c {
			return true
		}
	}
	return false
}

// all returns the elements below n (n included) that f accepts.
func (n *svgNode) all(f func(*svgNode) bool) []*svgNode {
	var out []*svgNode
	if f(n) {
		out = append(out, n)
	}
	for _, c := range n.Children {
		out = append(out, c.all(f)...)
	}
	return out
}

// child returns n's first element named name (and of class class, if
// not empty).
func (n *svgNode) child(t *testing.T, name, class string) *svgNode {
	t.Helper()
	for _, c := range n.Children {
		if c.XMLName.Local == name && (class == "" || c.hasClass(class)) {
			return c
		}
	}
	t.Fatalf("<%s class=%q> has no <%s class=%q>", n.XMLName.Local, n.attr("class"), name, class)
	return nil
}

// text is the character data of n and its descendants.
func (n *svgNode) text() string {
	s := n.Text
	for _, c := range n.Children {
		if c.XMLName.Local != "title" {
			s += c.text()
		}
	}
	return s
}

// Expected charts: a lifeline per process (pid, name, the steps of its
// creation and end, -1: alive at the end), the messages (label, sender
// and receiver pids, -1: never received; the steps of the send and the
// receive), the errors (pid, step, text). The steps are those of the
// runs' -p output, which is spin's (testdata/sim; these models' outputs
// were compared with spin -p -n1 and spin -t -p by hand).
type wantLine struct {
	pid        int
	name       string
	start, end int
}

type wantMsg struct {
	label      string
	from, to   int
	send, recv int
	rendezvous bool
}

type wantErr struct {
	pid, step int
	text      string
}

var chartCases = []struct {
	model  string
	replay bool
	lines  []wantLine
	msgs   []wantMsg
	errs   []wantErr
}{
	{"pingpong.pml", false,
		[]wantLine{{0, "A:1", 0, -1}, {1, "B:1", 1, 4}},
		[]wantMsg{{"q!3,ping", 0, 1, 2, 3, false}, {"r!4", 1, 0, 4, 4, true}},
		[]wantErr{{0, 5, "assertion violated (y == 3)"}}},
	// In a replay a rendezvous is two steps: the send (4), the receive
	// (5); the process's end is a step (6).
	{"pingpong.pml", true,
		[]wantLine{{0, "A:1", 0, -1}, {1, "B:1", 1, 6}},
		[]wantMsg{{"q!3,ping", 0, 1, 2, 3, false}, {"r!4", 1, 0, 4, 5, true}},
		[]wantErr{{0, 7, "assertion violated (y == 3)"}}},
	{"sorted.pml", false,
		[]wantLine{{0, "S:1", 0, -1}, {1, "R:1", 4, 7}, {1, "T:1", 9, 10}},
		[]wantMsg{
			{"c!5", 0, 1, 1, 6, false}, {"c!2", 0, 1, 2, 5, false}, {"c!9", 0, 1, 3, 10, false},
			{"done!1", 1, 0, 7, 7, true}, {"c!4", 0, -1, 12, -1, false}},
		[]wantErr{{0, 13, "assertion violated (len(c) == 0)"}}},
	{"sorted.pml", true,
		[]wantLine{{0, "S:1", 0, -1}, {1, "R:1", 4, 9}, {1, "T:1", 11, 13}},
		[]wantMsg{
			{"c!5", 0, 1, 1, 6, false}, {"c!2", 0, 1, 2, 5, false}, {"c!9", 0, 1, 3, 12, false},
			{"done!1", 1, 0, 7, 8, true}, {"c!4", 0, -1, 15, -1, false}},
		[]wantErr{{0, 16, "assertion violated (len(c) == 0)"}}},
}

// TestChartSVG draws the charts of small models' runs (a simulation, a
// replay of the error's trail) and reads them back as SVG: the document
// is well formed with a viewBox that holds everything; each lifeline is
// a vertical line in its process's column from the row of the step that
// created it to the row of its end (or past the last row); each message
// an arrow from the sender's lifeline at the row of its send to the
// receiver's at the row of its receive, horizontal for a rendezvous and
// sloped down for a buffered message, labelled with the channel and the
// values; each error a mark on its process's lifeline at its row.
func TestChartSVG(t *testing.T) {
	for _, c := range chartCases {
		mode := "sim"
		if c.replay {
			mode = "replay"
		}
		t.Run(c.model+"/"+mode, func(t *testing.T) {
			chart := msc.New()
			out := run(t, "../testdata/msc/"+c.model, c.replay, Options{Steps: true, Chart: chart})
			var svg bytes.Buffer
			if err := chart.WriteSVG(&svg, c.model); err != nil {
				t.Fatal(err)
			}
			root := &svgNode{}
			if err := xml.Unmarshal(svg.Bytes(), root); err != nil {
				t.Fatalf("not XML: %v\n%s", err, svg.String())
			}
			if root.XMLName.Local != "svg" || root.XMLName.Space != "http://www.w3.org/2000/svg" {
				t.Fatalf("root element %v", root.XMLName)
			}
			checkChart(t, root, c.lines, c.msgs, c.errs)
			if t.Failed() {
				t.Logf("the run:\n%s", out)
			}
		})
	}
}

func checkChart(t *testing.T, root *svgNode, lines []wantLine, msgs []wantMsg, errs []wantErr) {
	vb := strings.Fields(root.attr("viewBox"))
	if len(vb) != 4 {
		t.Fatalf("viewBox %q", root.attr("viewBox"))
	}
	width, _ := strconv.ParseFloat(vb[2], 64)
	height, _ := strconv.ParseFloat(vb[3], 64)
	inside := func(x, y float64) {
		t.Helper()
		if x < 0 || x > width || y < 0 || y > height {
			t.Errorf("(%g,%g) outside the viewBox %gx%g", x, y, width, height)
		}
	}

	// The rows: the y of each step shown.
	row := map[int]float64{}
	for _, n := range root.all(func(n *svgNode) bool { return n.hasClass("step") }) {
		step, err := strconv.Atoi(strings.TrimSpace(n.text()))
		if err != nil {
			t.Fatalf("step label %q", n.text())
		}
		row[step] = n.num(t, "y")
	}
	rowOf := func(step int) float64 {
		t.Helper()
		y, ok := row[step]
		if !ok {
			t.Fatalf("no row for step %d (rows %v)", step, row)
		}
		return y
	}
	var ys []float64
	for _, y := range row {
		ys = append(ys, y)
	}
	sort.Float64s(ys)
	below := func(y float64) float64 { // the next row's y, or +inf
		for _, v := range ys {
			if v > y {
				return v
			}
		}
		return math.Inf(1)
	}

	// Lifelines: the x of each pid's column.
	col := map[int]float64{}
	procs := root.all(func(n *svgNode) bool { return n.hasClass("process") })
	if len(procs) != len(lines) {
		t.Errorf("%d lifelines, want %d", len(procs), len(lines))
	}
	for i, w := range lines {
		if i >= len(procs) {
			break
		}
		g := procs[i]
		var words []string
		for _, span := range g.child(t, "text", "").Children {
			words = append(words, span.text())
		}
		if name := strings.Join(words, " "); name != fmt.Sprintf("%s pid %d", w.name, w.pid) {
			t.Errorf("lifeline %d is named %q, want %s pid %d", i, name, w.name, w.pid)
		}
		l := g.child(t, "line", "lifeline")
		x, y1, y2 := l.num(t, "x1"), l.num(t, "y1"), l.num(t, "y2")
		if l.num(t, "x2") != x {
			t.Errorf("%s: lifeline not vertical", w.name)
		}
		if c, ok := col[w.pid]; ok && c != x {
			t.Errorf("%s: pid %d drawn at x %g and %g", w.name, w.pid, c, x)
		}
		col[w.pid] = x
		inside(x, y2)
		if start := rowOf(w.start); y1 < start || y1 >= below(start) {
			t.Errorf("%s: lifeline starts at y %g, not at the row of step %d (%g)", w.name, y1, w.start, start)
		}
		ends := g.all(func(n *svgNode) bool { return n.hasClass("end") })
		if w.end < 0 {
			if len(ends) != 0 || y2 < ys[len(ys)-1] {
				t.Errorf("%s: alive at the end, but its lifeline ends at y %g (last row %g) with %d end marks", w.name, y2, ys[len(ys)-1], len(ends))
			}
			continue
		}
		if end := rowOf(w.end); y2 < end || y2 >= below(end) || len(ends) != 1 || ends[0].num(t, "y1") != y2 {
			t.Errorf("%s: lifeline ends at y %g (%d end marks), not at the row of step %d (%g)", w.name, y2, len(ends), w.end, end)
		}
	}
	// Two lifelines in one column do not overlap.
	for i, a := range lines {
		for _, b := range lines[i+1:] {
			if a.pid == b.pid && (a.end < 0 || a.end > b.start) {
				t.Errorf("test case: %s and %s overlap", a.name, b.name)
			}
		}
	}

	// Messages.
	arrows := root.all(func(n *svgNode) bool { return n.hasClass("msg") })
	if len(arrows) != len(msgs) {
		t.Errorf("%d messages, want %d", len(arrows), len(msgs))
	}
	for i, w := range msgs {
		if i >= len(arrows) {
			break
		}
		g := arrows[i]
		if label := g.child(t, "text", "label").text(); label != w.label {
			t.Errorf("message %d is labelled %q, want %q", i, label, w.label)
		}
		l := g.child(t, "line", "")
		x1, y1, x2, y2 := l.num(t, "x1"), l.num(t, "y1"), l.num(t, "x2"), l.num(t, "y2")
		inside(x1, y1)
		inside(x2, y2)
		if x1 != col[w.from] {
			t.Errorf("%s: starts at x %g, not on pid %d's lifeline (%g)", w.label, x1, w.from, col[w.from])
		}
		if l.attr("marker-end") == "" {
			t.Errorf("%s: no arrowhead", w.label)
		}
		if w.to < 0 {
			if !g.hasClass("pending") || y1 != y2 || y1 != rowOf(w.send) {
				t.Errorf("%s: never received, but drawn %v from y %g to %g (send at row %g)", w.label, g.attr("class"), y1, y2, rowOf(w.send))
			}
			continue
		}
		if x2 != col[w.to] {
			t.Errorf("%s: ends at x %g, not on pid %d's lifeline (%g)", w.label, x2, w.to, col[w.to])
		}
		if w.rendezvous {
			if !g.hasClass("rendezvous") || y1 != y2 || y2 != rowOf(w.recv) {
				t.Errorf("%s: a rendezvous, drawn %q from y %g to %g, not level at the row of step %d (%g)", w.label, g.attr("class"), y1, y2, w.recv, rowOf(w.recv))
			}
			continue
		}
		if !g.hasClass("buffered") || y1 != rowOf(w.send) || y2 != rowOf(w.recv) || y2 <= y1 {
			t.Errorf("%s: buffered, drawn %q from y %g to %g, not from step %d (%g) down to step %d (%g)", w.label, g.attr("class"), y1, y2, w.send, rowOf(w.send), w.recv, rowOf(w.recv))
		}
	}

	// Errors.
	marks := root.all(func(n *svgNode) bool { return n.hasClass("error") })
	if len(marks) != len(errs) {
		t.Errorf("%d errors marked, want %d", len(marks), len(errs))
	}
	for i, w := range errs {
		if i >= len(marks) {
			break
		}
		g := marks[i]
		if text := g.child(t, "text", "").text(); text != w.text {
			t.Errorf("error %d says %q, want %q", i, text, w.text)
		}
		box := g.child(t, "rect", "")
		x, y, h := box.num(t, "x"), box.num(t, "y"), box.num(t, "height")
		inside(x+box.num(t, "width"), y+h)
		if r := rowOf(w.step); y > r || y+h < r {
			t.Errorf("error %d: box from y %g to %g, not across the row of step %d (%g)", i, y, y+h, w.step, r)
		}
		if x-col[w.pid] > 20 || x < col[w.pid] {
			t.Errorf("error %d: box at x %g, not by pid %d's lifeline (%g)", i, x, w.pid, col[w.pid])
		}
	}
}
