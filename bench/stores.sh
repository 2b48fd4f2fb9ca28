#!/usr/bin/env bash
# stores.sh -- bytes per state and states per second of gmc's stores that
# keep every state (--store exact, hc, collapse) against SPIN's pan built
# the same three ways (plain, -DHC4, -DCOLLAPSE), on the same models.  See
# bench/README.md.
#
# usage: bench/stores.sh [-r N] [-m DEPTH] [MODEL[:K=V,...] ...]
#
#   -r N      run every search N times and keep the minimum time (default 1)
#   -m DEPTH  depth bound of both tools (default 100000; the built-in list
#             sets its own)
#   MODEL     a .pml file, MODEL:N=7 prepends "#define N 7"; without
#             models, a built-in list of 1.5x10^5 to 10^6 states is run.
#
# Exit status: 0 when every tool ran, 1 when one failed, 2 on a usage error.

[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"

set -u
. "$(dirname "$0")/lib.sh"

reps=1
depth=100000
while getopts r:m:h opt; do
	case $opt in
	r) reps=$OPTARG ;;
	m) depth=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
positive -r "$reps" -m "$depth"

spin_ex=${SPIN_EXAMPLES:-/usr/share/doc/spin/examples/Examples}
need_tools spin cc go awk

if [ $# -gt 0 ]; then
	model_list=$(arg_models "$@") || exit 2
else
	model_list="$repo/examples/models/leader_n.pml      N=6          -
$repo/examples/models/abp_lossy.pml      M=10,C=10    -
$bench_dir/models/bakery.pml             N=3,T=3      -
$bench_dir/models/swp.pml                W=3,M=7,C=3  -
$repo/examples/models/phil_n.pml         N=10         1000000"
fi

build_flags="-O2 -DNOREDUCE -DSAFETY -DNOCLAIM"
machine_header "gmc's stores vs pan's"
echo "pan:     cc $build_flags [-DHC4 | -DCOLLAPSE]; ./pan -m<depth> -c0 -w<W>"
echo "         W = ceil(log2(stored states)), per model: pan's chained table of 2^W"
echo "         pointers at a load of 1/2 to 1 (its default -w24 is 128 MB whatever the model)"
echo "gmc:     gmc run --no-reduce -c0 -m<depth> -w<W> --store exact|hc|collapse m.pml"
echo "         (-w<W>: the same table size pan has from the start; gmc's grows from it at 3/4)"
echo "repeats: $reps (best = minimum search time)"
echo
build_gmc

fmt='%-26s %-8s %9s | %7s %7s %5s | %8s %8s %5s | %5s %5s %5s | %4s %4s | %s\n'
# shellcheck disable=SC2059  # the format is the constant just above
{
	printf "$fmt" "" "" "" "B/state" "" "" "states/s" "" "" "cpu s" "" "" "RSS" "MB" ""
	printf "$fmt" model store stored pan gmc "x" pan gmc "x" pan gmc "x" pan gmc check
}

# bytes MB_FILE TOOL: "stored B/state" of a report: pan's states and hash
# table (MB) over its stored states, gmc's "bytes per state stored" line.
bytes() {
	awk -v tool="$2" '
	/ states, stored/ && st == "" { st = $1 }
	/actual memory usage for states/ { s = $1 }
	/memory used for hash table/ { t = $1 }
	/bytes per state stored/ { b = $1 }
	END {
		if (tool == "gmc") print st, b
		else if (st > 0) printf "%s %.1f\n", st, (s + t) * 1048576 / st
		else print "- -"
	}' "$1"
}

# run_pan STORE, run_gmc STORE: one timed run of each in the model's
# directory $w.
run_pan() {
	(cd "$w" && timed "pan_$1" "./pan_$1" -m"$mdepth" -c0 -w"$W") || fail="pan_$1"
}
run_gmc() {
	(cd "$w" && timed "gmc_$1" "$tmp/gmc" run --no-reduce -c0 -m"$mdepth" -w"$W" --store "$1" m.pml)
	case $? in 0 | 1 | 3) ;; *) fail="gmc --store $1" ;; esac
}

