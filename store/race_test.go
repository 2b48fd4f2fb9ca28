//go:build race

package store

// raceEnabled: the tests run under the race detector, 10 to 20 times
// slower; the long ones take fewer items.
const raceEnabled = true
