#!/bin/sh
# Per-uid limits against one local user who tries to take everything. The daemon runs as
# root; the attacker is nobody, the other user is daemon (uid 1), two board-bots.
# (a) Connection flood: nobody opens thousands of silent connections. At most
#     --max-connections-per-uid are open at once, every other gets
#     "ERR limit too many connections for uid 65534 (limit 16)", silent ones get ERR idle
#     after --idle-ms and are closed, a joined quiet spectator of nobody's is never closed;
#     meanwhile uid 1 connects, gets seats and finishes a game; the log holds a bounded number
#     of refusal lines and says how many it suppressed.
# (b) Seat grab: nobody joins with 12 connections: 8 seats (--max-seats-per-uid), 4 get
#     "ERR limit too many seats on this board for uid 65534 (limit 8)"; uid 1 still gets
#     seats and finishes a game while nobody holds its 8. The 4 refused connections are
#     closed once idle; the 8 seated ones, as silent, are not.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

# What the other users run is copied where they can reach it, whatever folder holds the build.
need_nobody "the daemon as root, clients as nobody and daemon"
BOT=$(for_nobody "$BIN/board-bot")
mkdir -m 1777 "$WORK/sig" # where they leave their ready files
as_daemon() { setpriv --reuid=daemon --regid=daemon --clear-groups "$@"; }

# two_bots: uid 1's two bots play one game to its end on board main; fails otherwise.
two_bots() {
	for b in ann bea; do
		as_daemon timeout 90 "$BOT" --name "$b" --games 1 --stats --delay-ms 20 \
			>"$WORK/$b.out" 2>"$WORK/$b.err" &
		eval "pid_$b=\$!"
	done
	for b in ann bea; do
		eval "wait \$pid_$b" || fail "uid 1's bot $b did not finish a game: $(cat "$WORK/$b.err")"
		grep -q '"result":"\(win\|lose\)"' "$WORK/$b.out" || fail "bot $b reported no finished game"
	done
	note "uid 1's two bots finished a game: $(cat "$WORK/ann.out") $(cat "$WORK/bea.out")"
}

refusals() { grep -c 'refused pid [0-9]*: too many\|refused a connection' "$WORK/daemon.log"; }

note "(a) connection flood: nobody against --max-connections-per-uid 16 --idle-ms 2000"
start_daemon --board main:4 --min-players 2 --max-connections-per-uid 16 --max-seats-per-uid 8 \
	--idle-ms 2000 --first-pick-ms 2000 --mismatch-ms 50 --restart-ms 100000
t0=$(date +%s)
as_nobody "$FAULT" hog --limit 16 --idle-ms 2000 --attempts 3000 --idles 15 \
	--ready "$WORK/sig/hog.ready" --until "$WORK/sig/hog.stop" >"$WORK/sig/hog.out" 2>&1 &
hog=$!
wait_until "nobody at its connection limit" test -e "$WORK/sig/hog.ready"
two_bots
touch "$WORK/sig/hog.stop"
wait "$hog" || fail "the flood's checks failed: $(cat "$WORK/sig/hog.out")"
cat "$WORK/sig/hog.out"
grep -q 'refused pid [0-9]*: too many connections for uid 65534 (limit 16)' "$WORK/daemon.log" ||
	fail "no refusal naming the limit in the log"
# The sum of a window's suppressed refusals is logged once the window (10 s) is over.
wait_until "a 'suppressed K refusals' line in the log" grep -q 'suppressed [0-9]* refusals' "$WORK/daemon.log"
secs=$(($(date +%s) - t0 + 1))
n=$(refusals)
bound=$((10 * (secs / 10 + 2)))
[ "$n" -le "$bound" ] || fail "$n refusal lines in $secs s, more than $bound"
note "log: $n refusal lines in $secs s (bound $bound), then: $(grep -m1 'suppressed' "$WORK/daemon.log" | sed 's/^boardd\[[0-9]*\]: //')"
grep -q 'closed: idle' "$WORK/daemon.log" || fail "no idle close in the log"
stop_daemon

note "(b) seat grab: nobody against --max-seats-per-uid 8"
base=$(wc -l <"$WORK/daemon.log") # (a)'s lines are not (b)'s
start_daemon --board main:4 --min-players 2 --max-connections-per-uid 16 --max-seats-per-uid 8 \
	--idle-ms 1000 --first-pick-ms 2000 --mismatch-ms 50 --restart-ms 100000
as_nobody "$FAULT" grab --conns 12 --limit 8 --ready "$WORK/sig/grab.ready" --until "$WORK/sig/grab.stop" \
	>"$WORK/grab.out" 2>&1 &
grab=$!
wait_until "nobody's seats" test -e "$WORK/sig/grab.ready"
two_bots
# The 4 refused joins are unjoined connections: closed once idle. The 8 seats, as silent,
# stay (grab pings each at the end).
wait_until "the refused connections' idle close" \
	sh -c '[ "$(tail -n +"$1" "$0" | grep -c "closed: idle")" -ge 4 ]' "$WORK/daemon.log" $((base + 1))
touch "$WORK/sig/grab.stop"
wait "$grab" || fail "the seat grab's checks failed: $(cat "$WORK/grab.out")"
cat "$WORK/grab.out"
stop_and_count
finish
