#!/bin/sh
# test-rules.sh: `boardctl rules tictactoe` and `boardctl rules quantik` (perft, moves, apply)
# and `boardctl rules qwirkle` (moves, apply, with scores) with no daemon: exact outputs
# (Quantik's perft 4 as tests/unit/test_quantik.c counts it with plain code of its own),
# every refusal with its message and exit status; and ttt-match: the perfect brain never
# loses to a random mover in 2,000 games (a property, not a timing).
. "$(dirname "$0")/lib.sh"
CTL="$BIN/boardctl"

# rc_of EXPECTED ARGS...: run boardctl rules ARGS; output in $WORK/out, $WORK/err.
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
refused 2 "rules: unknown game 'chess' (games: tictactoe, quantik, tafl, qwirkle)" chess perft 1
refused 2 "rules: a GAME is needed (tictactoe, quantik, tafl, qwirkle)"
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

Q=quantik E=..../..../..../....
note "perft 4 from the empty board"
rc_of 0 $Q perft 4
same <<'OUT'
depth	sequences	ended	first-won	second-won	drawn
1	64	0	0	0	0
2	3392	0	0	0	0
3	167552	0	0	0	0
4	6776960	6912	0	6912	0
total	6947968	6912	0	6912	0
OUT

note "moves: the same-shape rule (an opponent's A forbids its row, column and zone), none once stuck"
rc_of 0 $Q moves ..../.A../..../....
[ "$(grep -c '^A' "$WORK/out")" -eq 8 ] && [ "$(wc -l <"$WORK/out")" -eq 53 ] || fail "moves: $(cat "$WORK/out")"
for m in A4 A6 A7 A1 A9 A13 A0; do grep -qx $m "$WORK/out" && fail "$m is forbidden by A5"; done
grep -qx A10 "$WORK/out" || fail "A10 is allowed"
rc_of 0 $Q moves Bc.d/aaCd/BcA./.DDA
[ ! -s "$WORK/out" ] || fail "moves when stuck: $(cat "$WORK/out")"

note "apply: a row won by the first mover, a zone by the second, a stuck side, a round on"
rc_of 0 $Q apply .bcd/..../A.../BC.. A0
same <<'OUT'
1	first	A0	Abcd/..../A.../BC..
position	Abcd/..../A.../BC..
result	won	first	row0
OUT
rc_of 0 $Q apply $E A0 "B1 C4" D5
same <<'OUT'
1	first	A0	A.../..../..../....
2	second	B1	Ab../..../..../....
3	first	C4	Ab../C.../..../....
4	second	D5	Ab../Cd../..../....
position	Ab../Cd../..../....
result	won	second	zone0
OUT
rc_of 0 $Q apply Bc.d/aaCd/BcA./.DDA
same <<'OUT'
position	Bc.d/aaCd/BcA./.DDA
result	won	first	stuck
OUT
rc_of 0 $Q apply $E A5 B6 C9 D10
same <<'OUT'
1	first	A5	..../.A../..../....
2	second	B6	..../.Ab./..../....
3	first	C9	..../.Ab./.C../....
4	second	D10	..../.Ab./.Cd./....
position	..../.Ab./.Cd./....
result	on	first
OUT

note "refusals"
refused 1 "rules quantik: position '..../....': a position is 19 characters: four rows of four cells separated by /" $Q moves ..../....
refused 1 "rules quantik: position 'Aa../..../..../....': a line holds one shape of both sides" $Q moves Aa../..../..../....
refused 1 "rules quantik: position 'a.../..../..../....': lower case has more pieces than upper case (upper case moves first)" $Q perft 1 a.../..../..../....
refused 1 "rules quantik: move 2 of 2 ('A1'): an opponent's A is in its row" $Q apply $E A0 A1
refused 1 "rules quantik: move 2 of 2 ('A5'): an opponent's A is in its zone" $Q apply $E A0 A5
refused 1 "rules quantik: move 3 of 3 ('A0'): the cell is taken" $Q apply $E A0 B15 A0
refused 1 "rules quantik: move 5 of 5 ('A7'): both A are placed" $Q apply $E A0 B15 A5 B10 A7
refused 1 "rules quantik: move 1 of 1 ('A16'): off the board" $Q apply $E A16
refused 1 "rules quantik: move 1 of 1 ('a5'): malformed" $Q apply $E a5
refused 1 "rules quantik: move 2 of 2 ('B3'): the round is over" $Q apply .bcd/..../A.../BC.. A0 B3
refused 2 "rules quantik: perft wants a depth of 1 to 16, not '17'" $Q perft 17
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

