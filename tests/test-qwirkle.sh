#!/bin/sh
# test-qwirkle.sh: a Qwirkle table through a real boardd and socat players: the HAND line and
# drew events for each seat alone, a spectator's lines with no tile of any hand; boardctl
# dump, players and watch showing the table with its coordinates and the counts only;
# dump --hands showing the hands to the daemon's user and refused to another; a practice
# table marked as such in dump, JSON and events.
. "$(dirname "$0")/lib.sh"
CTL="$BIN/boardctl"

# rc_of EXPECTED CMD...: run a boardctl command, output in $WORK/out and $WORK/err.
rc_of() {
	want=$1; shift
	"$CTL" --shm-prefix "$PREFIX" --socket "$SOCK" "$@" >"$WORK/out" 2>"$WORK/err"; rc=$?
	[ "$rc" -eq "$want" ] || fail "boardctl $* exited $rc, not $want: $(cat "$WORK/out" "$WORK/err")"
}

# tiles_of FILE: every tile (a shape a-f and a colour 1-6) FILE names, one a line.
tiles_of() { grep -oE '(^|[ +])[a-f][1-6]' "$1" | tr -d ' +' ; }

note "a two-seat table: each player gets its own hand, the spectator none"
start_daemon --board main:qwirkle --seed 3
client sam 5 spectator; say 5 "join main"; wait_for "$WORK/sam.out" "^OK join main"
client ana 6; say 6 "join main"; wait_for "$WORK/ana.out" "^OK join main 0 "
client bob 7; say 7 "join main"; wait_for "$WORK/bob.out" "^OK join main 1 "
wait_for "$WORK/ana.out" "^EVENT [0-9]* turn "
wait_for "$WORK/bob.out" "^EVENT [0-9]* turn "
wait_for "$WORK/sam.out" "^EVENT [0-9]* turn "
grep -q "^EVENT [0-9]* drew 0 " "$WORK/ana.out" || fail "ana's drew: $(cat "$WORK/ana.out")"
grep -q "^HAND [0-9]* 6 " "$WORK/bob.out" || fail "bob's HAND line: $(cat "$WORK/bob.out")"
grep -q " drew 1 " "$WORK/ana.out" && fail "ana got bob's tiles: $(cat "$WORK/ana.out")"
grep -q " drew 0 " "$WORK/bob.out" && fail "bob got ana's tiles: $(cat "$WORK/bob.out")"
grep -qE "drew|HAND" "$WORK/sam.out" && fail "the spectator got tiles: $(cat "$WORK/sam.out")"
ana_hand=$(grep "^EVENT [0-9]* drew 0 " "$WORK/ana.out" | sed 's/.* drew 0 //; s/+/ /g')
bob_hand=$(grep "^HAND " "$WORK/bob.out" | cut -d' ' -f4-)

note "the opener lays its largest group (its rules moves' best lay of that size)"
turn=$(grep "^EVENT [0-9]* turn " "$WORK/sam.out" | tail -n 1 | cut -d' ' -f4)
[ "$turn" = 0 ] && hand=$ana_hand fd=6 || { hand=$bob_hand fd=7; }
"$CTL" rules qwirkle moves - "$hand" >"$WORK/moves" || fail "rules moves: $(cat "$WORK/moves")"
lay=$(head -n 1 "$WORK/moves" | cut -f1)
say $fd "move $lay"
wait_for "$WORK/sam.out" "^EVENT [0-9]* lay $turn "

note "dump: the table with its coordinates, the counts, no hand"
rc_of 0 dump
grep -q "^qwirkle\|qwirkle, 2 seats" "$WORK/out" || fail "dump's shape: $(cat "$WORK/out")"
grep -q "^table $lay\$" "$WORK/out" || fail "dump's table line: $(cat "$WORK/out")"
grep -qE "^ +0 " "$WORK/out" || fail "dump's row 0: $(cat "$WORK/out")"
grep -q "^bag 93, player 0: 6 tiles" "$WORK/out" || fail "dump's counts: $(cat "$WORK/out")"
grep -q "hand of" "$WORK/out" && fail "dump shows a hand: $(cat "$WORK/out")"
for t in $(tiles_of "$WORK/out" | sort -u); do
	echo "$lay" | grep -q "$t" || fail "dump names $t, not on the table: $(cat "$WORK/out")"
