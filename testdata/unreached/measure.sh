#!/bin/bash
# Regenerates the expected "unreached in ..." sections of pan (SPIN 6.5.2).
#
#   ./measure.sh                 all models in this directory and the corpus list
#   ./measure.sh foo.pml ...     only these local models
#
# For each model NAME.pml it writes NAME.merge.txt (spin -a) and
# NAME.nomerge.txt (spin -o3 -a). Each file holds pan's output from the first
# "unreached in" line through the last "(k of n states)" line, verbatim.
# pan is always built and run as:
#   cc -O2 -DNOREDUCE -DSAFETY -DNOCLAIM -o pan pan.c && ./pan -m100000
# spin is run on the bare file name inside a scratch copy of the model's
# directory (so #include works and the printed file names are bare names).
# The script stops with an error if pan reports errors != 0.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
EX=/usr/share/doc/spin/examples/Examples
CORPUS="abp.pml calculator.pml Exercises/ex_2.pml LTL/zune.pml Book_1991/p123.pml"

section() { # awk: first "unreached in" .. last "(k of n states)"
	awk '/^unreached in /{p=1} p{buf=buf $0 "\n"} /^\t\([0-9]+ of [0-9]+ states\)$/{out=out buf; buf=""} END{printf "%s", out}'
}

measure() { # measure SRC_DIR FILE OUT_PREFIX
	local src=$1 f=$2 out=$3 mode w
	for mode in merge nomerge; do
		w=$(mktemp -d)
		cp -r "$src"/. "$w"/
		(
			cd "$w"
			if [ $mode = merge ]; then spin -a "$f" >spin.out 2>&1; else spin -o3 -a "$f" >spin.out 2>&1; fi
			cc -O2 -w -DNOREDUCE -DSAFETY -DNOCLAIM -o pan pan.c
			./pan -m100000 >pan.out 2>&1 || true
			if ! grep -q "errors: 0$" pan.out; then
				echo "measure.sh: $f ($mode): pan reported errors" >&2
				grep "errors:" pan.out >&2
				exit 1
			fi
			section <pan.out
		) >"$out.$mode.txt"
		rm -rf "$w"
	done
	echo "wrote $out.{merge,nomerge}.txt"
}

if [ $# -gt 0 ]; then
	for f in "$@"; do
		b=$(basename "$f" .pml)
		measure "$here" "$b.pml" "$here/$b"
	done
	exit 0
fi

for f in "$here"/*.pml; do
	b=$(basename "$f" .pml)
	measure "$here" "$b.pml" "$here/$b"
done
for r in $CORPUS; do
	mkdir -p "$here/corpus/$(dirname "$r")"
	measure "$EX/$(dirname "$r")" "$(basename "$r")" "$here/corpus/$r"
done
