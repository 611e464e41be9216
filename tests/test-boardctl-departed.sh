#!/bin/sh
# test-boardctl-departed.sh: a Memory player locks a pair and leaves; another takes its seat
# (the same id) and locks a pair of its own. boardctl dump shows the first one's cards as
# "XY(0)" and names it under the grid from the table's record of departed seats (name,
# login, the cards), the second one's as "XY0"; --json gives each card's owner_name and
# owner_left, and the record itself ("departed", in dump and players). The record survives
# a daemon killed with -9 and started again. It keeps the last 64 departures: 64 more, and
# the first player's cards are said to have an owner whose name is no longer recorded.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/memory-lib.sh"
CTL="$BIN/boardctl"
trap 'stop_players; cleanup' EXIT

start_daemon --board main:4 --min-players 1 --first-pick-ms 3600000 --mismatch-ms 3600000 --away-ms 3600000 --seed 7
player ana A; exec 3>"$WORK/ana.in"
printf '%s\n' 'hello q"u\o player' 'join main' >&3
wait_for "$WORK/ana.out" "^OK join main 0 "
lock ana 3 0 0
read -r AX AY <"$WORK/ana.pair"
printf 'leave\n' >&3
wait_for "$WORK/ana.out" "^OK leave"

player bob B; exec 4>"$WORK/bob.in"
printf '%s\n' 'hello bob player' 'join main' >&4
wait_for "$WORK/bob.out" "^OK join main 0 "
# a card bob's pair may start from: the first face-down card in row 3 or 2 that is not ana's
BX=""
for c in "0 3" "1 3" "2 3" "3 3" "0 2" "1 2" "2 2" "3 2"; do
	[ "$c" != "$AX $AY" ] && BX=${c% *} BY=${c#* } && break
done
lock bob 4 "$BX" "$BY"
read -r PX PY <"$WORK/bob.pair"
ME=$(id -un)

# check_dump WHEN: ana's two cards (0,0) and (AX,AY) marked as a departed owner's and named
# under the grid, bob's as seat 0's.
check_dump() {
	"$CTL" dump >"$WORK/dump" 2>&1 || fail "dump $1: $(cat "$WORK/dump")"
	A=$(sed -n 's/^EVENT [0-9]* match 0 0 [0-9] [0-9] \([a-z][a-z]\) .*/\1/p' "$WORK/ana.out" | tr a-z A-Z)
	B=$(sed -n "s/^EVENT [0-9]* match $BX $BY [0-9] [0-9] \([a-z][a-z]\) .*/\1/p" "$WORK/bob.out" | tr a-z A-Z)
	[ -n "$A" ] && [ -n "$B" ] || fail "the matches were not understood"
	[ "$(grep -cE "(^| )${A}\(0\)( |$)" "$WORK/dump")" -eq "$(if [ "$AY" = 0 ]; then echo 1; else echo 2; fi)" ] ||
		fail "ana's cards are not shown as ${A}(0) $1: $(cat "$WORK/dump")"
	grep -qE "(^| )${B}0( |$)" "$WORK/dump" || fail "bob's cards are not ${B}0 $1: $(cat "$WORK/dump")"
	grep -qE "^\(0\) q\"u\\\\o, login $ME, left 20[0-9-]+T[0-9:.]+Z, 2 cards$" "$WORK/dump" ||
		fail "ana is not named under the grid $1: $(cat "$WORK/dump")"
	"$CTL" dump --json >"$WORK/dump.json" 2>&1 || fail "dump --json $1: $(cat "$WORK/dump.json")"
	json "$WORK/dump.json" \
		"[(c['owner'],c['owner_name'],c['owner_left']) for c in d['cards'] if (c['x'],c['y']) in [(0,0),($AX,$AY)]]==[(0,'q\"u\\\\o',True)]*2" \
		"[(c['owner'],c['owner_name'],c['owner_left']) for c in d['cards'] if (c['x'],c['y']) in [($BX,$BY),($PX,$PY)]]==[(0,'bob',False)]*2" \
		"all(c['owner_name'] is None and c['owner_left'] is None for c in d['cards'] if c['state']=='down')" \
		"[(e['id'],e['name'],e['login'],e['score'],e['game']) for e in d['departed']]==[(0,'q\"u\\\\o','$ME',2,1)]" \
		"d['departed'][0]['left'].endswith('Z') and d['departed'][0]['left_ms']>0 and d['departed'][0]['colour'].startswith('#')"
	"$CTL" players --json >"$WORK/players.json" 2>&1 || fail "players --json $1: $(cat "$WORK/players.json")"
	json "$WORK/players.json" "[p['name'] for p in d['players']]==['bob'] and [e['name'] for e in d['departed']]==['q\"u\\\\o']"
}
note "ana's cards after she left and bob took seat 0"
check_dump "with the daemon up"

note "the record after boardd was killed with -9 and started again"
kill -KILL "$DPID"; wait "$DPID" 2>/dev/null
stop_players
start_daemon --board main:4 --min-players 1 --first-pick-ms 3600000 --mismatch-ms 3600000 --away-ms 3600000 --seed 7
check_dump "after a restart" # bob's seat is kept away for him: still seat 0's

note "64 more departures: the oldest record, ana's, is overwritten"
client carl 5
i=0; while [ $i -lt 64 ]; do say 5 "join main"; say 5 "leave"; i=$((i + 1)); done
wait_until "64 leaves" eval '[ "$(count carl "^OK leave")" -eq 64 ]'
"$CTL" dump >"$WORK/dump" 2>&1 || fail "dump: $(cat "$WORK/dump")"
grep -q "^2 cards of players that left whose names are no longer recorded (the table keeps the last 64 departures)$" \
	"$WORK/dump" || fail "the lost record is not said: $(cat "$WORK/dump")"
! grep -q 'q"u' "$WORK/dump" || fail "ana is still named: $(cat "$WORK/dump")"
"$CTL" dump --json >"$WORK/dump.json" 2>&1 || fail "dump --json: $(cat "$WORK/dump.json")"
json "$WORK/dump.json" "len(d['departed'])==64 and all(e['name']=='carl' for e in d['departed'])" \
	"[(c['owner_name'],c['owner_left']) for c in d['cards'] if (c['x'],c['y']) in [(0,0),($AX,$AY)]]==[(None,True)]*2"
bye 5
finish
