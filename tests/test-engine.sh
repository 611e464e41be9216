#!/bin/sh
# test-engine.sh: board-bot --engine (docs/ENGINE.md) with the example engine
# (examples/engines/simple.py) on tic-tac-toe tables of a real boardd: two engines play a
# match of two games through the daemon, each told the game, the match, its rounds, every
# move, its turns with the time left, and the ends; an engine that crashes and one that hangs
# make their bot resign and say why (a hang once its move is due: 8 s a move here), the
# opponent winning; an engine refusing the game.
. "$(dirname "$0")/lib.sh"
ENGINE="python3 $(cd "$(dirname "$0")/.." && pwd)/examples/engines/simple.py"
trap 'stop_players' EXIT
command -v python3 >/dev/null || fail "python3 is needed for the example engine"

note "command line"
bot_usage_error --engine ''
bot_usage_error --engine 'true' --memory 3

note "two engines, two games through the daemon"
start_daemon --board main:tictactoe
run_bot e1 --games 2 --delay-ms 0 --engine "$ENGINE --seed 1 --log $WORK/e1.log"
E1=$PID
run_bot e2 --games 2 --delay-ms 0 --engine "$ENGINE --seed 2 --log $WORK/e2.log"
wait_bot "$E1" e1
wait_bot "$PID" e2
for n in e1 e2; do
	[ "$(grep -cE '^\{"game":[0-9]+,"result":"(win|lose|draw)"' "$WORK/$n.out")" -eq 2 ] || fail "$n: $(cat "$WORK/$n.out")"
	for want in '^boardengine 1$' '^game tictactoe X O$' '^match e[12]$' '^round 1 [XO]$' '^go [0-9]+ [XO.]{9}$' \
		'^play X [0-2] [0-2]$' '^play O [0-2] [0-2]$' '^over 1 (win|lose|draw)$' '^result (win|lose|draw) [0-2] [0-2]$' '^quit$'; do
		grep -qE "$want" "$WORK/$n.log" || fail "engine $n was not told $want: $(cat "$WORK/$n.log")"
	done
	grep -qE '^board-bot: match [0-9]+, round 1: (won|lost|drawn) as [XO] against e[12]$' "$WORK/$n.err" ||
		fail "$n said no round's result: $(cat "$WORK/$n.err")"
	grep -qE '^board-bot: match [0-9]+ against e[12]: (won|lost|drawn), [0-2]-[0-2]$' "$WORK/$n.err" ||
		fail "$n said no match's result: $(cat "$WORK/$n.err")"
done
[ "$(grep -c '^match ' "$WORK/e1.log")" -eq 2 ] || fail "e1 was not told two matches: $(cat "$WORK/e1.log")"

# resigns NAME SEED MESSAGE ENGINE...: a bot NAME playing with ENGINE (a command) against a
# bot of its own brain (seed SEED) says MESSAGE (a regular expression after its engine's
# name), resigns and loses one game.
resigns() {
	who=$1 seed=$2 message=$3
	shift 3
	run_bot "$who" --games 1 --delay-ms 0 --engine "$*"
	R=$PID
	run_bot calm --games 1 --delay-ms 0 --seed "$seed"
	wait_bot "$R" "$who"
	wait_bot "$PID" calm
	grep -q "^board-bot: engine '.*' $message" "$WORK/$who.err" || fail "$who: $(cat "$WORK/$who.err")"
	grep -q '"result":"lose"' "$WORK/$who.out" && grep -q '"result":"win"' "$WORK/calm.out" ||
		fail "$who did not lose: $(cat "$WORK/$who.out" "$WORK/calm.out")"
}

note "an engine that crashes: its bot resigns and says why"
resigns crash 3 'crashed (exited with status 3): resigning$' "$ENGINE --crash-after 1"

note "an engine that refuses the game: said, and its bot resigns"
resigns refuse 5 'refused: no such game here (' 'read l; echo ready 1; read l; echo error no such game here'
stop_daemon

note "an engine that hangs: killed before its move is due, its bot resigns"
start_daemon --board main:tictactoe,move-limit-ms=8000
resigns hang 4 'hung: no move in time (killed by board-bot): resigning$' "$ENGINE --hang-after 1"
finish
