#!/usr/bin/env bash
# compare.sh -- compare gmc with SPIN's compiled verifier pan: exactness
# (same stored states, transitions and errors) and speed (search rate and
# whole pipeline time), model by model.  See bench/README.md.
#
# usage: bench/compare.sh [-n] [-r N] [-m DEPTH] [-o FILE] [MODEL[:K=V,...] ...]
#
#   -n        no partial-order reduction: gmc --no-reduce against pan
#             built with -DNOREDUCE (default: both reduce, gmc's default
#             against pan's default build)
#   -r N      run every measurement N times and keep the minimum time of
#             each phase for each tool (default 1)
#   -m DEPTH  depth bound (pan -m, gmc -m) for the models given as
#             arguments (default 100000; the built-in list sets its own)
#   -o FILE   also write the raw figures, one tab-separated line per model
#   MODEL     a .pml file; MODEL:N=7,C=2 prepends "#define N 7" and
#             "#define C 2" to a copy of it (gmc has no -D flag, so both
#             tools read the same prepended copy).  Without models, a
#             built-in list from ~10^4 to ~3x10^6 stored states is run.
#
# Exit status: 0 when every tool ran; 1 when a tool failed (go build,
# spin -a, cc, pan or gmc); 2 on a usage error.  Slow ratios and count
# mismatches do not change it: mismatches are marked in the table and
# counted at the end.

# Started as "sh compare.sh": the script needs bash (local, ${x/a/b}).
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"

set -u
# Helpers: the usage, timing, reading reports, the models given as
# arguments, the header; $repo, the repository (lib.sh).
. "$(dirname "$0")/lib.sh"

reps=1
depth=100000
tsv_out=
pan_por=
gmc_por=
while getopts nr:m:o:h opt; do
	case $opt in
	n) pan_por=-DNOREDUCE gmc_por=--no-reduce ;;
	r) reps=$OPTARG ;;
	m) depth=$OPTARG ;;
	o) tsv_out=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
positive -r "$reps" -m "$depth"

if ! grep -q '^module gmc$' "$repo/go.mod" 2>/dev/null; then
	echo "compare.sh: $repo is not the gmc repository" >&2
	exit 2
fi
spin_ex=${SPIN_EXAMPLES:-/usr/share/doc/spin/examples/Examples}


# ---------------------------------------------------------------------------
# The models: one "file defines depth" line each ("-": no defines / the -m
# default).  Their pan counts are in README.md.  Deep models need a depth
# bound above 100000, or both tools stop early ("max search depth too
# small"); the bound is always the same for both tools.

default_models() {
	cat <<EOF
$spin_ex/leader0.pml                     -            -
$spin_ex/eratosthenes.pml                -            -
$bench_dir/models/philo_host.pml         N=4          -
$repo/examples/models/atomic.pml         -            -
$bench_dir/models/swp.pml                W=2,M=4,C=2  -
$spin_ex/snoopy.pml                      -            -
$spin_ex/Book_1991/p337.pftp.ses.pml     -            -
$repo/examples/models/inline_typedef.pml -            -
$spin_ex/sort.pml                        -            -
$repo/examples/models/mutex_sem.pml      N=8          -
$repo/examples/models/leader_n.pml       N=6          -
$bench_dir/models/philo_host.pml         N=5          1000000
$bench_dir/models/swp.pml                W=2,M=6,C=3  -
$repo/examples/models/abp_lossy.pml      M=10,C=10    -
$spin_ex/dtp.pml                         -            -
$bench_dir/models/bakery.pml             N=3,T=3      -
$spin_ex/cambridge.pml                   -            -
$repo/examples/models/phil_n.pml         N=10         1000000
$bench_dir/models/bakery.pml             N=3,T=6      1000000
$repo/examples/models/abp_lossy.pml      M=50,C=10    -
$repo/examples/models/mutex_sem.pml      N=10         1000000
$repo/examples/models/leader_n.pml       N=7          -
$bench_dir/models/philo_host.pml         N=6          2000000
$bench_dir/models/swp.pml                W=4,M=8,C=3  -
$bench_dir/models/swp.pml                W=3,M=7,C=4  -
EOF
}

