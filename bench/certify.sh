#!/usr/bin/env bash
# certify.sh -- search-carrying code (004 ch. 3): per model, the time of
# verification, the search script's size, the time of certification
# following it and its speed-up over verification, the same for the
# trustful script.  See bench/README.md.
#
# usage: bench/certify.sh [-r N] [-m DEPTH] [MODEL[:K=V,...] ...]
#
#   -r N      run everything N times and keep the minimum times (default 1)
#   -m DEPTH  depth bound (default 1000000)
#   MODEL     a .pml file, MODEL:N=7 prepends "#define N 7"; without
#             models, a built-in list of 10^3 to 1.4x10^6 states is run.
#
# Exit status: 0 when everything ran and certified, 1 when not, 2 on a
# usage error.

[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"

set -u
export LC_ALL=C

reps=1
depth=1000000
usage() {
	sed -n '7,13s/^# \{0,1\}//p' "$0" >&2
	exit 2
}
while getopts r:m:h opt; do
	case $opt in
	r) reps=$OPTARG ;;
	m) depth=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
for v in "$reps" "$depth"; do
	case $v in '' | *[!0-9]* | 0) echo "certify.sh: -r and -m need positive integers" >&2; exit 2 ;; esac
done

bench_dir=$(cd "$(dirname "$0")" && pwd) || exit 2
repo=$(cd "$bench_dir/.." && pwd) || exit 2
script=certify.sh
. "$bench_dir/lib.sh"
need_tools go awk

if [ $# -gt 0 ]; then
	model_list=$(arg_models "$@") || exit 2
else
	model_list="$repo/examples/models/philosophers_fixed.pml -  -
$repo/examples/models/atomic.pml             -            -
$repo/examples/models/peterson_n.pml         -            -
$repo/examples/models/inline_typedef.pml     -            -
$repo/examples/models/leader_n.pml           N=6          -
$repo/examples/models/abp_lossy.pml          M=50,C=10    -
$repo/examples/models/leader_n.pml           N=7          -"
fi

machine_header "search scripts and certification"
echo "verify:    gmc run -c0 -m<depth> m.pml"
echo "script:    gmc run -c0 -m<depth> --script s.scc [--trustful] m.pml"
echo "certify:   gmc certify [--trustful] m.pml s.scc"
echo "times:     the search's own elapsed time (no start-up); repeats: $reps, minimum kept"
echo
build_gmc

fmt='%-22s %9s | %8s %8s %9s | %8s %6s | %8s %8s %6s | %8s\n'
# shellcheck disable=SC2059
{
	printf "$fmt" "" "" verify script "" certify "" trustful "" "" parallel
	printf "$fmt" model states "s" "write s" "KB" "s" "speed" "KB" "s" "speed" "k=1,2,4"
}

failures=0
n=0
while read -r file defs mdepth; do
	[ -n "$file" ] || continue
	n=$((n + 1))
	[ "$mdepth" = - ] && mdepth=$depth
	label=$(basename "$file" .pml)
	[ "$defs" != - ] && label="$label $defs"
	[ -f "$file" ] || { printf '%-22s %s\n' "$label" "SKIPPED: $file not found"; continue; }
	w=$tmp/m$n
	model_copy "$w" "$file" "$defs"
	fail=
	r=0
	while [ "$r" -lt "$reps" ] && [ -z "$fail" ]; do
		r=$((r + 1))
		(cd "$w" && timed verify "$tmp/gmc" run -n -c0 -m"$mdepth" m.pml)
		case $? in 0 | 1) ;; *) fail="gmc run" ;; esac
		(cd "$w" && timed write "$tmp/gmc" run -n -c0 -m"$mdepth" --script s.scc m.pml)
		case $? in 0 | 1) ;; *) fail="gmc run --script" ;; esac
		(cd "$w" && timed certify "$tmp/gmc" certify m.pml s.scc)
		case $? in 0 | 1) grep -q '^certified' "$w/certify.out" || fail="certification failed" ;; *) fail="gmc certify" ;; esac
		(cd "$w" && timed twrite "$tmp/gmc" run -n -c0 -m"$mdepth" --script t.scc --trustful m.pml)
		(cd "$w" && timed trustful "$tmp/gmc" certify --trustful m.pml t.scc)
		case $? in 0 | 1) grep -q '^certified' "$w/trustful.out" || fail="trustful certification failed" ;; *) fail="gmc certify --trustful" ;; esac
		for t in verify write certify trustful; do
			search_time "$w/$t.out" gmc >"$w/s_$t.t"
			keepmin "$w/best_$t.t" "$w/s_$t.t"
		done
	done
	if [ -n "$fail" ]; then
		failures=$((failures + 1))
		printf '%-22s %s\n' "$label" "FAIL: $fail"
		continue
	fi
	states=$(report "$w/verify.out" gmc | cut -d' ' -f1)
	kb=$(($(wc -c <"$w/s.scc") / 1024))
	tkb=$(($(wc -c <"$w/t.scc") / 1024))
	printf '%s %s %s %s %s %s %s %s\n' "$label" "$states" "$(cat "$w/best_verify.t")" "$(cat "$w/best_write.t")" \
		"$kb" "$(cat "$w/best_certify.t")" "$tkb" "$(cat "$w/best_trustful.t")" |
		awk -v fmt="$fmt" '
		function v(x) { return x == "tiny" ? 0 : x + 0 }
		function x(a, b) { return v(a) == 0 || v(b) == 0 ? "-" : sprintf("%.2f", v(a) / v(b)) }
		function t(a) { return a == "tiny" ? a : sprintf("%.3g", a) }
		{
			n = NF; lab = $1; for (i = 2; i <= n - 7; i++) lab = lab " " $i
			st = $(n-6); ve = $(n-5); wr = $(n-4); kb = $(n-3); ce = $(n-2); tkb = $(n-1); tr = $n
			printf fmt, lab, st, t(ve), t(wr), kb, t(ce), x(ve, ce), tkb, t(tr), x(ve, tr), "-"
		}'
done <<EOF
$model_list
EOF
echo
echo "speed = verify s / certify s.  parallel certification (--parallel) is not there yet."
[ "$failures" -eq 0 ] || exit 1