done
rc_of 0 dump --json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["kind"]=="qwirkle" and d["practice"] is False and len(d["table"])>=1 and d["hands"][0]["tiles"]==6, d' "$WORK/out" ||
	fail "dump --json: $(cat "$WORK/out")"
rc_of 0 players
for t in $(tiles_of "$WORK/out"); do fail "players names tile $t: $(cat "$WORK/out")"; done

note "dump --hands: the daemon's user sees the hands; another user is refused"
rc_of 0 dump --hands
grep -q "^hand of player 0: " "$WORK/out" && grep -q "^bag: 93 tiles" "$WORK/out" || fail "dump --hands: $(cat "$WORK/out")"
rc_of 2 dump --hands --json
rc_of 2 players --hands
ctl_nobody=$(for_nobody "$CTL")
setpriv --reuid=nobody --regid=nogroup --clear-groups "$ctl_nobody" --shm-prefix "$PREFIX" --socket "$SOCK" \
	--owner "$(id -un)" dump --hands >"$WORK/out" 2>"$WORK/err" && fail "nobody saw the hands: $(cat "$WORK/out")"
grep -q "hand of" "$WORK/out" && fail "nobody got a hand: $(cat "$WORK/out")"
grep -qi "daemon's user\|permission\|private" "$WORK/err" || fail "nobody's refusal: $(cat "$WORK/err")"

note "watch: a frame of the table"
timeout 2 "$CTL" --shm-prefix "$PREFIX" --socket "$SOCK" watch >"$WORK/watch" 2>&1
grep -q "^table $lay\$" "$WORK/watch" || fail "watch: $(cat "$WORK/watch")"

note "the lobby: games lists qwirkle; play qwirkle seats=3 gathers three players"
client eve 8; say 8 "games"; wait_for "$WORK/eve.out" "^OK games "
grep -q "^GAME qwirkle 2 .*seats=2.* practice=off" "$WORK/eve.out" || fail "games: $(cat "$WORK/eve.out")"
client fay 9
bye 6; client gil 6
say 8 "play qwirkle seats=3"; say 9 "play qwirkle seats=3"; say 6 "play qwirkle seats=3"
for who in eve fay gil; do wait_for "$WORK/$who.out" "^EVENT 0 matched qwirkle-[0-9]* qwirkle$"; done
table=$(grep -m1 "matched qwirkle-" "$WORK/eve.out" | cut -d' ' -f4)
say 8 "join $table"; say 9 "join $table"; say 6 "join $table"
for who in eve fay gil; do wait_for "$WORK/$who.out" "^EVENT [0-9]* turn "; done
for who in eve fay gil; do
	seat=$(grep "^OK join $table " "$WORK/$who.out" | cut -d' ' -f4)
	grep -qE "^(EVENT [0-9]* drew $seat |HAND [0-9]* 6 )" "$WORK/$who.out" || fail "$who has no hand: $(cat "$WORK/$who.out")"
	grep -E " drew [0-9]" "$WORK/$who.out" | grep -qv " drew $seat " && fail "$who got another's tiles: $(cat "$WORK/$who.out")"
done
rc_of 0 dump "$table"
grep -q "qwirkle, 3 seats" "$WORK/out" || fail "the lobby's table: $(cat "$WORK/out")"
stop_daemon

note "a practice table says so: dump, JSON, the practice event"
start_daemon --board main:qwirkle,practice=on
client cid 5; say 5 "join main"; wait_for "$WORK/cid.out" "^OK join main"
client dee 6; say 6 "join main"; wait_for "$WORK/dee.out" "^EVENT [0-9]* turn "
grep -q "^EVENT [0-9]* practice$" "$WORK/dee.out" || fail "no practice event: $(cat "$WORK/dee.out")"
rc_of 0 dump
grep -q "PRACTICE" "$WORK/out" || fail "dump does not say practice: $(cat "$WORK/out")"
rc_of 0 dump --json
grep -q '"practice": *true' "$WORK/out" || fail "JSON: $(cat "$WORK/out")"
finish
