#!/bin/sh
# test-lobby-forfeit.sh: a player matched through the lobby leaves in the middle of the
# match, once by its connection ending, once by `leave`: the opponent is told that the seat
# is away (with the time left, at most --away-ms), then, the seat not taken back in time,
# that it forfeits; the opponent wins (over: win), the seat is cleared (leave), and the
# opponent can leave the table for the lobby. The one who sent `leave` is in the lobby at
# once (its next leave: ERR notjoined).
. "$(dirname "$0")/lib.sh"

# match A FA B FB: A and B play tictactoe naming each other, are matched, join, the match
# is on (a turn event); the table in $T, A's seat in $SA; A's and B's lines before the
# match were $FROM_A and $FROM_B.
match() {
	FROM_A=$(wc -l <"$WORK/$1.out") FROM_B=$(wc -l <"$WORK/$3.out")
	say "$2" "play tictactoe opponent=$3"
	wait_for "$WORK/$1.out" "^EVENT 0 wait tictactoe "
	say "$4" "play tictactoe opponent=$1"
	wait_until "$3 matched" seen "$3" "$FROM_B" "^EVENT 0 matched tictactoe-[0-9]+ tictactoe$"
	T=$(since "$3" "$FROM_B" "^EVENT 0 matched" | cut -d' ' -f4)
	say "$2" "join $T"
	say "$4" "join $T"
	wait_until "$1 seated at $T" seen "$1" "$FROM_A" "^OK join $T [01] "
	wait_until "$3 seated at $T, the match on" seen "$3" "$FROM_B" "^EVENT [0-9]+ turn [01] "
	SA=$(since "$1" "$FROM_A" "^OK join $T [01] " | cut -d' ' -f4)
}


# forfeited WINNER (B of the last match): its lines since the match say, in this order, away (SA, 1..1500
# ms left), forfeit SA, over with a win, leave SA.
forfeited() {
	wait_until "seat $SA cleared" seen "$1" "$FROM_B" "^EVENT [0-9]+ leave $SA$"
	ms=$(since "$1" "$FROM_B" "^EVENT [0-9]+ away $SA [0-9]+$" | cut -d' ' -f5)
	[ -n "$ms" ] && [ "$ms" -gt 0 ] && [ "$ms" -le 1500 ] ||
		fail "away $SA: want 1..1500 ms left: $(since "$1" "$FROM_B" .)"
	order=$(since "$1" "$FROM_B" "^EVENT [0-9]+ (away $SA [0-9]+|forfeit $SA|over [0-9]+ win [0-9]+|leave $SA)$" |
		cut -d' ' -f3 | tr '\n' ' ')
	[ "$order" = "away forfeit over leave " ] || fail "$1's events at $T: '$order', want 'away forfeit over leave'"
}

start_daemon --board main:4 --away-ms 1500
client ann 3
client bob 4
match ann 3 bob 4
note "ann (seat $SA) and bob at $T, the match on; ann's connection ends"
bye 3
forfeited bob
say 4 "leave"
wait_for "$WORK/bob.out" "^OK leave$"
note "bob won by forfeit and is back in the lobby"

client cid 5
match cid 5 bob 4
note "cid (seat $SA) and bob at $T; cid sends leave"
say 5 "leave"
wait_for "$WORK/cid.out" "^OK leave$"
forfeited bob
say 5 "leave"
wait_for "$WORK/cid.out" "^ERR notjoined "
note "bob won by forfeit again; cid, in the lobby, has no table to leave"
bye 4
bye 5
finish
