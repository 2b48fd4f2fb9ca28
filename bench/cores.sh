#!/usr/bin/env bash
# cores.sh -- gmc run -j 1 against -j N and pan (one core, the same
# reduction setting): states per second of the search, and the counts.
# See bench/README.md#cores.sh.
#
# usage: bench/cores.sh [-n] [-j N] [-r R] [-m DEPTH] [-s STORE] [MODEL[:K=V,...] ...]
#
#   -n        no partial-order reduction (gmc --no-reduce, pan -DNOREDUCE):
#             -j N must then store what -j 1 stores
#   -j N      the cores of the parallel run (default 2)
#   -r R      R runs of each, pan, -j 1 and -j N alternating (pan first in
#             odd rounds, last in even ones); the fastest
#             search of each is kept (default 3)
#   -m DEPTH  the depth bound of the models given as arguments (default
#             100000): the one-core search must not reach it
#   -s STORE  gmc's --store: exact (default), hc or collapse
#   MODEL     as compare.sh; without models, the list below (over 10^6
#             states without reduction)
#
# Where taskset is installed, each round also runs -j 1 pinned to each of
# the first N processors, first one after the other, then all N at once:
# a virtual machine's processors need not be equally fast (one of this
# project's measured one a third slower on memory-bound code), and N
# searches at once share the caches and the memory (and, where the host
# gives two processors of one core, the core). "ceil" is the sum of the
# pinned runs' rates one after the other over -j 1's rate; "pair" the sum
# of their rates at once over -j 1's: what N searches that share nothing
# but the machine reach, the best -j N can do. "eff" is -j N's rate over
# that sum (1.00: no cost of sharing the search at all). The "c2c" lines,
# at the start and at the end, and the "c2c ns" column (before each of a
# model's rounds: the least and the most) are the round trip of a cache
# line between processors 0 and 1 (bench/c2c): what each read of a line
# the other worker wrote costs.

[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"

set -u
. "$(dirname "$0")/lib.sh"

noreduce=0 jobs=2 runs=3 st=exact argdepth=100000
while getopts nj:r:m:s:h o; do
	case $o in
	n) noreduce=1 ;;
	j) jobs=$OPTARG ;;
	r) runs=$OPTARG ;;
	m) argdepth=$OPTARG ;;
	s) st=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
positive -j "$jobs" -r "$runs" -m "$argdepth"

default_models() {
	cat <<EOF
$repo/examples/models/abp_lossy.pml      M=50,C=10    100000
$repo/examples/models/mutex_sem.pml      N=10         1000000
$repo/examples/models/leader_n.pml       N=7          100000
$bench_dir/models/swp.pml                W=4,M=8,C=3  100000
$bench_dir/models/swp.pml                W=3,M=7,C=4  100000
EOF
}

