package msc

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strings"
)

// The chart's geometry, in SVG user units (pixels at 100%). Text is
// monospace so that its width is known: a character is charW wide.
const (
	charW    = 6.6 // at font-size 11
	left     = 64  // the step axis
	top      = 44  // the title
	rowH     = 34  // between two steps shown
	boxH     = 24  // a process's name box
	minColW  = 150 // a process's column
	maxColW  = 320
	maxLabel = 44 // characters of a label shown (the whole in its tooltip)
)

// layout places the chart: a column per pid, a row per step shown.
type layout struct {
	col   map[int]float64 // pid -> the x of its lifelines
	row   map[int]float64 // step -> y
	colW  float64
	width float64
	foot  float64 // the y below the last row
}

func (c *Chart) layout() *layout {
	pids := map[int]bool{}
	longest := 0
	for _, l := range c.lines {
		pids[l.pid] = true
		longest = max(longest, len(l.name)+8)
	}
	for _, m := range c.msgs {
		longest = max(longest, min(len(m.label), maxLabel))
	}
	order := make([]int, 0, len(pids))
	for p := range pids {
		order = append(order, p)
	}
	sort.Ints(order)
	lo := &layout{col: map[int]float64{}, row: map[int]float64{}}
	lo.colW = min(max(minColW, float64(longest)*charW+24), maxColW)
	for i, p := range order {
		lo.col[p] = left + lo.colW*(float64(i)+0.5)
	}
	for i, s := range c.rows() {
		lo.row[s] = top + boxH + float64(i)*rowH
	}
	lo.foot = top + boxH + float64(len(lo.row))*rowH
	lo.width = left + lo.colW*float64(max(len(order), 1)) + 16
	return lo
}

