#!/bin/sh
# test-boardctl-status.sh: boardctl status against a real boardd: the daemon (pid, user,
# version, layout, socket, prefix), each setting with where it came from (the file, the
# command line, the default), the connections (a player of root's seated at main, a
# spectator of nobody's, boardctl's own), and the objects of the prefix (size, mode, owner,
# processes mapping them, a foreign one flagged); another user sees only its own
# connections and not the seed; no daemon: exit 1, the objects still shown.
. "$(dirname "$0")/lib.sh"
LAYOUT=$(sed -n 's/^#define BD_LAYOUT_VERSION \([0-9]*\)u$/\1/p' "$(dirname "$0")/../ipc/layout.h")
CTL="$BIN/boardctl"

# rc_of EXPECTED CMD...: run a boardctl command, output in $WORK/out and $WORK/err.
rc_of() {
	want=$1; shift
	"$CTL" "$@" >"$WORK/out" 2>"$WORK/err"; rc=$?
	[ "$rc" -eq "$want" ] || fail "boardctl $* exited $rc, not $want: $(cat "$WORK/out" "$WORK/err")"
}

printf 'min-players = 1\nmismatch-ms = 4000\n' >"$WORK/boardd.conf"
"$BIN/boardd" --config "$WORK/boardd.conf" --socket "$SOCK" --shm-prefix "$PREFIX" --board main:4 --seed 7 \
	--mismatch-ms 3000 >>"$WORK/daemon.log" 2>&1 &
DPID=$!
wait_until "boardd to answer" answers
client ana 3
say 3 "join main"
wait_for "$WORK/ana.out" "^OK join main 0 "
ME=$(id -u) LOGIN=$(id -un)

note "the daemon, its settings and where each came from, every connection (as root)"
rc_of 0 status --json
cp "$WORK/out" "$WORK/root.json"
json "$WORK/root.json" "d['daemon']['pid']==$DPID and d['daemon']['uid']==$ME and d['daemon']['user']=='$LOGIN'" \
	"d['daemon']['layout']==$LAYOUT and d['daemon']['protocol']==2 and d['daemon']['socket']=='$SOCK'" \
	"d['daemon']['shm_prefix']=='$PREFIX' and d['daemon']['uptime_ms']>=0 and d['daemon']['started'].endswith('Z')" \
	"{s['name']:(s['from'],s['value']) for s in d['settings']}['min-players']==('file','1')" \
	"{s['name']:(s['from'],s['value']) for s in d['settings']}['mismatch-ms']==('command-line','3000')" \
	"{s['name']:(s['from'],s['value']) for s in d['settings']}['seed']==('command-line','7')" \
	"{s['name']:(s['from'],s['value']) for s in d['settings']}['first-pick-ms']==('default','5000')" \
	"[s['value'] for s in d['settings'] if s['name']=='board']==['main:4']" \
	"d['hidden_connections']==0 and sum(c['self'] for c in d['connections'])==1"
ANA=$(echo $CLIENTS | cut -d' ' -f1)
json "$WORK/root.json" \
	"[(c['role'],c['name'],c['table'],c['seat'],c['uid'],c['user']) for c in d['connections'] if c['pid']==$ANA]==[('player','ana','main',0,$ME,'$LOGIN')]" \
	"[(c['role'],c['name'],c['table'],c['seat']) for c in d['connections'] if c['self']]==[(None,None,None,None)]" \
	"all(c['queued']>=0 and c['idle_ms']>=0 and c['connected_ms']>=c['idle_ms'] for c in d['connections'])"

note "the objects: sizes, modes, owner, mapped by the daemon's processes; a foreign one flagged"
MAIN=$(ls /dev/shm | grep -x "$PREFIX\.main\.[0-9a-f]\{16\}") || fail "no public segment of main"
json "$WORK/root.json" \
	"sorted(o['name'] for o in d['objects'])==sorted(['$MAIN','$MAIN.private']+['sem.$MAIN.r%d' % i for i in range(1)]+['sem.$MAIN.state'])" \
	"[(o['mode'],o['size']) for o in d['objects'] if o['name']=='$MAIN']==[('0644',$(stat -c %s "/dev/shm/$MAIN"))]" \
	"[o['mode'] for o in d['objects'] if o['name']=='$MAIN.private']==['0600']" \
	"all(o['mapped_by']>=2 and o['owner_uid']==$ME and not o['foreign'] for o in d['objects'])"
FAKE="$PREFIX.fake.0123456789abcdef"
printf 'x' >"/dev/shm/$FAKE" && chown 65534 "/dev/shm/$FAKE" || fail "cannot make a foreign object"
rc_of 0 status --json
json "$WORK/out" "[(o['foreign'],o['owner_uid'],o['mapped_by']) for o in d['objects'] if o['name']=='$FAKE']==[(True,65534,0)]"
rc_of 0 status
grep -qE "^daemon +pid $DPID, user $LOGIN \(uid $ME\), up .*layout $LAYOUT$" "$WORK/out" || fail "status text: $(cat "$WORK/out")"
grep -qE "^min-players +file +1$" "$WORK/out" || fail "status text settings: $(cat "$WORK/out")"
grep -qE "^ *[0-9]+ +$ANA +$LOGIN +player +ana +main +0 " "$WORK/out" || fail "status text connections: $(cat "$WORK/out")"
grep -qE "^$FAKE +1 +0644 +nobody +0  FOREIGN" "$WORK/out" || fail "status text objects: $(cat "$WORK/out")"
! grep -q "$(printf '\033')" "$WORK/out" || fail "colours in output that is not a terminal"
rm -f "/dev/shm/$FAKE"

if NCTL=$(for_nobody "$CTL") && setpriv --reuid=65534 --regid=65534 --clear-groups "$NCTL" --version >/dev/null 2>&1; then
	note "another user: its own connections only, no seed"
	mkfifo "$WORK/bob.fifo"
	setpriv --reuid=65534 --regid=65534 --clear-groups socat -t 1 UNIX-CONNECT:"$SOCK" - <"$WORK/bob.fifo" >"$WORK/bob.out" 2>&1 &
	CLIENTS="$CLIENTS $!"
	exec 6>"$WORK/bob.fifo"
	say 6 "hello bob spectator"
	say 6 "join main"
	wait_for "$WORK/bob.out" "^OK join main - "
	setpriv --reuid=65534 --regid=65534 --clear-groups "$NCTL" status --json >"$WORK/out" 2>"$WORK/err" ||
		fail "status as nobody: $(cat "$WORK/err")"
	json "$WORK/out" "d['hidden_connections']>=1 and all(c['uid']==65534 for c in d['connections'])" \
		"[(c['role'],c['name'],c['table'],c['seat']) for c in d['connections'] if c['name']]==[('spectator','bob','main',None)]" \
		"[s['value'] for s in d['settings'] if s['name']=='seed']==['hidden']"
	rc_of 0 status --json
	json "$WORK/out" "[(c['user'],c['role']) for c in d['connections'] if c['name']=='bob']==[('nobody','spectator')]"
	bye 6
else
	note "skipped: the other user's view needs root and setpriv"
fi

note "no daemon: exit 1, the objects still shown"
kill -KILL "$DPID"; wait "$DPID" 2>/dev/null; DPID=""
rc_of 1 status --json
grep -q "no daemon answers" "$WORK/err" || fail "no daemon: $(cat "$WORK/err")"
json "$WORK/out" "d['daemon'] is None and '$MAIN' in [o['name'] for o in d['objects']]"
bye 3
for f in $(leftovers); do rm -f "/dev/shm/$f"; done
finish
