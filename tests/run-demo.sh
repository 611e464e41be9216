#!/bin/sh
# run-demo.sh BUILD: what `make run` does: a live game.
# With a display (DISPLAY or WAYLAND_DISPLAY set) and board-gtk built: boardd, one bot (bob,
# level beginner, a casual player a person can beat, on the Memory board main) and the board-gtk window on the daemon's lobby, where
# you join main to play Memory against bob, or start a tic-tac-toe match against a bot of
# your own (Play a bot) or another window (Play a person); closing the window ends the demo. Otherwise (or with BOARDD_DEMO=terminal): boardd, two bots that play each other
# for ever (alice: level perfect, bob: level seed) and `boardctl watch` in this terminal.
# Ctrl+C stops everything and leaves nothing behind: no processes, nothing in /dev/shm, no
# temporary files.
#
# Where it runs: a socket of its own in a temporary folder and the shm prefix `demo`, for root
# as for anyone else, so that the demo never meets an installed boardd service
# (/run/boardd/boardd.sock, prefix boardd) or a user's own daemon, and --config /dev/null so
# that /etc/boardd.conf does not change its board. BOARDD_SOCKET and BOARDD_SHM_PREFIX, when
# set, choose the socket and the prefix instead. A second demo at the same time is refused by
# boardd (the prefix is in use); set BOARDD_SHM_PREFIX to run one anyway.
set -u
BUILD=${1:-build}
BIN=$(cd "$BUILD" 2>/dev/null && pwd) || { echo "run-demo: no build folder '$BUILD'" >&2; exit 2; }
for p in boardd board-bot boardctl; do
	[ -x "$BIN/$p" ] || { echo "run-demo: $BIN/$p is missing; run make first" >&2; exit 1; }
done
DIR=$(mktemp -d "${TMPDIR:-/tmp}/boardd-demo.XXXXXX") || exit 1
SOCK=${BOARDD_SOCKET:-$DIR/boardd.sock}
PREFIX=${BOARDD_SHM_PREFIX:-demo}
DPID="" STARTED="" JOBS=""
# Slow enough for a person to follow: a bot's two picks are 0.4 s apart, a mismatched pair
# stays up 1.5 s, and a finished board stays 5 s before the next game.
BOT_DELAY_MS=400

# Nonzero (false) once pid $1 has exited: gone, or a zombie not yet reaped.
running() {
	s=$(ps -o stat= -p "$1" 2>/dev/null) && [ "${s#Z}" = "$s" ]
}

# Stop pid $1: SIGTERM, up to 5 s to finish, then SIGKILL; reap it.
stop_pid() {
	kill -TERM "$1" 2>/dev/null
	for _ in $(seq 1 50); do
		running "$1" || break
		sleep 0.1
	done
	kill -KILL "$1" 2>/dev/null
	wait "$1" 2>/dev/null
}

# start_bg NAME CMD...: run CMD in the background, output in $DIR/NAME.log; cleanup stops it.
start_bg() {
	name=$1; shift
	"$@" >"$DIR/$name.log" 2>&1 &
	JOBS="$JOBS $name=$!"
}

# cleanup [STATUS]: everything this script started, stopped in order: clients first, then
# boardd, which says goodbye and removes its shm objects itself; then whatever a crashed
# daemon of ours left (never another daemon's: STARTED is set only once ours runs). Exits.
cleanup() {
	trap '' INT TERM HUP # a second Ctrl+C must not cut the cleanup short
	for j in $JOBS; do
		stop_pid "${j#*=}"
	done
	[ -n "$DPID" ] && stop_pid "$DPID"
	if [ -n "$STARTED" ]; then
		for f in $(ls /dev/shm | grep -E "^(sem\.)?$PREFIX\."); do rm -f "/dev/shm/$f"; done
	fi
	rm -rf "$DIR"
	exit "${1:-0}"
}
trap cleanup INT TERM HUP

"$BIN/boardd" --config /dev/null --socket "$SOCK" --shm-prefix "$PREFIX" --mismatch-ms 1500 \
	--restart-ms 5000 >"$DIR/boardd.log" 2>&1 &
DPID=$!
for _ in $(seq 1 100); do
	[ -S "$SOCK" ] && break
	if ! running "$DPID"; then
		echo "run-demo: boardd did not start:" >&2
		cat "$DIR/boardd.log" >&2
		cleanup 1
	fi
	sleep 0.05
done
[ -S "$SOCK" ] || { echo "run-demo: boardd did not open $SOCK" >&2; cleanup 1; }
STARTED=1

WINDOW=""
BOB_LEVEL=seed
if [ -x "$BIN/board-gtk" ] && [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ "${BOARDD_DEMO:-}" != terminal ]; then
	WINDOW=1
	BOB_LEVEL=beginner
else
	start_bg alice "$BIN/board-bot" --socket "$SOCK" --shm-prefix "$PREFIX" --name alice --level perfect \
		--delay-ms "$BOT_DELAY_MS" --games 0
fi
# A person plays bob in the window: the beginner (it forgets, 1.5-2.5 s a pick), not the
# seed's level, which won 16-0 before a new user had found the board; two bots in a terminal
# play at the seed's level.
start_bg bob "$BIN/board-bot" --socket "$SOCK" --shm-prefix "$PREFIX" --name bob --level "$BOB_LEVEL" \
	--delay-ms "$BOT_DELAY_MS" --games 0

# A bot that cannot play (wrong socket, refused) says why at once, not after Ctrl+C.
sleep 1
for j in $JOBS; do
	running "${j#*=}" && continue
	echo "run-demo: ${j%%=*} stopped:" >&2
	tail -n 5 "$DIR/${j%%=*}.log" >&2
	cleanup 1
done
if [ -n "$WINDOW" ]; then
	echo "run-demo: in the window's lobby, Join main to play Memory against bob, or Play a bot at"
	echo "run-demo: tic-tac-toe (BOARDD_DEMO=terminal make run: bots only)"
	"$BIN/board-gtk" --socket "$SOCK" --shm-prefix "$PREFIX" --name "$(id -un | cut -c1-32)"
else
	"$BIN/boardctl" --socket "$SOCK" --shm-prefix "$PREFIX" watch main
fi
cleanup
