# lib.sh: shared by the shell tests. Each test gets its own socket path and shm prefix, and
# cleanup checks that nothing of that prefix is left in /dev/shm.
# Use:  . "$(dirname "$0")/lib.sh"; start_daemon --min-players 1; ...; finish
set -u
BUILD=${BUILD:-build}
BIN=$(cd "$(dirname "$0")/.." && pwd)/$BUILD
TEST_NAME=$(basename "$0" .sh)
PREFIX="t$$$(date +%N | cut -c1-4)"
WORK=$(mktemp -d "/tmp/boardd-$TEST_NAME.XXXXXX")
SOCK="$WORK/boardd.sock"
DPID=""
export BOARDD_SOCKET="$SOCK" BOARDD_SHM_PREFIX="$PREFIX"

fail() { echo "FAIL: $*"; [ -f "$WORK/daemon.log" ] && tail -n 30 "$WORK/daemon.log"; cleanup; exit 1; }
note() { echo "-- $*"; }

# answers: a daemon answers a ping on $SOCK.
answers() { printf 'ping\n' | socat -t 5 - UNIX-CONNECT:"$SOCK" 2>/dev/null | grep -q '^OK pong'; }

# ask REQUEST: the reply lines to one request, asked as a spectator of board main.
ask() { printf 'hello probe spectator\njoin main\n%s\nquit\n' "$1" | socat -t 5 - "UNIX-CONNECT:$SOCK" 2>/dev/null; }

# wait_until WHAT COMMAND...: poll COMMAND until it succeeds; fail after 30 s.
wait_until() {
	what=$1
	shift
	for _ in $(seq 1 600); do
		"$@" && return 0
		sleep 0.05
	done
	fail "timed out waiting for $what"
}

# json DOC-FILE PYTHON-EXPR...: the file must be valid JSON and every expression, with the
# document as d, must hold. One python3 for them all (each start costs seconds on a loaded
# machine); the first that fails is named.
json() {
	f=$1; shift
	why=$(python3 - "$f" "$@" <<'EOF'
import json, sys
def unique(pairs):  # a key given twice would hide one of its values from scripts
    keys = [k for k, _ in pairs]
    dup = [k for k in keys if keys.count(k) > 1]
    if dup:
        raise ValueError("key %s twice" % dup[0])
    return dict(pairs)
try:
    d = json.load(open(sys.argv[1]), object_pairs_hook=unique)
except ValueError as e:
    print("not valid JSON (%s):" % e)
    sys.exit(1)
for e in sys.argv[2:]:
    if not eval(e):
        print("JSON check failed: %s in" % e)
        sys.exit(1)
EOF
) || fail "$why $(head -c 600 "$f")"
}

# wait_for FILE REGEX: poll until a line of FILE matches (30 s at most: machines are shared).
wait_for() {
	for _ in $(seq 1 600); do
		grep -qE "$2" "$1" 2>/dev/null && return 0
		sleep 0.05
	done
	fail "no line matching '$2' in $1: $(cat "$1")"
}

# count NAME REGEX: how many lines of NAME's output ($WORK/NAME.out) match.
count() { grep -cE "$2" "$WORK/$1.out"; }
# more NAME REGEX N: NAME has more than N lines matching (to wait for a new one, not a stale one).
more() { [ "$(count "$1" "$2")" -gt "$3" ]; }
# since NAME FROM REGEX: NAME's lines after line FROM that match REGEX; false if none.
# seen: the same, quietly.
since() { tail -n "+$(($2 + 1))" "$WORK/$1.out" | grep -E "$3"; }
seen() { since "$@" >/dev/null; }

# player NAME VAR: a scripted player, socat reading its requests from the FIFO $WORK/NAME.in
# (the caller opens it as fd 3 or 4) and writing what it gets to $WORK/NAME.out; its pid in
# VAR_PID (A or B). stop_players closes fds 3 and 4 and ends both.
A_PID="" B_PID=""
player() {
	mkfifo "$WORK/$1.in"
	socat UNIX-CONNECT:"$SOCK" - <"$WORK/$1.in" >"$WORK/$1.out" 2>&1 &
	eval "${2}_PID=\$!"
}
stop_players() {
	exec 3>&- 4>&-
	for p in $A_PID $B_PID; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
	A_PID="" B_PID=""
}

