#!/bin/sh
# Socket activation by hand: boardd checks LISTEN_PID, LISTEN_FDS and that fd 3 is one
# listening UNIX stream socket. Whatever else it is given, it refuses to start with a
# message saying what is wrong (and makes no board); given the right socket, it serves on it;
# LISTEN_* meant for another process (LISTEN_PID not ours) is ignored.
. "$(dirname "$0")/lib.sh"

# activate KIND LISTEN_FDS [LISTEN_PID]: exec boardd (in the background, log in
# $WORK/daemon.log) with fd 3 made as KIND; LISTEN_PID defaults to boardd's own pid.
activate() {
	python3 - "$1" "$2" "${3:-self}" "$BIN/boardd" "$SOCK" "$PREFIX" >>"$WORK/daemon.log" 2>&1 <<'EOF' &
import os, socket, sys
kind, nfds, lpid, boardd, path, prefix = sys.argv[1:7]
if kind == "file":
    fd = os.open("/dev/null", os.O_RDONLY)
else:
    s = {"unix": lambda: socket.socket(socket.AF_UNIX, socket.SOCK_STREAM),
         "notlistening": lambda: socket.socket(socket.AF_UNIX, socket.SOCK_STREAM),
         "dgram": lambda: socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM),
         "inet": lambda: socket.socket(socket.AF_INET, socket.SOCK_STREAM)}[kind]()
    s.bind(("127.0.0.1", 0) if kind == "inet" else path)
    if kind in ("unix", "inet"):
        s.listen(16)
    fd = s.detach()
os.dup2(fd, 3)
os.set_inheritable(3, True)
os.environ.update(LISTEN_FDS=nfds, LISTEN_PID=str(os.getpid()) if lpid == "self" else lpid)
os.execv(boardd, [boardd, "--config", "/dev/null", "--socket", path, "--shm-prefix", prefix])
EOF
	DPID=$!
}

# refused KIND LISTEN_FDS LISTEN_PID MESSAGE: boardd exits 1 and logs MESSAGE; nothing made.
refused() {
	: >"$WORK/daemon.log"
	activate "$1" "$2" "$3"
	wait "$DPID"; rc=$?
	DPID=""
	[ "$rc" -eq 1 ] || fail "$1 (LISTEN_FDS=$2 LISTEN_PID=$3): exit $rc, not 1: $(cat "$WORK/daemon.log")"
	grep -q -- "$4" "$WORK/daemon.log" || fail "$1: no '$4' in: $(cat "$WORK/daemon.log")"
	[ -z "$(leftovers)" ] || fail "$1: objects made before refusing: $(leftovers)"
	rm -f "$SOCK"
	note "$1, LISTEN_FDS=$2: $(grep -m1 'error:' "$WORK/daemon.log" | sed 's/^boardd\[[0-9]*\]: //')"
}

refused file 1 self "fd 3 from systemd (LISTEN_FDS) is not a socket"
refused notlistening 1 self "is a socket that is not listening"
refused dgram 1 self "is not a UNIX stream socket"
refused inet 1 self "is not a UNIX stream socket"
refused unix 2 self "LISTEN_FDS=2 from systemd: boardd takes exactly one socket"
refused unix 0 self "LISTEN_FDS=0 from systemd: boardd takes exactly one socket"
refused unix x1 self "LISTEN_PID='[0-9]*' LISTEN_FDS='x1' from systemd: not numbers"
refused unix 1 12ab "LISTEN_PID='12ab' LISTEN_FDS='1' from systemd: not numbers"

note "the right socket: served on it"
: >"$WORK/daemon.log"
activate unix 1
wait_until "boardd on the passed socket" answers
stop_daemon
rm -f "$SOCK"

note "LISTEN_PID of another process: ignored, boardd binds its own socket"
: >"$WORK/daemon.log"
activate file 1 1
wait_until "boardd on its own socket" answers
stop_daemon
[ ! -e "$SOCK" ] || fail "boardd left its own socket behind"
finish
