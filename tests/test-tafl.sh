#!/bin/sh
# test-tafl.sh: boardctl on a live Hnefatafl table (issue 12), as the seed's terminal client
# drew it: dump shows the board with its coordinates, the pieces, the empty corners, the last
# move and the cell it captured on, how the game stands and which seat plays which side;
# players (its columns aligned under the long side names) and --json say the same; on a terminal (script(1) gives boardctl a pty) each piece
# is drawn in its seat's colour and the king bold, and without one there is no escape at all;
# watch --json follows the next move.
. "$(dirname "$0")/lib.sh"
CTL="$BIN/boardctl"

start_daemon --board h:tafl
client ann 3
client bob 4
say 3 "join h"
wait_for "$WORK/ann.out" "^OK join h 0 "
say 4 "join h"
wait_for "$WORK/bob.out" "^OK join h 1 "
wait_for "$WORK/ann.out" "^EVENT [0-9]+ turn "
A=$(sed -n 's/^EVENT [0-9]* turn \([01]\) .*/\1/p' "$WORK/ann.out" | head -n 1)
D=$((1 - A)) AF=$((3 + A)) DF=$((4 - A))
say $AF "move d9-d6"
wait_for "$WORK/ann.out" "^EVENT [0-9]+ tmove $A attackers d9-d6$"
say $DF "move e7-d7"
wait_for "$WORK/ann.out" "^EVENT [0-9]+ tmove $D defenders e7-d7xd6$"
note "the attackers (seat $A) moved d9-d6, the defenders took d6 with e7-d7"

"$CTL" dump h >"$WORK/dump" 2>&1 || fail "dump: $(cat "$WORK/dump")"
grep -q "^board h (prefix $PREFIX): tafl 9x9$" "$WORK/dump" || fail "dump's head: $(cat "$WORK/dump")"
grep -q "^game 1 on: attackers to move (player $A), ply 2, 0 without a capture (draw at 100), players 2" "$WORK/dump" ||
	fail "dump's progress: $(cat "$WORK/dump")"
sed -n '/^    a  b/,/^(t attacker/p' "$WORK/dump" >"$WORK/grid"
cat >"$WORK/want" <<OUT
    a  b  c  d  e  f  g  h  i
9   +  .  .  .  t  t  .  .  +  9
8   .  .  .  .  t  .  .  .  .  8
7   .  .  .  T* .  .  .  .  .  7
6   t  .  .  x  T  .  .  .  t  6
5   t  t  T  T  K  T  T  t  t  5
4   t  .  .  .  T  .  .  .  t  4
3   .  .  .  .  T  .  .  .  .  3
2   .  .  .  .  t  .  .  .  .  2
1   +  .  .  t  t  t  .  .  +  1
    a  b  c  d  e  f  g  h  i
position /4tt3/4t4/3T5/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/ attackers, last move e7-d7xd6, attackers player $A, defenders player $D
(t attacker, T defender, K king, + corner, # empty throne, * the last move, x captured by it)
OUT
cmp -s "$WORK/grid" "$WORK/want" || fail "dump's board: $(diff "$WORK/want" "$WORK/grid")"
! grep -q "$(printf '\033')" "$WORK/dump" || fail "escapes in a dump to a file"
note "dump: coordinates, pieces, corners, the last move and its capture; no colour to a file"

"$CTL" players h >"$WORK/players" 2>&1 || fail "players: $(cat "$WORK/players")"
grep -qE "^ +$A +[a-z]+ +playing +#[0-9a-f]{6} +attackers " "$WORK/players" &&
	grep -qE "^ +$D +[a-z]+ +playing +#[0-9a-f]{6} +defenders " "$WORK/players" ||
	fail "players' sides: $(cat "$WORK/players")"
# The columns after the long side names stay under their titles: each seat's result ("none":
# no game ended yet) starts where the title "result" does.
awk 'NR == 1 { at = index($0, "result") } NR > 1 && substr($0, at, 5) != "none " { bad = 1 } END { exit bad || !at }' \
	"$WORK/players" || fail "players' columns are not aligned: $(cat "$WORK/players")"
"$CTL" dump h --json >"$WORK/json" 2>&1 || fail "dump --json: $(cat "$WORK/json")"
json "$WORK/json" "d['kind']=='tafl' and d['dim']==9 and d['to_move']=='attackers' and d['turn']==$A" \
	"d['last_move']=='e7-d7xd6' and d['plies']==2 and d['quiet']==0 and d['draw_plies']==100 and d['end'] is None" \
	"d['grid'][2]=='...T.....' and d['grid'][4]=='ttTTKTTtt' and d['sides']=={'attackers':$A,'defenders':$D}"
note "players and dump --json: sides, last move, counts"

TERM=xterm script -qec "$CTL dump h" /dev/null >"$WORK/tty" 2>&1 || fail "dump on a pty: $(cat "$WORK/tty")"
E=$(printf '\033')
grep -q "${E}\[1;38;2;[0-9]*;[0-9]*;[0-9]*mK${E}\[0m" "$WORK/tty" || fail "no bold coloured king: $(cat -v "$WORK/tty")"
[ "$(grep -o "${E}\[38;2;[0-9]*;[0-9]*;[0-9]*mt" "$WORK/tty" | sort -u | wc -l)" -eq 1 ] &&
	[ "$(grep -o "${E}\[38;2;[0-9]*;[0-9]*;[0-9]*mT" "$WORK/tty" | sort -u | wc -l)" -eq 1 ] ||
	fail "each side's pieces not in one colour: $(cat -v "$WORK/tty")"
[ "$(grep -o "${E}\[38;2;[0-9]*;[0-9]*;[0-9]*m[tT]" "$WORK/tty" | sed 's/m[tT]$//' | sort -u | wc -l)" -eq 2 ] ||
	fail "the sides share a colour: $(cat -v "$WORK/tty")"
note "dump on a terminal: the pieces in their seat's colour, the king bold"

"$CTL" watch h --json >"$WORK/watch" 2>&1 &
W_PID=$!
wait_for "$WORK/watch" '"last_move":"e7-d7xd6"'
say $AF "move a4-a3"
wait_for "$WORK/watch" '"last_move":"a4-a3".*"to_move":"defenders"|"to_move":"defenders".*"last_move":"a4-a3"'
kill -INT "$W_PID"
wait "$W_PID" || fail "watch exited $? on SIGINT"
note "watch --json follows the next move"
bye 3
bye 4
finish
