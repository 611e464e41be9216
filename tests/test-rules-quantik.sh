#!/bin/sh
# test-rules-quantik.sh: `boardctl rules quantik` (perft, moves, apply) with no daemon: exact
# outputs (perft 4 from the empty board as tests/unit/test_quantik.c counts it with plain
# code of its own), and every refusal with its message and exit status.
. "$(dirname "$0")/lib.sh"
CTL="$BIN/boardctl"

# rc_of EXPECTED ARGS...: run boardctl rules ARGS; output in $WORK/out, $WORK/err.
rc_of() {
	want=$1; shift
	"$CTL" rules "$@" >"$WORK/out" 2>"$WORK/err"; rc=$?
	[ "$rc" -eq "$want" ] || fail "boardctl rules $* exited $rc, not $want: $(cat "$WORK/out" "$WORK/err")"
}

# same: $WORK/out must be exactly what follows on stdin.
same() { cat >"$WORK/want"; cmp -s "$WORK/want" "$WORK/out" || fail "got:
$(cat "$WORK/out")
wanted:
$(cat "$WORK/want")"; }

# refused STATUS MESSAGE ARGS...: exit STATUS, nothing on stdout, MESSAGE on stderr's first line.
refused() {
	st=$1 msg=$2; shift 2
	rc_of "$st" "$@"
	[ ! -s "$WORK/out" ] || fail "boardctl rules $* printed: $(cat "$WORK/out")"
	[ "$(head -n 1 "$WORK/err")" = "boardctl: $msg" ] || fail "boardctl rules $*: '$(cat "$WORK/err")', not '$msg'"
}

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
finish
