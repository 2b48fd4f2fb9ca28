# lib.sh -- what the bench scripts share: their usage message and the
# check of their numeric flags, a scratch directory, timing of commands,
# reading pan-style reports, the machine header, building gmc.  Sourced
# by every script first, before it reads its flags.

# The script's name, for messages; the directory of the scripts and the
# repository, its parent, so that a script runs from any directory.
script=$(basename "$0")
bench_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) || exit 2
repo=$(cd "$bench_dir/.." && pwd) || exit 2

# '.' as the decimal point in awk and printf, whatever the user's locale.
export LC_ALL=C

tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-bench.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# now prints the wall clock in seconds, to the microsecond.  bash 5 has it
# built in; date(1) costs a fork (~1 ms).
now() {
	if [ -n "${EPOCHREALTIME:-}" ]; then
		echo "${EPOCHREALTIME/,/.}"
	else
		date +%s.%N
	fi
}

# GNU time, when installed, adds CPU seconds and peak RSS: the Go runtime
# collects garbage on the second core while pan is a single thread, so
# wall time alone flatters gmc on a multi-core machine.
gnu_time=
if [ -x /usr/bin/time ] && /usr/bin/time -f %M -o /dev/null true 2>/dev/null; then
	gnu_time=/usr/bin/time
fi

# timed NAME CMD... runs CMD (stdin from /dev/null, stdout to NAME.out,
# stderr to NAME.err) and writes "wall_s cpu_s maxrss_kB" to NAME.t (cpu
# and rss "-" without GNU time).  Returns CMD's exit status.
timed() {
	local name=$1 t0 t1 rc
	shift
	rm -f "$name.rus"
	t0=$(now)
	if [ -n "$gnu_time" ]; then
		"$gnu_time" -f '%U %S %M' -o "$name.rus" "$@" <"/dev/null" >"$name.out" 2>"$name.err"
	else
		"$@" <"/dev/null" >"$name.out" 2>"$name.err"
	fi
	rc=$?
	t1=$(now)
	if [ -s "$name.rus" ]; then
		# The last line: GNU time may first say "Command exited with ...".
		tail -n 1 "$name.rus" | awk -v a="$t0" -v b="$t1" '{ printf "%.6f %.2f %d\n", b - a, $1 + $2, $3 }' >"$name.t"
	else
		awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f - -\n", b - a }' >"$name.t"
	fi
	return $rc
}

# keepmin BEST NEW: BEST becomes NEW if it is empty or NEW's first number
# (a time; "tiny" counts as 0) is smaller; the other figures of a line
# stay with their time.
keepmin() {
	if [ ! -s "$1" ] || awk 'function v(x) { return x == "tiny" ? 0 : x + 0 }
		NR == FNR { old = v($1); next } { exit !(v($1) < old) }' "$1" "$2"; then
		cp "$2" "$1"
	fi
}

# report FILE TOOL prints, from a pan-style report (TOOL: pan or gmc),
#   stored transitions errors vector depth elapsed rate states_MB limited
# with "-" for a missing line; limited is 1 when the search was cut short.
report() {
	if [ ! -f "$1" ]; then
		echo "- - - - - - - - 0"    # the tool did not get to run
		return
	fi
	awk -v p="$2" '
	BEGIN { st = tr = er = vec = dep = el = rate = mem = "-"; lim = 0 }
	/^State-vector / { vec = $2; dep = $6; sub(/,/, "", dep); er = $NF }
	/ states, stored/ && st == "-" { st = $1 }
	/ transitions \(= stored\+matched\)/ { tr = $1 }
	$0 ~ "^" p ": elapsed time " { el = $4 }
	$0 ~ "^" p ": rate " { rate = $3 }
	/actual memory usage for states/ { mem = $1 }
	/max search depth too small|VECTORSZ is too small|Search not completed/ { lim = 1 }
	END { print st, tr, er, vec, dep, el, rate, mem, lim }
	' "$1"
}

# search_time FILE TOOL prints the search seconds of a report, or "tiny".
# pan's elapsed time is printed with 3 digits and is 0 below its clock
# tick (10 ms); its rate line, printed above 0.01 s, has full precision,
# so pan's search time is stored/rate.  gmc: its elapsed time line.
search_time() {
	report "$1" "$2" | awk -v tool="$2" '{
		if (tool == "pan" && $7 != "-" && $7 > 0) printf "%.6f\n", $1 / $7
		else if ($6 != "-" && $6 > 0) printf "%.6f\n", $6
		else print "tiny"
	}'
}

# need_tools TOOL... exits 1 when a tool is not installed.
need_tools() {
	local tool
	for tool in "$@"; do
		if ! command -v "$tool" >/dev/null; then
			echo "$script: $tool not found" >&2
			exit 1
		fi
	done
}

