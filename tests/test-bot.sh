#!/bin/sh
# test-bot.sh: board-bot against a real boardd: its command line, two bots playing games to
# the end with consistent --stats, a solo perfect game, perfect against easy, joining mid-game.
. "$(dirname "$0")/lib.sh"
FAST="--first-pick-ms 2000 --mismatch-ms 100 --restart-ms 300 --seed 42"

# check_stats GAMES TOTAL FILE...: each file holds GAMES well-formed stats lines; in every game
# the bots' points add up to TOTAL, the results agree with the points (ties all win), and
# nobody scored more points than two per move.
check_stats() {
	want=$1 total=$2
	shift 2
	for f in "$@"; do
		good=$(grep -cE '^\{"game":[0-9]+,"result":"(win|lose)","points":[0-9]+,"moves":[0-9]+\}$' "$f")
		[ "$good" -eq "$want" ] && [ "$(wc -l <"$f")" -eq "$want" ] ||
			fail "$f: want $want stats lines, got: $(cat "$f")"
	done
	bad=$(awk -F'[{}":,]+' -v total="$total" -v bots=$# '
		{ g = $3; k = ++n[g]; pts[g, k] = $7; res[g, k] = $5; sum[g] += $7
		  if ($9 * 2 < $7) print "game " g ": " $9 " moves cannot make " $7 " points" }
		END { for (g in n) {
			if (n[g] != bots) { print "game " g ": reported by " n[g] " bots, want " bots; continue }
			if (sum[g] != total) print "game " g ": points add up to " sum[g] ", want " total
			best = 0
			for (i = 1; i <= n[g]; i++) if (pts[g, i] > best) best = pts[g, i]
			for (i = 1; i <= n[g]; i++)
				if (res[g, i] != (pts[g, i] == best ? "win" : "lose"))
					print "game " g ": " pts[g, i] " points (best " best ") but result " res[g, i] } }' "$@")
	[ -z "$bad" ] || fail "inconsistent stats: $bad; $(cat "$@")"
}

# locked_cards: how many cards of board main are locked, asked as a spectator.
locked_cards() {
	printf 'hello spy spectator\njoin main\ncards\nquit\n' | socat -t 5 - UNIX-CONNECT:"$SOCK" |
		grep -c '^CARD .* locked '
}

note "command line"
"$BOT" --help | grep -q -- '--memory N' || fail "--help does not describe --memory"
"$BOT" --version | grep -q '^board-bot [0-9]' || fail "--version: $("$BOT" --version)"
for bad in "--level hard" "--delay-ms -1" "--games x" "--level easy --memory 3" "stray"; do
	"$BOT" $bad 2>"$WORK/usage.err"
	rc=$?
	[ "$rc" -eq 2 ] || fail "board-bot $bad exited $rc, want 2"
	grep -q '^board-bot: ' "$WORK/usage.err" || fail "board-bot $bad: no message: $(cat "$WORK/usage.err")"
done
"$BOT" --socket "$WORK/nobody.sock" 2>"$WORK/nobody.err"
rc=$?
[ "$rc" -eq 1 ] || fail "no daemon: exited $rc, want 1"
grep -q "$WORK/nobody.sock" "$WORK/nobody.err" || fail "no daemon: message lacks the socket: $(cat "$WORK/nobody.err")"

note "two perfect bots, two games on 4x4"
start_daemon --board main:4 $FAST
run_bot a --games 2 --delay-ms 0 --seed 1
A=$PID
run_bot b --games 2 --delay-ms 0 --seed 2
B=$PID
wait_bot "$A" a
wait_bot "$B" b
check_stats 2 16 "$WORK/a.out" "$WORK/b.out"
stop_daemon

note "solo perfect game on 6x6: all 36 points in at most 36 moves (one per pair, one per two new cards)"
start_daemon --board main:6 --min-players 1 $FAST
run_bot solo --games 1 --delay-ms 0 --seed 3
wait_bot "$PID" solo
check_stats 1 36 "$WORK/solo.out"
moves=$(sed 's/.*"moves":\([0-9]*\).*/\1/' "$WORK/solo.out")
[ "$moves" -le 36 ] || fail "a perfect bot alone needed $moves moves"
run_bot forgetful --games 1 --delay-ms 0 --seed 4 --memory 3
wait_bot "$PID" forgetful
check_stats 1 36 "$WORK/forgetful.out"
stop_daemon

note "the same seeds give the same solo game"
start_daemon --board main:6 --min-players 1 $FAST
run_bot again --games 1 --delay-ms 0 --seed 3
wait_bot "$PID" again
cmp -s "$WORK/solo.out" "$WORK/again.out" || fail "seeded games differ: $(cat "$WORK/solo.out" "$WORK/again.out")"
stop_daemon

note "perfect against easy, three games on 6x6"
start_daemon --board main:6 $FAST
run_bot perfect --games 3 --delay-ms 0 --seed 5 --level perfect
A=$PID
run_bot easy --games 3 --delay-ms 0 --seed 6 --level easy
B=$PID
wait_bot "$A" perfect
wait_bot "$B" easy
check_stats 3 36 "$WORK/perfect.out" "$WORK/easy.out"
p=$(awk -F'[{}":,]+' '{ s += $7 } END { print s + 0 }' "$WORK/perfect.out")
e=$(awk -F'[{}":,]+' '{ s += $7 } END { print s + 0 }' "$WORK/easy.out")
note "perfect $p points, easy $e points"
[ "$p" -gt "$e" ] || fail "perfect scored $p, easy $e over three games"
stop_daemon

note "a seed bot joins a game in progress"
start_daemon --board main:6 --min-players 1 $FAST
run_bot early --games 1 --delay-ms 60 --seed 7
A=$PID
for _ in $(seq 1 200); do
	[ "$(locked_cards)" -ge 4 ] && break
	sleep 0.05
done
[ "$(locked_cards)" -ge 4 ] || fail "the first bot locked no pair: $(cat "$WORK/early.err")"
run_bot late --games 1 --delay-ms 0 --seed 8 --level seed
B=$PID
wait_bot "$A" early
wait_bot "$B" late
check_stats 1 36 "$WORK/early.out" "$WORK/late.out"
finish
