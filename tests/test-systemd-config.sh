#!/bin/sh
# test-systemd-config.sh: boardd.conf and --check-config. The example file reads back as the
# built-in defaults; errors name file and line and exit 1; the command line overrides the
# file (its boards replace the file's) and reports the same messages, with exit 2; a daemon
# started with --config serves the file's boards.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CONF="$WORK/boardd.conf"

# Run boardd with arguments; its output in $OUT, its exit status in $RC.
run() {
	OUT=$("$BIN/boardd" "$@" 2>&1)
	RC=$?
}

# The effective settings without the first (comment) line.
settings() {
	run --check-config "$@"
	[ "$RC" -eq 0 ] || fail "--check-config $*: exit $RC: $OUT"
	echo "$OUT" | tail -n +2
}

note "the example file holds the defaults and reads back"
[ "$(settings --config "$ROOT/systemd/boardd.conf")" = "$(settings --config /dev/null)" ] ||
	fail "systemd/boardd.conf differs from the built-in defaults"
settings --config /dev/null >"$WORK/printed"
[ "$(settings --config "$WORK/printed")" = "$(cat "$WORK/printed")" ] || fail "printed settings do not read back"

note "file values, comments, and the command line over them"
cat >"$CONF" <<'EOF'
# a comment
board = alpha:6   # six by six
  board=beta
min-players = 3
away-ms = 60000
EOF
got=$(settings --config "$CONF")
echo "$got" | grep -qx 'board = alpha:6' && echo "$got" | grep -qx 'board = beta:4' &&
	echo "$got" | grep -qx 'min-players = 3' && echo "$got" | grep -qx 'away-ms = 60000' ||
	fail "file settings not taken: $got"
got=$(settings --config "$CONF" --board gamma:2 --min-players 1)
[ "$(echo "$got" | grep -c '^board = ')" -eq 1 ] && echo "$got" | grep -qx 'board = gamma:2' &&
	echo "$got" | grep -qx 'min-players = 1' && echo "$got" | grep -qx 'away-ms = 60000' ||
	fail "command line did not override the file: $got"

note "errors: file:line and exit 1; the same message from the command line, exit 2"
check_error() { # LINE KEY VALUE: the message for key = value on line LINE
	printf '# first\n%s = %s\n' "$2" "$3" >"$CONF"
	run --check-config --config "$CONF"
	[ "$RC" -eq 1 ] || fail "$2 = $3: exit $RC, not 1"
	case $OUT in "boardd: $CONF:$1: $2 "*) ;; *) fail "$2 = $3: message '$OUT'" ;; esac
	file_msg=${OUT#"boardd: $CONF:$1: "}
	[ "$2" = nonsense ] && return 0
	run --check-config --config /dev/null "--$2" "$3"
	[ "$RC" -eq 2 ] || fail "--$2 $3: exit $RC, not 2"
	[ "$OUT" = "boardd: --$file_msg" ] || fail "--$2 $3 says '$OUT', the file '$file_msg'"
}
check_error 2 min-players 0
check_error 2 away-ms 1.5
check_error 2 board 'a b'
check_error 2 board main:5
check_error 2 shm-prefix a.b
check_error 2 log-level loud
check_error 2 nonsense 1
printf 'board = a\nboard = a:6\n' >"$CONF"
run --check-config --config "$CONF"
[ "$RC" -eq 1 ] && [ "$OUT" = "boardd: $CONF:2: board a is given twice" ] || fail "duplicate board: $RC $OUT"
printf 'board = a\nmin-players\n' >"$CONF"
run --check-config --config "$CONF"
[ "$RC" -eq 1 ] && [ "$OUT" = "boardd: $CONF:2: expected 'key = value', not 'min-players'" ] ||
	fail "line without '=': $RC $OUT"
run --check-config --config "$WORK/missing.conf"
[ "$RC" -eq 1 ] && echo "$OUT" | grep -q "cannot read $WORK/missing.conf" || fail "missing --config file: $RC $OUT"
run --config "$CONF" --socket "$SOCK"
[ "$RC" -eq 1 ] || fail "boardd started on a bad file: exit $RC"

note "a daemon started with --config serves the file's boards"
printf 'board = alpha:6\nboard = beta:2\nmin-players = 1\n' >"$CONF"
start_daemon --config "$CONF"
boards=$(printf 'boards\n' | socat -t 2 - UNIX-CONNECT:"$SOCK" | grep '^BOARD ' | cut -d' ' -f2,4 | sort | tr '\n' ' ')
[ "$boards" = "alpha 6 beta 2 " ] || fail "boards served: '$boards'"
finish
