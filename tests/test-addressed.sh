#!/bin/sh
# Events and lines for one seat reach that seat's connection alone (docs/PROTOCOL.md, "Private
# lines"; events addressed to one seat): boardd-testhooks sends a player named whisper, as it
# joins, a private line and a state event addressed to it; a player and a spectator seated
# before it get neither, and their event numbers skip the addressed one (bd-fault whisper);
# again when it takes its seat back with its token mid-match (bd-fault whisper-back).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

[ -x "$BIN/boardd-testhooks" ] || fail "$BIN/boardd-testhooks is missing: run make"
start_daemon_as "$BIN/boardd-testhooks" --min-players 2
"$FAULT" whisper || fail "bd-fault whisper failed"
stop_and_count
# The same after a rejoin with the token: whisper leaves a tic-tac-toe match and comes back.
start_daemon_as "$BIN/boardd-testhooks" --board main:tictactoe
"$FAULT" whisper-back || fail "bd-fault whisper-back failed"
stop_and_count
finish
