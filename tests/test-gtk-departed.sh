#!/bin/sh
# test-gtk-departed.sh: board-gtk watching a Memory table where ana locked a pair and left,
# and bob then took her seat (the same id) and locked a pair: a screen reader hears ana's
# cards as "pair of ana, who left" and bob's as "pair of bob" (before the record of departed
# seats, ana's were bob's: the seat's number was all a card kept). The badge of ana's cards
# shows "?", not bob's initial (looked at in a screenshot; AT-SPI does not read it).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
CTL="$BIN/boardctl"
GPID=""
gtk_need
trap 'gtk_kill $GPID $BUSPID $XPID; cleanup' EXIT

# partner X Y: the card that pairs with x y, from the secret values (the daemon's user).
partner() {
	"$CTL" dump --private >"$WORK/secret" 2>&1 || fail "dump --private: $(cat "$WORK/secret")"
	sed -n '/^values:$/,/^player/p' "$WORK/secret" | grep -E '^[0-3]  ' | awk -v x="$1" -v y="$2" '
		{ for (i = 2; i <= NF; i++) v[i - 2, $1] = $i }
		END { for (k in v) { split(k, c, SUBSEP); if ((c[1] != x || c[2] != y) && v[k] == v[x, y]) print c[1], c[2] } }'
}
# lock NAME FD X Y: NAME picks x y and its partner: a pair locked.
lock() {
	p=$(partner "$3" "$4")
	[ -n "$p" ] || fail "no partner of $3 $4"
	say "$2" "pick $3 $4"
	say "$2" "pick $p"
	wait_for "$WORK/$1.out" "^EVENT [0-9]+ match $3 $4 $p "
	echo "$p" | awk '{ print $2 * 4 + $1 }' >"$WORK/$1.card"
}

gtk_display
start_daemon --board main:4 --min-players 1 --first-pick-ms 3600000 --mismatch-ms 3600000 --seed 7
client ana 3; say 3 "join main"; wait_for "$WORK/ana.out" "^OK join main 0 "
lock ana 3 0 0
say 3 "leave"; wait_for "$WORK/ana.out" "^OK leave"
client bob 4; say 4 "join main"; wait_for "$WORK/bob.out" "^OK join main 0 "
if [ "$(cat "$WORK/ana.card")" = 12 ]; then lock bob 4 1 3; B=13; else lock bob 4 0 3; B=12; fi

"$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board main --spectate >"$WORK/gtk.log" 2>&1 &
GPID=$!
named() { at "$GPID" card "$1" 2>/dev/null | grep -q "$2"; }
for c in 0 "$(cat "$WORK/ana.card")"; do
	wait_until "ana's card $c named" named "$c" "^row [0-9], column [0-9], locked, [A-Z][A-Z], pair of ana, who left|"
done
for c in "$B" "$(cat "$WORK/bob.card")"; do
	wait_until "bob's card $c named" named "$c" "^row [0-9], column [0-9], locked, [A-Z][A-Z], pair of bob|"
done
import -window root "$WORK/departed.png" 2>/dev/null || note "no screenshot"
note "ana's cards: pair of ana, who left; bob's: pair of bob"
gtk_kill $GPID $BUSPID $XPID; GPID="" BUSPID="" XPID=""
bye 3; bye 4
finish
