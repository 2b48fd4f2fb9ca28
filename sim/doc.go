// Package sim runs a model step by step, at random (Simulate, as spin
// does) or along a trail (Replay, as spin -t does), and writes what SPIN
// writes: printf output indented by process, step lines, variable dumps
// and the final report (docs/spin-sim-output.md).
//
// sim stands on vm.Runner for the rules of a step and on package trail
// for the trails it follows; it does not import the searches. A
// simulation belongs to one goroutine; Options.Stop ends it early.
package sim
