#!/bin/sh
# test-noshm.sh: board-bot without shared memory (--no-shm), on a real boardd: on a table of
# each game (memory, tictactoe, tafl, quantik, qwirkle) a --no-shm bot plays a whole game
# against a bot that maps the board, both ending it with agreeing results; /proc/PID/maps of
# the --no-shm bot, seated and then after its game, shows no object of the daemon's prefix,
# while the other bot's, seated, does (the check sees a mapping when there is one); a
# --no-shm bot with --engine on a table with a clock tells its engine the time left on the
# daemon's clock. boardctl watch --no-shm (it maps nothing either), following each table
# through its game, shows it at the end as watch does, dump --no-shm as dump; when the daemon
# stops, watch --no-shm marks it gone.
. "$(dirname "$0")/lib.sh"
ENGINE="python3 $(cd "$(dirname "$0")/.." && pwd)/examples/engines/simple.py"
BOTS="" WATCHERS=""
trap 'kill $BOTS $WATCHERS 2>/dev/null; cleanup' EXIT INT TERM
GAMES="memory tictactoe tafl quantik qwirkle"

# bot_of PID: the board-bot run_bot started (its timeout's child).
bot_of() {
	for _ in $(seq 1 600); do
		pgrep -P "$1" -x board-bot && return 0
		sleep 0.05
	done
	fail "no board-bot under $1"
}
# maps_shm PID: the lines of PID's mappings of the daemon's shared memory (false if none).
maps_shm() { grep " /dev/shm/$PREFIX\." "/proc/$1/maps"; }
# stat_of NAME KEY: the value of KEY in bot NAME's stats line ("result": win, lose or draw;
# a tie at the top of a Memory game is a win for each).
stat_of() { sed -n "s/.*\"$2\":\"*\([a-z0-9]*\).*/\1/p" "$WORK/$1.out"; }
# frame GAME: the last frame boardctl watch --no-shm of GAME's table wrote, without its
# restart countdown.
frame() {
	awk '/^boardctl watch: Ctrl\+C to stop$/ { f = "" } { f = f $0 "\n" } END { printf "%s", f }' "$WORK/v-$1" |
		sed 's/, restart in [0-9.]* s//'
}
# shown GAME: the frame boardctl watch (mapping the board) shows of GAME's table now: its
# title, what dump prints (watch's frame is dump's), a blank line; without the countdown.
shown() {
	printf 'boardctl watch: Ctrl+C to stop\n\n'
	"$BIN/boardctl" dump "$1" | sed 's/, restart in [0-9.]* s//'
	echo
}
# same_frame GAME: watch --no-shm of GAME's table shows what watch shows, in which the
# --no-shm bot sits with its score of the game that ended.
same_frame() {
	f=$(shown "$1")
	[ "$f" = "$(frame "$1")" ] && echo "$f" | grep -qE "^ +1  n-$1 "
}
# seated NAME: bot NAME said it sits at its board.
seated() { wait_for "$WORK/$1.err" "^board-bot: playing on board "; }

note "command line"
"$BOT" --help | grep -q -- '--no-shm' || fail "--help does not describe --no-shm"
"$BOT" --help | grep -q 'automatic when the board.s shared memory' || fail "--help does not say --no-shm is automatic"

start_daemon --restart-ms 3600000 --board memory:memory:6 --board tictactoe:tictactoe --board tafl:tafl \
	--board quantik:quantik --board qwirkle:qwirkle --board clock:tictactoe,clock-ms=60000
note "boardctl watch --no-shm of each table; dump and players --no-shm"
for g in $GAMES; do
	"$BIN/boardctl" watch --no-shm "$g" >"$WORK/v-$g" 2>&1 &
	WATCHERS="$WATCHERS $!"
	wait_for "$WORK/v-$g" "^board $g \\(prefix $PREFIX\\): "
	maps_shm $! && fail "boardctl watch --no-shm maps the board"
