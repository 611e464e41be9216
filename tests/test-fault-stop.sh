#!/bin/sh
# Exact lock repair (issue 9): a worker stopped with SIGSTOP (boardd-testhooks: a player
# named stop-taken or stop-given) just after sem_wait returned on the state lock, or just
# after its sem_post, before the lock records say so, for 2 s (eight housekeeping passes):
# nothing is repaired, no semaphore value ever exceeds 1, a bystander's move waits (taken)
# or is served (given); after SIGCONT everything completes. Killed there instead, exactly
# the locks it held are repaired, once each. The daemon never logs a repair of a live holder.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

[ -x "$BIN/boardd-testhooks" ] || fail "$BIN/boardd-testhooks is missing: run make"
[ -x "$BIN/boardctl" ] || fail "$BIN/boardctl is missing: run make"
start_daemon_as "$BIN/boardd-testhooks" --board main:6 --region-size 2 --min-players 1 --restart-ms 300
for at in taken given; do
	"$FAULT" stop --at $at --kill 0 --ctl "$BIN/boardctl" || fail "stop at $at, then SIGCONT, failed"
	if grep -q 'repaired' "$WORK/daemon.log"; then
		fail "a lock was repaired while its holder was only stopped: $(grep repaired "$WORK/daemon.log")"
	fi
done
for at in taken given; do
	"$FAULT" stop --at $at --kill 1 || fail "stop at $at, then SIGKILL, failed"
done
grep -q 'repaired state lock' "$WORK/daemon.log" || fail "the daemon logged no state lock repair"
stop_and_count
finish
