#!/bin/sh
# Floods: connections beyond --max-connections get a clear ERR busy and are closed while a
# player is still served; one client's flood of picks gets ERR rate past --max-rate while
# another player is never refused. Figures: time, CPU of the flooder's worker, replies.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

start_daemon --board main:6 --min-players 1 --max-connections 24 --max-rate 100
"$FAULT" flood --max 24 --extra 200 || fail "connection flood failed"
grep -q 'refused a connection: 24 connections is the limit' "$WORK/daemon.log" || fail "no refusal logged"
"$FAULT" rate --rate 100 --seconds 3 || fail "pick flood failed"
stop_and_count
finish
