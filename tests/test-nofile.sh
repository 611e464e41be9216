#!/bin/sh
# The supervisor keeps one descriptor per connection: started with a soft open-files limit far
# below the connections it is asked to serve (systemd's default soft limit is 1024), it raises
# the limit to the hard one and serves them all.
. "$(dirname "$0")/lib.sh"

ulimit -Sn 64 || fail "cannot lower the soft limit of open files"
start_daemon --max-connections 300 --max-connections-per-uid 0
note "150 connections at once, each greeted"
python3 - "$SOCK" >"$WORK/conns.out" 2>&1 <<'PY' || fail "connections refused: $(tail -n 3 "$WORK/conns.out")"
import resource, socket, sys
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # this client is not under test
conns = []
for i in range(150):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(10)
    s.connect(sys.argv[1])
    conns.append(s)
for i, s in enumerate(conns):
    line = s.makefile().readline()
    if not line.startswith("BOARDD "):
        sys.exit("connection %d got %r" % (i, line))
for s in conns:
    s.close()
PY
soft=$(awk '/^Max open files/ {print $4}' "/proc/$DPID/limits")
hard=$(awk '/^Max open files/ {print $5}' "/proc/$DPID/limits")
[ "$soft" = "$hard" ] || fail "boardd kept a soft limit of $soft open files (hard $hard)"

finish