# client NAME FD [ROLE]: a connection (socat) that says hello as NAME (role player unless
# given), its requests written with `say FD LINE`, its lines in $WORK/NAME.out; `bye FD`
# closes it. A second connection of one name sets the first one's lines aside. Up to fd 9.
CLIENTS=""
client() {
	if [ -e "$WORK/$1.in" ]; then
		mv "$WORK/$1.out" "$WORK/$1.old.$(date +%N)" && rm -f "$WORK/$1.in" || fail "cannot set $1's files aside"
	fi
	mkfifo "$WORK/$1.in"
	# without the other clients' FIFOs (fds 3-9): their bye must end them, whatever started later
	socat -t 1 UNIX-CONNECT:"$SOCK" - <"$WORK/$1.in" >"$WORK/$1.out" 2>&1 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&- &
	CLIENTS="$CLIENTS $!"
	eval "exec $2>\"\$WORK/\$1.in\""
	say "$2" "hello $1 ${3:-player}"
	wait_for "$WORK/$1.out" "^OK hello $1 "
}
say() { eval "printf '%s\n' \"\$2\" >&$1"; }
bye() { eval "exec $1>&-"; }

# run_bot NAME OPTION...: start board-bot ($BOT) in the background, stats in $WORK/NAME.out,
# messages in $WORK/NAME.err; sets PID. wait_bot PID NAME: it must end with status 0.
BOT="$BIN/board-bot"
run_bot() {
	name=$1
	shift
	timeout 60 "$BOT" --name "$name" --stats "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" &
	PID=$!
}
wait_bot() {
	wait "$1"
	rc=$?
	[ "$rc" -eq 0 ] || fail "bot $2 exited $rc: $(cat "$WORK/$2.err")"
}

# bot_usage_error OPTION...: board-bot must refuse the options with status 2 and a message.
bot_usage_error() {
	"$BOT" "$@" >/dev/null 2>"$WORK/usage.err"
	rc=$?
	[ "$rc" -eq 2 ] || fail "board-bot $* exited $rc, want 2: $(cat "$WORK/usage.err")"
	grep -q '^board-bot: ' "$WORK/usage.err" || fail "board-bot $*: no message: $(cat "$WORK/usage.err")"
}

# Start boardd ($BOARDD if set: boardd-testhooks for a fault test) with extra options; waits
# until it answers (a stale socket file of a killed daemon may still be there until the new
# one replaces it).
start_daemon() {
	"${BOARDD:-$BIN/boardd}" --config /dev/null --socket "$SOCK" --shm-prefix "$PREFIX" --log-level info "$@" >>"$WORK/daemon.log" 2>&1 &
	DPID=$!
	for _ in $(seq 1 200); do
		kill -0 "$DPID" 2>/dev/null || fail "boardd exited at start: $(cat "$WORK/daemon.log")"
		answers && return 0
		sleep 0.05
	done
	fail "boardd does not answer on $SOCK"
}

# Stop boardd with SIGTERM and wait for it; fails if it does not exit 0.
stop_daemon() {
	[ -n "$DPID" ] || return 0
	kill -TERM "$DPID" 2>/dev/null
	wait "$DPID"; rc=$?
	DPID=""
	[ "$rc" -eq 0 ] || fail "boardd exited $rc on SIGTERM"
}

# for_nobody PROGRAM: print the path of a copy of PROGRAM that another user can run: the
# checkout may sit under a folder closed to others (a home of mode 0700, a mktemp -d).
for_nobody() {
	chmod 755 "$WORK" && mkdir -p "$WORK/run" && chmod 755 "$WORK/run" &&
		cp "$1" "$WORK/run/" && chmod 755 "$WORK/run/$(basename "$1")" || fail "cannot copy $1 for nobody"
	echo "$WORK/run/$(basename "$1")"
}

# Names in /dev/shm made with this test's prefix.
leftovers() { ls /dev/shm 2>/dev/null | grep -E "^(sem\.)?$PREFIX\." || true; }

cleanup() {
	for p in $CLIENTS; do kill "$p" 2>/dev/null; done
	[ -n "$DPID" ] && { kill -KILL "$DPID" 2>/dev/null; wait "$DPID" 2>/dev/null; DPID=""; }
	for f in $(leftovers); do rm -f "/dev/shm/$f"; done
	rm -rf "$WORK"
}

# Stop the daemon, check that /dev/shm is clean, remove the work folder.
finish() {
	stop_daemon
	left=$(leftovers)
	[ -z "$left" ] || fail "left in /dev/shm: $left"
	cleanup
	echo "ok"
}
trap 'cleanup' EXIT INT TERM # EXIT too: a test stopped by set -u or exit still cleans up
