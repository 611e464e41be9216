#!/bin/sh
# Lagging clients are resynchronised, not dropped (issue 9). The daemon runs as root; the
# flood of events comes from nobody's players picking with no rate limit (bd-fault picks,
# in a process group of its own so bd-fault can pause it).
# - A player that stops reading until the daemon must have dropped events past
#   --max-backlog, then reads: one resync event, no gap in seqs, its seat kept (its pick is
#   accepted), its private line follows the resync at once (boardd-testhooks gives a player
#   named whisper one), and `players` and `cards` equal the board. Then board-bot, stopped until its
#   worker falls behind: it re-reads the board and plays on in its seat, then quits.
# - Requests written at once are all answered, whole and in order: `boards` x4 on a daemon
#   of 40 boards, and a spectator's `players` x8 on a board of 200 seats, both with the
#   smallest --max-backlog (4096), which one `players` reply alone exceeds.
# - With --stall-ms 2000, a player that reads nothing for 6 s is closed; one that reads
#   slowly (4 KiB every 100 ms) is not.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

need_nobody "the daemon as root, the flood as nobody"
FLOOD="" BOT=""
# On a failure, the flood and a bot (perhaps stopped, which would reconnect forever) go too.
trap '[ -z "$FLOOD" ] || kill -KILL "-$FLOOD" 2>/dev/null; [ -z "$BOT" ] || kill -KILL "$BOT" 2>/dev/null; cleanup' EXIT INT TERM

# start_flood: nobody's four players pick as fast as the daemon answers, in a new process
# group ($FLOOD, its leader's pid: setsid does not fork in a background job of sh).
start_flood() {
	setsid setpriv --reuid=nobody --regid=nogroup --clear-groups \
		"$FAULT" picks --picks 1000000000 --clients 4 --watch 0 >>"$WORK/flood.log" 2>&1 &
	FLOOD=$!
}
stop_flood() { kill -KILL "-$FLOOD"; wait "$FLOOD" 2>/dev/null; FLOOD=""; }

flood_opts="--board main:8 --min-players 1 --max-rate 0 --first-pick-ms 2 --mismatch-ms 1 --restart-ms 10"
# The lagging player: a 32 KiB backlog, and the daemon's log line that it fell behind, so
# that a flood slowed by a loaded machine (three tests at once, a sanitizer build) still
# gets there well within the tool's 120 s.
start_daemon_as "$BIN/boardd-testhooks" $flood_opts --max-backlog 32768
start_flood
# whisper joins once the pickers have seen events: the event for it alone then skips a
# number in their sequence, which they must expect (as a loaded machine made it happen).
flooding() { [ "$("$BIN/boardctl" events -n 30 main 2>/dev/null | grep -c ' \(up\|down\|mismatch\|match\) ')" -ge 20 ]; }
wait_until "the flood's first events" flooding
"$FAULT" lag --flood "$FLOOD" --backlog 32768 --log "$WORK/daemon.log" --name whisper || { stop_flood; fail "the lagging player was not resynchronised"; }
grep -q 'fell behind: .* events dropped from' "$WORK/daemon.log" || fail "no fall-behind in the daemon log"
note "daemon: $(grep -m1 'fell behind' "$WORK/daemon.log" | sed 's/^boardd\[[0-9]*\]: //')"
# board-bot stopped (SIGSTOP) until its worker falls behind, then continued.
"$BIN/board-bot" --name lagbot --delay-ms 0 >"$WORK/bot.log" 2>&1 &
BOT=$!
wait_until "board-bot to join" grep -q 'playing on board' "$WORK/bot.log"
kill -STOP "$BOT"
wait_until "board-bot's worker to fall behind" grep -q "pid $BOT uid 0 fell behind" "$WORK/daemon.log"
kill -CONT "$BOT"
wait_until "board-bot's resync" grep -q 'fell behind the board' "$WORK/bot.log"
stop_flood
kill -TERM "$BOT"
wait "$BOT" || { BOT=""; fail "board-bot failed after its resync: $(cat "$WORK/bot.log")"; }
BOT=""
note "board-bot: $(grep -m1 'fell behind' "$WORK/bot.log")"
grep -q 'lost the connection\|malformed\|refused' "$WORK/bot.log" && fail "board-bot after its resync: $(cat "$WORK/bot.log")"
grep -q 'left the board' "$WORK/bot.log" || fail "board-bot did not leave its seat in the end: $(cat "$WORK/bot.log")"
grep -q 'closed: client read nothing' "$WORK/daemon.log" && fail "a connection was closed for not reading"
stop_and_count

boards=""
for i in $(seq 1 40); do boards="$boards --board b$i"; done
start_daemon $boards --max-backlog 4096
as_nobody "$FAULT" pipeline --request boards --times 4 || fail "boards x4 in one write"
stop_and_count
start_daemon --board main:4 --max-backlog 4096 --max-seats-per-uid 0 --max-connections-per-uid 0
as_nobody "$FAULT" pipeline --request players --times 8 --seats 200 || fail "players x8 in one write"
stop_and_count

start_daemon $flood_opts --stall-ms 2000
start_flood
"$FAULT" stall --flood "$FLOOD" --seconds 6 || { stop_flood; fail "stall-ms closed the wrong client"; }
stop_flood
grep -q 'closed: client read nothing of its waiting output for 2000 ms' "$WORK/daemon.log" ||
	fail "no stall close in the daemon log"
[ "$(grep -c 'closed: client read nothing' "$WORK/daemon.log")" = 1 ] || fail "more than one client closed for stalling"
stop_and_count
finish