need_tools spin cc go awk

if [ $# -gt 0 ]; then
	model_list=$(arg_models "$@") || exit 2
else
	model_list=$(default_models)
fi

# ---------------------------------------------------------------------------
# Header, then gmc.

machine_header "gmc vs pan"
echo "pan:     spin -a m.pml; cc -O2 $pan_por -DSAFETY -DNOCLAIM -o pan pan.c; ./pan -m<depth> -c0"
echo "gmc:     gmc run $gmc_por -c0 -m<depth> m.pml (binary built once with go build)"
echo "repeats: $reps (best = minimum time of each phase)"
echo
build_gmc

# ---------------------------------------------------------------------------
# Run the models.  A table row is printed as soon as a model is done.
# Speed ratios are gmc speed / pan speed: above 1, gmc is faster.

row_fmt='%-20s %9s %9s %9s %6s %7s %7s %6s %6s %6s  %s\n'
# shellcheck disable=SC2059  # the format is the constant just above
{
	printf "$row_fmt" model stored "pan st/s" "gmc st/s" "x srch" "pan s" "gmc s" "x all" "pan B" "gmc B" check
	printf "$row_fmt" "" states search search "" whole whole "" /state /state ""
}

failures=0
mismatches=0
rows=$tmp/rows.tsv
: >"$rows"

n=0
# run_pan: spin -a, cc and pan, timed, in the model's directory $w;
# run_gmc: gmc run there, which exits 0 (no error), 1 (property
# violated) or 3 (search incomplete); anything else (2: model error, Go
# panic) is a failure. Each says so in $fail.
run_pan() {
	(cd "$w" && timed spin spin -a m.pml) || fail="spin -a"
	[ -z "$fail" ] && { (cd "$w" && timed cc cc -O2 $pan_por -DSAFETY -DNOCLAIM -o pan pan.c) || fail="cc"; }
	[ -z "$fail" ] && { (cd "$w" && timed pan ./pan -m"$mdepth" -c0) || fail="pan"; }
	[ -z "$fail" ]
}
run_gmc() {
	(cd "$w" && timed gmc "$tmp/gmc" run $gmc_por -c0 -m"$mdepth" m.pml)
	case $? in 0 | 1 | 3) ;; *) fail="${fail:+$fail, }gmc" ;; esac
	[ -z "$fail" ]
}
while read -r file defs mdepth; do
	[ -n "$file" ] || continue
	n=$((n + 1))
	[ "$mdepth" = - ] && mdepth=$depth
	label=$(basename "$file" .pml)
	[ "$defs" != - ] && label="$label $defs"
	if [ ! -f "$file" ]; then
		printf '%-20s %s\n' "$label" "SKIPPED: $file not found"
		continue
	fi

	w=$tmp/m$n
	model_copy "$w" "$file" "$defs"

	fail=
	r=0
	while [ "$r" -lt "$reps" ] && [ -z "$fail" ]; do
		r=$((r + 1))
		# pan and gmc alternate, so a change in machine load hits both,
		# and which goes first alternates too: in a virtual machine a
		# run's fresh memory costs what the run before it left free
		# (after pan, gmc's huge pages took 0.15-0.4 s more system
		# time on swp W=3,M=7,C=4 than after gmc), so neither always
		# follows the other.
		if [ $((r % 2)) = 1 ]; then
			run_pan && run_gmc
		else
			run_gmc && run_pan
		fi
		[ -n "$fail" ] && break
		for t in spin cc pan gmc; do
			keepmin "$w/best_$t.t" "$w/$t.t"
		done
		search_time "$w/pan.out" pan >"$w/s_pan.t"
		search_time "$w/gmc.out" gmc >"$w/s_gmc.t"
		keepmin "$w/best_s_pan.t" "$w/s_pan.t"
		keepmin "$w/best_s_gmc.t" "$w/s_gmc.t"
		# this round's own search speed ratio, for the spread
		paste "$w/s_pan.t" "$w/s_gmc.t" |
			awk '$1 != "tiny" && $2 != "tiny" { printf "%.4f\n", $1 / $2 }' >>"$w/ratios"
	done

	# shellcheck disable=SC2046  # splitting the figures into words is wanted
	set -- $(report "$w/pan.out" pan) $(report "$w/gmc.out" gmc)
	p_st=$1 p_tr=$2 p_er=$3 p_vec=$4 p_dep=$5 p_mem=$8 p_lim=$9
	shift 9
	g_st=$1 g_tr=$2 g_er=$3 g_vec=$4 g_dep=$5 g_mem=$8 g_lim=$9
	[ -z "$fail" ] && [ "$p_st" = - ] && fail="pan (no report)"
	[ -z "$fail" ] && [ "$g_st" = - ] && fail="gmc (no report)"
	if [ -n "$fail" ]; then
		failures=$((failures + 1))
		printf '%-20s %s\n' "$label" "FAIL: $fail"
		# What the tools said (spin reports syntax errors on stdout): the
		# first lines (a Go panic's message), and the last if there are more.
		for f in spin.out spin.err cc.err pan.err gmc.err; do
			[ -s "$w/$f" ] || continue
			echo "    $f:"
			awk '{ line[NR] = $0 }
			END {
				for (i = 1; i <= NR; i++)
					if (NR <= 6 || i <= 3 || i > NR - 2) print "      " line[i]
					else if (i == 4) print "      ... (" NR - 5 " lines)"
			}' "$w/$f"
		done
		continue
	fi

	# Exactness: stored states, transitions and errors.  pan prints counts
	# with %9.8g, so counts of 10^8 and more are compared to 8 digits.
	check=$(awk -v ps="$p_st" -v gs="$g_st" -v pt="$p_tr" -v gt="$g_tr" -v pe="$p_er" -v ge="$g_er" '
	function same(a, b) { return sprintf("%.8g", a + 0) == sprintf("%.8g", b + 0) }
	BEGIN {
		m = ""
		if (!same(ps, gs)) m = m " states pan=" ps " gmc=" gs
		if (!same(pt, gt)) m = m " transitions pan=" pt " gmc=" gt
		if (pe != ge) m = m " errors pan=" pe " gmc=" ge
		print (m == "" ? "ok" : "MISMATCH" m)
	}')
	case $check in MISMATCH*) mismatches=$((mismatches + 1)) ;; esac
	[ "$p_er" != 0 ] && check="$check ($p_er errors)"
	# A search cut short (depth bound, VECTORSZ) is not the full state
	# space: its figures are still comparable, but say so.
	if grep -q 'max search depth too small' "$w/pan.out" "$w/gmc.out"; then
		check="$check DEPTH-LIMITED"
	elif [ "$p_lim" = 1 ] || [ "$g_lim" = 1 ]; then
		check="$check INCOMPLETE"
	fi

	# One raw line per model (also the -o file); the row, the details and
	# the geometric means are computed from these lines.
	read -r t_spin _ _ <"$w/best_spin.t"
	read -r t_cc _ _ <"$w/best_cc.t"
	read -r t_pan c_pan rss_pan <"$w/best_pan.t"
	read -r t_gmc c_gmc rss_gmc <"$w/best_gmc.t"
	printf '%s\t' "$label" "$p_st" "$p_tr" "$p_er" "$mdepth" \
		"$(cat "$w/best_s_pan.t")" "$(cat "$w/best_s_gmc.t")" \
		"$t_spin" "$t_cc" "$t_pan" "$t_gmc" "$p_mem" "$g_mem" \
		"$p_vec" "$g_vec" "$p_dep" "$g_dep" "$c_pan" "$c_gmc" "$rss_pan" "$rss_gmc" >>"$rows"
	printf '%s\t' "$check" >>"$rows"
	sort -n "$w/ratios" 2>/dev/null | awk '
		{ r[NR] = $1 }
		END { print NR ? sprintf("%.2f-%.2f", r[1], r[NR]) : "-" }' >>"$rows"
	tail -n 1 "$rows" | awk -F'\t' -v fmt="$row_fmt" '
	function rate(t) { return t == "tiny" ? "<0.01s" : sprintf("%.0f", $2 / t) }
	function bps(mb) { return mb == "-" ? "-" : sprintf("%.1f", mb * 1048576 / $2) }
	{
		whole = $8 + $9 + $10
		x = ($6 == "tiny" || $7 == "tiny") ? "-" : sprintf("%.2f", $6 / $7)
		printf fmt, $1, $2, rate($6), rate($7), x, sprintf("%.2f", whole),
			sprintf("%.2f", $11), sprintf("%.2f", whole / $11), bps($12), bps($13), $22
	}'
