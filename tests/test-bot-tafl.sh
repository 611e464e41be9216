#!/bin/sh
# test-bot-tafl.sh: board-bot on a Hnefatafl table of a real boardd: its command line for
# tafl (its levels, --think-ms); two bots (medium with a 100 ms budget against easy) play a
# whole match and its rematch through the daemon, without delay: each game's stats lines
# agree (a win against a loss, or two draws), the sides swap, every move of a game was
# accepted (no refusal said on stderr); boardctl events hold the moves in notation.
. "$(dirname "$0")/lib.sh"
trap 'stop_players' EXIT

note "command line"
"$BOT" --help | grep -q -- '--think-ms MS' || fail "--help does not describe --think-ms"
"$BOT" --help | grep -q 'tafl: easy, medium or perfect' || fail "--help does not give tafl's levels"
bot_usage_error --game tafl --level seed
bot_usage_error --think-ms soon

start_daemon --board main:tafl --seed 3
note "a bot on a tafl table refuses a level tafl has not, seatless"
"$BOT" --level seed 2>"$WORK/seed.err"
rc=$?
[ "$rc" -eq 2 ] || fail "--level seed on a tafl table exited $rc, want 2: $(cat "$WORK/seed.err")"
grep -q 'not a level of tafl (easy, perfect, medium)' "$WORK/seed.err" || fail "--level seed: $(cat "$WORK/seed.err")"

note "medium (100 ms a move) against easy: a match and its rematch"
run_bot m --games 2 --delay-ms 0 --level medium --think-ms 100 --seed 1
M=$PID
run_bot e --games 2 --delay-ms 0 --level easy --seed 2 --game tafl
wait_bot "$M" m
wait_bot "$PID" e
for f in m e; do
	good=$(grep -cE '^\{"game":[0-9]+,"result":"(win|lose|draw)","points":[0-9]+,"moves":[0-9]+,"side":"(attackers|defenders)"\}$' "$WORK/$f.out")
	[ "$good" -eq 2 ] && [ "$(wc -l <"$WORK/$f.out")" -eq 2 ] || fail "$f: want 2 stats lines, got: $(cat "$WORK/$f.out")"
	grep -q 'refused' "$WORK/$f.err" && fail "bot $f had a move refused: $(cat "$WORK/$f.err")"
done
bad=$(paste -d' ' "$WORK/m.out" "$WORK/e.out" | awk -F'[{}":, ]+' '
	{ if ($3 != $13) print "line " NR ": game " $3 " against game " $13
	  if ($11 == $21) print "game " $3 ": both played " $11
	  r = $5 "/" $15
	  if (r != "win/lose" && r != "lose/win" && r != "draw/draw") print "game " $3 ": results " r
	  if ($9 + $19 < 2) print "game " $3 ": " $9 + $19 " moves in all"
	  if (NR > 1 && $11 == side) print "game " $3 ": the sides did not swap"
	  side = $11 }')
[ -z "$bad" ] || fail "inconsistent match: $bad; $(cat "$WORK/m.out" "$WORK/e.out")"
note "medium: $(grep -c '"result":"win"' "$WORK/m.out") won, $(grep -c '"result":"draw"' "$WORK/m.out") drawn of 2"
"$BIN/boardctl" events -n 400 >"$WORK/events" 2>&1 ||
	fail "events: $(cat "$WORK/events")"
grep -qE '^EVENT [0-9]+ tmove [01] [a-z]+ K?[a-i][1-9]-[a-i][1-9]' "$WORK/events" || fail "no moves in the events: $(cat "$WORK/events")"
stop_daemon
finish
