#!/usr/bin/env bash
# bitstate.sh -- per-state speed and memory of bitstate search against
# exhaustive search, for gmc and for SPIN's pan on the same models.  See
# bench/README.md.
#
# usage: bench/bitstate.sh [-r N] [-w L] [-k K] [-m DEPTH] [MODEL[:K=V,...] ...]
#
#   -r N      run every search N times and keep the minimum time (default 1)
#   -w L      filter of 2^L bits for both tools (default: per model, 2^7 to
#             2^8 bits per state of the exhaustive search, a hash factor
#             above 100 as SPIN advises)
#   -k K      hash functions for both tools (default 3, pan's default)
#   -m DEPTH  depth bound of both tools (default 100000; the built-in list
#             sets its own)
#   MODEL     a .pml file, MODEL:N=7 prepends "#define N 7"; without
#             models, a built-in list of 2x10^5 to 2.6x10^6 states is run.
#
# Exit status: 0 when every tool ran, 1 when one failed, 2 on a usage error.

[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"

set -u
. "$(dirname "$0")/lib.sh"

reps=1
log2bits=auto
hashes=3
depth=100000
while getopts r:w:k:m:h opt; do
	case $opt in
	r) reps=$OPTARG ;;
	w) log2bits=$OPTARG ;;
	k) hashes=$OPTARG ;;
	m) depth=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ "$log2bits" = auto ] || positive -w "$log2bits"
positive -r "$reps" -k "$hashes" -m "$depth"

spin_ex=${SPIN_EXAMPLES:-/usr/share/doc/spin/examples/Examples}
need_tools spin cc go awk

