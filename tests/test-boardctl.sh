#!/bin/sh
# test-boardctl.sh: boardctl against a real boardd with two scripted socat players: every
# command in text and --json, values shown against the events the players got, a corrupted
# segment, the permission rule of locks/events, and a daemon killed with -9.
. "$(dirname "$0")/lib.sh"
CTL="$BIN/boardctl"
ME=$(id -u)

# rc_of EXPECTED CMD...: run a boardctl command, output in $WORK/out and $WORK/err.
rc_of() {
	want=$1; shift
	"$CTL" "$@" >"$WORK/out" 2>"$WORK/err"; rc=$?
	[ "$rc" -eq "$want" ] || fail "boardctl $* exited $rc, not $want: $(cat "$WORK/out" "$WORK/err")"
}

trap 'stop_players' EXIT

note "usage, --help, --version"
rc_of 0 --help; grep -q "usage: boardctl" "$WORK/out" || fail "--help: $(cat "$WORK/out")"
rc_of 0 --version; grep -qx "boardctl [0-9.]*" "$WORK/out" || fail "--version: $(cat "$WORK/out")"
rc_of 2
rc_of 2 frobnicate
rc_of 2 dump main extra
rc_of 2 list main
rc_of 2 dump --no-such-option
rc_of 2 events -n many
rc_of 2 dump -n 3
rc_of 2 --shm-prefix "bad/prefix" list
rc_of 2 dump "bad.board"
grep -q "invalid board name" "$WORK/err" || fail "bad board name: $(cat "$WORK/err")"

start_daemon --min-players 1 --first-pick-ms 3600000 --mismatch-ms 3600000 --seed 5 --region-size 2
rc_of 1 dump nosuch
grep -q "no such board" "$WORK/err" || fail "dump nosuch: $(cat "$WORK/err")"

note "two players, three picks"
player a A; exec 3>"$WORK/a.in"
printf 'hello ana player\njoin main\n' >&3
wait_for "$WORK/a.out" "^OK join main 0 "
player b B; exec 4>"$WORK/b.in"
printf '%s\n' 'hello q"uo\te player' 'join main' >&4
wait_for "$WORK/b.out" "^OK join main 1 "
printf 'pick 0 0\n' >&3
wait_for "$WORK/a.out" "^EVENT [0-9]+ up 0 0 [a-z]{2} 0$"
printf 'pick 1 0\n' >&3
wait_for "$WORK/a.out" "^EVENT [0-9]+ (match|mismatch) 0 0 "
printf 'pick 2 0\n' >&4
wait_for "$WORK/a.out" "^EVENT [0-9]+ up 2 0 [a-z]{2} 1$"
wait_for "$WORK/b.out" "^EVENT [0-9]+ up 2 0 [a-z]{2} 1$"

# What the players were told, to hold boardctl's view against.
V00=$(sed -n 's/^EVENT [0-9]* up 0 0 \([a-z][a-z]\) 0$/\1/p' "$WORK/a.out")
V20=$(sed -n 's/^EVENT [0-9]* up 2 0 \([a-z][a-z]\) 1$/\1/p' "$WORK/a.out")
if grep -qE "^EVENT [0-9]+ match 0 0 1 0 " "$WORK/a.out"; then
	V10=$V00 S0=locked
	C00=$(echo "${V00}0" | tr a-z A-Z) C10=$C00
else
	V10=$(sed -n 's/^EVENT [0-9]* mismatch 0 0 [a-z][a-z] 1 0 \([a-z][a-z]\) 0$/\1/p' "$WORK/a.out")
	S0=up C00=${V00}0 C10=${V10}0
fi
LAST=$(grep '^EVENT' "$WORK/a.out" | tail -n 1 | cut -d' ' -f2)
[ -n "$V00" ] && [ -n "$V10" ] && [ -n "$V20" ] && [ -n "$LAST" ] || fail "events not understood: $(cat "$WORK/a.out")"
note "told: (0,0)=$V00 (1,0)=$V10 $S0, (2,0)=$V20 up, last event $LAST"

