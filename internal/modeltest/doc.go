// Package modeltest holds what the tests of several packages share:
// compiling a model file (or a fuzzer's input, with the seeds of its
// fuzz target), and exploring a model's state graph with
// vm.Runner independently of the searches (the oracle that the search and
// the runner agree on executability, and that state-cache costs are
// right). It is imported by tests only.
package modeltest
