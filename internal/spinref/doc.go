// Package spinref runs SPIN's verifier (pan) on a Promela model and parses the
// report it prints, so that gmc can be compared against SPIN.
//
// The pipeline is the one the rules of SPIN's counts were measured with
// (docs/references.md#spin-notes):
//
//	spin [-o3] [flags] -a m.pml
//	cc [-O2] -DNOREDUCE -DSAFETY -DNOCLAIM -DVECTORSZ=4096 -o pan pan.c
//	./pan -c0 -m100000 [flags]
//
// Everything runs inside a fresh temporary directory (created with
// os.MkdirTemp and removed afterwards). The model and the regular files next
// to it are copied there, so `#include "x.h"` keeps working, and the files
// that spin, cc and pan write (pan.c, pan, trail files, compiler temporaries)
// never land next to the model.
package spinref
