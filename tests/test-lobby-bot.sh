#!/bin/sh
# test-lobby-bot.sh: board-bot --play and boardctl's lobby on a real boardd:
#  - board-bot's lobby options on its command line;
#  - alone, a bot with --wait-rounds 2 gives up (status 3) after two countdowns ran out,
#    having asked again after the first; boardctl games and list say why without a daemon;
#  - a waiting bot whose daemon is killed and restarted plays again and is matched; bots
#    at a table whose daemon is killed mid-match take their seats back and finish;
#  - two bots --play tictactoe are matched at a table the daemon made and play three games
#    there (rematches): both exit 0, one's wins are the other's losses, their draws equal;
#  - a bot whose opponent left after their game goes back to the lobby and is matched again;
#  - a bot with --opponent alice is matched with alice, not with bob who waited first;
#    boardctl list shows bob waiting and their table with its two seats and a spectator,
#    boardctl games the games, both in text and --json;
#  - a bot started as nobody (setpriv) plays a bot of root's: ps shows nobody's uid;
#  - two bots --play memory play a game at a memory table: every pair between them;
#  - two bots and a player of our own asking `play memory seats=3` are matched at one table
#    of three seats; after the first game the table waits (on a daemon whose static boards
#    restart at once) until all three asked for a rematch, then the bots play the second;
#    a static board refuses a rematch (it restarts by itself).
. "$(dirname "$0")/lib.sh"
CTL="$BIN/boardctl"
NPID="" E_PID=""
trap 'stop_players; kill $NPID $E_PID 2>/dev/null; cleanup' EXIT INT TERM

# tally FILE: the wins, losses and draws of a bot's stats lines.
tally() {
	echo "$(grep -c '"result":"win"' "$1") $(grep -c '"result":"lose"' "$1") $(grep -c '"result":"draw"' "$1")"
}

# check_pair GAMES A B: bots A and B each wrote GAMES well-formed stats lines; A's wins are
# B's losses, A's losses B's wins, and their draws are as many.
check_pair() {
	for f in "$WORK/$2.out" "$WORK/$3.out"; do
		good=$(grep -cE '^\{"game":[0-9]+,"result":"(win|lose|draw)","points":[0-9]+,"moves":[0-9]+,"side":"[XO]"\}$' "$f")
		[ "$good" -eq "$1" ] && [ "$(wc -l <"$f")" -eq "$1" ] || fail "$f: want $1 stats lines, got: $(cat "$f")"
	done
	# shellcheck disable=SC2046 # the six numbers, split on purpose
	set -- $(tally "$WORK/$2.out") $(tally "$WORK/$3.out")
	[ "$1" -eq "$5" ] && [ "$2" -eq "$4" ] && [ "$3" -eq "$6" ] ||
		fail "results do not add up: won, lost, drawn $1 $2 $3 against $4 $5 $6"
}

# table_of NAME: the table bot NAME last said it was matched at.
table_of() { sed -n 's/^board-bot: matched: playing at table \([^ ]*\) .*/\1/p' "$WORK/$1.err" | tail -n 1; }

# ctl ARGS...: boardctl, which must exit 0; its output in $WORK/ctl.
ctl() { "$CTL" "$@" >"$WORK/ctl" 2>&1 || fail "boardctl $* exited $?: $(cat "$WORK/ctl")"; }

note "command line"
"$BOT" --help | grep -q -- '--play GAME' || fail "--help does not describe --play"
bot_usage_error --play chess
bot_usage_error --play tictactoe --board main
bot_usage_error --play tictactoe --game tictactoe
bot_usage_error --play tictactoe --level seed
bot_usage_error --opponent alice
bot_usage_error --option move-limit-ms=5000
bot_usage_error --wait-rounds 2
bot_usage_error --play tictactoe --option move-limit-ms
bot_usage_error --play tictactoe --option opponent=alice
bot_usage_error --play tictactoe --opponent 'two words'
# shellcheck disable=SC2046 # seventeen --option words: one too many
bot_usage_error --play tictactoe $(for k in a b c d e f g h i j k l m n o p q; do printf ' --option %s=1' "$k"; done)
grep -q 'at most 16' "$WORK/usage.err" || fail "seventeen options: $(cat "$WORK/usage.err")"

