#!/bin/sh
# measure.sh [NAME...]
#
# Regenerates the golden outputs of SPIN's simulation and trail replay in
# this directory (see README.md): for every model NAME.pml listed in the
# table below (or only the NAMEs given), runs each listed spin command in a
# temporary copy of the model, so file names in the output are bare, and
# writes its stdout+stderr to NAME.VARIANT.out. Models with replay variants
# are first verified by pan (spin -a; cc -DSAFETY; ./pan), and pan's trail
# is kept as NAME.pan.trail. Exit statuses go to exit-status.txt.
#
# Unseeded simulation variants are checked for determinism: the same command
# with -n1 .. -n5 must print exactly the same; a difference is reported on
# stderr and makes the script exit 1.
#
# Needs spin (6.5.2) and cc. Nothing but the .out, .pan.trail and
# exit-status.txt files is written here.
set -u
here=$(cd "$(dirname "$0")" && pwd) || exit 2
command -v spin >/dev/null 2>&1 || { echo "$0: spin not found" >&2; exit 2; }
command -v cc >/dev/null 2>&1 || { echo "$0: cc not found" >&2; exit 2; }
case "$(spin -V 2>&1)" in
*"6.5.2"*) ;;
*) echo "$0: warning: not SPIN 6.5.2: $(spin -V 2>&1)" >&2 ;;
esac

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
status=0

# The table: NAME VARIANT spin-options...   (the model file is appended)
# Variants named replay* need pan's trail; the replay is run with the model
# file older than the trail (else SPIN prints a "newer than" warning), except
# for replay_newer. Variants with _n in their name use a fixed seed.
table() {
cat <<'EOF'
hello           sim
for_loops       simp            -p
for_loops       simpl           -p -l
hello           simT            -T
hello           simp            -p
printf_formats  sim
printf_formats  simT            -T
printf_odd      sim
rv_full         sim
turns           sim
turns           simT            -T
runs            sim
runs            simT            -T
runs            replay          -t -p
runs            replay_g        -t -p -g
runs            replay_l        -t -p -l
runs            replay_c        -t -c
assert          sim
assert          simT            -T
assert          simp            -p
assert          simpgl          -p -g -l
assert          sim_l           -l
assert          sim_u3          -u3
assert          simp_u3         -p -u3
assert          simp_j3         -p -j3
assert          simpg_j3        -p -g -j3
assert          replay          -t -p
assert          replay_g        -t -p -g
assert          replay_l        -t -p -l
assert          replay_v        -t -p -v
assert          replay_plain    -t
assert          replay_newer    -t -p
deadlock        sim
deadlock        simT            -T
deadlock        sim_l           -l
deadlock        replay          -t -p
deadlock        replay_g        -t -p -g
deadlock        replay_l        -t -p -l
deadlock        replay_c        -t -c
deadlock        replay_sr       -t -p -s -r
deadlock        replay_j3       -t -p -j3
deadlock        replay_gj3      -t -p -g -j3
deadlock        replay_u3       -t -p -u3
channels        sim
channels        simT            -T
channels        replay          -t -p
channels        replay_g        -t -p -g
channels        replay_l        -t -p -l
channels        replay_c        -t -c
channels        replay_s        -t -s
channels        replay_sr       -t -p -s -r
channels        replay_v        -t -p -v
channels        replay_plain    -t
atomic          sim
atomic          simp            -p
atomic          simpg           -p -g
atomic          simp_u5         -p -u5
atomic          replay          -t -p
atomic          replay_g        -t -p -g
atomic          replay_v        -t -p -v
steps           sim
steps           simp            -p
steps           replay          -t -p
steps           replay_v        -t -p -v
rvsteps         simp_n3         -p -n3
escape          sim
escape          simp            -p
escape          replay          -t -p
escape          replay_v        -t -p -v
vars            sim
vars            simpgl          -p -g -l
vars            simp_sr         -p -s -r
vars            simc            -c
vars            replay          -t -p
vars            replay_g        -t -p -g
vars            replay_l        -t -p -l
vars            replay_c        -t -c
vars            replay_sr       -t -p -s -r
setat           simpgl          -p -g -l
queues          sim
queues          simpgl          -p -g -l
queues          replay          -t -p -s -r
polls           sim
polls           simp_sr         -p -s -r
polls           simc            -c
trunc           sim
rterr           sim
rterr           simp            -p
rterr           replay          -t -p
rterr           replay_g        -t -p -g
divzero         sim
timeout         sim
timeout         simT            -T
random3         sim_n1          -n1
random3         sim_n2          -n2
random3         sim_n3          -n3
random3         simp_n1         -p -n1
choice          sim_n1          -n1
choice          sim_n2          -n2
choice          simp_n1         -p -n1
eratosthenes    sim_n1          -n1
eratosthenes    sim_n2          -n2
eratosthenes    simp_n1         -p -n1
calculator      sim
for_example     sim
for_example     simpgl          -p -g -l
sort            sim
rtos1           sim
uninit          replay          -t -p
uninit          replay_plain    -t
uninit          replay_g        -t -p -g
uninit          replay_l        -t -p -l
uninit_send     sim
uninit_send     simp            -p
uninit_recv     sim
uninit_recv     simp            -p
run_priority    sim
recv_eval       sim
recv_eval       simp            -p
rv_break        sim
rv_break        simp            -p
enter           sim
enter           simp            -p
enter           simpgl          -p -g -l
enter_blocked   simp            -p
loop_option     sim
loop_option     simp            -p
loop_option     simpgl          -p -g -l
dstep_steps     sim
dstep_steps     simp            -p
dstep_steps     simpgl          -p -g -l
lines           sim
lines           simp            -p
rv_poll         sim
rv_poll         simp            -p
EOF
}