if [ $# -gt 0 ]; then
	model_list=$(arg_models "$@") || exit 2
else
	model_list="$spin_ex/dtp.pml                         -            -
$bench_dir/models/swp.pml                W=2,M=6,C=3  -
$bench_dir/models/bakery.pml             N=3,T=3      -
$spin_ex/cambridge.pml                   -            -
$bench_dir/models/bakery.pml             N=3,T=6      1000000
$repo/examples/models/abp_lossy.pml      M=50,C=10    -
$repo/examples/models/leader_n.pml       N=7          -
$bench_dir/models/swp.pml                W=3,M=7,C=4  -"
fi

machine_header "bitstate vs exhaustive, gmc and pan"
echo "pan:     cc -O2 -DNOREDUCE -DSAFETY -DNOCLAIM [-DBITSTATE]; ./pan -m<depth> -c0 [-wL -k$hashes]"
echo "gmc:     gmc run --no-reduce -c0 -m<depth> [-bitstate -wL -k$hashes] m.pml"
echo "filter:  L = $([ "$log2bits" = auto ] && echo "ceil(log2(stored states)) + 7, per model" || echo "$log2bits")"
echo "repeats: $reps (best = minimum search time)"
echo
build_gmc

fmt='%-24s %9s %9s | %9s %9s %5s %5s %5s | %9s %9s %5s %5s %5s | %5s\n'
# shellcheck disable=SC2059
{
	printf "$fmt" "" "" "" pan "" "" "" "" gmc "" "" "" "" gmc/pan
	printf "$fmt" model "exh st" "bit st" "exh st/s" "bit st/s" "b/e" "MB e" "MB b" "exh st/s" "bit st/s" "b/e" "MB e" "MB b" "bit"
}

failures=0
n=0
while read -r file defs mdepth; do
	[ -n "$file" ] || continue
	n=$((n + 1))
	[ "$mdepth" = - ] && mdepth=$depth
	label=$(basename "$file" .pml)
	[ "$defs" != - ] && label="$label $defs"
	[ -f "$file" ] || { printf '%-24s %s\n' "$label" "SKIPPED: $file not found"; continue; }
	w=$tmp/m$n
	model_copy "$w" "$file" "$defs"

	fail=
	(cd "$w" && timed spin spin -a m.pml) || fail="spin -a"
	[ -z "$fail" ] && { (cd "$w" && timed cc cc -O2 -DNOREDUCE -DSAFETY -DNOCLAIM -o pan_e pan.c) || fail="cc"; }
	[ -z "$fail" ] && { (cd "$w" && timed cc cc -O2 -DNOREDUCE -DSAFETY -DNOCLAIM -DBITSTATE -o pan_b pan.c) || fail="cc -DBITSTATE"; }
	L=$log2bits
	r=0
	while [ "$r" -lt "$reps" ] && [ -z "$fail" ]; do
		r=$((r + 1))
		# The four searches alternate, so a change in load hits all.
		(cd "$w" && timed pan_e ./pan_e -m"$mdepth" -c0) || fail="pan"
		if [ "$L" = auto ]; then
			L=$(report "$w/pan_e.out" pan | awk '{ l = 0; while (2 ^ l < $1) l++; print l + 7 }')
		fi
		(cd "$w" && timed pan_b ./pan_b -m"$mdepth" -c0 -w"$L" -k"$hashes") || fail="pan -DBITSTATE"
		(cd "$w" && timed gmc_e "$tmp/gmc" run --no-reduce -c0 -m"$mdepth" m.pml)
		case $? in 0 | 1 | 3) ;; *) fail="gmc" ;; esac
		(cd "$w" && timed gmc_b "$tmp/gmc" run --no-reduce -c0 -m"$mdepth" -bitstate -w"$L" -k"$hashes" m.pml)
		case $? in 0 | 1 | 3) ;; *) fail="gmc -bitstate" ;; esac
		for t in pan_e pan_b gmc_e gmc_b; do
			tool=${t%_*}
			search_time "$w/$t.out" "$tool" | awk -v f="$w/$t.t" '{ getline line < f; split(line, a, " "); print $1, a[3] }' >"$w/s_$t.t"
			keepmin "$w/best_$t.t" "$w/s_$t.t"
		done
	done
	if [ -n "$fail" ]; then
		failures=$((failures + 1))
		printf '%-24s %s\n' "$label" "FAIL: $fail"
		continue
	fi
	# stored states and the best "search_s rss_kB" of each search
	row="$label -w$L"
	for t in pan_e pan_b gmc_e gmc_b; do
		row="$row	$(report "$w/$t.out" "${t%_*}" | cut -d' ' -f1)	$(cat "$w/best_$t.t")"
	done
	echo "$row" | awk -F'\t' -v fmt="$fmt" '
	function rate(st, ts) { split(ts, a, " "); return a[1] == "tiny" || a[1] == 0 ? 0 : st / a[1] }
	function r(x) { return x == 0 ? "<0.01s" : sprintf("%.0f", x) }
	function mb(ts) { split(ts, a, " "); return a[2] == "-" ? "-" : sprintf("%.0f", a[2] / 1024) }
	function x(a, b) { return a == 0 || b == 0 ? "-" : sprintf("%.2f", a / b) }
	{
		pe = rate($2, $3); pb = rate($4, $5); ge = rate($6, $7); gb = rate($8, $9)
		printf fmt, $1, $2, $8, r(pe), r(pb), x(pb, pe), mb($3), mb($5), r(ge), r(gb), x(gb, ge), mb($7), mb($9), x(gb, pb)
		if (pe && pb && ge && gb) printf "%s %s %s\n", pb / pe, gb / ge, gb / pb >>ratios
	}' ratios="$tmp/ratios"
done <<EOF
$model_list
EOF

if [ -s "$tmp/ratios" ]; then
	awk -v fmt="$fmt" '{ for (i = 1; i <= 3; i++) l[i] += log($i); n++ }
	END { printf fmt, "geometric mean", "", "", "", "", sprintf("%.2f", exp(l[1] / n)), "", "", "", "",
		sprintf("%.2f", exp(l[2] / n)), "", "", sprintf("%.2f", exp(l[3] / n)) }' "$tmp/ratios"
fi

cat <<EOF

exh st = stored states of the exhaustive search (pan's; gmc's are the same);
bit st = states gmc's bitstate search stored (pan's differ a little: other
hash functions).  st/s = stored / search seconds (pan: stored / its rate
line; gmc: its elapsed time line).  b/e = bitstate st/s / exhaustive st/s:
1 or more means bitstate is not slower per state.  MB e, MB b = peak RSS of
the exhaustive and the bitstate run (a filter of 2^L bits takes 2^(L-23) MB).
gmc/pan bit = gmc bitstate st/s / pan bitstate st/s.
load:    $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) at end
EOF
[ "$failures" -eq 0 ]