note "alone, --wait-rounds 2: two countdowns run out, it asked again after the first, status 3"
start_daemon --lobby-wait-ms 1000
run_bot alone --play tictactoe --wait-rounds 2 -v
wait "$PID"
rc=$?
[ "$rc" -eq 3 ] || fail "alone exited $rc, want 3: $(cat "$WORK/alone.err")"
grep -q '^board-bot: no opponent for tictactoe after 2 countdowns; giving up$' "$WORK/alone.err" ||
	fail "alone: $(cat "$WORK/alone.err")"
[ "$(grep -c '^board-bot: nobody to play tictactoe with yet; asking again$' "$WORK/alone.err")" -eq 1 ] ||
	fail "alone did not ask again exactly once: $(cat "$WORK/alone.err")"
grep -q '^board-bot: waiting to play tictactoe: 1 s left$' "$WORK/alone.err" || fail "no countdown at -v: $(cat "$WORK/alone.err")"
note "a setting the daemon refuses: status 2, the daemon's reason said"
"$BOT" --play tictactoe --option no-such-option=1 2>"$WORK/refused.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q 'refused to play tictactoe: option ' "$WORK/refused.err" ||
	fail "a refused option: status $rc, $(cat "$WORK/refused.err")"
stop_daemon
note "no daemon: boardctl games fails and says so; list says the lobby is not there"
"$CTL" games >"$WORK/ctl" 2>&1 && fail "boardctl games without a daemon exited 0"
grep -q "^boardctl: games: no answer from the daemon on $SOCK: " "$WORK/ctl" || fail "games without a daemon: $(cat "$WORK/ctl")"
ctl list
grep -q "^lobby: no daemon answers on $SOCK$" "$WORK/ctl" || fail "list without a daemon: $(cat "$WORK/ctl")"
ctl list --json
json "$WORK/ctl" "d['lobby'] is None"

start_daemon --lobby-wait-ms 600000
note "a waiting bot's daemon is killed and restarted: it plays again and is matched"
run_bot again --play tictactoe --games 1 --delay-ms 0
G=$PID
wait_until "again waiting" sh -c "'$CTL' list | grep -qE '^  tictactoe +again '"
kill -KILL "$DPID"
wait "$DPID" 2>/dev/null
DPID=""
start_daemon --lobby-wait-ms 600000
wait_until "again waiting on the new daemon" sh -c "'$CTL' list | grep -qE '^  tictactoe +again '"
grep -q '^board-bot: back in the lobby$' "$WORK/again.err" || fail "again: $(cat "$WORK/again.err")"
run_bot later --play tictactoe --games 1 --delay-ms 0
wait_bot "$G" again
wait_bot "$PID" later
check_pair 1 again later

note "kill -9 mid-match, restart: both bots take their seats at their table back with their tokens"
run_bot k1 --play tictactoe --games 2 --delay-ms 400 --seed 6
A=$PID
run_bot k2 --play tictactoe --games 2 --delay-ms 400 --seed 7
wait_until "a move at their table" sh -c "grep -q 'matched: playing at table' '$WORK/k1.err' &&
	'$CTL' dump \$(sed -n 's/^board-bot: matched: playing at table \([^ ]*\) .*/\1/p' '$WORK/k1.err') --json |
	grep -q '\"position\":\"[^\"]*[XO]'"
kill -KILL "$DPID"
wait "$DPID" 2>/dev/null
DPID=""
start_daemon --lobby-wait-ms 600000
wait_bot "$A" k1
wait_bot "$PID" k2
check_pair 2 k1 k2
for n in k1 k2; do
	grep -q "^board-bot: back on board $(table_of k1) as player [01] (seat kept)$" "$WORK/$n.err" ||
		fail "bot $n did not take its seat back: $(cat "$WORK/$n.err")"
done

