// Package prefetch asks the processor to bring a cache line in before it
// is read: a search that knows where its next lookup will go (the slot a
// state's hash leads to) issues the request, does other work while the
// line comes from memory, and reads it when it is there. Line is the
// x86-64 PREFETCHT0 instruction; on other architectures it does nothing.
package prefetch
