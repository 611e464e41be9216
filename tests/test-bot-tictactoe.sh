#!/bin/sh
# test-bot-tictactoe.sh: board-bot on tic-tac-toe tables of a real boardd: its command line
# for --game; whole matches with rematches (perfect against perfect: every game drawn;
# perfect against easy: perfect never loses), sides swapping; a bot killed with its daemon
# (kill -9) taking its seat back; and boardctl dump, players, events, watch and --json on a
# live table, held against the moves two scripted players made.
. "$(dirname "$0")/lib.sh"
CTL="$BIN/boardctl"
trap 'stop_players' EXIT

# check_match GAMES LEAST A B: A's and B's stats files each hold GAMES well-formed lines, one
# per game, numbered alike; in every game they played opposite sides, their results agree (a
# win against a loss with 2 and 0 points, or two draws with 1 each), they counted LEAST to 9
# moves together (a move whose reply a killed daemon never sent is not counted); each bot's
# side swaps from game to game.
check_match() {
	want=$1 least=$2
	shift 2
	for f in "$@"; do
		good=$(grep -cE '^\{"game":[0-9]+,"result":"(win|lose|draw)","points":[0-9]+,"moves":[0-9]+,"side":"[XO]"\}$' "$f")
		[ "$good" -eq "$want" ] && [ "$(wc -l <"$f")" -eq "$want" ] || fail "$f: want $want stats lines, got: $(cat "$f")"
	done
	bad=$(paste -d' ' "$1" "$2" | awk -F'[{}":, ]+' -v least="$least" '
		{ if ($3 != $13) print "line " NR ": game " $3 " against game " $13
		  if ($11 == $21) print "game " $3 ": both played " $11
		  r = $5 "/" $15
		  if (r != "win/lose" && r != "lose/win" && r != "draw/draw") print "game " $3 ": results " r
		  if ($7 "/" $17 != (r == "draw/draw" ? "1/1" : r == "win/lose" ? "2/0" : "0/2")) print "game " $3 ": points " $7 "/" $17 " for " r
		  if ($9 + $19 < least || $9 + $19 > 9) print "game " $3 ": " $9 + $19 " moves in all"
		  if (NR > 1 && $11 == side) print "game " $3 ": the sides did not swap"
		  side = $11 }')
	[ -z "$bad" ] || fail "inconsistent match: $bad; $(cat "$@")"
}

# two_bots GAMES A A-OPTIONS B B-OPTIONS: bots A and B play GAMES games without delay; both
# must end with status 0.
two_bots() {
	run_bot "$2" --games "$1" --delay-ms 0 $3
	pa=$PID
	run_bot "$4" --games "$1" --delay-ms 0 $5
	wait_bot "$pa" "$2"
	wait_bot "$PID" "$4"
}

note "command line"
"$BOT" --help | grep -q -- '--game GAME' || fail "--help does not describe --game"
bot_usage_error --game chess
bot_usage_error --game tictactoe --level seed
bot_usage_error --game tictactoe --memory 3
grep -q 'memory' "$WORK/usage.err" || fail "--memory with tictactoe: $(cat "$WORK/usage.err")"

start_daemon --board main:tictactoe --board cards:4 --seed 9
note "a bot refuses a table of another game than --game"
"$BOT" --board cards --game tictactoe 2>"$WORK/other.err"
rc=$?
[ "$rc" -eq 1 ] || fail "--game tictactoe on a memory table exited $rc, want 1"
grep -q 'table of memory, not of tictactoe' "$WORK/other.err" || fail "other game: $(cat "$WORK/other.err")"
"$BOT" --game memory 2>"$WORK/other.err"
rc=$?
[ "$rc" -eq 1 ] || fail "--game memory on a tictactoe table exited $rc, want 1"
grep -q 'table of tictactoe, not of memory' "$WORK/other.err" || fail "other game: $(cat "$WORK/other.err")"
note "a bot without --game on a tic-tac-toe table refuses a level tic-tac-toe has not, seatless"
"$BOT" --level seed 2>"$WORK/seed.err"
rc=$?
[ "$rc" -eq 2 ] || fail "--level seed on a tictactoe table exited $rc, want 2: $(cat "$WORK/seed.err")"
grep -q 'not a level of tictactoe (easy, perfect)' "$WORK/seed.err" || fail "--level seed: $(cat "$WORK/seed.err")"
ask players | grep -q '^OK players 0$' || fail "a refused bot sat down: $(ask players)"

note "perfect against perfect, six games with rematches: every game drawn"
two_bots 6 p1 "--seed 1" p2 "--seed 2 --game tictactoe --level perfect"
check_match 6 5 "$WORK/p1.out" "$WORK/p2.out"
grep -v '"result":"draw"' "$WORK/p1.out" && fail "perfect against perfect did not draw every game"
grep -q 'playing on board main as player [01], name p1, game tictactoe$' "$WORK/p1.err" || fail "p1: $(cat "$WORK/p1.err")"

note "perfect against easy, ten games: perfect never loses"
two_bots 10 perfect "--seed 3" easy "--seed 4 --level easy"
check_match 10 5 "$WORK/perfect.out" "$WORK/easy.out"
grep '"result":"lose"' "$WORK/perfect.out" && fail "perfect lost to easy"
note "perfect: $(grep -c '"result":"win"' "$WORK/perfect.out") won, $(grep -c '"result":"draw"' "$WORK/perfect.out") drawn of 10"
stop_daemon

note "kill -9 mid-match, restart: both bots take their seats back and finish"
start_daemon --board main:tictactoe --away-ms 30000
run_bot a --games 2 --delay-ms 400 --seed 5
A=$PID
run_bot b --games 2 --delay-ms 400 --seed 6
B=$PID
wait_until "a move on the board" sh -c "'$CTL' dump --json | grep -q '\"position\":\"[^\"]*[XO]'"
kill -KILL "$DPID"
wait "$DPID" 2>/dev/null
DPID=""
start_daemon --board main:tictactoe --away-ms 30000
wait_bot "$A" a
wait_bot "$B" b
check_match 2 0 "$WORK/a.out" "$WORK/b.out"
for n in a b; do
	grep -q 'seat kept' "$WORK/$n.err" || fail "bot $n did not keep its seat: $(cat "$WORK/$n.err")"
done
stop_daemon

note "boardctl on a live table: two scripted players, X wins on the diagonal"
start_daemon --board main:tictactoe
player a A; exec 3>"$WORK/a.in"
printf 'hello ana player\njoin main\n' >&3
wait_for "$WORK/a.out" "^OK join main 0 "
player b B; exec 4>"$WORK/b.in"
printf 'hello bob player\njoin main\n' >&4
wait_for "$WORK/b.out" "^OK join main 1 "
wait_for "$WORK/a.out" "^EVENT [0-9]+ turn [01] "
if grep -qE '^EVENT [0-9]+ side 0 0$' "$WORK/a.out"; then X=0 O=1 XF=3 OF=4; else X=1 O=0 XF=4 OF=3; fi
# play FD X Y: the player on FD marks x y; wait for everyone to hear it.
play() {
	printf 'move %s %s\n' "$2" "$3" >&"$1"
	wait_for "$WORK/a.out" "^EVENT [0-9]+ move [01] [XO] $2 $3$"
}
play $XF 0 0
play $OF 1 0
play $XF 1 1
"$CTL" dump >"$WORK/dump" || fail "dump: $(cat "$WORK/dump")"
grep -q '^board main (prefix .*): tictactoe 3x3$' "$WORK/dump" || fail "dump shape: $(cat "$WORK/dump")"
grep -q "^game 1 on: O to move (player $O), players 2 (min 2)" "$WORK/dump" || fail "dump progress: $(cat "$WORK/dump")"
[ "$(sed -n '/^   0  1  2$/,/^2 /p' "$WORK/dump")" = "$(printf '   0  1  2\n0  X  O  .\n1  .  X  .\n2  .  .  .')" ] ||
	fail "dump grid: $(cat "$WORK/dump")"
grep -q "^position XO..X...., last move 1 1 by X, X player $X, O player $O$" "$WORK/dump" ||
	fail "dump position: $(cat "$WORK/dump")"
"$CTL" dump --json >"$WORK/mid.json" || fail "dump --json"
json "$WORK/mid.json" "d['kind']=='tictactoe' and d['dim']==3 and d['state']=='on' and d['game']==1" \
	"d['position']=='XO..X....' and d['grid']==['XO.','.X.','...']" \
	"d['turn']==$O and d['to_move']=='O' and d['result'] is None and d['line'] is None" \
	"d['last_move']=={'x':1,'y':1,'mark':'X'} and d['sides']=={'X':$X,'O':$O}" \
	"[(p['id'],p['side']) for p in d['players']]==[(0,'XO'[$X]),(1,'XO'[$O])]"
"$CTL" players >"$WORK/players" || fail "players"
grep -qE "^ +$X  (ana|bob) +playing  #[0-9a-f]{6}  X  +0 +0  none  " "$WORK/players" || fail "players: $(cat "$WORK/players")"

note "boardctl watch --json follows the end"
"$CTL" watch --json >"$WORK/watch" 2>&1 &
W_PID=$!
wait_for "$WORK/watch" '"position":"XO..X...."'
play $OF 2 0
play $XF 2 2
wait_for "$WORK/a.out" "^EVENT [0-9]+ line X 048$"
wait_for "$WORK/watch" '"position":"XOO.X...X".*"result":"X","line":\[0,4,8\]'
kill -INT "$W_PID"
wait "$W_PID" || fail "watch exited $? on SIGINT"
tail -n 1 "$WORK/watch" >"$WORK/last.json"
json "$WORK/last.json" "d['position']=='XOO.X...X' and d['state']=='over'"

note "boardctl dump, players and events after the end"
"$CTL" dump >"$WORK/dump" || fail "dump: $(cat "$WORK/dump")"
grep -q "^game 1 over: X won, line 048, players 2" "$WORK/dump" || fail "dump result: $(cat "$WORK/dump")"
[ "$(sed -n '/^   0  1  2$/,/^2 /p' "$WORK/dump")" = "$(printf '   0  1  2\n0  X* O  O\n1  .  X* .\n2  .  .  X*')" ] ||
	fail "dump grid at the end: $(cat "$WORK/dump")"
"$CTL" dump --json >"$WORK/end.json" || fail "dump --json"
json "$WORK/end.json" "d['state']=='over' and d['result']=='X' and d['line']==[0,4,8] and d['to_move'] is None" \
	"d['turn'] is None and d['last_move']=={'x':2,'y':2,'mark':'X'} and d['grid']==['XOO','.X.','..X']"
"$CTL" players --json >"$WORK/players.json" || fail "players --json"
json "$WORK/players.json" "{p['id']:(p['side'],p['result']) for p in d['players']}=={$X:('X','win'),$O:('O','lose')}"
"$CTL" events -n 100 >"$WORK/events" || fail "events: $(cat "$WORK/events")"
[ "$(sed -n 's/^EVENT [0-9]* move \([01]\) \([XO]\) \([0-2]\) \([0-2]\)$/\1\3\4\2/p' "$WORK/events" | tr '\n' ' ')" = \
	"${X}00X ${O}10O ${X}11X ${O}20O ${X}22X " ] || fail "events: moves: $(cat "$WORK/events")"
grep -q '^EVENT [0-9]* line X 048$' "$WORK/events" || fail "events: no line: $(cat "$WORK/events")"
grep -q '^EVENT [0-9]* over 2 none 0$' "$WORK/events" || fail "events: no over: $(cat "$WORK/events")"
"$CTL" events -n 100 --json >"$WORK/events.json" || fail "events --json"
json "$WORK/events.json" "[e['type'] for e in d['events'] if e['type'] in ('move','line')]==['move']*5+['line']" \
	"d['missed']==0"

note "a rematch, then a resignation: boardctl says how the match ended"
printf 'rematch\n' >&3
printf 'rematch\n' >&4
wait_for "$WORK/a.out" "^EVENT [0-9]+ state on 2$"
printf 'resign\n' >&3
wait_for "$WORK/a.out" "^EVENT [0-9]+ state over 2$"
"$CTL" dump >"$WORK/dump" || fail "dump: $(cat "$WORK/dump")"
grep -q "^game 2 over: ended without a line (resigned, claimed or out of time), players 2" "$WORK/dump" ||
	fail "dump after a resignation: $(cat "$WORK/dump")"
grep -q "^position \.\.\.\.\.\.\.\.\., X player $O, O player $X$" "$WORK/dump" || fail "sides not swapped: $(cat "$WORK/dump")"
"$CTL" players --json >"$WORK/players.json" || fail "players --json"
json "$WORK/players.json" "{p['id']:p['result'] for p in d['players']}=={0:'lose',1:'win'}"
stop_players
finish
