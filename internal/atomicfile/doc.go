// Package atomicfile writes files whole or not at all: the data goes to a
// temporary file in the same directory, which is renamed into place, so a
// crash, a full disk or an interrupt never leaves a partial file behind
// (and never truncates the file that was there).
package atomicfile
