#!/bin/sh
# test-engine-tafl.sh: board-bot --engine (docs/ENGINE.md) on a Hnefatafl table of a real
# boardd, with the example engine examples/engines/tafl-random.py against board-bot's own
# brain (easy): a whole game, finished, its result the same for both bots, the engine and the
# daemon's tend event; the engine was told the game, its side, every move in OpenTafl's
# notation with its captures (the same words as the daemon's tmove events) and a position
# with the side to move at each of its turns; none of its moves was refused.
. "$(dirname "$0")/lib.sh"
ENGINE="python3 $(cd "$(dirname "$0")/.." && pwd)/examples/engines/tafl-random.py"
command -v python3 >/dev/null || fail "python3 is needed for the example engine"

start_daemon --board main:tafl --seed 4
run_bot eng --games 1 --delay-ms 0 --engine "$ENGINE --seed 1 --log $WORK/eng.log"
E=$PID
run_bot brain --games 1 --delay-ms 0 --level easy --think-ms 20 --seed 2 --game tafl
wait_bot "$E" eng
wait_bot "$PID" brain
note "a game of the engine against the brain: $(cat "$WORK/eng.out")"

for want in '^boardengine 1$' '^game tafl attackers defenders$' '^match brain$' '^round 1 (attackers|defenders)$' \
	'^go ([0-9]+|none) /([1-9tTK]{1,9}/){9} (attackers|defenders)$' '^play attackers [a-i][1-9]-[a-i][1-9]' \
	'^play defenders K?[a-i][1-9]-[a-i][1-9]' '^over 1 (win|lose|draw)$' '^quit$'; do
	grep -qE "$want" "$WORK/eng.log" || fail "the engine was not told $want: $(cat "$WORK/eng.log")"
done
grep -q '^refused' "$WORK/eng.log" && fail "a move of the engine was refused: $(grep '^refused' "$WORK/eng.log")"

"$BIN/boardctl" events -n 1000 >"$WORK/events" 2>&1 || fail "events: $(cat "$WORK/events")"
sed -n 's/^EVENT [0-9]* tmove [01] //p' "$WORK/events" >"$WORK/table.moves"
sed -n 's/^play //p' "$WORK/eng.log" >"$WORK/told.moves"
[ -s "$WORK/table.moves" ] && cmp -s "$WORK/table.moves" "$WORK/told.moves" ||
	fail "the engine was told other moves than the table's: $(diff "$WORK/table.moves" "$WORK/told.moves")"
grep -qE 'x' "$WORK/told.moves" || fail "no capture in the game, so none told: $(cat "$WORK/told.moves")"

res() { sed -n 's/^{"game":[0-9]*,"result":"\([a-z]*\)".*/\1/p' "$WORK/$1.out"; }
side() { sed -n 's/.*"side":"\([a-z]*\)".*/\1/p' "$WORK/$1.out"; }
case "$(res eng)/$(res brain)" in
win/lose | lose/win | draw/draw) ;;
*) fail "results disagree: $(cat "$WORK/eng.out" "$WORK/brain.out")" ;;
esac
grep -qx "over 1 $(res eng)" "$WORK/eng.log" || fail "the engine was told another result: $(grep '^over' "$WORK/eng.log")"
winner=$(sed -n 's/^EVENT [0-9]* tend [a-z]* //p' "$WORK/events")
case "$(res eng)" in
win) want=$(side eng) ;;
lose) want=$(side brain) ;;
*) want=none ;;
esac
[ "$winner" = "$want" ] || fail "tend says $winner won, the bots $want: $(grep tend "$WORK/events")"
note "the engine: $(res eng) as the $(side eng), $(wc -l <"$WORK/told.moves") moves, $(grep -o 'tend .*' "$WORK/events")"
stop_daemon
finish
