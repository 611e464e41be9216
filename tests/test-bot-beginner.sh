#!/bin/sh
# test-bot-beginner.sh: issue 18's measure of Memory's beginner level, by tests/memory-match.c
# (real boards in this process, the daemon's timing on a simulated clock, fixed seeds: the
# same games every run, in about a second): a test player that plays as a person at the
# window (every card seen face up remembered, one pick a second) wins at least 40% of 50
# 4x4 games against the beginner, and the perfect level wins at least 90% against it.
. "$(dirname "$0")/lib.sh"

note "memory-match: 50 games of each pairing, seed 1"
"$BIN/memory-match" --games 50 --seed 1 >"$WORK/match" || fail "memory-match failed"
cat "$WORK/match"
awk -F'\t' '$1 == "tester-beginner" && $2 == 50 && $3 >= 20 { ok = 1 } END { exit !ok }' "$WORK/match" ||
	fail "the test player won less than 40% against the beginner"
awk -F'\t' '$1 == "perfect-beginner" && $2 == 50 && $3 >= 45 { ok = 1 } END { exit !ok }' "$WORK/match" ||
	fail "the perfect level won less than 90% against the beginner"
finish
