#!/bin/sh
# Kill -9 players' clients and session workers at chosen moments of live games (joining,
# mid-first-pick, during a mismatch; alone and several workers at once) while steady
# players play on. Then: every seat of a killed player is free, one worker per connection
# is left, every lock is free, a fresh player can play, nothing is left in /dev/shm.
# CHAOS_KILLS sets the number of kills (make soak: thousands).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

kills=${CHAOS_KILLS:-300}
start_daemon --board main:6 --min-players 2 --restart-ms 300 --mismatch-ms 50 --first-pick-ms 2000
"$FAULT" chaos --kills "$kills" --steady 3 --victims 4 --seconds $((kills + 120)) || fail "chaos run failed"
no_workers() { [ -z "$(workers)" ]; }
wait_until "no worker left once every player quit" no_workers
repairs=$(grep -c 'repaired' "$WORK/daemon.log")
lost=$(grep -c 'lost with its worker' "$WORK/daemon.log")
note "daemon log: $repairs lock repairs, $lost players unseated after their worker died"
stop_and_count
finish
