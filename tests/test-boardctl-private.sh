#!/bin/sh
# test-boardctl-private.sh: boardctl dump --private against a real boardd's Memory board:
# every card's value (the one a pick showed, and eight pairs in all), each seat's pick and
# deadline, marked SECRET; the public dump without it shows none of that; another user is
# refused (exit 1, the daemon's user named).
. "$(dirname "$0")/lib.sh"
CTL="$BIN/boardctl"

start_daemon --board main:4 --min-players 1 --first-pick-ms 3600000 --seed 3
client ana 3
say 3 "join main"
wait_for "$WORK/ana.out" "^EVENT [0-9]+ state on "
say 3 "pick 2 1"
wait_for "$WORK/ana.out" "^EVENT [0-9]+ up 2 1 [a-z]{2} 0$"
V=$(sed -n 's/^EVENT [0-9]* up 2 1 \([a-z][a-z]\) 0$/\1/p' "$WORK/ana.out")

note "the secrets, as the daemon's user"
"$CTL" dump --private >"$WORK/out" 2>"$WORK/err" || fail "dump --private: $(cat "$WORK/err")"
grep -q "^SECRET (from the private segment" "$WORK/out" || fail "not marked secret: $(cat "$WORK/out")"
sed -n '/^values:$/,/^player/p' "$WORK/out" | grep -E '^[0-3]  ' >"$WORK/values"
[ "$(wc -l <"$WORK/values")" -eq 4 ] || fail "not four rows of values: $(cat "$WORK/out")"
[ "$(sed -n 2p "$WORK/values" | awk '{print $4}')" = "$V" ] || fail "value at 2 1 is not $V: $(cat "$WORK/values")"
[ "$(awk '{for (i = 2; i <= NF; i++) print $i}' "$WORK/values" | sort | uniq -c | awk '$1 != 2' | wc -l)" -eq 0 ] ||
	fail "the values are not eight pairs: $(cat "$WORK/values")"
grep -qE "^player 0 ana: first pick 2 1, deadline in [0-9]+\.[0-9] s$" "$WORK/out" || fail "ana's pick: $(cat "$WORK/out")"
"$CTL" dump >"$WORK/public" 2>&1 || fail "dump: $(cat "$WORK/public")"
! grep -qE "SECRET|first pick|^values" "$WORK/public" || fail "the plain dump shows secrets: $(cat "$WORK/public")"

if NCTL=$(for_nobody "$CTL") && setpriv --reuid=65534 --regid=65534 --clear-groups "$NCTL" --version >/dev/null 2>&1; then
	note "another user is refused"
	setpriv --reuid=65534 --regid=65534 --clear-groups "$NCTL" dump --private >"$WORK/out" 2>"$WORK/err"
	rc=$?
	[ "$rc" -eq 1 ] && grep -q "needs the daemon's user" "$WORK/err" || fail "dump --private as nobody: $rc $(cat "$WORK/out" "$WORK/err")"
	! grep -q "SECRET" "$WORK/out" || fail "nobody got secrets: $(cat "$WORK/out")"
else
	note "skipped: the refusal needs root and setpriv"
fi
bye 3
finish