need_tools spin cc go awk
build_gmc
if [ $# -gt 0 ]; then
	models=$(arg_models "$@") || exit 2
else
	models=$(default_models)
fi
machine_header "cores.sh: gmc -j 1, -j $jobs and pan, $([ $noreduce = 1 ] && echo "no reduction" || echo reduced), --store $st, best of $runs"
# How far apart processors 0 and 1 are (bench/c2c): -j 2's speed-up
# follows it, and the host may move the processors during the run, so
# it is measured at the start and the end, and before each round (the
# "c2c ns" column: the least and the most of a model's rounds).
c2c_ok=0
if [ "$(nproc)" -ge 2 ] && (cd "$repo" && go build -o "$tmp/c2c" ./bench/c2c) 2>/dev/null; then
	c2c_ok=1
fi
c2c() {
	[ $c2c_ok = 1 ] && echo "c2c:     $("$tmp/c2c" 2>&1 | tail -n 1) $1"
}
# c2c_ns appends the round trip, in ns, to the model's list.
c2c_ns() {
	[ $c2c_ok = 1 ] && "$tmp/c2c" 2>/dev/null | awk '{ print $(NF - 1) }' >>"$d/c2c"
}
c2c "(at start)"
pin=0
if command -v taskset >/dev/null && [ "$(nproc)" -ge "$jobs" ]; then
	pin=1
fi
printf '%-28s %10s %10s %10s %9s %9s %6s %6s %6s %8s %8s %8s %9s\n' model "pan st/s" "-j1 st/s" "-j$jobs st/s" "j$jobs/j1" "j$jobs/pan" ceil pair eff "pan st" "-j1 st" "-j$jobs st" "c2c ns"
# run_pan, run_j1, run_jn: one timed run of pan, gmc -j 1 and gmc -j N in
# the model's directory $d, each keeping its best time.
run_pan() {
	(cd "$d" && timed pan ./pan -m"$depth" -c0) && search_time "$d/pan.out" pan >"$d/pan.t1" && keepmin "$d/pan.best" "$d/pan.t1" && cp "$d/pan.out" "$d/pan.keep"
}
run_j1() {
	(cd "$d" && timed j1 "$tmp/gmc" run -n -c0 -m"$depth" --store "$st" -j 1 $gflags m.pml)
	search_time "$d/j1.out" gmc >"$d/j1.t1" && keepmin "$d/j1.best" "$d/j1.t1"
}
run_jn() {
	(cd "$d" && timed jn "$tmp/gmc" run -n -c0 -m"$depth" --store "$st" -j "$jobs" $gflags m.pml)
	search_time "$d/jn.out" gmc >"$d/jn.t1" && keepmin "$d/jn.best" "$d/jn.t1"
}
# rate_sum PREFIX: the sum of the rates of the pinned runs PREFIX0..
# (their best times), "-" if one was too short to time.
rate_sum() {
	for c in $(seq 0 $((jobs - 1))); do cat "$d/$1$c.best"; done |
		awk -v s="$(report "$d/j1.out" gmc | cut -d' ' -f1)" '$1 == "tiny" { bad = 1 } { r += s / $1 } END { if (bad) print "-"; else printf "%.0f\n", r }'
}
i=0
echo "$models" | while read -r file defs depth; do
	i=$((i + 1))
	d=$tmp/m$i
	model_copy "$d" "$file" "$defs"
	[ "$depth" = - ] && depth=$argdepth
	cflags="-O2 -DSAFETY -DNOCLAIM"
	gflags=""
	if [ $noreduce = 1 ]; then
		cflags="$cflags -DNOREDUCE"
		gflags="--no-reduce"
	fi
	(cd "$d" && spin -a m.pml >/dev/null && cc $cflags -o pan pan.c) || { echo "$file: pan build failed" >&2; continue; }
	for r in $(seq "$runs"); do
		c2c_ns
		# The order alternates, so that -j 1 does not always follow
		# pan: in a virtual machine what a run's fresh memory costs
		# depends on what the run before it left free (compare.sh).
		if [ $((r % 2)) = 1 ]; then
			run_pan
			run_j1
			run_jn
		else
			run_jn
			run_j1
			run_pan
		fi
		[ $pin = 1 ] || continue
		for c in $(seq 0 $((jobs - 1))); do
			(cd "$d" && timed cpu$c taskset -c "$c" "$tmp/gmc" run -n -c0 -m"$depth" --store "$st" -j 1 $gflags m.pml)
			search_time "$d/cpu$c.out" gmc >"$d/cpu$c.t1" && keepmin "$d/cpu$c.best" "$d/cpu$c.t1"
		done
		for c in $(seq 0 $((jobs - 1))); do
			(cd "$d" && timed at$c taskset -c "$c" "$tmp/gmc" run -n -c0 -m"$depth" --store "$st" -j 1 $gflags m.pml) &
		done
		wait
		for c in $(seq 0 $((jobs - 1))); do
			search_time "$d/at$c.out" gmc >"$d/at$c.t1" && keepmin "$d/at$c.best" "$d/at$c.t1"
		done
	done
	# sums of the pinned one-core rates, one after the other (sum) and at
	# once (pair): what -j N could reach at best
	sum=- pair=-
	if [ $pin = 1 ]; then
		sum=$(rate_sum cpu) pair=$(rate_sum at)
	fi
	read -r ps _ <<<"$(report "$d/pan.keep" pan)"
	read -r s1 _ <<<"$(report "$d/j1.out" gmc)"
	read -r sn _ <<<"$(report "$d/jn.out" gmc)"
	tp=$(cat "$d/pan.best") t1=$(cat "$d/j1.best") tn=$(cat "$d/jn.best")
	name="$(basename "$file" .pml) $([ "$defs" != - ] && echo "$defs")"
	rt=-
	[ -s "$d/c2c" ] && rt=$(sort -n "$d/c2c" | awk 'NR == 1 { lo = $1 } { hi = $1 } END { print (lo == hi ? lo : lo "-" hi) }')
	awk -v n="$name" -v ps="$ps" -v s1="$s1" -v sn="$sn" -v tp="$tp" -v t1="$t1" -v tn="$tn" -v sum="$sum" -v pair="$pair" -v rt="$rt" 'BEGIN {
		rp = ps / tp; r1 = s1 / t1; rn = sn / tn
		ceil = both = eff = "-"
		if (sum != "-") ceil = sprintf("%.2f", sum / r1)
		if (pair != "-") { both = sprintf("%.2f", pair / r1); eff = sprintf("%.2f", rn / pair) }
		printf "%-28s %10.0f %10.0f %10.0f %9.2f %9.2f %6s %6s %6s %8d %8d %8d %9s\n", n, rp, r1, rn, rn / r1, rn / rp, ceil, both, eff, ps, s1, sn, rt
	}'
done
c2c "(at the end)"
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min) at the end"
