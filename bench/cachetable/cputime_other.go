//go:build !unix

package main

import "time"

// started is when the process started, near enough.
var started = time.Now()

// cpuTime is, where getrusage is missing (Windows), the wall-clock time
// since the process started: a time limit then counts the collector's
// work on other cores too.
func cpuTime() time.Duration { return time.Since(started) }
