package sample

// Merge returns the sample of the union of the states the parts visited,
// where no state was visited in two parts (the workers of a parallel
// search, each the first to store its states): the parts brought to the
// highest threshold among them (the lowest θ), as one sample of the union. Omissions
// are not carried over.
func Merge(parts []*Sample) *Sample {
	capacity := 2
	for _, p := range parts {
		capacity = max(capacity, p.cap)
	}
	out := NewCap(capacity) // distinct: no state is in two parts
	for _, p := range parts {
		for out.level < p.Level() {
			out.halve()
		}
	}
	for _, p := range parts {
		p.Each(func(h uint64, omitted bool) {
			if !omitted {
				out.Visited(h)
			}
		})
	}
	return out
}
