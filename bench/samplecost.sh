#!/usr/bin/env bash
# samplecost.sh -- what the sample of states (package sample: the exact
# fingerprints of the states under a halving threshold, which every
# search keeps for its coverage estimate) costs a search: the rows of
# checker's BenchmarkSampleCost, each a model's search with the sample
# and without it, counted in instructions under valgrind (the default)
# or timed (-t).
#
# usage: bench/samplecost.sh [-t] [-n PAIRS] [ROW ...]
#
#   -t        time instead of instructions: the benchmark's %cost-med (the
#             median over PAIRS pairs of the ratio of the search with the
#             sample to the search without, less one), pinned to the last
#             processor, GOMAXPROCS=1, GOGC=off
#   -n PAIRS  pairs a row with -t (default 60)
#   ROW       MODEL/STORE, a row of the benchmark: MODEL one of bakery,
#             swp, peterson_n, snoopy, dtp, phil_n9, cambridge; STORE
#             exact or bitstate. Without rows: the bitstate rows of the
#             first six and the exact rows of the first three (about 25
#             minutes of valgrind; -t, about 5)
#
# Instructions: SAMPLE_COST=on runs only searches with the sample,
# SAMPLE_COST=off only searches without, under valgrind --tool=callgrind
# with go_callgrind's settings (lib.sh: one processor, no collector). The sample's
# figure is the count of -test.benchtime 5x with it less that without,
# over five (the rest of the process, parsing and compiling the model,
# is the same in both); the search's, the count of 5x without less that
# of 1x, over four. The rest of the process moves by about 0.5 M from
# run to run, so the search's figure by about 0.1 M.
# An exact row's sample is drawn from the store when it is read
# (sample.Deferred), which the benchmark does in the timed part; gmc run
# reads it only for a stopped search's probes. The time of one search
# moves by several percent from run to run on a shared machine, the
# instructions do not: compare instructions across changes, and quote
# time only over many pairs (docs/estimates.md, "What the sample costs").

[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"

set -u
. "$(dirname "$0")/lib.sh"

timing= pairs=60
while getopts tn:h o; do
	case $o in
	t) timing=1 ;;
	n) pairs=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
positive -n "$pairs"

rows="$*"
if [ -z "$rows" ]; then
	rows="bakery/bitstate swp/bitstate peterson_n/bitstate snoopy/bitstate dtp/bitstate phil_n9/bitstate bakery/exact swp/exact peterson_n/exact"
fi
for r in $rows; do
	case $r in
	bakery/* | swp/* | peterson_n/* | snoopy/* | dtp/* | phil_n9/* | cambridge/*) ;;
	*) echo "$script: $r: not a row of BenchmarkSampleCost" >&2 && exit 2 ;;
	esac
	case $r in
	*/exact | */bitstate) ;;
	*) echo "$script: $r: the store is exact or bitstate" >&2 && exit 2 ;;
	esac
done
if [ -n "$timing" ]; then
	need_tools go taskset
else
	need_tools go valgrind awk
fi
[ -d /usr/share/doc/spin/examples ] || echo "$script: SPIN's examples are not installed: the rows of snoopy, dtp and cambridge will be missing" >&2

(cd "$repo" && go test -c -o "$tmp/checker.test" ./checker) || exit 1
machine_header "samplecost.sh: the sample of states' cost to a search${timing:+, timed ($pairs pairs a row)}"

if [ -n "$timing" ]; then
	cpu=$(($(nproc) - 1))
	for r in $rows; do
		(cd "$repo/checker" && GOGC=off GOMAXPROCS=1 taskset -c "$cpu" "$tmp/checker.test" \
			-test.run XXX -test.bench "SampleCost/$r" -test.benchtime "${pairs}x") |
			awk '/^BenchmarkSampleCost/ { print }'
	done
	exit 0
fi

# count ROW N MODE prints the instructions of -test.benchtime Nx of ROW
# with the sample on or off (- when valgrind failed).
count() {
	(cd "$repo/checker" && SAMPLE_COST=$3 go_callgrind --callgrind-out-file="$tmp/cg" "$tmp/checker.test" \
		-test.run XXX -test.bench "SampleCost/$1" -test.benchtime "$2x" >"$tmp/out" 2>"$tmp/err")
	awk '/Collected :/ { n = $NF } END { print (n == "" ? "-" : n) }' "$tmp/err"
}

printf '%-22s %14s %12s %8s\n' row "search instr" "sample" share
for r in $rows; do
	on5=$(count "$r" 5 on) off5=$(count "$r" 5 off) off1=$(count "$r" 1 off)
	awk -v r="$r" -v on5="$on5" -v off5="$off5" -v off1="$off1" 'BEGIN {
		if (on5 == "-" || off5 == "-" || off1 == "-") { printf "%-22s %14s\n", r, "valgrind failed"; exit }
		search = (off5 - off1) / 4; smp = (on5 - off5) / 5
		printf "%-22s %12.1f M %10.2f M %7.2f%%\n", r, search / 1e6, smp / 1e6, 100 * smp / search
	}'
done
