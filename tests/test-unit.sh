#!/bin/sh
# test-unit.sh: the CUnit unit tests ($BUILD/test-unit: codec, names, snapshots, lock
# sets, colours). Fails if any assertion fails. Build it with `make tests`.
. "$(dirname "$0")/lib.sh"
[ -x "$BIN/test-unit" ] || fail "$BIN/test-unit is missing: run make tests"
"$BIN/test-unit" || fail "unit tests failed (see the CUnit report above)"
finish
