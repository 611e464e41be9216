# tests/fault/lib.sh: what the reliability tests add to tests/lib.sh (source that first).
FAULT="$BIN/bd-fault"
[ -x "$FAULT" ] || fail "$FAULT is missing: run make"

# Run start_daemon with another program in boardd's place (a wrapper or boardd-testhooks):
# a folder with a boardd that execs it stands in for $BIN while the daemon starts.
start_daemon_as() {
	prog=$1; shift
	mkdir -p "$WORK/as"
	printf '#!/bin/sh\nexec %s "$@"\n' "$prog" >"$WORK/as/boardd"
	chmod 755 "$WORK/as/boardd"
	real=$BIN; BIN="$WORK/as"
	start_daemon "$@"
	BIN=$real
}

# The daemon's worker processes (its children), one per line.
workers() { ps -o pid= --ppid "$DPID" 2>/dev/null || true; }

# Stop the daemon, then check that none of its processes is left.
stop_and_count() {
	pid=$DPID
	stop_daemon
	left=$(pgrep -f -- "--socket $SOCK" || true)
	[ -z "$left" ] || fail "processes of the daemon left after it stopped: $left"
	note "daemon $pid stopped; no process of it left"
}

# need_nobody WHY: this test runs clients as the unprivileged nobody (as_nobody CMD...): it
# needs root and setpriv, and nobody must reach $WORK and run $FAULT (a copy in $WORK: the
# checkout may sit under a folder closed to others).
need_nobody() {
	[ "$(id -u)" = 0 ] || fail "this test needs root ($1)"
	command -v setpriv >/dev/null || fail "setpriv is missing (package util-linux)"
	FAULT=$(for_nobody "$FAULT")
	as_nobody test -x "$FAULT" || fail "nobody cannot run $FAULT"
}
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