wanted() { # $1 = NAME
	[ -z "$selected" ] && return 0
	for w in $selected; do [ "$w" = "$1" ] && return 0; done
	return 1
}
selected="$*"

# pan NAME: verify NAME.pml in $tmp/NAME with pan, keep the trail
pan_trail() {
	d="$tmp/$1"
	[ -f "$d/$1.pml.trail" ] && return 0
	if ! (cd "$d" && spin -a "$1.pml" >spin-a.out 2>&1 &&
	      cc -DSAFETY -o pan pan.c >cc.out 2>&1); then
		echo "$0: $1: spin -a or cc failed" >&2; status=1; return 1
	fi
	(cd "$d" && ./pan >pan.out 2>&1)
	if [ ! -f "$d/$1.pml.trail" ]; then
		echo "$0: $1: pan wrote no trail" >&2; status=1; return 1
	fi
	cp "$d/$1.pml.trail" "$here/$1.pan.trail"
	rm -f "$d"/pan "$d"/pan.?
}

# run NAME VARIANT OPTIONS...: one spin command, output to NAME.VARIANT.out
run() {
	name=$1; variant=$2; shift 2
	d="$tmp/$name"
	case $variant in
	replay_newer) touch "$d/$name.pml" ;;	# model newer than the trail
	replay*) touch -d '2000-01-01 00:00:00' "$d/$name.pml" ;;
	esac
	out="$here/$name.$variant.out"
	# (the outer subshell keeps the shell's report of a crash, such as
	# "Floating point exception", out of the way)
	( (cd "$d" && exec timeout 60 spin "$@" "$name.pml") >"$out" 2>&1
	  echo $? >"$tmp/rc" ) 2>/dev/null
	rc=$(cat "$tmp/rc")
	echo "$name.$variant.out: exit $rc" >>"$here/exit-status.txt.new"
	case $variant in
	sim*_n*|replay*) ;;
	sim*)	# determinism check
		for s in 1 2 3 4 5; do
			( (cd "$d" && exec timeout 60 spin -n$s "$@" "$name.pml") >"$tmp/seeded.out" 2>&1
			  echo $? >"$tmp/rc" ) 2>/dev/null
			if ! cmp -s "$out" "$tmp/seeded.out"; then
				echo "$0: $name.$variant: output differs with -n$s" >&2
				status=1
				break
			fi
		done ;;
	esac
}

: >"$here/exit-status.txt.new"
table >"$tmp/table"
while read -r name variant opts; do
	wanted "$name" || continue
	if [ ! -d "$tmp/$name" ]; then
		mkdir "$tmp/$name" && cp "$here/$name.pml" "$tmp/$name/" || exit 2
	fi
	case $variant in
	replay*) pan_trail "$name" || continue ;;
	esac
	# shellcheck disable=SC2086
	run "$name" "$variant" $opts
	echo "$name.$variant"
done <"$tmp/table"
# keep the status lines of models not re-measured now
if [ -n "$selected" ] && [ -f "$here/exit-status.txt" ]; then
	for w in $selected; do
		grep -v "^$w\." "$here/exit-status.txt" >"$tmp/keep" || true
		cp "$tmp/keep" "$here/exit-status.txt"
	done
	cat "$here/exit-status.txt" >>"$here/exit-status.txt.new"
fi
sort "$here/exit-status.txt.new" >"$here/exit-status.txt"
rm -f "$here/exit-status.txt.new"
exit $status
