#!/bin/sh
# A seat kept through a daemon restart (away) goes back only to its own user: nobody, given
# root's token, gets `ERR token`, and root then takes its seat back with the same token.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"
need_nobody "a seat of root's, a token presented by nobody"

# join_with USER-CMD TOKEN: the reply to `join main TOKEN` after a hello, as that user.
join_with() {
	printf 'hello %s player\njoin main %s\nquit\n' "$3" "$2" | $1 socat -t 5 - "UNIX-CONNECT:$SOCK" 2>/dev/null |
		grep -E '^(OK|ERR) join|^ERR token'
}
start_daemon --board main:4 --min-players 2
mkfifo "$WORK/ana.in"
socat "UNIX-CONNECT:$SOCK" - <"$WORK/ana.in" >"$WORK/ana.out" 2>&1 &
APID=$!
exec 7>"$WORK/ana.in"
printf 'hello ana player\njoin main\n' >&7
wait_until "ana's seat" grep -q '^OK join main 0 ' "$WORK/ana.out"
TOKEN=$(awk '/^OK join main/ { print $7 }' "$WORK/ana.out")
[ -n "$TOKEN" ] || fail "no token in: $(cat "$WORK/ana.out")"

note "kill -9 the daemon and start it again: ana's seat is kept, away"
kill -KILL "$DPID"; wait "$DPID" 2>/dev/null; DPID=""
exec 7>&-
kill "$APID" 2>/dev/null; wait "$APID" 2>/dev/null
start_daemon --board main:4 --min-players 2
ask players | grep -q '^PLAYER 0 away .* ana root$' || fail "ana's seat is not kept away: $(ask players)"

note "nobody presents ana's token"
reply=$(join_with as_nobody "$TOKEN" thief)
case "$reply" in
"ERR token that seat belongs to another user") ;;
*) fail "nobody with root's token got: $reply" ;;
esac
ask players | grep -q '^PLAYER 0 away .* ana root$' || fail "the seat changed: $(ask players)"
ask players | grep -q 'thief' && fail "the thief was seated: $(ask players)"

note "root takes its seat back with the same token"
reply=$(join_with "" "$TOKEN" ana)
case "$reply" in
"OK join main 0 "*) ;;
*) fail "root with its own token got: $reply" ;;
esac
finish
