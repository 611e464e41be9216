#!/bin/sh
# test-boardctl-private.sh: boardctl dump --private against a real boardd's Memory board:
# every card's value (the one a pick showed, and eight pairs in all), each seat's pick and
# deadline, marked SECRET; then a Qwirkle table's: each hand (as its player was told it) and
# the bag's tiles (with the hands, every tile thrice), marked SECRET. The public dump shows
# none of that; another user is refused (exit 1, the daemon's user named) for each.
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

# refused WHAT: another user's dump --private exits 1, names the daemon's user, shows no secret.
refused() {
	if NCTL=$(for_nobody "$CTL") && setpriv --reuid=65534 --regid=65534 --clear-groups "$NCTL" --version >/dev/null 2>&1; then
		note "another user is refused ($1)"
		setpriv --reuid=65534 --regid=65534 --clear-groups "$NCTL" dump --private >"$WORK/out" 2>"$WORK/err"
		rc=$?
		[ "$rc" -eq 1 ] && grep -q "needs the daemon's user" "$WORK/err" ||
			fail "dump --private as nobody ($1): $rc $(cat "$WORK/out" "$WORK/err")"
		! grep -qE "SECRET|^hand of|^values" "$WORK/out" || fail "nobody got secrets ($1): $(cat "$WORK/out")"
	else
		note "skipped: the refusal needs root and setpriv"
	fi
}
refused Memory
bye 3
stop_daemon

note "Qwirkle: every hand and the bag's tiles, marked SECRET"
start_daemon --board main:qwirkle --seed 3
client cid 4; say 4 "join main"; wait_for "$WORK/cid.out" "^OK join main 0 "
client dee 5; say 5 "join main"; wait_for "$WORK/dee.out" "^OK join main 1 "
# each is told its hand: a HAND line, or its drew event when the deal came after its join
wait_for "$WORK/cid.out" "^(EVENT [0-9]+ drew 0 |HAND [0-9]+ 6 )"
wait_for "$WORK/dee.out" "^(EVENT [0-9]+ drew 1 |HAND [0-9]+ 6 )"
"$CTL" dump --private >"$WORK/out" 2>"$WORK/err" || fail "qwirkle dump --private: $(cat "$WORK/err")"
grep -q "^SECRET (from the private segment" "$WORK/out" || fail "not marked secret: $(cat "$WORK/out")"
for s in 0 1; do
	who=$(if [ $s = 0 ]; then echo cid; else echo dee; fi)
	told=$(grep -E "^(EVENT [0-9]+ drew $s |HAND [0-9]+ 6 )" "$WORK/$who.out" | tail -n 1 |
		sed 's/^EVENT [0-9]* drew [01] //; s/^HAND [0-9]* 6 //' | tr ' +' '\n\n' | sort | tr '\n' ' ')
	held=$(sed -n "s/^hand of player $s: //p" "$WORK/out" | tr ' ' '\n' | sort | tr '\n' ' ')
	[ -n "$told" ] && [ "$told" = "$held" ] || fail "hand of $s: told '$told', shown '$held': $(cat "$WORK/out")"
done
grep -qE "^bag: 96 tiles:( [a-f][1-6]){96}$" "$WORK/out" || fail "the bag: $(cat "$WORK/out")"
# every tile three times in the hands and the bag: nothing is left out
[ "$(sed -n 's/^hand of player [01]: //p; s/^bag: 96 tiles: //p' "$WORK/out" | tr ' ' '\n' | sort | uniq -c |
	awk '$1 == 3' | wc -l)" -eq 36 ] || fail "the hands and the bag are not 36 tiles thrice: $(cat "$WORK/out")"
"$CTL" dump >"$WORK/public" 2>&1 || fail "dump: $(cat "$WORK/public")"
! grep -qE "SECRET|^hand of|^bag:" "$WORK/public" || fail "the plain dump shows secrets: $(cat "$WORK/public")"
refused Qwirkle
bye 4; bye 5
finish