H=tafl
S=/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/
note "tafl: perft 3 from the start (depth 4, 15951824, is checked against a plain count in test-unit)"
rc_of 0 $H perft 3
same <<'OUT'
depth	sequences	ended	attackers-won	defenders-won	drawn
1	72	0	0	0	0
2	3944	0	0	0	0
3	285728	0	0	0	0
total	289744	0	0	0	0
OUT
note "tafl: a capture in the list of moves, the king captured by apply"
rc_of 0 $H moves "/9/9/9/9/9/5t3/2K6/2t6/9/ attackers"
grep -qx 'f4-c4xKc3' "$WORK/out" || fail "no f4-c4xKc3 in $(tr '\n' ' ' <"$WORK/out")"
[ "$(wc -l <"$WORK/out")" -eq 25 ] || fail "not 25 moves: $(cat "$WORK/out")"
rc_of 0 $H apply $S d9-d6 e7-d7
same <<'OUT'
1	attackers	d9-d6	/4tt3/4t4/4T4/t2tT3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/ defenders
2	defenders	e7-d7xd6	/4tt3/4t4/3T5/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/ attackers
position	/4tt3/4t4/3T5/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/ attackers
result	on	attackers
OUT
note "tafl: apply writes each move as OpenTafl does (its K, its captures), typed so or not"
for typed in f4-c4 f4-c4xKc3; do
	rc_of 0 $H apply "/9/9/9/9/9/5t3/2K6/2t6/9/" $typed
	same <<'OUT'
1	attackers	f4-c4xKc3	/9/9/9/9/9/2t6/9/2t6/9/ defenders
position	/9/9/9/9/9/2t6/9/2t6/9/ defenders
result	won	attackers	captured
OUT
done
rc_of 0 $H apply "/9/9/9/9/9/5t3/2K6/2t6/9/ defenders" c3-c6
same <<'OUT'
1	defenders	Kc3-c6	/9/9/9/2K6/9/5t3/9/2t6/9/ attackers
position	/9/9/9/2K6/9/5t3/9/2t6/9/ attackers
result	on	attackers
OUT
refused 1 "rules tafl: move 3 of 3 ('e9-e7'): a piece may not jump over another" $H apply $S d9-d6 e7-d7 e9-e7
refused 1 "rules tafl: move 1 of 1 ('d9-e9'): the destination is taken" $H apply $S d9-e9
refused 1 "rules tafl: move 1 of 1 ('d9-d8xd7'): the captures written are not the ones the move makes" $H apply $S d9-d8xd7
refused 1 "rules tafl: move 2 of 2 ('e7-d7xd6/d5'): the captures written are not the ones the move makes" $H apply $S d9-d6 e7-d7xd6/d5
refused 1 "rules tafl: move 2 of 2 ('e7-d7xKd6'): the captures written are not the ones the move makes" $H apply $S d9-d6 e7-d7xKd6
refused 1 "rules tafl: move 1 of 1 ('d9-d8x'): usage: move FROM-TO (OpenTafl notation: e3-e1; optionally K first for the king, xCELL/... the captures)" $H apply $S d9-d8x
refused 1 "rules tafl: position '/3ttt3/': a rank is 9 cells (t attacker, T defender, K king, a digit: empty cells) between slashes" $H moves /3ttt3/
refused 2 "rules tafl: perft wants a depth of 1 to 5, not '6'" $H perft 6

note "ttt-match: perfect never loses to a random mover (2000 games, both sides)"
"$BIN/ttt-match" --games 2000 >"$WORK/match" || fail "ttt-match failed"
cat "$WORK/match"
awk -F'\t' '$1 == "perfect-random" && $2 == 2000 && $5 == 0 { ok = 1 } END { exit !ok }' "$WORK/match" ||
	fail "perfect lost to random: $(cat "$WORK/match")"
awk -F'\t' '$1 == "easy-perfect" && $3 == 0 { ok = 1 } END { exit !ok }' "$WORK/match" ||
	fail "easy beat perfect: $(cat "$WORK/match")"
finish