failures=0
n=0
while read -r file defs mdepth; do
	[ -n "$file" ] || continue
	n=$((n + 1))
	[ "$mdepth" = - ] && mdepth=$depth
	label=$(basename "$file" .pml)
	[ "$defs" != - ] && label="$label $defs"
	[ -f "$file" ] || { printf '%-26s %s\n' "$label" "SKIPPED: $file not found"; continue; }
	w=$tmp/m$n
	model_copy "$w" "$file" "$defs"

	fail=
	(cd "$w" && timed spin spin -a m.pml) || fail="spin -a"
	# shellcheck disable=SC2086  # the flags are words
	{
		[ -z "$fail" ] && { (cd "$w" && timed cc cc $build_flags -o pan_exact pan.c) || fail="cc"; }
		[ -z "$fail" ] && { (cd "$w" && timed cc cc $build_flags -DHC4 -o pan_hc pan.c) || fail="cc -DHC4"; }
		[ -z "$fail" ] && { (cd "$w" && timed cc cc $build_flags -DCOLLAPSE -o pan_collapse pan.c) || fail="cc -DCOLLAPSE"; }
	}
	# pan's table size: a first, untimed run counts the states.
	W=
	if [ -z "$fail" ]; then
		(cd "$w" && timed probe ./pan_exact -m"$mdepth" -c0) || fail="pan"
		W=$(report "$w/probe.out" pan | awk '{ l = 10; while (2 ^ l < $1) l++; print l }')
	fi
	r=0
	while [ "$r" -lt "$reps" ] && [ -z "$fail" ]; do
		r=$((r + 1))
		# pan and gmc alternate, store by store, so a change in the
		# machine's load hits both; pan first in odd rounds, gmc in even
		# ones: in a virtual machine what a run's fresh memory costs
		# depends on what the run before it left free (compare.sh).
		for s in exact hc collapse; do
			if [ $((r % 2)) = 1 ]; then
				run_pan "$s"
				run_gmc "$s"
			else
				run_gmc "$s"
				run_pan "$s"
			fi
		done
		for t in pan_exact pan_hc pan_collapse gmc_exact gmc_hc gmc_collapse; do
			search_time "$w/$t.out" "${t%_*}" | awk -v f="$w/$t.t" '{ getline line < f; split(line, a, " "); print $1, a[3] }' >"$w/s_$t.t"
			keepmin "$w/best_$t.t" "$w/s_$t.t"
			cut -d' ' -f2 "$w/$t.t" >"$w/c_$t.t"
			keepmin "$w/cpu_$t.t" "$w/c_$t.t"
		done
	done
	if [ -n "$fail" ]; then
		failures=$((failures + 1))
		printf '%-26s %s\n' "$label" "FAIL: $fail"
		continue
	fi
	# One line per store: label, store, then for pan and gmc "stored
	# B/state search_s rss_kB transitions cpu_s", then pan's exact counts.
	exact_tr=$(report "$w/pan_exact.out" pan | cut -d' ' -f2)
	exact_st=$(report "$w/pan_exact.out" pan | cut -d' ' -f1)
	for s in exact hc collapse; do
		line="$label -w$W	$s"
		for tool in pan gmc; do
			line="$line	$(bytes "$w/${tool}_$s.out" "$tool") $(cat "$w/best_${tool}_$s.t") $(report "$w/${tool}_$s.out" "$tool" | cut -d' ' -f2) $(cat "$w/cpu_${tool}_$s.t")"
		done
		echo "$line	$exact_st $exact_tr"
	done | awk -F'\t' -v fmt="$fmt" -v first=1 '
	function rate(st, t) { return t == "tiny" || t == 0 ? 0 : st / t }
	function r(x) { return x == 0 ? "<0.01s" : sprintf("%.0f", x) }
	function mb(k) { return k == "-" ? "-" : sprintf("%.0f", k / 1024) }
	function x(a, b) { return a == 0 || b == 0 || a == "-" || b == "-" ? "-" : sprintf("%.2f", a / b) }
	function check(st, tr, es, et) {
		if (st == es && tr == et) return "ok"
		if (st < es) return sprintf("%d omitted", es - st)
		return "DIFFERENT"
	}
	{
		split($3, p, " "); split($4, g, " "); split($5, e, " ")
		pr = rate(p[1], p[3]); gr = rate(g[1], g[3])
		c = check(p[1], p[5], e[1], e[2]) " / " check(g[1], g[5], e[1], e[2])
		printf fmt, NR == 1 ? $1 : "", $2, g[1], p[2], g[2], x(p[2], g[2]), r(pr), r(gr), x(gr, pr),
			p[6], g[6], x(p[6], g[6]), mb(p[4]), mb(g[4]), c
		if (pr && gr && p[6] > 0 && g[6] > 0) printf "%s %s %s %s\n", $2, p[2] / g[2], gr / pr, p[6] / g[6] >>ratios
	}' ratios="$tmp/ratios"
done <<EOF
$model_list
EOF

if [ -s "$tmp/ratios" ]; then
	for s in exact hc collapse; do
		awk -v s="$s" -v fmt="$fmt" '$1 == s { m += log($2); v += log($3); c += log($4); n++ }
		END {
			if (n) printf fmt, "geometric mean", s, "", "", "", sprintf("%.2f", exp(m / n)), "", "", sprintf("%.2f", exp(v / n)),
				"", "", sprintf("%.2f", exp(c / n)), "", "", n " models"
		}' "$tmp/ratios"
	done
fi

cat <<EOF

stored = gmc's stored states.  B/state = the store's bytes over its stored
states: pan's "actual memory usage for states" + "memory used for hash
table (-wW)", gmc's "bytes per state stored" (states and table).  x =
pan B/state / gmc B/state (above 1: gmc smaller).  states/s = stored /
search seconds (pan: stored / its rate line; gmc: its elapsed time line);
x = gmc / pan (above 1: gmc faster).  cpu s = user+sys seconds of the
whole run (the least of the repeats; gmc's includes parsing and its
garbage collector's thread), x = pan / gmc: less disturbed than the wall
clock on a loaded machine.  RSS = peak resident memory of the whole run.
check: pan / gmc against pan's exact counts (stored and transitions): ok,
or the states hash compaction omitted (pan hashes with a 32-bit hash,
d_sfh, at -w32 or less: its -DHC4 entries of 12 bytes hold 32 bits of
hash; gmc's hold a 64-bit one).
load:    $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) at end
EOF
[ "$failures" -eq 0 ]