# arg_models MODEL[:K=V,...]... prints the models given as arguments, one
# "file defines depth" line each (absolute path; "-" for no defines and
# the default depth), as the scripts' built-in lists are written.  Checked
# before anything runs, so that a mistyped path costs nothing.
arg_models() {
	local a file defs
	for a in "$@"; do
		file=${a%%:*}
		defs=-
		[ "$file" != "$a" ] && defs=${a#*:}
		if [ ! -f "$file" ]; then
			echo "$script: $file: no such file" >&2
			return 2
		fi
		echo "$(cd "$(dirname "$file")" && pwd)/$(basename "$file") $defs -"
	done
}

# model_copy DIR FILE DEFS writes DIR/m.pml, the copy both tools read: the
# defines (K=V,... as "#define K V"; "-" for none), then the model.  gmc
# has no -D flag, hence the copy.  Header files next to the model
# (#include "x.h", as in pftp) come along.
model_copy() {
	local h
	mkdir -p "$1"
	{
		[ "$3" != - ] && echo "$3" | tr ',' '\n' | awk -F= 'NF == 2 { print "#define " $1 " " $2 }'
		cat "$2"
	} >"$1/m.pml"
	for h in "$(dirname "$2")"/*.h; do
		[ -f "$h" ] && cp "$h" "$1/"
	done
	return 0
}

# go_callgrind ARGS... runs valgrind --tool=callgrind ARGS on a Go
# program with the settings that make the count the program's own: one
# processor, no garbage collector, no asynchronous preemption (callgrind
# does not follow Go's preemption signals reliably), and no RDTSCP
# (valgrind 3.19 does not know it on a Zen 5, and Go's runtime executes
# it when a lock spins: SIGILL, in some runs and not others).
go_callgrind() {
	GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off GOMAXPROCS=1 GOGC=off valgrind --tool=callgrind "$@"
}

# machine_header TITLE prints the lines that say where the figures come
# from: the figures only mean something together with the machine.
machine_header() {
	local cpu_model mem_total git_rev git_dirty
	# The name alone hides the processor's generation ("AMD EPYC" was a
	# Zen 4, family 25, and a Zen 5, family 26, on which the same code
	# read 1.07x and 1.6x pan in compare.sh): the family, model and cache
	# say which.
	cpu_model=$(awk -F': *' '
		/^model name/ && name == "" { name = $2 }
		/^cpu family/ && fam == "" { fam = $2 }
		/^model[ \t]*:/ && mod == "" { mod = $2 }
		/^cache size/ && cache == "" { cache = $2 }
		END {
			if (name == "") exit
			printf "%s", name
			if (fam != "") printf " (family %s model %s%s)", fam, mod, (cache != "" ? ", " cache " cache" : "")
		}' /proc/cpuinfo 2>/dev/null)
	mem_total=$(awk '/^MemTotal/ { printf "%.1f GB RAM", $2 / 1048576 }' /proc/meminfo 2>/dev/null)
	git_rev=$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo unknown)
	git_dirty=$(git -C "$repo" status --porcelain 2>/dev/null | grep -c .)
	echo "$1 -- $(date '+%Y-%m-%d %H:%M:%S %Z')"
	echo "machine: $(nproc) cores, ${cpu_model:-unknown CPU}, ${mem_total:-? RAM}, $(uname -sr)"
	echo "load:    $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null) (1, 5, 15 min) at start"
	echo "spin:    $(spin -V 2>&1 | head -n 1)"
	echo "cc:      $(cc --version 2>&1 | head -n 1)"
	echo "go:      $(go version)"
	echo "gmc:     $repo at $git_rev$([ "$git_dirty" -gt 0 ] && echo " + $git_dirty uncommitted files")"
}

# build_gmc builds $tmp/gmc once; a broken build is a tool failure (exit 1).
build_gmc() {
	if ! (cd "$repo" && go build -o "$tmp/gmc" ./cmd/gmc) >"$tmp/build.err" 2>&1; then
		echo "$script: go build ./cmd/gmc failed:" >&2
		cat "$tmp/build.err" >&2
		exit 1
	fi
}

# usage prints the script's usage and exits 2 (a usage error).  The usage
# is the script's header comment from its "# usage:" line to the end of
# the list of flags below it (the second bare "#" line, or the end of the
# comment), so that the header stays the one place that describes them.
usage() {
	awk '/^# usage:/ { on = 1 }
		on && (!/^#/ || /^#$/ && ++bare == 2) { exit }
		on { sub(/^# ?/, ""); print }' "$0" >&2
	exit 2
}

# positive FLAG VALUE [FLAG VALUE...] exits 2 (a usage error) unless every
# VALUE is a positive integer: a bad -r or -m would otherwise get as far
# as seq or pan before failing, after the build.
positive() {
	while [ $# -ge 2 ]; do
		case $2 in '' | *[!0-9]* | 0)
			echo "$script: $1 needs a positive integer" >&2
			exit 2
			;;
		esac
		shift 2
	done
}
