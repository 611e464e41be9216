#!/bin/sh
# test-boardctl-events.sh: boardctl events against a real boardd: each event's time (text
# with --time, JSON's time and time_ms, within the test's own clock readings), --since in
# its "ago" and ISO 8601 forms, JSON's parsed fields through each game's codec (tic-tac-toe's
# move, Memory's cards), and --follow: new events streamed as they come, ending with a
# message when a lobby table is retired (status 0), when the daemon is killed (status 1) and
# when it stops (its bye shown, status 0); Ctrl+C (SIGINT) ends it with status 0.
. "$(dirname "$0")/lib.sh"
CTL="$BIN/boardctl"
ms() { date +%s%3N; }

# rc_of EXPECTED CMD...: run a boardctl command, output in $WORK/out and $WORK/err.
rc_of() {
	want=$1; shift
	"$CTL" "$@" >"$WORK/out" 2>"$WORK/err"; rc=$?
	[ "$rc" -eq "$want" ] || fail "boardctl $* exited $rc, not $want: $(cat "$WORK/out" "$WORK/err")"
}
# follow NAME ARGS...: boardctl events --follow ARGS in the background, its output in
# $WORK/NAME.f and messages in $WORK/NAME.e; its pid in FPID. ended NAME WANT: it must end
# by itself with status WANT.
follow() {
	n=$1; shift
	"$CTL" events --follow "$@" >"$WORK/$n.f" 2>"$WORK/$n.e" &
	FPID=$!
}
ended() {
	for _ in $(seq 1 300); do kill -0 "$FPID" 2>/dev/null || break; sleep 0.1; done
	kill -0 "$FPID" 2>/dev/null && fail "events --follow ($1) did not end: $(cat "$WORK/$1.f" "$WORK/$1.e")"
	wait "$FPID"; rc=$?
	[ "$rc" -eq "$2" ] || fail "events --follow ($1) exited $rc, not $2: $(cat "$WORK/$1.e")"
}

note "usage"
rc_of 2 events --since yesterday
grep -q "since wants" "$WORK/err" || fail "--since yesterday: $(cat "$WORK/err")"
rc_of 2 events --since 5x
rc_of 2 dump --follow
rc_of 2 list --since 5m

T0=$(ms)
start_daemon --board main:tictactoe --board cards:4 --min-players 1 --first-pick-ms 3600000 \
	--mismatch-ms 3600000 --lobby-wait-ms 5000 --away-ms 500
client ana 3
client bob 4
say 3 "join main"
say 4 "join main"
wait_for "$WORK/ana.out" "^EVENT [0-9]+ turn "
X=$(sed -n 's/^EVENT [0-9]* side \([01]\) 0$/\1/p' "$WORK/ana.out" | head -n 1)
[ -n "$X" ] || fail "no side 0 (X) told: $(cat "$WORK/ana.out")"
A=$(sed -n 's/^OK join main \([01]\) .*/\1/p' "$WORK/ana.out")
O=$((1 - X)) FX=4 FO=3 # X's seat and O's; the fds of the clients at them
[ "$A" = "$X" ] && FX=3 FO=4
say $FX "move 0 0"
wait_for "$WORK/ana.out" "^EVENT [0-9]+ move $X X 0 0$"
T1=$(ms)

note "times: text with --time, JSON's time and time_ms within the test's clock"
rc_of 0 events main -n 1000 --time
grep -qE "^20[0-9]{2}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]\.[0-9]{3}Z EVENT [0-9]+ move $X X 0 0$" \
	"$WORK/out" || fail "events --time: $(cat "$WORK/out")"
[ "$(grep -cv '^20[0-9-]*T[0-9:.]*Z EVENT ' "$WORK/out")" -eq 0 ] || fail "a line without its time: $(cat "$WORK/out")"
rc_of 0 events main -n 1000
grep -qE "^EVENT [0-9]+ move $X X 0 0$" "$WORK/out" || fail "events piped: protocol lines: $(cat "$WORK/out")"
rc_of 0 events main --json -n 1000
cp "$WORK/out" "$WORK/all.json"
json "$WORK/all.json" "all($T0 <= e['time_ms'] <= $T1 for e in d['events'])" \
	"all(e['time'].endswith('Z') and e['time'][:19].replace('T',' ')==__import__('time').strftime('%Y-%m-%d %H:%M:%S', __import__('time').gmtime(e['time_ms']//1000)) for e in d['events'])" \
	"[e['seq'] for e in d['events']]==list(range(1, d['head']+1))"

note "JSON's fields through the codec"
json "$WORK/all.json" \
	"[e['fields'] for e in d['events'] if e['type']=='move']==[{'seat':$X,'side':'X','move':[0,0]}]" \
	"sorted((e['fields']['seat'],e['fields']['name'],e['fields']['login']) for e in d['events'] if e['type']=='join')==sorted([($A,'ana','$(id -un)'),(1-$A,'bob','$(id -un)')])" \
	"all(e['fields']['colour'].startswith('#') for e in d['events'] if e['type']=='join')" \
	"[e['fields']['seat'] for e in d['events'] if e['type']=='turn']==[$X,$O]" \
	"all(e['to'] is None and e['line'].startswith('EVENT %d %s' % (e['seq'], e['type'])) for e in d['events'])"
