#!/usr/bin/env bash
# instructions.sh -- the instructions gmc's search and pan's execute per
# transition, counted by valgrind (callgrind): the same figure on every
# run, where wall-clock time on a shared virtual machine moves by 10-40%
# from one run to the next. What a change to the search costs or saves
# shows here first; whether it pays in time, compare.sh says.
#
# usage: bench/instructions.sh [-n] [-s STORE] [-b BIN] [MODEL[:K=V,...] ...]
#
#   -n        no partial-order reduction (gmc --no-reduce, pan -DNOREDUCE)
#   -s STORE  gmc's --store hc or collapse, against pan built with -DHC4
#             or -DCOLLAPSE (default: exact, pan's plain build); pan's
#             hash compaction may omit states (a 32-bit hash at -w32 or
#             less): the check column then says how many
#   -b BIN    also count the gmc binary BIN (another build, to compare
#             against this tree's): a column of its own
#   MODEL     as compare.sh; without models, the list below (searches of
#             10^4 to 3x10^5 transitions: a minute or two under valgrind)
#
# Only the search is counted, so parsing, compiling, pan's hash table
# zeroing and the reports are left out: pan's new_state (valgrind's
# --toggle-collect), and for gmc a whole run less a run of the same model
# stopped at its first state (--max-states 1 --probes 0): the toggle
# does not hold for Go, whose goroutines move between threads (it
# counted 0.03 to 1 times the search, run to run). gmc runs with
# GOMAXPROCS=1, GOGC=off and asynchronous preemption off (callgrind does
# not follow Go's preemption signals reliably): the collector's work is
# not in the figure, which is the search's own. Instructions are not
# time: a cache miss costs a hundred of them, and the store's misses are
# most of a large search's time (bench/README.md#instructionssh).

[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"

set -u
. "$(dirname "$0")/lib.sh"

pan_por= gmc_por= other= st=exact pan_store=
while getopts nb:s:h o; do
	case $o in
	n) pan_por=-DNOREDUCE gmc_por=--no-reduce ;;
	b) other=$OPTARG ;;
	s) st=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
case $st in
exact) ;;
hc) pan_store=-DHC4 ;;
collapse) pan_store=-DCOLLAPSE ;;
*)
	echo "$script: -s $st: exact, hc or collapse" >&2
	exit 2
	;;
esac
gmc_por="$gmc_por --store $st"
need_tools spin cc go valgrind awk
if [ -n "$other" ] && [ ! -x "$other" ]; then
	echo "$script: $other: not an executable" >&2
	exit 2
fi

if [ $# -gt 0 ]; then
	models=$(arg_models "$@") || exit 2
else
	models=$(
		cat <<EOF
$bench_dir/models/swp.pml W=2,M=6,C=3 -
$bench_dir/models/philo_host.pml N=4 -
$bench_dir/models/bakery.pml N=3,T=2 -
$repo/examples/models/peterson_n.pml - -
$repo/examples/models/leader_n.pml N=6 -
$repo/examples/models/mutex_sem.pml N=6 -
EOF
	)
fi

build_gmc
machine_header "instructions.sh: instructions per transition of the search, gmc against pan${pan_por:+ (no reduction)}${pan_store:+, --store $st against $pan_store}"
[ -n "$other" ] && echo "other:   $other"

# count OUT FN CMD... runs CMD under callgrind, collecting in FN only
# (all: everything), and prints the instructions counted (- when
# valgrind failed). pan runs under go_callgrind's settings too: they
# change nothing for a C program.
count() {
	local out=$1 fn=$2
	shift 2
	[ "$fn" = all ] && fn=
	go_callgrind ${fn:+--toggle-collect="$fn"} --callgrind-out-file="$out.cg" "$@" >"$out.out" 2>"$out.err" </dev/null
	awk '/Collected :/ { n = $NF } END { print (n == "" ? "-" : n) }' "$out.err"
}

# count_gmc OUT BIN prints the instructions of BIN's search of m.pml:
# its run less a run stopped at the first state.
count_gmc() {
	local all base
	all=$(count "$1" all "$2" run $gmc_por -n -c0 -m1000000 m.pml)
	base=$(count "$1.base" all "$2" run $gmc_por -n -c0 -m1000000 --max-states 1 --probes 0 m.pml)
	awk -v a="$all" -v b="$base" 'BEGIN { print (a == "-" || b == "-" ? "-" : a - b) }'
}

printf '%-24s %12s %10s %10s %8s' model transitions pan/tr gmc/tr gmc/pan
[ -n "$other" ] && printf ' %10s %9s' other/tr other/gmc
printf '  check\n'
i=0
while read -r file defs _; do
	i=$((i + 1))
	dir=$tmp/m$i
	model_copy "$dir" "$file" "$defs"
	name=$(basename "$file" .pml)
	[ "$defs" != - ] && name="$name ${defs}"
	(cd "$dir" && spin -a m.pml >/dev/null 2>&1 && cc -O2 -DSAFETY -DNOCLAIM $pan_por $pan_store -o pan pan.c 2>/dev/null) || {
		printf '%-24s FAIL (spin -a or cc)\n' "$name"
		continue
	}
	pan_n=$(cd "$dir" && count pan new_state ./pan -m1000000 -c0)
	gmc_n=$(cd "$dir" && count_gmc gmc "$tmp/gmc")
	other_n=-
	[ -n "$other" ] && other_n=$(cd "$dir" && count_gmc other "$other")
	read -r pst ptr _ < <(report "$dir/pan.out" pan)
	read -r gst gtr _ < <(report "$dir/gmc.out" gmc)
	check=ok
	if [ "$st" = hc ] && [ "$pst" -lt "$gst" ] 2>/dev/null; then
		check="ok (pan's -DHC4 omitted $((gst - pst)))"
	elif [ "$pst" != "$gst" ] || [ "$ptr" != "$gtr" ]; then
		check="MISMATCH (pan $pst/$ptr, gmc $gst/$gtr)"
	fi
	awk -v ratios="$tmp/ratios" -v name="$name" -v tr="$ptr" -v p="$pan_n" -v g="$gmc_n" -v o="$other_n" -v other="$other" -v check="$check" 'BEGIN {
		if (tr == "-" || tr == 0 || p == "-" || g == "-") { printf "%-24s %12s  FAIL (valgrind)\n", name, tr; exit }
		printf "%-24s %12d %10.0f %10.0f %8.2f", name, tr, p / tr, g / tr, g / p
		if (other != "") {
			if (o == "-") printf " %10s %9s", "-", "-"
			else printf " %10.0f %9.3f", o / tr, o / g
		}
		printf "  %s\n", check
		printf "%s %s\n", g / p, (o == "-" ? "-" : o / g) >> ratios
	}'
done <<<"$models"
[ -s "$tmp/ratios" ] && awk -v other="$other" '
	{ n++; g += log($1); if ($2 != "-") { m++; o += log($2) } }
	END {
		printf "%-24s %12s %10s %10s %8.2f", "geometric mean", "", "", "", exp(g / n)
		if (other != "") printf " %10s %9.3f", "", (m ? exp(o / m) : 0)
		printf "\n"
	}' "$tmp/ratios"
