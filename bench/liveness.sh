#!/usr/bin/env bash
# liveness.sh -- gmc's cycle searches against pan's on the same models:
# pan built with -O2 -DNOREDUCE (and -DNP for -l), run with the same
# flags as gmc run; the counts must agree, then each tool's search rate
# (stored states per second of search), the ratio gmc/pan, and the bytes
# per stored state of each (total memory / stored).  See bench/README.md.
#
# usage: bench/liveness.sh [-r N] [MODEL:FLAGS ...]
#
#   -r N         runs of each tool per model; the fastest is kept (default 3)
#   MODEL:FLAGS  a .pml file and the flags of both pan and gmc run, with
#                commas for spaces (cambridge.pml:-l,-c0); without
#                arguments, a built-in list of SPIN's examples.
#
# Exit status: 0 when every tool ran, 1 when one failed or the counts
# differ, 2 on a usage error.

[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"

set -u
. "$(dirname "$0")/lib.sh"

reps=3
while getopts r:h opt; do
	case $opt in
	r) reps=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
positive -r "$reps"

need_tools spin cc go

ex=/usr/share/doc/spin/examples/Examples
if [ $# -eq 0 ]; then
	set -- "$ex/cambridge.pml:-l,-c0" "$ex/LTL/mobile1.pml:-l,-c0" \
		"$ex/LTL/leader.pml:-a,-c0,-N,p0" "$ex/Book_1991/p123.pml:-a,-c0"
fi

# min_time A B is the smaller of two search times ("" is none yet).
min_time() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (b == "tiny") b = 0; print (a == "" || b + 0 < a + 0) ? b : a }'
}

build_gmc
machine_header "liveness.sh: gmc against pan -O2 -DNOREDUCE, cycle searches (best of $reps)"
printf '\n%-28s %-14s %9s %9s %8s %8s %8s %6s %7s %7s\n' model flags stored visited pan_s gmc_s pan_rate ratio pan_B/st gmc_B/st
status=0
n=0
for arg in "$@"; do
	file=${arg%%:*}
	flags=$(echo "${arg#*:}" | tr ',' ' ')
	if [ ! -f "$file" ]; then
		echo "$script: $file: no such file" >&2
		status=1
		continue
	fi
	n=$((n + 1))
	dir=$tmp/$n
	model_copy "$dir" "$file" -
	cc_flags="-O2 -DNOREDUCE"
	case " $flags " in *" -l "*) cc_flags="$cc_flags -DNP" ;; esac
	# shellcheck disable=SC2086
	if ! (cd "$dir" && spin -a m.pml >/dev/null 2>&1 && cc $cc_flags -o pan pan.c 2>/dev/null); then
		echo "$script: $file: spin -a or cc failed" >&2
		status=1
		continue
	fi
	pt= gt=
	for ((r = 0; r < reps; r++)); do
		# shellcheck disable=SC2086
		(cd "$dir" && timed pan ./pan $flags -m100000 -n) || true
		# shellcheck disable=SC2086
		(cd "$dir" && timed gmc "$tmp/gmc" run --no-reduce $flags -m100000 -n m.pml) || true
		pt=$(min_time "$pt" "$(search_time "$dir/pan.out" pan)")
		gt=$(min_time "$gt" "$(search_time "$dir/gmc.out" gmc)")
		cp "$dir/pan.out" "$dir/pan.report"
		cp "$dir/gmc.out" "$dir/gmc.report"
	done
	read -r ps _ pe _ pd _ _ _ _ <<<"$(report "$dir/pan.report" pan)"
	read -r gs _ ge _ gd _ _ _ _ <<<"$(report "$dir/gmc.report" gmc)"
	visited=$(awk '/states, stored \(/ { v = $4 ""; sub(/\(/, "", v); print v; exit }' "$dir/pan.report")
	# search_time takes pan's time as stored / its rate line, but pan's
	# rate is visited (stored + shadows) / time: with shadows, scale back.
	if [ -n "$visited" ] && [ "$pt" != "" ] && [ "$pt" != 0 ]; then
		pt=$(awk -v t="$pt" -v v="$visited" -v s="$ps" 'BEGIN { printf "%.6f\n", t * v / s }')
	fi
	pmem=$(awk '/total actual memory usage/ { print $1 * 1048576; exit }' "$dir/pan.report")
	gmem=$(awk '/total actual memory usage/ { print $1 * 1048576; exit }' "$dir/gmc.report")
	if [ "$ps $pe $pd" != "$gs $ge $gd" ]; then
		echo "$script: $(basename "$file") $flags: pan stored/errors/depth $ps $pe $pd, gmc $gs $ge $gd" >&2
		status=1
	fi
	awk -v m="$(basename "$file")" -v f="$flags" -v s="$ps" -v v="${visited:--}" -v pt="$pt" -v gt="$gt" -v pm="$pmem" -v gm="$gmem" 'BEGIN {
		rate = (pt > 0) ? s / pt : 0
		ratio = (gt > 0 && pt > 0) ? pt / gt : 0
		printf "%-28s %-14s %9d %9s %8.3f %8.3f %8.0f %6.2f %7.0f %7.0f\n", m, f, s, v, pt, gt, rate, ratio, pm / s, gm / s
	}'
done
echo
echo "ratio: gmc's search rate / pan's (stored states per second of search; above 1, gmc is faster)."
echo "B/st: total memory of the run / stored states (pan's counts its hash table and stack; gmc's the Go heap in use)."
exit $status
