#!/usr/bin/env bash
# sim.sh -- gmc sim of 10^6 steps, this working tree against a baseline
# revision (by default c609526, the simulator before the allocation-free
# vm.Runner): both built here, run in turn on the same models with the
# same seed, output thrown away; the median wall and CPU seconds of each
# and the median of the pairs' ratios.  See bench/README.md.
#
# usage: bench/sim.sh [-n N] [-u STEPS] [-b REV] [MODEL ...]
#
#   -n N      runs of each binary, in turn (default 9)
#   -u STEPS  simulation steps, gmc sim -u (default 1000000)
#   -b REV    the baseline, a revision of this repository (default c609526)
#   MODEL     a .pml file; without models: philosophers_fixed (atomic
#             sequences), vm/testdata/rendezvous.pml (rendezvous) and
#             SPIN's cambridge.pml (buffered channels, printf output).
#
# Exit status: 0 when every run ran, 1 when a build or a run failed or the
# two binaries printed different simulations, 2 on a usage error.

[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"

set -u
. "$(dirname "$0")/lib.sh"

runs=9
steps=1000000
base=c609526
while getopts n:u:b:h opt; do
	case $opt in
	n) runs=$OPTARG ;;
	u) steps=$OPTARG ;;
	b) base=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
positive -n "$runs" -u "$steps"

spin_ex=${SPIN_EXAMPLES:-/usr/share/doc/spin/examples/Examples}
need_tools go git awk tar

if [ $# -gt 0 ]; then
	models=$(arg_models "$@" | cut -d' ' -f1) || exit 2
else
	models="$repo/examples/models/philosophers_fixed.pml
$repo/vm/testdata/rendezvous.pml"
	[ -f "$spin_ex/cambridge.pml" ] && models="$models
$spin_ex/cambridge.pml"
fi

base_rev=$(git -C "$repo" rev-parse --short "$base^{commit}" 2>/dev/null) || {
	echo "sim.sh: $base: no such revision" >&2
	exit 2
}
machine_header "gmc sim -u$steps: this tree against $base_rev"
echo "runs:    $runs of each, in turn; gmc sim -seed 1 -u$steps MODEL >/dev/null"
echo

# The baseline, built from its own tree; then this one (lib.sh).
mkdir -p "$tmp/base"
if ! git -C "$repo" archive "$base_rev" | tar -x -C "$tmp/base" ||
	! (cd "$tmp/base" && go build -o "$tmp/gmc-base" ./cmd/gmc) >"$tmp/build-base.err" 2>&1; then
	echo "$script: building $base_rev failed:" >&2
	cat "$tmp/build-base.err" >&2
	exit 1
fi
build_gmc

# timed_null NAME CMD... runs CMD with its output thrown away and writes
# "wall_s cpu_s" to NAME.t: bash's time keyword, which reads the child's
# user and system time to the millisecond (GNU time prints hundredths).
timed_null() {
	local name=$1 TIMEFORMAT='%3R %3U %3S'
	shift
	{ time "$@" </dev/null >/dev/null 2>"$name.err"; } 2>"$name.tm" || return 1
	tail -n 1 "$name.tm" | awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' >"$name.t"
}

fmt='%-22s %8s %8s %8s %8s | %7s %7s | %5s %s\n'
# shellcheck disable=SC2059
printf "$fmt" "" "$base_rev" "" "this" "" "speed-up" "" "" ""
# shellcheck disable=SC2059
printf "$fmt" model "wall s" "cpu s" "wall s" "cpu s" "wall" "cpu" "runs" "output"
status=0
for model in $models; do
	name=$(basename "$model" .pml)
	dir=$tmp/$name
	mkdir -p "$dir"
	# Same seed, same simulation: the outputs must be equal.
	"$tmp/gmc-base" sim -seed 1 -u"$steps" "$model" </dev/null >"$dir/base.out" 2>/dev/null
	"$tmp/gmc" sim -seed 1 -u"$steps" "$model" </dev/null >"$dir/this.out" 2>/dev/null
	same=same
	if ! cmp -s "$dir/base.out" "$dir/this.out"; then
		same=DIFFERENT
		status=1
	fi
	: >"$dir/pairs"
	for i in $(seq "$runs"); do
		timed_null "$dir/b$i" "$tmp/gmc-base" sim -seed 1 -u"$steps" "$model" &&
			timed_null "$dir/t$i" "$tmp/gmc" sim -seed 1 -u"$steps" "$model" || {
			echo "$script: $name: a run failed" >&2
			status=1
			continue 2
		}
		echo "$(cat "$dir/b$i.t") $(cat "$dir/t$i.t")" >>"$dir/pairs"
	done
	# pairs: base wall, base cpu, this wall, this cpu; the medians, and
	# the median of the ratios pair by pair (a drift of the machine's
	# speed during the runs touches both runs of a pair alike).
	awk -v name="$name" -v same="$same" -v fmt="$fmt" '
	function median(a, n,   i, j, t) {
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	{ n++; bw[n] = $1; bc[n] = $2; tw[n] = $3; tc[n] = $4
	  rw[n] = $3 > 0 ? $1 / $3 : 0; rc[n] = $4 > 0 ? $2 / $4 : 0 }
	END {
		printf fmt, name, sprintf("%.3f", median(bw, n)), sprintf("%.3f", median(bc, n)),
			sprintf("%.3f", median(tw, n)), sprintf("%.3f", median(tc, n)),
			sprintf("%.2fx", median(rw, n)), sprintf("%.2fx", median(rc, n)), n, same
	}' "$dir/pairs"
done
echo
echo "speed-up: the median of base/this over the pairs of runs (not the"
echo "ratio of the medians); cpu is user + system, the Go runtime's"
echo "collector on the other core included."
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) (1, 5, 15 min) at the end"
exit $status