note "two bots --play tictactoe: matched at one table, three games there, results that add up"
run_bot p1 --play tictactoe --games 3 --delay-ms 0 --seed 1 -v
A=$PID
wait_until "p1 waiting" sh -c "'$CTL' list | grep -qE '^  tictactoe +p1 '" # so that its countdown starts
run_bot p2 --play tictactoe --games 3 --delay-ms 0 --seed 2 --level easy
wait_bot "$A" p1
wait_bot "$PID" p2
check_pair 3 p1 p2
T=$(table_of p1)
[ -n "$T" ] && [ "$T" = "$(table_of p2)" ] || fail "not at one table: '$T' and '$(table_of p2)'"
case $T in tictactoe-[0-9]*) ;; *) fail "table name '$T'" ;; esac
grep -q '^board-bot: waiting to play tictactoe: 600 s left$' "$WORK/p1.err" || fail "p1 showed no countdown: $(cat "$WORK/p1.err")"
grep -q 'played 3 games; left the board' "$WORK/p2.err" || fail "p2: $(cat "$WORK/p2.err")"
note "p1 against p2 (won, lost, drawn): $(tally "$WORK/p1.out") at $T"

note "one game for b, two for a: a leaves their table for the lobby and is matched with c"
run_bot a --play tictactoe --games 2 --delay-ms 0 --seed 3
A=$PID
run_bot b --play tictactoe --games 1 --delay-ms 0 --seed 4
wait_bot "$PID" b
run_bot c --play tictactoe --games 1 --delay-ms 0 --seed 5
wait_bot "$A" a
wait_bot "$PID" c
cat "$WORK/b.out" "$WORK/c.out" >"$WORK/bc.out"
check_pair 2 a bc
[ "$(grep -c '^board-bot: matched: playing at table ' "$WORK/a.err")" -eq 2 ] && [ "$(table_of a)" = "$(table_of c)" ] &&
	[ "$(table_of b)" != "$(table_of c)" ] || fail "a was not matched with b, then with c: $(cat "$WORK/a.err")"
grep -q "^board-bot: player [01] left table $(table_of b); back to the lobby$" "$WORK/a.err" ||
	fail "a did not say it went back to the lobby: $(cat "$WORK/a.err")"

note "--opponent alice: matched with alice, not with bob who waits first"
player bob A
exec 3>"$WORK/bob.in"
printf 'hello bob player\nplay tictactoe\n' >&3
wait_for "$WORK/bob.out" "^OK play tictactoe"
player alice B
exec 4>"$WORK/alice.in"
printf 'hello alice player\nplay tictactoe opponent=picky\n' >&4
wait_for "$WORK/alice.out" "^OK play tictactoe"
ME=$(id -un)
ctl list
grep -qE "^  tictactoe +alice +$ME +[0-9]+ s  ([a-z-]+=[0-9]+,)*opponent=picky(,[a-z-]+=[0-9]+)*$" "$WORK/ctl" ||
	fail "list: alice is not waiting for picky: $(cat "$WORK/ctl")"
run_bot picky --play tictactoe --opponent alice --games 1 --delay-ms 0
P=$PID
wait_for "$WORK/alice.out" "^EVENT 0 matched tictactoe-[0-9]+ tictactoe$"
T=$(sed -n 's/^EVENT 0 matched \(tictactoe-[0-9]*\) tictactoe$/\1/p' "$WORK/alice.out")
wait_until "picky at table $T" grep -q "^board-bot: matched: playing at table $T " "$WORK/picky.err"
grep -q matched "$WORK/bob.out" && fail "bob was matched: $(cat "$WORK/bob.out")"
printf 'join %s\n' "$T" >&4
wait_for "$WORK/alice.out" "^EVENT [0-9]+ state on 1$"

player eve E
exec 5>"$WORK/eve.in"
printf 'hello eve spectator\nwatch %s\n' "$T" >&5
wait_for "$WORK/eve.out" "^OK join $T - - 3 - "

note "boardctl list: bob waiting, table $T on with alice's and picky's seats, eve watching"
ctl list
grep -qE "^  $T +tictactoe +on +2 +1  clock-ms=[0-9]+,increment-ms=[0-9]+,move-limit-ms=[0-9]+$" "$WORK/ctl" ||
	fail "list: no table $T: $(cat "$WORK/ctl")"
