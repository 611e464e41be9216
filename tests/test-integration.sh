#!/bin/sh
# test-integration.sh: the CUnit integration tests ($BUILD/test-integration). Each test starts
# its own real boardd ($BUILD/boardd) with its own socket and shm prefix (it<pid>n<test>) and
# plays with real clients; the program checks /dev/shm after each test, and so does this
# script after the whole run. Fails if any assertion fails.
. "$(dirname "$0")/lib.sh"
[ -x "$BIN/test-integration" ] || fail "$BIN/test-integration is missing: run make tests"
[ -x "$BIN/boardd" ] || fail "$BIN/boardd is missing: run make"
BUILD="$BIN" "$BIN/test-integration" &
tpid=$!
wait "$tpid" || fail "integration tests failed (see the CUnit report above)"
left=$(ls /dev/shm | grep -E "^(sem\.)?it${tpid}n[0-9]+\." || true)
[ -z "$left" ] || fail "left in /dev/shm by the integration tests: $left"
finish