client cid 5
say 5 "join cards"
wait_for "$WORK/cid.out" "^OK join cards "
say 5 "pick 0 0"
wait_for "$WORK/cid.out" "^EVENT [0-9]+ up 0 0 [a-z]{2} 0$"
say 5 "pick 1 0"
wait_for "$WORK/cid.out" "^EVENT [0-9]+ (match|mismatch) 0 0 "
V=$(sed -n 's/^EVENT [0-9]* up 0 0 \([a-z][a-z]\) 0$/\1/p' "$WORK/cid.out")
rc_of 0 events cards --json -n 2
json "$WORK/out" "d['events'][0]['fields']=={'card':[0,0],'value':'$V','seat':0}" \
	"d['events'][1]['type'] in ('match','mismatch') and d['events'][1]['fields']['card']==[[0,0],[1,0]]" \
	"d['events'][1]['fields']['seat']==0 and '$V' in d['events'][1]['fields']['value']"

note "--since: 1 h ago (every event), an ISO time between two moves (the later ones only)"
rc_of 0 events main --since 1h --json
json "$WORK/out" "len(d['events'])==d['head']"
sleep 1.2 # ISO times have whole seconds: the next moves are a second later than the last
SINCE=$(date -u +%Y-%m-%dT%H:%M:%SZ)
say $FO "move 1 1"
wait_for "$WORK/ana.out" "^EVENT [0-9]+ move $O O 1 1$"
rc_of 0 events main --since "$SINCE" --json
json "$WORK/out" "[e['type'] for e in d['events']]==['move','turn']" "d['events'][0]['fields']['move']==[1,1]"
rc_of 0 events main --since "$(date +%Y-%m-%dT%H:%M:%S -d "$SINCE")" -n 1
[ "$(wc -l <"$WORK/out")" -eq 1 ] && grep -qE "^EVENT [0-9]+ turn $X [0-9]+$" "$WORK/out" || fail "--since local time with -n 1: $(cat "$WORK/out")"

note "--follow: new events as they come; SIGINT ends it"
follow int main
wait_for "$WORK/int.f" "^EVENT [0-9]+ move $O O 1 1$"
say $FX "move 2 0"
wait_for "$WORK/int.f" "^EVENT [0-9]+ move $X X 2 0$"
kill -INT "$FPID"
ended int 0
follow json main --json -n 1
wait_for "$WORK/json.f" '"type":"turn"'
say $FO "move 0 2"
wait_for "$WORK/json.f" '"type":"move"'
kill -TERM "$FPID"
ended json 0
python3 -c "
import json, sys
docs = [json.loads(l) for l in open(sys.argv[1])]
assert [d['type'] for d in docs] == ['turn', 'move', 'turn'] and docs[1]['fields'] == {'seat': $O, 'side': 'O', 'move': [0, 2]}, docs
" "$WORK/json.f" || fail "follow --json: $(cat "$WORK/json.f")"

note "--follow on a lobby table ends when the table is retired"
client dan 6
client eve 7
say 6 "play tictactoe"
wait_for "$WORK/dan.out" "^EVENT 0 wait tictactoe "
say 7 "play tictactoe"
wait_for "$WORK/dan.out" "^EVENT 0 matched tictactoe-[0-9]+ tictactoe$"
T=$(grep "^EVENT 0 matched" "$WORK/dan.out" | cut -d' ' -f4)
say 6 "join $T"
say 7 "join $T"
wait_for "$WORK/dan.out" "^EVENT [0-9]+ turn "
follow table "$T"
wait_for "$WORK/table.f" "^EVENT [0-9]+ turn "
say 6 "resign"
wait_for "$WORK/table.f" "^EVENT [0-9]+ resign "
say 6 "leave"
say 7 "leave"
ended table 0
grep -q "^EVENT [0-9]* over " "$WORK/table.f" || fail "the table's end not followed: $(cat "$WORK/table.f")"
grep -q "retired" "$WORK/table.e" || fail "no word of the retirement: $(cat "$WORK/table.e")"

note "--follow ends with status 1 when the daemon is killed"
follow killed main
wait_for "$WORK/killed.f" "^EVENT "
kill -KILL "$DPID"; wait "$DPID" 2>/dev/null; DPID=""
ended killed 1
grep -q "died without a bye" "$WORK/killed.e" || fail "no word of the death: $(cat "$WORK/killed.e")"

note "--follow shows the bye and ends with status 0 when the daemon stops"
start_daemon --board main:tictactoe --board cards:4 --away-ms 500
follow bye main -n 1
wait_for "$WORK/bye.f" "^EVENT "
stop_daemon
ended bye 0
grep -q "^EVENT [0-9]* bye shutdown$" "$WORK/bye.f" || fail "no bye followed: $(cat "$WORK/bye.f")"
grep -q "the daemon stopped" "$WORK/bye.e" || fail "no word of the stop: $(cat "$WORK/bye.e")"
finish
