#!/bin/sh
# Kill -9 a session worker parked holding board locks (boardd-testhooks: park-in-pick holds
# a region and the state lock, park-in-join the state lock), alone and together with a
# worker that holds a region while it waits; meanwhile an idle player's worker dies. The
# supervisor must keep accepting, repair every lock within 1 s, count each repair, and
# play must go on. boardctl locks, once built, must show the holder and then not.
# PARK_ROUNDS sets the rounds per case (make soak: more).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

rounds=${PARK_ROUNDS:-2}
[ -x "$BIN/boardd-testhooks" ] || fail "$BIN/boardd-testhooks is missing: run make"
set --
if [ -x "$BIN/boardctl" ]; then set -- --ctl "$BIN/boardctl"; else note "no boardctl built yet: its check is skipped"; fi
start_daemon_as "$BIN/boardd-testhooks" --board main:6 --region-size 2 --min-players 1 --restart-ms 300
for hook in park-in-pick park-in-join; do
	for together in 0 1; do
		"$FAULT" park --hook $hook --together $together --rounds "$rounds" "$@" ||
			fail "park $hook (together $together) failed"
	done
done
grep -q 'repaired state lock' "$WORK/daemon.log" || fail "the daemon logged no state lock repair"
stop_and_count
finish
