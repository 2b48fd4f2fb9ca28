package estimate

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// PlotFormats are the image formats Plot draws.
var PlotFormats = []string{"svg", "png"}

// Plot draws a series as figure 5 of 001 does: the states each run
// reached against the log2 of its filter size, the growth curve fitted
// over the largest runs, and the number of reachable states M the curve
// tends to. format is "svg" or "png". The picture is returned whole, so
// the caller can write the file at once.
func Plot(rows []Row, k int, title string, format string) ([]byte, error) {
	if len(rows) == 0 {
		return nil, fmt.Errorf("no runs to plot")
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "log2 of the filter size in bits"
	p.Y.Label.Text = "states reached"
	p.Legend.Top = false
	p.Legend.Left = false
	p.Add(plotter.NewGrid())

	points := make(plotter.XYs, len(rows))
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, r := range rows {
		points[i] = plotter.XY{X: float64(r.Log2Bits), Y: r.States}
		lo, hi = math.Min(lo, points[i].X), math.Max(hi, points[i].X)
	}

	if c := rows[len(rows)-1].Curve; c != nil {
		curve := plotter.NewFunction(c.At)
		curve.XMin, curve.XMax = lo-1, hi+2
		curve.Samples = 200
		curve.Color = color.RGBA{B: 200, A: 255}
		curve.Width = vg.Points(1.5)
		p.Add(curve)
		r := fmt.Sprintf("%.3f", c.R)
		if c.FixedR {
			r = "ln 2"
		}
		first := rows[max(0, len(rows)-FitWindow)].Log2Bits
		name := fmt.Sprintf("eq. 4 fitted over l = %d..%d (k = %d, r = %s)", first, rows[len(rows)-1].Log2Bits, k, r)
		p.Legend.Add(name, curve)

		top := plotter.NewFunction(func(float64) float64 { return c.M })
		top.XMin, top.XMax = lo-1, hi+2
		top.Color = color.Gray{Y: 120}
		top.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(top)
		p.Legend.Add(fmt.Sprintf("M ≈ %.0f", c.M), top)
		p.X.Min, p.X.Max = lo-1, hi+2
		p.Y.Max = math.Max(p.Y.Max, 1.05*c.M)
	}

	scatter, err := plotter.NewScatter(points)
	if err != nil {
		return nil, err
	}
	scatter.GlyphStyle.Shape = draw.CircleGlyph{}
	scatter.GlyphStyle.Radius = vg.Points(3)
	scatter.GlyphStyle.Color = color.RGBA{R: 200, A: 255}
	p.Add(scatter)
	p.Legend.Add("states reached by a run", scatter)
	p.Y.Min = 0

	wt, err := p.WriterTo(6*vg.Inch, 4*vg.Inch, format)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := wt.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
