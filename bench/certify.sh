#!/usr/bin/env bash
# certify.sh -- search-carrying code (004 ch. 3): per model, the time of
# verification, the search script's size, the time of certification
# following it, its speed-up over verification and the most fingerprints
# it kept (share of the states, 004 §4.4), the same for the trustful
# script, and the speed-up of parallel certification in k = 1, 2, 4
# parts (004 §3.2).  See bench/README.md.
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
. "$(dirname "$0")/lib.sh"

reps=1
depth=1000000
while getopts r:m:h opt; do
	case $opt in
	r) reps=$OPTARG ;;
	m) depth=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
positive -r "$reps" -m "$depth"

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
echo "verify:    gmc run --no-reduce -c0 -m<depth> m.pml"
echo "script:    gmc run --no-reduce -c0 -m<depth> --script s.scc [--trustful] m.pml"
echo "certify:   gmc certify [--trustful] [--parallel k] m.pml s.scc"
echo "times:     the search's own elapsed time (no start-up); repeats: $reps, minimum kept"
echo
build_gmc

fmt='%-22s %9s | %7s %7s %8s | %7s %6s %5s | %7s %7s %6s | %5s %5s %5s\n'
# shellcheck disable=SC2059
{
	printf "$fmt" "" "" verify script "" certify "" "" trustful "" "" parallel "" ""
	printf "$fmt" model states "s" "write s" "KB" "s" "speed" "FP%" "KB" "s" "speed" "k=1" "k=2" "k=4"
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
		(cd "$w" && timed verify "$tmp/gmc" run --no-reduce -n -c0 -m"$mdepth" m.pml)
		case $? in 0 | 1) ;; *) fail="gmc run" ;; esac
		(cd "$w" && timed write "$tmp/gmc" run --no-reduce -n -c0 -m"$mdepth" --script s.scc m.pml)
		case $? in 0 | 1) ;; *) fail="gmc run --script" ;; esac
		(cd "$w" && timed certify "$tmp/gmc" certify m.pml s.scc)
		case $? in 0 | 1) grep -q '^certified' "$w/certify.out" || fail="certification failed" ;; *) fail="gmc certify" ;; esac
		(cd "$w" && timed twrite "$tmp/gmc" run --no-reduce -n -c0 -m"$mdepth" --script t.scc --trustful m.pml)
		(cd "$w" && timed trustful "$tmp/gmc" certify --trustful m.pml t.scc)
		case $? in 0 | 1) grep -q '^certified' "$w/trustful.out" || fail="trustful certification failed" ;; *) fail="gmc certify --trustful" ;; esac
		for k in 1 2 4; do
			(cd "$w" && timed "par$k" "$tmp/gmc" certify --parallel "$k" m.pml s.scc)
			case $? in 0 | 1) grep -q '^certified' "$w/par$k.out" || fail="parallel certification failed" ;; *) fail="gmc certify --parallel $k" ;; esac
		done
		for t in verify write certify trustful par1 par2 par4; do
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
	fp=$(sed -n 's/^fingerprints: at most .* (\([0-9.]*\)% of the states)$/\1/p' "$w/certify.out")
	printf '%s %s %s %s %s %s %s %s %s %s %s %s\n' "$label" "$states" "$(cat "$w/best_verify.t")" "$(cat "$w/best_write.t")" \
		"$kb" "$(cat "$w/best_certify.t")" "${fp:--}" "$tkb" "$(cat "$w/best_trustful.t")" \
		"$(cat "$w/best_par1.t")" "$(cat "$w/best_par2.t")" "$(cat "$w/best_par4.t")" |
		awk -v fmt="$fmt" '
		function v(x) { return x == "tiny" ? 0 : x + 0 }
		function x(a, b) { return v(a) == 0 || v(b) == 0 ? "-" : sprintf("%.2f", v(a) / v(b)) }
		function t(a) { return a == "tiny" ? a : sprintf("%.3g", a) }
		{
			n = NF; lab = $1; for (i = 2; i <= n - 11; i++) lab = lab " " $i
			st = $(n-10); ve = $(n-9); wr = $(n-8); kb = $(n-7); ce = $(n-6); fp = $(n-5); tkb = $(n-4); tr = $(n-3)
			printf fmt, lab, st, t(ve), t(wr), kb, t(ce), x(ve, ce), fp, tkb, t(tr), x(ve, tr), x(ve, $(n-2)), x(ve, $(n-1)), x(ve, $n)
		}'
done <<EOF
$model_list
EOF
echo
echo "speed = verify s / certify s (parallel: the whole certification, reading and splitting the script included)."
echo "FP% = the most fingerprints the certification kept at once, as a share of the states (last-use marks, 004 §4.4)."
echo "This machine has $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') processors."
[ "$failures" -eq 0 ] || exit 1