done
"$BIN/boardctl" dump --no-shm tictactoe >"$WORK/dump" 2>&1 || fail "dump --no-shm: $(cat "$WORK/dump")"
"$BIN/boardctl" dump tictactoe >"$WORK/dump-shm" 2>&1 || fail "dump: $(cat "$WORK/dump-shm")"
cmp -s "$WORK/dump" "$WORK/dump-shm" || fail "dump --no-shm differs: $(diff "$WORK/dump-shm" "$WORK/dump")"
"$BIN/boardctl" players --no-shm --json qwirkle >"$WORK/players" 2>&1 || fail "players --no-shm: $(cat "$WORK/players")"
json "$WORK/players" 'd["board"] == "qwirkle"' 'd["players"] == []'
"$BIN/boardctl" list --no-shm >"$WORK/list" 2>&1
[ $? -eq 2 ] && grep -q -- '--no-shm is for dump, players and watch' "$WORK/list" || fail "list --no-shm: $(cat "$WORK/list")"

note "a mapping bot seated alone on each table: its maps show the board"
for g in $GAMES; do
	run_bot "s-$g" --board "$g" --games 1 --delay-ms 0 --think-ms 50 --seed 3
	eval "S_$g=\$PID"
	BOTS="$BOTS $PID"
	seated "s-$g"
	maps_shm "$(bot_of "$PID")" >/dev/null || fail "bot s-$g maps no shared memory: $(cat "/proc/$(bot_of "$PID")/maps")"
done
note "a --no-shm bot joins each: seated, its maps show none of the daemon's objects"
for g in $GAMES; do
	run_bot "n-$g" --no-shm --board "$g" --games 2 --delay-ms 0 --think-ms 50 --seed 4
	eval "N_$g=\$PID"
	BOTS="$BOTS $PID"
	eval "NB_$g=\$(bot_of \$PID)"
	seated "n-$g"
	eval "maps_shm \$NB_$g" && fail "bot n-$g, --no-shm, maps the board"
done
note "each pair plays a game; the --no-shm bot, waiting for a rematch after it, still maps nothing"
for g in $GAMES; do
	eval "wait_bot \$S_$g s-$g"
	wait_for "$WORK/n-$g.out" '^\{"game"'
	eval "nb=\$NB_$g"
	maps_shm "$nb" && fail "bot n-$g, --no-shm, maps the board after its game"
	for _ in $(seq 1 600); do
		same_frame "$g" && break
		sleep 0.05
	done
	same_frame "$g" || fail "$g: watch --no-shm shows $(frame "$g"); watch shows $(shown "$g")"
	kill -TERM "$nb"
	eval "wait_bot \$N_$g n-$g"
	r=$(stat_of s-$g result)/$(stat_of n-$g result)
	case $g:$r in
	*:win/lose | *:lose/win | *:draw/draw) ;;
	memory:win/win) [ "$(stat_of s-$g points)" = "$(stat_of n-$g points)" ] || fail "memory: two winners: $r" ;;
	*) fail "$g: results $r: $(cat "$WORK/s-$g.out" "$WORK/n-$g.out")" ;;
	esac
	! grep -E 'refused|cannot|malformed|ignored' "$WORK/n-$g.err" || fail "bot n-$g: $(cat "$WORK/n-$g.err")"
	note "$g: mapping bot $(cat "$WORK/s-$g.out"), --no-shm bot $(cat "$WORK/n-$g.out")"
done

note "--no-shm with --engine on a table with a clock: the engine is told the time left"
run_bot e --no-shm --board clock --games 1 --delay-ms 0 --engine "$ENGINE --seed 1 --log $WORK/e.log"
E=$PID
run_bot o --board clock --games 1 --delay-ms 0
BOTS="$BOTS $E $PID"
wait_bot "$E" e
wait_bot "$PID" o
grep -qE '^\{"game":[0-9]+,"result":"(win|lose|draw)"' "$WORK/e.out" || fail "engine bot: $(cat "$WORK/e.out" "$WORK/e.err")"
left=$(sed -n 's/^go \([0-9]*\) .*/\1/p' "$WORK/e.log")
[ -n "$left" ] || fail "the engine was asked for no move: $(cat "$WORK/e.log")"
for ms in $left; do
	[ "$ms" -gt 0 ] && [ "$ms" -le 60000 ] || fail "the engine was told $ms ms left of a 60 s clock: $(cat "$WORK/e.log")"
done

note "the daemon stopped: watch --no-shm marks it gone under the last board, and ends at Ctrl+C"
stop_daemon
wait_for "$WORK/v-tictactoe" "^daemon pid [0-9]+ GONE: the connection to it was lost"
for w in $WATCHERS; do
	kill -INT "$w"
	wait "$w" || fail "boardctl watch $w did not end with status 0"
done
WATCHERS=""
finish
