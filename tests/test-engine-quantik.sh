#!/bin/sh
# test-engine-quantik.sh: board-bot --engine (docs/ENGINE.md) with the example engine
# (examples/engines/simple.py) on Quantik through the lobby of a real boardd: two engines
# play a match of two rounds, white opening round 1 and black round 2; each round's winner
# as the daemon logs it (show-board=1) is the one each engine was told won and each
# board-bot said; every move the daemon took was told to both engines, in order; the match's
# result and points follow from the rounds. An engine that crashes, and one that hangs (on a
# table of 3 s a move), make their bot resign the round and say why; a new engine plays the
# next round (failing the same way, so the opponent wins the match).
. "$(dirname "$0")/lib.sh"
ENGINE="python3 $(cd "$(dirname "$0")/.." && pwd)/examples/engines/simple.py"
command -v python3 >/dev/null || fail "python3 is needed for the example engine"

# sides NAME: the colours the engine NAME was told for rounds 1 and 2.
sides() { sed -n 's/^round [12] \([a-z]*\)$/\1/p' "$WORK/$1.log" | tr '\n' ' '; }

start_daemon --lobby-wait-ms 30000

note "two engines, a match of two rounds through the lobby"
run_bot e1 --play quantik --opponent e2 --option show-board=1 --games 1 --delay-ms 0 \
	--engine "$ENGINE --seed 1 --log $WORK/e1.log"
E1=$PID
run_bot e2 --play quantik --opponent e1 --option show-board=1 --games 1 --delay-ms 0 \
	--engine "$ENGINE --seed 2 --log $WORK/e2.log"
wait_bot "$E1" e1
wait_bot "$PID" e2
# the daemon's account: each round's winner and how, each move with the board after it
T=$(sed -n 's/.*board \(quantik-[0-9]*\): quantik round 1 won by .*/\1/p' "$WORK/daemon.log")
[ -n "$T" ] || fail "no round won in the daemon's log"
for r in 1 2; do
	W=$(sed -n "s/.*board $T: quantik round $r won by \([a-z]*\) ([a-z0-9]*)$/\1/p" "$WORK/daemon.log")
	[ -n "$W" ] || fail "round $r has no winner in the daemon's log: $(grep "round $r" "$WORK/daemon.log")"
	eval "W$r=$W"
