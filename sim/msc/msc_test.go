package msc

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

// TestPairing feeds a chart a channel's sends and receives at the slots a
// sorted send and a random receive use, and checks each receive took the
// message that was at its slot.
func TestPairing(t *testing.T) {
	c := New()
	c.Start(0, 0, "S:1", -1)
	c.Start(0, 1, "R:1", -1)
	c.Send(1, 0, 7, 0, "c!5", false) // [5]
	c.Send(2, 0, 7, 0, "c!2", false) // sorted: [2 5]
	c.Send(3, 0, 7, 2, "c!9", false) // [2 5 9]
	c.Recv(4, 1, 7, 1)               // ??: takes 5, [2 9]
	c.Recv(5, 1, 7, 0)               // 2, [9]
	c.Send(6, 1, 8, 0, "d!1", true)  // another channel
	c.Recv(6, 0, 8, 0)
	c.Recv(7, 1, 9, 0) // nothing sent there: left out
	got := map[string][2]int{}
	for _, m := range c.msgs {
		to := -1
		if m.to != nil {
			to = m.to.pid
		}
		got[m.label] = [2]int{m.recv, to}
	}
	want := map[string][2]int{"c!5": {4, 1}, "c!2": {5, 1}, "c!9": {-1, -1}, "d!1": {6, 0}}
	for l, w := range want {
		if got[l] != w {
			t.Errorf("%s: received at step %d by pid %d, want %d by %d", l, got[l][0], got[l][1], w[0], w[1])
		}
	}
}

// TestCut bounds a chart's events: the events past the bound are left
// out, and the chart says where it stops.
func TestCut(t *testing.T) {
	c := New()
	c.MaxEvents = 3
	c.Start(0, 0, "A:1", -1)
	for i := 1; i <= 5; i++ {
		c.Send(i, 0, 1, i-1, "q!<&\">", false)
	}
	if len(c.msgs) != 2 || c.cut != 3 {
		t.Errorf("%d messages kept, cut at %d; want 2, at step 3", len(c.msgs), c.cut)
	}
	var b bytes.Buffer
	if err := c.WriteSVG(&b, "a <title> & more"); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	if !strings.Contains(svg, `class="cut"`) {
		t.Error("the chart does not say that it stops")
	}
	d := xml.NewDecoder(&b)
	for {
		if _, err := d.Token(); err != nil {
			if err != io.EOF {
				t.Fatalf("not XML: %v", err)
			}
			break
		}
	}
	if !strings.Contains(c.Summary(), "cut at step 3") {
		t.Errorf("summary %q", c.Summary())
	}
}
