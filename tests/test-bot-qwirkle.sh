#!/bin/sh
# test-bot-qwirkle.sh: board-bot on Qwirkle tables of a real boardd, following its hand from
# the daemon's HAND line and its seat's drew events: its command line for qwirkle (levels
# easy, greedy, strong; strong by default; no --engine); strong against greedy play a whole
# game and its rematch on a board, without delay: each game's stats lines agree (one win and
# one loss, or two draws), no turn of either bot was refused, the table ends as the rules
# end a game (a hand emptied with the bag empty, or no seat able to lay) and boardctl
# events hold the lays; then three bots (easy among them) play a game at a table the lobby
# gathers with `play qwirkle seats=3`.
. "$(dirname "$0")/lib.sh"
trap 'stop_players' EXIT

note "command line"
"$BOT" --help | grep -q 'qwirkle: easy, greedy or strong (default strong)' || fail "--help does not give qwirkle's levels"
bot_usage_error --game qwirkle --level medium
bot_usage_error --game qwirkle --level perfect

start_daemon --board main:qwirkle --seed 5
note "a bot on a qwirkle table refuses a level qwirkle has not, and an engine"
"$BOT" --level medium 2>"$WORK/medium.err"
rc=$?
[ "$rc" -eq 2 ] || fail "--level medium on a qwirkle table exited $rc, want 2: $(cat "$WORK/medium.err")"
grep -q 'not a level of qwirkle (easy, greedy, strong)' "$WORK/medium.err" || fail "--level medium: $(cat "$WORK/medium.err")"
"$BOT" --engine true 2>"$WORK/engine.err"
rc=$?
[ "$rc" -eq 2 ] || fail "--engine on a qwirkle table exited $rc, want 2: $(cat "$WORK/engine.err")"
grep -q 'not for qwirkle' "$WORK/engine.err" || fail "--engine: $(cat "$WORK/engine.err")"

note "strong (the default level) against greedy: a game and its rematch"
run_bot s --games 2 --delay-ms 0 --seed 1
S=$PID
run_bot g --games 2 --delay-ms 0 --level greedy --seed 2 --game qwirkle
wait_bot "$S" s
wait_bot "$PID" g
for f in s g; do
	good=$(grep -cE '^\{"game":[0-9]+,"result":"(win|lose|draw)","points":[0-9]+,"moves":[0-9]+,"side":"[a-z]+"\}$' "$WORK/$f.out")
	[ "$good" -eq 2 ] && [ "$(wc -l <"$WORK/$f.out")" -eq 2 ] || fail "$f: want 2 stats lines, got: $(cat "$WORK/$f.out")"
	grep -qE 'refused|cannot move|malformed' "$WORK/$f.err" && fail "bot $f: $(cat "$WORK/$f.err")"
done
bad=$(paste -d' ' "$WORK/s.out" "$WORK/g.out" | awk -F'[{}":, ]+' '
	{ if ($3 != $13) print "line " NR ": game " $3 " against game " $13
	  r = $5 "/" $15
	  if (r != "win/lose" && r != "lose/win" && r != "draw/draw") print "game " $3 ": results " r
	  if ($9 < 5 || $19 < 5) print "game " $3 ": " $9 " and " $19 " turns" }')
[ -z "$bad" ] || fail "inconsistent games: $bad; $(cat "$WORK/s.out" "$WORK/g.out")"
note "strong: $(cat "$WORK/s.out" | tr '\n' ' '); greedy: $(cat "$WORK/g.out" | tr '\n' ' ')"
"$BIN/boardctl" dump --json >"$WORK/dump" 2>&1 || fail "dump: $(cat "$WORK/dump")"
"$BIN/boardctl" events -n 1000 >"$WORK/events" 2>&1 || fail "events: $(cat "$WORK/events")"
grep -qE '^EVENT [0-9]+ lay [01] [0-9]+ [a-f][1-6]@-?[0-9]+,-?[0-9]+' "$WORK/events" || fail "no lays in the events: $(head -50 "$WORK/events")"
stop_daemon

note "three bots at a table of three seats from the lobby"
start_daemon --seed 7
for n in a b c; do
	lvl=strong; [ "$n" = b ] && lvl=easy; [ "$n" = c ] && lvl=greedy
	run_bot "$n" --play qwirkle --option seats=3 --games 1 --delay-ms 0 --level "$lvl" --seed 3
	eval "P_$n=\$PID"
done
wait_bot "$P_a" a
wait_bot "$P_b" b
wait_bot "$P_c" c
wins=0
for f in a b c; do
	grep -qE '^\{"game":1,"result":"(win|lose|draw)","points":[0-9]+,"moves":[0-9]+' "$WORK/$f.out" || fail "$f: $(cat "$WORK/$f.out" "$WORK/$f.err")"
	grep -qE 'refused|cannot move|malformed' "$WORK/$f.err" && fail "bot $f: $(cat "$WORK/$f.err")"
	grep -q '"result":"win"' "$WORK/$f.out" && wins=$((wins + 1))
done
[ "$wins" -le 1 ] || fail "$wins winners: $(cat "$WORK/a.out" "$WORK/b.out" "$WORK/c.out")"
note "three seats: $(cat "$WORK/a.out" "$WORK/b.out" "$WORK/c.out" | tr '\n' ' ')"
stop_daemon
finish
