#!/bin/sh
# test-rules.sh: `boardctl rules tictactoe` (perft, moves, apply) and `boardctl rules qwirkle`
# (moves, apply, with scores) with no daemon: exact outputs, every refusal with its message
# and exit status; and ttt-match: the perfect brain never loses to a random mover in 2,000
# games (a property, not a timing).
. "$(dirname "$0")/lib.sh"
CTL="$BIN/boardctl"

# rc_of EXPECTED ARGS...: run boardctl rules tictactoe ARGS; output in $WORK/out, $WORK/err.
rc_of() {
	want=$1; shift
	"$CTL" rules "$@" >"$WORK/out" 2>"$WORK/err"; rc=$?
	[ "$rc" -eq "$want" ] || fail "boardctl rules $* exited $rc, not $want: $(cat "$WORK/out" "$WORK/err")"
}

# same FILE: $WORK/out must be exactly what follows on stdin.
same() { cat >"$WORK/want"; cmp -s "$WORK/want" "$WORK/out" || fail "got:
$(cat "$WORK/out")
wanted:
$(cat "$WORK/want")"; }

# refused STATUS MESSAGE ARGS...: exit STATUS, nothing on stdout, MESSAGE as the first line on stderr.
refused() {
	st=$1 msg=$2; shift 2
	rc_of "$st" "$@"
	[ ! -s "$WORK/out" ] || fail "boardctl rules $* printed: $(cat "$WORK/out")"
	[ "$(head -n 1 "$WORK/err")" = "boardctl: $msg" ] || fail "boardctl rules $*: '$(cat "$WORK/err")', not '$msg'"
}

T=tictactoe
note "perft 9 from the empty board: the published counts, 255168 games"
rc_of 0 $T perft 9
same <<'OUT'
depth	sequences	ended	X-won	O-won	drawn
1	9	0	0	0	0
2	72	0	0	0	0
3	504	0	0	0	0
4	3024	0	0	0	0
5	15120	1440	1440	0	0
6	54720	5328	0	5328	0
7	148176	47952	47952	0	0
8	200448	72576	0	72576	0
9	127872	127872	81792	0	46080
total	549945	255168	131184	77904	46080
OUT
rc_of 0 $T perft 9 .........
cp "$WORK/out" "$WORK/explicit"
rc_of 0 $T perft 9
cmp -s "$WORK/out" "$WORK/explicit" || fail "perft with the empty board given differs"

note "perft from a position counted by hand (X O X / O X O / . . .)"
rc_of 0 $T perft 4 XOXOXO...
same <<'OUT'
depth	sequences	ended	X-won	O-won	drawn
1	3	2	2	0	0
2	2	0	0	0	0
3	2	2	2	0	0
4	0	0	0	0	0
total	7	4	4	0	0
OUT

note "moves"
rc_of 0 $T moves X...O....
same <<'OUT'
1 0
2 0
0 1
2 1
0 2
1 2
2 2
OUT
rc_of 0 $T moves XXXOO....
[ ! -s "$WORK/out" ] || fail "moves after a win: $(cat "$WORK/out")"

note "apply: moves as separate words and quoted, to a win, a draw, and on"
rc_of 0 $T apply ......... 1 1 0 0 "2 2" 0 2 2 0 0 1
same <<'OUT'
1	X	1 1	....X....
2	O	0 0	O...X....
3	X	2 2	O...X...X
4	O	0 2	O...X.O.X
5	X	2 0	O.X.X.O.X
6	O	0 1	O.XOX.O.X
position	O.XOX.O.X
result	won	O	036
OUT
rc_of 0 $T apply XOXXOOOX. 2 2
same <<'OUT'
1	X	2 2	XOXXOOOXX
position	XOXXOOOXX
result	drawn
OUT
rc_of 0 $T apply X...O....
same <<'OUT'
position	X...O....
result	on	X
OUT

note "refusals: position, move, game, action, depth"
refused 1 "rules tictactoe: position 'XX.': a position is 9 characters" $T perft 3 XX.
refused 1 "rules tictactoe: position 'x........': a cell is X, O or ." $T moves x........
refused 1 "rules tictactoe: position 'O........': O has more cells than X (X moves first)" $T moves O........
refused 1 "rules tictactoe: position 'XX.......': X has two cells more than O" $T apply XX....... 2 2
refused 1 "rules tictactoe: position 'XXXOOO...': both sides have three in a row" $T moves XXXOOO...
refused 1 "rules tictactoe: position 'XOXOXOX.O': the game went on after a win" $T perft 1 XOXOXOX.O
refused 1 "rules tictactoe: move 2 of 3 ('1 1'): the cell is taken" $T apply ......... 1 1 1 1 0 0
refused 1 "rules tictactoe: move 2 of 2 ('2 2'): the game is over" $T apply XX.OO.... 2 0 2 2
refused 1 "rules tictactoe: move 1 of 1 ('3 0'): off the board" $T apply ......... 3 0
refused 1 "rules tictactoe: move 2 of 2 ('a 1'): malformed" $T apply ......... 0 0 a 1
refused 1 "rules tictactoe: move 2 of 2 ('1'): a move is 2 words" $T apply ......... 0 0 1
refused 2 "rules: unknown game 'chess' (games: tictactoe, qwirkle)" chess perft 1
refused 2 "rules: a GAME is needed (tictactoe, qwirkle)"
refused 2 "rules tictactoe: perft, moves or apply is needed" $T
refused 2 "rules tictactoe: unknown action 'play' (perft, moves or apply)" $T play .........
refused 2 "rules tictactoe: perft wants a depth of 1 to 9, not '10'" $T perft 10
refused 2 "rules tictactoe: perft wants a depth of 1 to 9, not '0'" $T perft 0
refused 2 "rules tictactoe: perft wants a depth of 1 to 9, not 'x'" $T perft x
refused 2 "rules tictactoe: perft wants DEPTH [POSITION]" $T perft
refused 2 "rules tictactoe: moves wants one POSITION" $T moves
refused 2 "rules tictactoe: apply wants POSITION [MOVE...]" $T apply
refused 2 "'rules' takes neither --json nor --count" --json $T moves .........
grep -q "Try 'boardctl --help'" "$WORK/err" || fail "no pointer to --help: $(cat "$WORK/err")"

Q=qwirkle
note "qwirkle moves: the first lay is the hand's best group over 0,0 (here one tile, a1 once)"
rc_of 0 $Q moves - 'a1 a1 b2 c3 d4 e5'
same <<'OUT'
a1@0,0	1
b2@0,0	1
c3@0,0	1
d4@0,0	1
e5@0,0	1
swap	0
OUT
note "qwirkle moves: each lay once with its score, best first; c3 fits nowhere"
rc_of 0 $Q moves 'a1@0,0 b1@0,1' 'a2 b2 c3' 0
same <<'OUT'
a2@-1,0 b2@-1,1	6
a2@1,0 b2@1,1	6
b2@-1,-1 a2@-1,0	4
b2@-1,1 a2@-1,2	4
b2@1,-1 a2@1,0	4
b2@1,1 a2@1,2	4
a2@-1,0	2
a2@1,0	2
b2@-1,1	2
b2@1,1	2
OUT
note "qwirkle moves: nothing to lay: pass with an empty bag, swap otherwise"
rc_of 0 $Q moves 'a1@0,0' 'b2 c3' 0
printf 'pass\t0\n' | same
rc_of 0 $Q moves 'a1@0,0' 'b2 c3' 5
printf 'swap\t0\n' | same
note "qwirkle apply: a row and a column, then a Qwirkle emptying the hand with the bag empty (12 + 6)"
rc_of 0 $Q apply 'a1@0,0 a2@1,0 a3@2,0 a4@3,0' 'a5 b2 a6' 0 'b2@1,1' 'a5@4,0 a6@5,0'
same <<'OUT'
1	b2@1,1	2
2	a5@4,0 a6@5,0	18
table	a1@0,0 a2@1,0 a3@2,0 a4@3,0 b2@1,1 a5@4,0 a6@5,0
hand	-
bag	0
score	20
result	over
OUT
note "qwirkle apply: a swap, and a pass once nothing can be laid with the bag empty"
rc_of 0 $Q apply 'a1@0,0' 'b2 c3 a2' 2 'swap b2 c3' 'a2@1,0'
same <<'OUT'
1	swap b2 c3	0
2	a2@1,0	2
table	a1@0,0 a2@1,0
hand	-
bag	1
score	2
result	on
OUT
rc_of 0 $Q apply 'a1@0,0' 'b2 c3' 0 pass
printf '1\tpass\t0\ntable\ta1@0,0\nhand\tb2 c3\nbag\t0\nscore\t0\nresult\ton\n' | same
refused 1 "rules qwirkle: turn 1 of 1 ('b4@3,0'): a line is one colour with different shapes or one shape with different colours" $Q apply 'a1@0,0 a2@1,0 a3@2,0' 'b4' 'b4@3,0'
refused 1 "rules qwirkle: turn 1 of 1 ('a2@3,0'): a tile twice in one line" $Q apply 'a1@0,0 a2@1,0 a3@2,0' 'a2' 'a2@3,0'
refused 1 "rules qwirkle: turn 1 of 1 ('a4@3,0 a5@5,0'): a gap between the tiles" $Q apply 'a1@0,0 a2@1,0 a3@2,0' 'a4 a5' 'a4@3,0 a5@5,0'
refused 1 "rules qwirkle: turn 1 of 1 ('a4@5,5'): the tiles touch nothing on the table" $Q apply 'a1@0,0 a2@1,0 a3@2,0' 'a4' 'a4@5,5'
refused 1 "rules qwirkle: turn 1 of 1 ('a4@3,0 a5@4,1'): the tiles are not in one row or column" $Q apply 'a1@0,0' 'a4 a5' 'a4@3,0 a5@4,1'
refused 1 "rules qwirkle: turn 1 of 1 ('b1@6,0'): a line of more than 6 tiles" $Q apply 'a1@0,0 a2@1,0 a3@2,0 a4@3,0 a5@4,0 a6@5,0' 'b1' 'b1@6,0'
refused 1 "rules qwirkle: turn 1 of 1 ('a1@0,0'): the first lay is the most tiles of the hand sharing a colour or a shape" $Q apply - 'a1 a2 f6' 'a1@0,0'
refused 1 "rules qwirkle: turn 1 of 1 ('a2@1,0'): the first lay covers 0,0" $Q apply - 'a2 f6' 'a2@1,0'
refused 1 "rules qwirkle: turn 2 of 2 ('a3@1,0'): a tile not in your hand" $Q apply - 'a2 f6' 'a2@0,0' 'a3@1,0'
refused 1 "rules qwirkle: turn 1 of 1 ('swap a1 b2'): the bag holds fewer tiles than that" $Q apply - 'a1 b2' 1 'swap a1 b2'
refused 1 "rules qwirkle: turn 1 of 1 ('pass'): a pass is only for a hand that cannot lay with an empty bag" $Q apply 'a1@0,0' 'b1' 0 pass
refused 1 "rules qwirkle: turn 1 of 1 ('b4@0,x'): malformed" $Q apply - 'b4' 'b4@0,x'
refused 1 "rules qwirkle: turn 1 of 1 ('b4@0,200'): off the table" $Q apply - 'b4' 'b4@0,200'
refused 1 "rules qwirkle: table 'a1@0,0 b2@1,0': a line is one colour with different shapes or one shape with different colours" $Q moves 'a1@0,0 b2@1,0' 'c3'
refused 1 "rules qwirkle: table 'a1@1,0': no tile at 0,0 (the first tile's cell)" $Q moves 'a1@1,0' 'c3'
refused 1 "rules qwirkle: table 'a1@0,0 a2@2,0': tiles not connected to the one at 0,0" $Q moves 'a1@0,0 a2@2,0' 'c3'
refused 1 "rules qwirkle: hand 'a1 a1 a1': more than 3 of one tile with the table's" $Q moves 'a1@0,0' 'a1 a1 a1'
refused 1 "rules qwirkle: hand 'z9': a tile is a shape a-f and a colour 1-6, like b4" $Q moves 'a1@0,0' 'z9'
refused 1 "rules qwirkle: bag 200: only 106 tiles are on neither the table nor the hand" $Q moves 'a1@0,0' 'c3' 200
refused 2 "rules qwirkle: moves wants TABLE HAND [BAG]" $Q moves 'a1@0,0' 'c3' 2 x
refused 2 "rules qwirkle: TABLE and HAND are needed (- for none)" $Q apply 'a1@0,0'
refused 2 "rules qwirkle: unknown action 'perft' (moves or apply: a hidden hand has no perft)" $Q perft 1
refused 2 "rules qwirkle: moves or apply is needed" $Q

note "ttt-match: perfect never loses to a random mover (2000 games, both sides)"
"$BIN/ttt-match" --games 2000 >"$WORK/match" || fail "ttt-match failed"
cat "$WORK/match"
awk -F'\t' '$1 == "perfect-random" && $2 == 2000 && $5 == 0 { ok = 1 } END { exit !ok }' "$WORK/match" ||
	fail "perfect lost to random: $(cat "$WORK/match")"
awk -F'\t' '$1 == "easy-perfect" && $3 == 0 { ok = 1 } END { exit !ok }' "$WORK/match" ||
	fail "easy beat perfect: $(cat "$WORK/match")"
finish