note "dump"
rc_of 0 dump
grep -qE "^0  $C00 +$C10 +${V20}1 +\.\.$" "$WORK/out" || fail "dump row 0 is not '$C00 $C10 ${V20}1 ..': $(cat "$WORK/out")"
[ "$(grep -cE '^[0-3]  \.\. +\.\. +\.\. +\.\.$' "$WORK/out")" -eq 3 ] || fail "rows 1-3 are not face down: $(cat "$WORK/out")"
grep -q "game 1 on:" "$WORK/out" || fail "dump state: $(cat "$WORK/out")"
grep -q "daemon pid $DPID alive" "$WORK/out" || fail "dump daemon: $(cat "$WORK/out")"
rc_of 0 dump main --json
cp "$WORK/out" "$WORK/dump.json"
json "$WORK/dump.json" "d['board']=='main' and d['dim']==4 and d['state']=='on' and d['game']==1" \
	"d['event_seq']==$LAST and d['daemon_pid']==$DPID and d['daemon_alive'] is True" \
	"[(c['value'],c['owner'],c['state']) for c in d['cards'][:3]]==[('$V00',0,'$S0'),('$V10',0,'$S0'),('$V20',1,'up')]" \
	"all(c['state']=='down' and c['value'] is None and c['owner'] is None for c in d['cards'][3:])" \
	"len(d['cards'])==16 and [(c['x'],c['y']) for c in d['cards'][:5]]==[(0,0),(1,0),(2,0),(3,0),(0,1)]"

note "players"
rc_of 0 players --json
json "$WORK/out" "[p['name'] for p in d['players']]==['ana', 'q\"uo\\\\te']" \
	"[p['pid'] for p in d['players']]==[$A_PID,$B_PID] and all(p['uid']==$ME for p in d['players'])" \
	"all(p['login']=='$(id -un)' for p in d['players'])" \
	"[p['id'] for p in d['players']]==[0,1] and all(p['state']=='playing' for p in d['players'])" \
	"d['players'][0]['colour']!=d['players'][1]['colour']"
rc_of 0 players
grep -qE "^ +0  ana +playing  #[0-9a-f]{6} +[0-9]+ +0 +$ME +$A_PID  $(id -un)$" "$WORK/out" || fail "players: $(cat "$WORK/out")"
grep -qF 'q"uo\te' "$WORK/out" || fail "players name: $(cat "$WORK/out")"

note "list"
rc_of 0 list
grep -qE "^main +4  on +1 +2 +$LAST  $DPID alive$" "$WORK/out" || fail "list: $(cat "$WORK/out")"
grep -q "a daemon answers" "$WORK/out" || fail "list socket: $(cat "$WORK/out")"
rc_of 0 list --json
json "$WORK/out" "d['prefix']=='$PREFIX' and d['socket_answers'] is True" \
	"[(b['name'],b['players'],b['daemon_alive']) for b in d['boards']]==[('main',2,True)]"

note "locks"
rc_of 0 locks
[ "$(grep -cE '^(region [0-3]|state) ' "$WORK/out")" -eq 5 ] || fail "locks rows: $(cat "$WORK/out")"
grep -qE "^region 3 +2,2-3,3 +1 +- +- +- +0$" "$WORK/out" || fail "locks region 3: $(cat "$WORK/out")"
rc_of 0 locks --json
json "$WORK/out" "[l['kind'] for l in d['locks']]==['region']*4+['state']" \
	"all(l['value']==1 and l['holder_pid'] is None and l['repairs']==0 for l in d['locks'])"

note "events"
rc_of 0 events -n 1000
grep '^EVENT' "$WORK/a.out" >"$WORK/told"
grep -v '^EVENT 1 ' "$WORK/out" >"$WORK/shown"
cmp -s "$WORK/told" "$WORK/shown" || fail "events differ from what ana was told: $(diff "$WORK/told" "$WORK/shown")"
head -n 1 "$WORK/out" | grep -q '^EVENT 1 state waiting 1$' || fail "first event: $(head -n 1 "$WORK/out")"
rc_of 0 events --count 3 --json
json "$WORK/out" "d['head']==$LAST and [e['seq'] for e in d['events']]==[$LAST-2,$LAST-1,$LAST]" \
	"d['events'][-1]['type']=='up' and d['events'][-1]['line']=='EVENT $LAST up 2 0 $V20 1' and d['missed']==0"

note "watch --json: a frame per change, until SIGINT"
"$CTL" watch --json >"$WORK/watch" 2>&1 &
WPID=$!
wait_for "$WORK/watch" "\"event_seq\":$LAST,"
printf 'pick 3 0\n' >&4
NEXT=$((LAST + 1))
wait_for "$WORK/watch" "\"event_seq\":$NEXT,"
kill -INT "$WPID"; wait "$WPID"; rc=$?
[ "$rc" -eq 0 ] || fail "watch exited $rc on SIGINT"
python3 -c "
import json, sys
frames = [json.loads(l) for l in open(sys.argv[1])]
assert len(frames) >= 2 and frames[-1]['cards'][3]['state'] != 'down', frames
" "$WORK/watch" || fail "watch frames: $(cat "$WORK/watch")"

