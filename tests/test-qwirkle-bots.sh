#!/bin/sh
# test-qwirkle-bots.sh: whole Qwirkle games of 2, 3 and 4 seats through a real boardd, every
# seat a board-bot (the levels mixed, fixed seeds, no delay), a spectator (socat) on each
# table. For each game: every bot ends with status 0 and its stats line of the game (each
# seat was told the end); each lay's points in the events are the codec's for that lay on
# the table as it was (`boardctl rules qwirkle apply`), with the 6 of the end bonus for the
# lay that empties its seat's hand (only the last); the seat whose lays make the most points
# wins (2 match points in its stats and in `over`), seats tied at the top draw (1 each),
# the others lose (0). Nothing is left in /dev/shm. (The table's own scores are not read at
# the end: the bots leave when the game is over, and a table whose seat leaves after the end
# is dealt again at once.)
. "$(dirname "$0")/lib.sh"
CTL="$BIN/boardctl"
LEVELS="strong greedy easy strong"

# check_game N: the game on table qN as its spectator ($WORK/specN.out) saw it, and the
# bots' stats. Each lay is played alone by `rules qwirkle apply` with its tiles as the hand
# and the bag empty (so the codec counts the end bonus: taken off here). The hands' and the
# bag's counts are followed from the lays (each seat draws back to six while the bag lasts)
# to know whether the last lay emptied its seat's hand.
check_game() {
	n=$1
	# seat, points, number of tiles, tiles, placements (joined by spaces), one lay a line
	awk '$3 == "lay" { t = $6; gsub(/\+/, " ", t); h = t; gsub(/@[-0-9]*,[-0-9]*/, "", h)
		printf "%s\t%s\t%d\t%s\t%s\n", $4, $5, split(h, x, " "), h, t }' "$WORK/spec$n.out" >"$WORK/lays$n"
	last=$(wc -l <"$WORK/lays$n")
	[ "$last" -ge 10 ] || fail "q$n: few lays: $(cat "$WORK/spec$n.out")"
	# shellcheck disable=SC2034 # h0 .. h3, the hands' counts, are read through eval
	table=- k=0 bag=$((108 - 6 * n)) h0=6 h1=6 h2=6 h3=6
	: >"$WORK/sums$n"
	# shellcheck disable=SC2034 # ntiles is read in the eval
	while IFS='	' read -r seat points ntiles tiles lay; do
		k=$((k + 1))
		"$CTL" rules qwirkle apply "$table" "$tiles" 0 "$lay" >"$WORK/apply$n" 2>&1 ||
			fail "q$n lay $k: rules apply '$table' '$tiles' 0 '$lay': $(cat "$WORK/apply$n")"
		before=$table
		{ IFS='	' read -r _ _ want && IFS='	' read -r _ table; } <"$WORK/apply$n"
		eval "held=\$((h$seat - ntiles))"
		drawn=$((6 - held < bag ? 6 - held : bag))
		bag=$((bag - drawn)) held=$((held + drawn))
		eval "h$seat=$held"
		[ "$held" -eq 0 ] || want=$((want - 6))
		[ "$held" -eq 0 ] && [ "$k" -ne "$last" ] && fail "q$n: seat $seat emptied its hand at lay $k of $last"
		[ "$points" -eq "$want" ] || fail "q$n lay $k by seat $seat ($lay on $before): $points points, the codec says $want"
		echo "$seat $points" >>"$WORK/sums$n"
	done <"$WORK/lays$n"
	top=-1
	: >"$WORK/scores$n"
	for s in $(seq 0 $((n - 1))); do
		sum=$(awk -v s="$s" '$1 == s { t += $2 } END { print t + 0 }' "$WORK/sums$n")
		echo "$sum" >>"$WORK/scores$n"
		[ "$sum" -gt "$top" ] && top=$sum
	done
	ntop=$(grep -cx "$top" "$WORK/scores$n")
	mtop=$([ "$ntop" -gt 1 ] && echo 1 || echo 2)
	grep -q "^EVENT [0-9]* over $mtop none 0\$" "$WORK/spec$n.out" ||
		fail "q$n: no over with $mtop match points at the top: $(grep over "$WORK/spec$n.out")"
	for i in $(seq 1 "$n"); do
		f="$WORK/b$n$i.out"
		seat=$(sed -n "s/^EVENT [0-9]* join \([0-3]\) [^ ]* b$n$i .*/\1/p" "$WORK/spec$n.out")
		[ -n "$seat" ] || fail "q$n: b$n$i never sat: $(cat "$WORK/spec$n.out")"
		[ "$(grep -c '^{"game":1,' "$f")" -eq 1 ] || fail "bot b$n$i's stats: $(cat "$f" "$WORK/b$n$i.err")"
		grep -qE 'refused|cannot move|malformed' "$WORK/b$n$i.err" && fail "bot b$n$i: $(cat "$WORK/b$n$i.err")"
		pts=$(sed -n 's/.*"points":\([0-9]*\).*/\1/p' "$f")
		res=$(sed -n 's/.*"result":"\([a-z]*\)".*/\1/p' "$f")
		sum=$(sed -n "$((seat + 1))p" "$WORK/scores$n")
		want=lose mp=0
		if [ "$sum" -eq "$top" ] && [ "$ntop" -gt 1 ]; then
			want=draw mp=1
		elif [ "$sum" -eq "$top" ]; then
			want=win mp=2
		fi
		[ "$res" = "$want" ] && [ "$pts" -eq "$mp" ] ||
			fail "bot b$n$i at seat $seat: $res and $pts match points with $sum points (top $top, $ntop at the top)"
	done
	note "$n seats: scores $(tr '\n' ' ' <"$WORK/scores$n")in $last lays, bag $bag at the end"
}

start_daemon --board q2:qwirkle,seats=2 --board q3:qwirkle,seats=3 --board q4:qwirkle,seats=4 --seed 11
PIDS=""
for n in 2 3 4; do
	client "spec$n" $((n + 3)) spectator; say $((n + 3)) "join q$n"
	wait_for "$WORK/spec$n.out" "^OK join q$n "
	for i in $(seq 1 "$n"); do
		run_bot "b$n$i" --board "q$n" --games 1 --delay-ms 0 --level "$(echo "$LEVELS" | cut -d' ' -f"$i")" --seed "$n$i"
		PIDS="$PIDS $PID:b$n$i"
	done
done
for p in $PIDS; do wait_bot "${p%%:*}" "${p#*:}"; done
# The three games checked at once, each in a subshell whose fail only says why.
CHECKS=""
for n in 2 3 4; do
	(fail() { echo "FAIL: $*"; exit 1; }; check_game "$n") >"$WORK/check$n" 2>&1 &
	CHECKS="$CHECKS $!:$n"
done
for c in $CHECKS; do
	wait "${c%%:*}" || fail "game of ${c#*:} seats: $(cat "$WORK/check${c#*:}")"
	cat "$WORK/check${c#*:}"
done
finish