for n in alice picky; do
	grep -qE "^    seat [01]  playing +$n \(user $ME\)$" "$WORK/ctl" || fail "list: no seat of $n at $T: $(cat "$WORK/ctl")"
done
grep -E "^  tictactoe +bob +$ME +[0-9]+ s  " "$WORK/ctl" | grep -qv opponent= || fail "list: bob is not waiting: $(cat "$WORK/ctl")"
grep -q "^lobby: [0-9]* tables, 1 waiting to play$" "$WORK/ctl" || fail "list: lobby head: $(cat "$WORK/ctl")"
ctl list --json
json "$WORK/ctl" "[(w['game'],w['name'],w['login'],'opponent' in w['options']) for w in d['lobby']['waiting']]==[('tictactoe','bob','$ME',False)]" \
	"0 < d['lobby']['waiting'][0]['seconds_left'] <= 600" \
	"[(t['game'],t['state'],t['players'],t['spectators']) for t in d['lobby']['tables'] if t['name']=='$T']==[('tictactoe','on',2,1)]" \
	"sorted((s['name'],s['state'],s['login']) for t in d['lobby']['tables'] if t['name']=='$T' for s in t['seats'])==[('alice','playing','$ME'),('picky','playing','$ME')]" \
	"[sorted(t['options']) for t in d['lobby']['tables'] if t['name']=='$T']==[['clock-ms','increment-ms','move-limit-ms']]"
note "boardctl games"
ctl games
grep -qE '^tictactoe +2  clock-ms=[0-9]+ increment-ms=[0-9]+ move-limit-ms=[0-9]+$' "$WORK/ctl" || fail "games: $(cat "$WORK/ctl")"
grep -qE '^memory +2  dim=[0-9]+ seats=2$' "$WORK/ctl" || fail "games: no memory: $(cat "$WORK/ctl")"
ctl games --json
json "$WORK/ctl" "d['socket']=='$SOCK'" \
	"[(g['seats'],sorted(g['options'])) for g in d['games'] if g['name']=='tictactoe']==[(2,['clock-ms','increment-ms','move-limit-ms'])]"
exec 5>&-
wait "$E_PID"
E_PID=""
printf 'resign\n' >&4
wait_bot "$P" picky
grep -q '"result":"win"' "$WORK/picky.out" || fail "picky did not win by alice's resignation: $(cat "$WORK/picky.out")"
stop_players

note "a bot of nobody's against a bot of root's"
command -v setpriv >/dev/null && [ "$(id -u)" = 0 ] || fail "this part needs root and setpriv"
NBOT=$(for_nobody "$BOT")
setpriv --reuid=nobody --regid=nogroup --clear-groups timeout 60 "$NBOT" --name nob --stats --play tictactoe \
	--games 2 --delay-ms 0 >"$WORK/nob.out" 2>"$WORK/nob.err" &
NPID=$!
wait_until "nobody's bot waiting" sh -c "'$CTL' list | grep -qE '^  tictactoe +nob +nobody '"
BPID=$(ps -o pid= --ppid "$NPID" | tr -d ' ')
[ "$(ps -o comm= -p "$BPID")" = board-bot ] || fail "no board-bot under timeout $NPID: $(ps -o pid,comm --ppid "$NPID")"
[ "$(ps -o uid= -p "$BPID" | tr -d ' ')" = 65534 ] || fail "the bot runs as uid $(ps -o uid= -p "$BPID"), not nobody's"
[ "$(ps -o uid= -p "$DPID" | tr -d ' ')" = 0 ] || fail "the daemon does not run as root"
run_bot rooty --play tictactoe --games 2 --delay-ms 0
wait_bot "$PID" rooty
wait "$NPID"
rc=$?
NPID=""
[ "$rc" -eq 0 ] || fail "nobody's bot exited $rc: $(cat "$WORK/nob.err")"
check_pair 2 nob rooty
[ "$(table_of nob)" = "$(table_of rooty)" ] || fail "nob and rooty at different tables"