note "damaged segments: a clear error, exit 1, never a crash"
MAIN=$(ls /dev/shm | grep -x "$PREFIX\.main\.[0-9a-f]\{16\}") || fail "no public segment of main in /dev/shm"
I=0123456789abcdef # the damaged boards' instance
cp "/dev/shm/$MAIN" "/dev/shm/$PREFIX.trunc.$I"
truncate -s 1000 "/dev/shm/$PREFIX.trunc.$I"
cp "/dev/shm/$MAIN" "/dev/shm/$PREFIX.garbage.$I"
python3 -c "
import os, sys
with open(sys.argv[1], 'r+b') as f: f.seek(4); f.write(os.urandom(os.path.getsize(sys.argv[1]) - 4))
" "/dev/shm/$PREFIX.garbage.$I"
cp "/dev/shm/$MAIN" "/dev/shm/$PREFIX.cards.$I"
# seat 0 (offsetof(struct bd_pub, players), layout 4) made unsound
printf '\377%.0s' $(seq 1 64) | dd of="/dev/shm/$PREFIX.cards.$I" bs=1 seek=4272 conv=notrunc 2>/dev/null
: >"/dev/shm/$PREFIX.empty.$I"
for b in trunc garbage cards empty; do
	for cmd in dump watch players locks; do
		rc_of 1 "$cmd" "$b"
		grep -q "board $b (prefix $PREFIX): ..." "$WORK/err" || fail "$cmd $b: $(cat "$WORK/err")"
	done
done
rc_of 1 dump trunc; grep -q "too small" "$WORK/err" || fail "trunc: $(cat "$WORK/err")"
rc_of 1 dump cards; grep -q "damaged" "$WORK/err" || fail "cards: $(cat "$WORK/err")"
rc_of 1 list --json
json "$WORK/out" "[b['name'] for b in d['boards']]==['cards','empty','garbage','main','trunc']" \
	"[('error' in b) for b in d['boards']]==[True,True,True,False,True]"
cp "/dev/shm/$MAIN" "/dev/shm/$PREFIX.priv.$I"
head -c 5000 /dev/urandom >"/dev/shm/$PREFIX.priv.$I.private"
rc_of 1 events priv; grep -q "private" "$WORK/err" || fail "events priv: $(cat "$WORK/err")"
rc_of 1 locks priv
rm -f "/dev/shm/$PREFIX.trunc.$I" "/dev/shm/$PREFIX.garbage.$I" "/dev/shm/$PREFIX.cards.$I" \
	"/dev/shm/$PREFIX.empty.$I" "/dev/shm/$PREFIX.priv.$I" "/dev/shm/$PREFIX.priv.$I.private"

if [ "$ME" -eq 0 ] && NCTL=$(for_nobody "$CTL") &&
	setpriv --reuid=65534 --regid=65534 --clear-groups "$NCTL" dump >/dev/null 2>&1; then
	note "locks and events need the daemon's user"
	for cmd in locks events; do
		setpriv --reuid=65534 --regid=65534 --clear-groups "$NCTL" "$cmd" >"$WORK/out" 2>"$WORK/err"
		rc=$?
		[ "$rc" -eq 1 ] && grep -q "needs the daemon's user" "$WORK/err" || fail "$cmd as nobody: $rc $(cat "$WORK/err")"
	done
else
	note "skipped: the permission check needs root and setpriv"
fi

note "daemon killed with -9: boardctl still reads the board and says the daemon is dead (list exits 3)"
kill -KILL "$DPID"; wait "$DPID" 2>/dev/null; DEAD=$DPID; DPID=""
rc_of 3 list
grep -qE "^main +4  on +1 +2 +$NEXT  $DEAD DEAD$" "$WORK/out" || fail "list after kill: $(cat "$WORK/out")"
grep -q "no daemon answers" "$WORK/out" || fail "list socket after kill: $(cat "$WORK/out")"
rc_of 3 list --json
json "$WORK/out" "d['socket_answers'] is False and d['boards'][0]['daemon_alive'] is False"
rc_of 0 dump
grep -q "daemon pid $DEAD DEAD" "$WORK/out" || fail "dump after kill: $(cat "$WORK/out")"
grep -qE "^0  $C00 +$C10 +${V20}1 +" "$WORK/out" || fail "dump after kill lost the cards: $(cat "$WORK/out")"
rc_of 0 locks
stop_players
for f in $(leftovers); do rm -f "/dev/shm/$f"; done
finish
