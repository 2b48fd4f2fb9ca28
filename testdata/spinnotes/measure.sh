#!/bin/sh
# measure.sh FILE.pml
# Re-measures a spin-notes test case with the installed SPIN and prints its two
# "expect" lines (merging on = `spin -a`, merging off = `spin -o3 -a`).
# The `spin:` and `pan:` header lines of FILE supply extra spin flags and the -m
# bound. Works in a temporary directory; nothing is written next to FILE.
set -u
[ $# -eq 1 ] || { echo "usage: $0 file.pml" >&2; exit 2; }
f=$(readlink -f "$1")
[ -r "$f" ] || { echo "$0: cannot read $1" >&2; exit 2; }
spinflags=$(sed -n 's/^ \* spin:[[:space:]]*//p' "$f" | head -n 1)
panflags=$(sed -n 's/^ \* pan:[[:space:]]*//p' "$f" | head -n 1)
mflag=$(printf '%s\n' $panflags | grep '^-m' | tail -n 1)
[ -n "$mflag" ] || mflag=-m100000
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

run() { # $1 = label, rest = spin flags
	label=$1; shift
	d="$tmp/$label"; mkdir "$d"; cp "$f" "$d/model.pml"
	if ! (cd "$d" && spin "$@" -a model.pml >spin.out 2>&1); then
		echo "$0: spin $* -a failed on $1:" >&2; cat "$d/spin.out" >&2; return 1
	fi
	if ! (cd "$d" && cc -DNOREDUCE -DSAFETY -DNOCLAIM -DVECTORSZ=4096 -o pan pan.c >cc.out 2>&1); then
		echo "$0: cc failed:" >&2; cat "$d/cc.out" >&2; return 1
	fi
	(cd "$d" && ./pan -c0 "$mflag" >pan.out 2>&1)
	awk -v label="$label" '
		/depth reached/ { for (i = 1; i <= NF; i++) {
			if ($i == "reached") { depth = $(i+1); sub(/,/, "", depth) }
			if ($i == "errors:") errors = $(i+1) } }
		/states, stored/  { stored = $1 }
		/states, matched/ { matched = $1 }
		/transitions \(/  { trans = $1 }
		/atomic steps/    { atomic = $1 }
		END { if (stored == "") { print "no pan statistics" > "/dev/stderr"; exit 1 }
		      printf " * expect %-8s stored=%s matched=%s transitions=%s atomic=%s depth=%s errors=%s\n",
		        label ":", stored, matched, trans, atomic, depth, errors }' "$d/pan.out"
}
run merge $spinflags && run nomerge -o3 $spinflags