done <<EOF
$model_list
EOF

# Geometric means of the speed ratios: "x srch" over the models whose pan
# search takes 0.1 s or more (pan's clock ticks every 10 ms, so shorter
# times are off by up to 10-100 %), "x all" over all models that ran.
awk -F'\t' -v fmt="$row_fmt" '
	$6 != "tiny" && $7 != "tiny" && $6 >= 0.1 { ls += log($6 / $7); ns++ }
	{ lw += log(($8 + $9 + $10) / $11); nw++ }
	END {
		printf fmt, "geometric mean", "", "", "", ns ? sprintf("%.2f", exp(ls / ns)) : "-",
			"", "", nw ? sprintf("%.2f", exp(lw / nw)) : "-", "", "",
			sprintf("(x srch: %d models with pan search >= 0.1 s; x all: %d)", ns, nw)
	}' "$rows"

cat <<EOF

stored = pan's stored states.  st/s = stored / search seconds: pan's own
elapsed time (as stored / its rate line; <0.01s = below pan's clock tick),
gmc's elapsed time line.  x = gmc speed / pan speed (above 1: gmc faster).
whole = wall seconds of spin -a + cc + pan, and of gmc run (parse to report).
B/state = "actual memory usage for states" (MB) * 2^20 / stored.
check: ok = stored states, transitions and errors are equal.

Details (best run; times in seconds; cpu = user+sys; RSS = peak, MB;
x srch rounds: the lowest and highest of each round's own x srch):
EOF
awk -F'\t' '
	function t(x) { return x == "tiny" ? "<0.01" : sprintf("%.3f", x) }
	function mb(k) { return k == "-" ? "-" : sprintf("%.0f", k / 1024) }
	BEGIN {
		f = "%-20s %8s | %7s %5s %5s %6s %5s %4s %4s %8s | %5s %6s %5s %4s %4s %8s | %9s\n"
		printf f, "", "", "", "", "pan", "", "", "", "", "", "gmc", "", "", "", "", "", "x srch"
		printf f, "model", "-m", "spin -a", "cc", "run", "search", "cpu", "RSS", "vec", "depth",
			"run", "search", "cpu", "RSS", "vec", "depth", "rounds"
	}
	{
		printf f, $1, $5, sprintf("%.3f", $8), sprintf("%.2f", $9), sprintf("%.2f", $10), t($6), $18, mb($20),
			$14, $16, sprintf("%.2f", $11), t($7), $19, mb($21), $15, $17, $23
	}' "$rows"

echo
echo "load:    $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) at end"
[ "$mismatches" -gt 0 ] && echo "MISMATCH: $mismatches model(s) with different counts (see the check column)"
[ "$failures" -gt 0 ] && echo "FAIL: $failures model(s) where a tool failed"

if [ -n "$tsv_out" ]; then
	{
		printf 'model\tstored\ttransitions\terrors\tdepth_bound\tpan_search_s\tgmc_search_s\t'
		printf 'spin_s\tcc_s\tpan_s\tgmc_s\tpan_states_MB\tgmc_states_MB\tpan_vector\tgmc_vector\t'
		printf 'pan_depth\tgmc_depth\tpan_cpu_s\tgmc_cpu_s\tpan_rss_kB\tgmc_rss_kB\tcheck\tx_srch_rounds\n'
		cat "$rows"
	} >"$tsv_out"
fi

[ "$failures" -eq 0 ]