// WriteSVG draws the chart as a standalone SVG document: a lifeline per
// process from the step that created it (its name in a box there, with
// a dashed arrow from its creator) to the step where it ended (a bar),
// or to the bottom if it was still alive; each message an arrow from
// its sender's lifeline at the step of the send to its receiver's at
// the step of the receive, labelled with the channel and the values
// (rendezvous: horizontal, dark red; buffered: sloped, dark blue; never
// received: a short arrow to a circle); each error a red box on the
// lifeline of the process that raised it. On the left, the step numbers
// of the rows. Elements carry classes (process, lifeline, end, create,
// msg, rendezvous, buffered, pending, error) and data- attributes for
// tools and tests.
func (c *Chart) WriteSVG(w io.Writer, title string) error {
	lo := c.layout()
	b := bufio.NewWriter(w)
	height := lo.foot + 40
	width := lo.width
	// The title and an error's box may reach past the last column.
	width = max(width, float64(len([]rune(title)))*charW*13/11+16)
	for _, k := range c.marks {
		width = max(width, lo.col[k.line.pid]+markWidth(k.text)+18)
	}
	fmt.Fprintf(b, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%s" height="%s" viewBox="0 0 %s %s" font-family="monospace" font-size="11">
`, num(width), num(height), num(width), num(height))
	b.WriteString(`<defs>
<marker id="head-r" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="darkred"/></marker>
<marker id="head-b" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="darkblue"/></marker>
<marker id="head-g" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="gray"/></marker>
</defs>
<style>
.label { paint-order: stroke; stroke: white; stroke-width: 3px; stroke-linejoin: round; }
</style>
`)
	fmt.Fprintf(b, "<rect x=\"0\" y=\"0\" width=\"%s\" height=\"%s\" fill=\"white\"/>\n", num(width), num(height))
	fmt.Fprintf(b, "<text class=\"title\" x=\"8\" y=\"18\" font-size=\"13\" font-weight=\"bold\">%s</text>\n", esc(title))

	// The rows: step numbers and a faint rule.
	b.WriteString("<g class=\"steps\" fill=\"gray\">\n")
	for _, s := range c.rows() {
		y := lo.row[s]
		fmt.Fprintf(b, "<text class=\"step\" x=\"%s\" y=\"%s\" text-anchor=\"end\" dominant-baseline=\"middle\">%d</text>\n", num(left-12), num(y), s)
		fmt.Fprintf(b, "<line class=\"rule\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"#eee\" stroke-dasharray=\"4 4\"/>\n", num(left-8), num(y), num(lo.width-8), num(y))
	}
	b.WriteString("</g>\n")

	// The lifelines, each in a group with its name box.
	for _, l := range c.lines {
		x, y := lo.col[l.pid], lo.row[l.start]
		end, bottom := "", lo.foot
		if l.end >= 0 {
			end, bottom = fmt.Sprint(l.end), lo.row[l.end]+boxH/2
		}
		fmt.Fprintf(b, "<g class=\"process\" data-pid=\"%d\" data-name=\"%s\" data-start=\"%d\" data-end=\"%s\">\n", l.pid, esc(l.name), l.start, end)
		fmt.Fprintf(b, "<title>%s, pid %d</title>\n", esc(l.name), l.pid)
		fmt.Fprintf(b, "<line class=\"lifeline\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"black\" stroke-width=\"1.5\"/>\n", num(x), num(y+boxH/2), num(x), num(bottom))
		if l.end >= 0 {
			fmt.Fprintf(b, "<line class=\"end\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"black\" stroke-width=\"3\"/>\n", num(x-10), num(bottom), num(x+10), num(bottom))
		}
		bw := lo.colW - 24
		fmt.Fprintf(b, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%d\" rx=\"3\" fill=\"ivory\" stroke=\"black\"/>\n", num(x-bw/2), num(y-boxH/2), num(bw), boxH)
		fmt.Fprintf(b, "<text x=\"%s\" y=\"%s\" text-anchor=\"middle\" dominant-baseline=\"middle\"><tspan font-weight=\"bold\">%s</tspan> <tspan fill=\"gray\">pid %d</tspan></text>\n", num(x), num(y), esc(l.name), l.pid)
		b.WriteString("</g>\n")
		if l.creator != nil {
			cx := lo.col[l.creator.pid]
			to := x - bw/2
			if cx > x {
				to = x + bw/2
			}
			fmt.Fprintf(b, "<line class=\"create\" data-from=\"%d\" data-to=\"%d\" x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"gray\" stroke-dasharray=\"5 3\" marker-end=\"url(#head-g)\"/>\n",
				l.creator.pid, l.pid, num(cx), num(y), num(to), num(y))
		}
	}

	// The messages.
	for _, m := range c.msgs {
		c.writeMessage(b, lo, m)
	}

	// The errors.
	for _, k := range c.marks {
		x, y := lo.col[k.line.pid], lo.row[k.step]
		mw := markWidth(k.text)
		// A cross on the lifeline, the words in a box to its right.
		fmt.Fprintf(b, "<g class=\"error\" data-pid=\"%d\" data-step=\"%d\">\n", k.line.pid, k.step)
		fmt.Fprintf(b, "<path class=\"cross\" d=\"M%s,%s l12,12 m0,-12 l-12,12\" stroke=\"red\" stroke-width=\"3\"/>\n", num(x-6), num(y-6))
		fmt.Fprintf(b, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"20\" fill=\"#fdd\" stroke=\"red\" stroke-width=\"1.5\"/>\n", num(x+10), num(y-10), num(mw))
		fmt.Fprintf(b, "<text x=\"%s\" y=\"%s\" dominant-baseline=\"middle\" fill=\"darkred\">%s</text>\n", num(x+18), num(y), esc(k.text))
		b.WriteString("</g>\n")
	}

	// A legend, and a word if the run was longer than the chart.
	y := lo.foot + 24
	fmt.Fprintf(b, "<g class=\"legend\" fill=\"gray\">\n")
	fmt.Fprintf(b, "<line x1=\"8\" y1=\"%s\" x2=\"36\" y2=\"%s\" stroke=\"darkred\" stroke-width=\"1.5\"/><text x=\"40\" y=\"%s\" dominant-baseline=\"middle\">rendezvous</text>\n", num(y), num(y), num(y))
	fmt.Fprintf(b, "<line x1=\"128\" y1=\"%s\" x2=\"156\" y2=\"%s\" stroke=\"darkblue\" stroke-width=\"1.5\"/><text x=\"160\" y=\"%s\" dominant-baseline=\"middle\">buffered</text>\n", num(y), num(y), num(y))
	if c.cut >= 0 {
		fmt.Fprintf(b, "<text class=\"cut\" x=\"240\" y=\"%s\" dominant-baseline=\"middle\" fill=\"darkred\">the chart stops at step %d (more than %d events)</text>\n", num(y), c.cut, c.events)
	}
	b.WriteString("</g>\n</svg>\n")
	return b.Flush()
}

// writeMessage draws message m: an arrow and its label.
func (c *Chart) writeMessage(b *bufio.Writer, lo *layout, m *message) {
	x1, y1 := lo.col[m.from.pid], lo.row[m.send]
	label := m.label
	if len(label) > maxLabel {
		label = label[:maxLabel-1] + "…"
	}
	kind, colour, head := "buffered", "darkblue", "head-b"
	if m.rendezvous {
		kind, colour, head = "rendezvous", "darkred", "head-r"
	}
	if m.to == nil {
		// Never received: an arrow to a circle beside the sender.
		x2 := x1 + lo.colW*0.4
		fmt.Fprintf(b, "<g class=\"msg pending %s\" data-from=\"%d\" data-send=\"%d\">\n<title>%s (never received)</title>\n", kind, m.from.pid, m.send, esc(m.label))
		fmt.Fprintf(b, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\" stroke-width=\"1.5\" marker-end=\"url(#%s)\"/>\n", num(x1), num(y1), num(x2), num(y1), colour, head)
		fmt.Fprintf(b, "<circle cx=\"%s\" cy=\"%s\" r=\"4\" fill=\"%s\"/>\n", num(x2+4), num(y1), colour)
		fmt.Fprintf(b, "<text class=\"label\" x=\"%s\" y=\"%s\" text-anchor=\"middle\" fill=\"%s\">%s</text>\n</g>\n", num((x1+x2)/2), num(y1-5), colour, esc(label))
		return
	}
	x2, y2 := lo.col[m.to.pid], lo.row[m.recv]
	if m.rendezvous {
		y1 = y2 // one step in a simulation; in a replay, drawn at the receive
	}
	fmt.Fprintf(b, "<g class=\"msg %s\" data-from=\"%d\" data-to=\"%d\" data-send=\"%d\" data-recv=\"%d\">\n<title>%s</title>\n", kind, m.from.pid, m.to.pid, m.send, m.recv, esc(m.label))
	if x1 == x2 {
		// A process's message to itself: a loop to the right.
		fmt.Fprintf(b, "<path d=\"M%s,%s C%s,%s %s,%s %s,%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" marker-end=\"url(#%s)\"/>\n",
			num(x1), num(y1), num(x1+60), num(y1), num(x1+60), num(y2), num(x2), num(y2), colour, head)
		fmt.Fprintf(b, "<text class=\"label\" x=\"%s\" y=\"%s\" fill=\"%s\">%s</text>\n</g>\n", num(x1+8), num((y1+y2)/2), colour, esc(label))
		return
	}
	fmt.Fprintf(b, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\" stroke-width=\"1.5\" marker-end=\"url(#%s)\"/>\n", num(x1), num(y1), num(x2), num(y2), colour, head)
	// A rendezvous's label above its middle; a buffered message's above
	// its start, beside the sender: a step sends one message, so labels
	// of messages that cross stay apart.
	lx, anchor := (x1+x2)/2, "middle"
	if !m.rendezvous {
		lx, anchor = x1+8, "start"
		if x2 < x1 {
			lx, anchor = x1-8, "end"
		}
	}
	fmt.Fprintf(b, "<text class=\"label\" x=\"%s\" y=\"%s\" text-anchor=\"%s\" fill=\"%s\">%s</text>\n</g>\n", num(lx), num(y1-5), anchor, colour, esc(label))
}

// markWidth is the width of an error's box.
func markWidth(text string) float64 { return float64(len([]rune(text)))*charW + 16 }

// num formats a coordinate: at most two decimals, none when whole.
func num(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

// esc escapes text for XML content and attribute values.
func esc(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s)) // (cannot fail on a Builder)
	return b.String()
}
