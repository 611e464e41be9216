#!/bin/sh
# The daemon runs as root, clients as nobody. A client may map the public segment
# read-only and use the socket (mode 0666), nothing more: not the private segment, not the
# semaphores, not write or remove the board, not take or act for another seat. Names made
# in /dev/shm by another user before the daemon starts are not trusted, nor removed. Over 100,000
# random picks (several clients, no rate limit), no face-down value ever shows in the public
# segment or in an event. Every connection's peer pid and uid are logged (and shown by
# boardctl players once it exists).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

need_nobody "the daemon as root, clients as nobody"
picks=${SECURITY_PICKS:-100000}

as_nobody "$FAULT" squat || fail "nobody could not create names under the prefix"
squatted=$(find /dev/shm -maxdepth 1 -user nobody -name "*$PREFIX.*" | sort)
start_daemon --board main:6 --min-players 1 --max-rate 0 --restart-ms 10 --mismatch-ms 5 --first-pick-ms 1000
grep -q 'cannot be trusted\|owned by' "$WORK/daemon.log" && note "daemon: $(grep -m1 'trusted\|owned by' "$WORK/daemon.log")"
[ "$(stat -c %a "$SOCK")" = 666 ] || fail "socket mode is $(stat -c %a "$SOCK"), not 666"
as_nobody "$FAULT" perm --owner 0 || fail "nobody could do more than it may"
set --
if [ -x "$BIN/boardctl" ]; then set -- --ctl "$(for_nobody "$BIN/boardctl")"; else note "no boardctl built yet: its players check is skipped"; fi
as_nobody "$FAULT" steal "$@" || fail "nobody could act for another seat, or its credentials were not shown"
grep -q 'connection from pid [0-9]* uid 65534' "$WORK/daemon.log" || fail "no log line with nobody's peer uid"
grep -q 'joined as player [0-9]* (pid [0-9]* uid 65534)' "$WORK/daemon.log" || fail "no join logged with uid"
note "peer credentials logged: $(grep -m1 'joined as player.*uid 65534' "$WORK/daemon.log" | sed 's/^boardd\[[0-9]*\]: //')"
as_nobody "$FAULT" picks --picks "$picks" --clients 4 || fail "a face-down value was seen"
stop_and_count
[ "$(find /dev/shm -maxdepth 1 -user nobody -name "*$PREFIX.*" | sort)" = "$squatted" ] ||
	fail "the daemon removed or changed nobody's names"
rm -f $squatted
finish
