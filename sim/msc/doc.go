// Package msc draws the message sequence chart of a run: a lifeline per
// process, from its creation to its end, the messages between them as
// arrows, and the errors on the lifelines of the processes that raised
// them, as an SVG document (written with the standard library).
//
// The run feeds a Chart its events as they happen (package sim does so
// for simulations and replays); the chart knows nothing of the model: it
// pairs each receive with its send by the channel and the index of the
// message in the channel's queue. A Chart belongs to one goroutine.
package msc
