package store

// CacheCosts returns the cost 004's Algorithm 4.1 gave each state the
// cache holds, by the state's vector (for TestCacheCosts).
func CacheCosts(c *Cache) map[string]uint64 {
	costs := map[string]uint64{}
	for s := range c.nslots {
		costs[string(c.vec(s))] = c.slot(s).cost
	}
	return costs
}

// LimitChunks lets s's arena have n chunks only, as if they were all
// the positions could name (for TestExactFull).
func LimitChunks(s *Exact, n int) { s.room = n }
