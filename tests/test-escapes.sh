#!/bin/sh
# Escapes (issue 9): a malicious daemon on a socket the user was pointed at sends terminal
# escapes (title change, screen clear, cursor moves, a fake prompt after CR), BEL, NUL, DEL,
# C1 bytes and invalid UTF-8 in its greeting, replies, errors and events. What board-bot,
# boardctl and the client library's error messages print (stdout and stderr) holds no
# control byte and no byte outside printable ASCII (bd_printable). The fake daemon is a
# python script; a real boardd provides the board's shared memory, as the client maps it.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || fail "python3 is missing"
FAKE="$WORK/fake.sock"

cat >"$WORK/fake.py" <<'PY'
import os, socket, sys
path, mode, mark, segment = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].encode()
# CR and NUL last: a client cuts the line there.
EVIL = b"\x1b]0;pwned\x07\x1b[2J\x1b[H\x7f\x9b31m\xc3\x28\xff\x1b[6n\x01\x08\x0b\x0c\x1f\r$ fake-prompt \x00x"
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(path)
s.listen(8)
while True:
    c, _ = s.accept()
    if mode == "busy":
        c.sendall(b"ERR busy " + EVIL + b"\n")
        c.close()
        continue
    c.sendall(b"BOARDD 2 " + EVIL + b"\n")
    f = c.makefile("rb")
    for line in f:
        w = line.split()
        if not w:
            continue
        if w[0] == b"hello" and mode == "refuse":
            c.sendall(b"ERR name " + EVIL + b"\n")
        elif w[0] == b"hello":
            c.sendall(b"OK hello " + EVIL + b"\n")
        elif w[0] == b"join":
            c.sendall(b"OK join main 0 #e69f00 4 0123456789abcdef " + segment + b"\n"
                      b"EVENT 1 join 0 #e69f00 " + EVIL + b" root\n"
                      b"EVENT 2 " + EVIL + b"\n"
                      b"EVENT 3 state on 1\n")
        elif w[0] == b"pick":
            c.sendall(b"EVENT 4 up 0 0 " + EVIL + b" 0\n"
                      b"ERR evil " + EVIL + b"\n")
            open(mark, "a").write("picked\n")
        elif w[0] == b"quit":
            c.sendall(b"OK bye " + EVIL + b"\n")
        else:
            c.sendall(b"ERR " + EVIL + b" " + EVIL + b"\n")
    c.close()
PY

FPID=""
# fake MODE: (re)start the fake daemon in that mode.
fake() {
	[ -n "$FPID" ] && { kill "$FPID" 2>/dev/null; wait "$FPID" 2>/dev/null; }
	rm -f "$FAKE"
	python3 "$WORK/fake.py" "$FAKE" "$1" "$WORK/mark" "$SEGMENT" 2>>"$WORK/fake.err" &
	FPID=$!
	for _ in $(seq 1 200); do [ -S "$FAKE" ] && return 0; sleep 0.05; done
	fail "the fake daemon did not start: $(cat "$WORK/fake.err")"
}

# clean FILE WHAT: FILE holds only printable ASCII, tabs and newlines.
clean() {
	[ -s "$1" ] || fail "$2 printed nothing"
	if LC_ALL=C grep -qaP '[^\t\n\x20-\x7e]' "$1"; then
		od -c "$1" | head -n 20
		fail "$2 printed a control or non-ASCII byte"
	fi
	note "$2: $(head -c 200 "$1" | tr '\n' '|')"
}

start_daemon --min-players 1 # the board's shared memory, for the client to map
SEGMENT=$(printf 'boards\n' | socat -t 5 - "UNIX-CONNECT:$SOCK" | awk '$1 == "BOARD" && $2 == "main" { print $7 }')
[ -n "$SEGMENT" ] || fail "the daemon named no segment for board main"
BPID=""
# On a failure, the fake daemon and a bot that would reconnect to it forever go too.
trap 'kill $FPID $BPID 2>/dev/null; cleanup' EXIT INT TERM

fake busy
"$BIN/board-bot" --socket "$FAKE" --games 1 >"$WORK/bot1" 2>&1 && fail "board-bot played on a refusing daemon"
clean "$WORK/bot1" "board-bot, refused at the greeting"

fake refuse
"$BIN/board-bot" --socket "$FAKE" --games 1 >"$WORK/bot2" 2>&1 && fail "board-bot played after ERR name"
clean "$WORK/bot2" "board-bot, refused at hello"

fake play
"$BIN/board-bot" --socket "$FAKE" --delay-ms 10 >"$WORK/bot3" 2>&1 &
BPID=$!
wait_until "the bot's pick" grep -qs picked "$WORK/mark"
# The bot's messages go to stderr unbuffered: wait for them, however slow the machine.
wait_until "the bot to report the refusal" grep -q 'pick refused: evil' "$WORK/bot3"
wait_until "the bot to report the malformed events" grep -q 'ignored a malformed event' "$WORK/bot3"
kill -TERM "$BPID"
wait "$BPID"
BPID=""
clean "$WORK/bot3" "board-bot, escapes in replies, events and errors"

"$BIN/boardctl" --socket "$FAKE" list >"$WORK/ctl" 2>&1
"$BIN/boardctl" --socket "$FAKE" list --json >>"$WORK/ctl" 2>&1
"$BIN/boardctl" --socket "$FAKE" dump >>"$WORK/ctl" 2>&1
clean "$WORK/ctl" "boardctl list and dump"

kill "$FPID"; wait "$FPID" 2>/dev/null; FPID=""
finish