done
for n in e1 e2; do
	for want in '^boardengine 1$' '^game quantik white black$' "^match e[12]$" '^go [0-9]+ [ABCDabcd.]{4}(/[ABCDabcd.]{4}){3}$' \
		'^play white [A-D][0-9]+$' '^play black [A-D][0-9]+$' '^quit$'; do
		grep -qE "$want" "$WORK/$n.log" || fail "engine $n was not told $want: $(cat "$WORK/$n.log")"
	done
	set -- $(sides "$n")
	[ $# -eq 2 ] && [ "$1" = "$2" ] || fail "engine $n: not one colour for both rounds: $(sides "$n")"
	ME=$1
	for r in 1 2; do
		eval "W=\$W$r"
		res=$([ "$W" = "$ME" ] && echo win || echo lose)
		grep -qx "over $r $res" "$WORK/$n.log" || fail "engine $n ($ME) was not told 'over $r $res' (the daemon: $W won): $(cat "$WORK/$n.log")"
		said=$([ "$res" = win ] && echo won || echo lost)
		grep -qE "^board-bot: match [0-9]+, round $r: $said as $ME against e[12]$" "$WORK/$n.err" ||
			fail "$n did not say round $r $said: $(cat "$WORK/$n.err")"
	done
	if [ "$W1" = "$W2" ]; then
		mine=$([ "$W1" = "$ME" ] && echo 4 || echo 0)
		res=$([ "$mine" = 4 ] && echo win || echo lose) said=$([ "$mine" = 4 ] && echo won || echo lost)
	else
		mine=2 res=draw said=drawn
	fi
	grep -qx "result $res $mine $((4 - mine))" "$WORK/$n.log" || fail "engine $n was not told 'result $res $mine $((4 - mine))': $(cat "$WORK/$n.log")"
	grep -qE "^board-bot: match [0-9]+ against e[12]: $said, $mine-$((4 - mine))$" "$WORK/$n.err" ||
		fail "$n said no match result '$said, $mine-$((4 - mine))': $(cat "$WORK/$n.err")"
	grep '^play ' "$WORK/$n.log" | cut -d' ' -f2- >"$WORK/$n.told"
	[ "$(grep -c '^go ' "$WORK/$n.log")" -ge 4 ] || fail "engine $n was asked for too few moves: $(cat "$WORK/$n.log")"
done
[ "$(sides e1)" != "$(sides e2)" ] || fail "both engines were told one colour: $(sides e1)"
# the moves the daemon took, in order (white opens round 1, black round 2), told to both
sed -n "s/.*board $T: quantik round [12]: \([a-z]*\) \([A-D][0-9]*\): .*/\1 \2/p" "$WORK/daemon.log" >"$WORK/taken"
[ "$(sed -n 1p "$WORK/taken" | cut -d' ' -f1)" = white ] || fail "white did not open round 1: $(cat "$WORK/taken")"
[ "$(wc -l <"$WORK/taken")" -ge 8 ] || fail "too few moves taken: $(cat "$WORK/taken")"
for n in e1 e2; do
	cmp -s "$WORK/taken" "$WORK/$n.told" || fail "engine $n was told other moves than the daemon took: $(diff "$WORK/taken" "$WORK/$n.told")"
done
grep "board $T: quantik round 2: " "$WORK/daemon.log" | head -1 | grep -q ": black [A-D][0-9]*: " ||
	fail "black did not open round 2: $(grep "board $T: quantik round 2: " "$WORK/daemon.log" | head -1)"
note "round 1 won by $W1, round 2 by $W2, $(wc -l <"$WORK/taken") moves"

note "an engine that crashes: its bot resigns the round and says why; a new engine plays round 2 (and crashes too)"
run_bot crash --play quantik --opponent calm --games 1 --delay-ms 0 --engine "$ENGINE --crash-after 1 --log $WORK/crash.log"
R=$PID
run_bot calm --play quantik --opponent crash --games 1 --delay-ms 0 --level easy --seed 3
wait_bot "$R" crash
wait_bot "$PID" calm
[ "$(grep -c "^board-bot: engine '.*' crashed (exited with status 3): resigning$" "$WORK/crash.err")" -eq 2 ] ||
	fail "crash: not two crashes said: $(cat "$WORK/crash.err")"
for r in 1 2; do
	grep -qE "^board-bot: match [0-9]+, round $r: lost as [a-z]+ against calm$" "$WORK/crash.err" ||
		fail "crash: round $r not lost: $(cat "$WORK/crash.err")"
	grep -qE "board quantik-[0-9]+: quantik round $r won by [a-z]+ \(resign\)$" "$WORK/daemon.log" ||
		fail "round $r was not resigned: $(grep "quantik round $r won" "$WORK/daemon.log")"
done
grep -qE "^board-bot: match [0-9]+ against calm: lost, 0-4$" "$WORK/crash.err" || fail "crash: no match lost 0-4: $(cat "$WORK/crash.err")"
grep -q '"result":"lose"' "$WORK/crash.out" && grep -q '"result":"win"' "$WORK/calm.out" ||
	fail "crash did not lose: $(cat "$WORK/crash.out" "$WORK/calm.out")"
# each engine: started, told the match and its round, asked twice (the second time it crashed)
[ "$(grep -c '^boardengine 1$' "$WORK/crash.log")" -eq 2 ] && [ "$(grep -c '^go ' "$WORK/crash.log")" -eq 4 ] &&
	grep -qE '^round 2 [a-z]+$' "$WORK/crash.log" || fail "not two engines asked twice each: $(cat "$WORK/crash.log")"

note "an engine that hangs (move-ms=3000): killed, its bot resigns and says why"
run_bot hang --play quantik --opponent calm2 --option move-ms=3000 --games 1 --delay-ms 0 --engine "$ENGINE --hang-after 1"
R=$PID
run_bot calm2 --play quantik --opponent hang --option move-ms=3000 --games 1 --delay-ms 0 --level easy --seed 4
wait_bot "$R" hang
wait_bot "$PID" calm2
grep -q "^board-bot: engine '.*' hung: no move in time (killed by board-bot): resigning$" "$WORK/hang.err" ||
	fail "hang: $(cat "$WORK/hang.err")"
grep -q '"result":"lose"' "$WORK/hang.out" && grep -q '"result":"win"' "$WORK/calm2.out" ||
	fail "hang did not lose: $(cat "$WORK/hang.out" "$WORK/calm2.out")"
finish