note "two bots --play memory: matched at a memory table, one game each, all the pairs between them"
run_bot m1 --play memory --games 1 --delay-ms 0 --seed 8
A=$PID
run_bot m2 --play memory --games 1 --delay-ms 0 --seed 9
wait_bot "$A" m1
wait_bot "$PID" m2
T=$(table_of m1)
case $T in memory-[0-9]*) [ "$T" = "$(table_of m2)" ] ;; *) false ;; esac || fail "m1 at '$T', m2 at '$(table_of m2)'"
python3 -c '
import json, sys
a, b = (json.loads(open(f).read()) for f in sys.argv[1:])
pairs = {"win": "lose", "lose": "win"}
assert a["points"] + b["points"] == 16, (a, b)  # a 4x4 board: 8 pairs, 2 points each
assert a["result"] == b["result"] == "win" if a["points"] == b["points"] else pairs.get(a["result"]) == b["result"], (a, b)
assert (a["result"] == "win") == (a["points"] >= b["points"]), (a, b)
' "$WORK/m1.out" "$WORK/m2.out" || fail "memory results: $(cat "$WORK/m1.out" "$WORK/m2.out")"

note "two bots and ray at a memory table of three seats: the next game on all three rematches only"
stop_daemon
start_daemon --lobby-wait-ms 600000 --restart-ms 1 # a static board would restart at once
client ray 3
say 3 "play memory seats=3 dim=2"
wait_for "$WORK/ray.out" "^OK play memory$"
run_bot r1 --play memory --option seats=3 --option dim=2 --games 2 --delay-ms 0 --seed 1
A=$PID
run_bot r2 --play memory --option seats=3 --option dim=2 --games 2 --delay-ms 0 --seed 2
wait_for "$WORK/ray.out" "^EVENT 0 matched memory-[0-9]+ memory$"
T=$(sed -n 's/^EVENT 0 matched \(memory-[0-9]*\) memory$/\1/p' "$WORK/ray.out")
say 3 "join $T"
wait_for "$WORK/ray.out" "^OK join $T "
RAY=$(sed -n "s/^OK join $T \([0-9]*\) .*/\1/p" "$WORK/ray.out") # seats go in the order of joining
# ray never picks: the bots take both pairs, then both ask for the next game.
wait_for "$WORK/ray.out" "^EVENT [0-9]+ state over 1$"
two_rematches() { [ "$(grep -E "^EVENT [0-9]+ rematch [0-9]+$" "$WORK/ray.out" | grep -cv " $RAY$")" -ge 2 ]; }
wait_until "both bots' rematch" two_rematches
say 3 "ping"
wait_for "$WORK/ray.out" "^OK pong$"
[ "$(count ray "^EVENT [0-9]+ state on")" -eq 1 ] || fail "the table restarted before ray's rematch: $(cat "$WORK/ray.out")"
say 3 "rematch"
wait_for "$WORK/ray.out" "^OK rematch$"
wait_for "$WORK/ray.out" "^EVENT [0-9]+ state on 2$"
wait_bot "$A" r1
wait_bot "$PID" r2
[ "$T" = "$(table_of r1)" ] && [ "$T" = "$(table_of r2)" ] || fail "ray at $T, r1 at '$(table_of r1)', r2 at '$(table_of r2)'"
python3 -c '
import json, sys
games = [[json.loads(l) for l in open(f)] for f in sys.argv[1:]]
assert all([g["game"] for g in b] == [1, 2] for b in games), games
assert all(sum(b[n]["points"] for b in games) == 4 for n in (0, 1)), games  # 2 pairs, 2 points each
' "$WORK/r1.out" "$WORK/r2.out" || fail "two bots: $(cat "$WORK/r1.out" "$WORK/r2.out")"
cat "$WORK/r1.err" "$WORK/r2.err" | grep "rematch refused" && fail "a bot's rematch was refused"
bye 3
out=$(printf '%s\n' "hello st player" "join main" "rematch" | socat -t 2 - UNIX-CONNECT:"$SOCK" 2>&1 | grep '^ERR')
echo "$out" | grep -q "^ERR notsupported this table starts its next game by itself after the end$" ||
	fail "a rematch on a static Memory board: $out"
finish
