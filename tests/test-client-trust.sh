#!/bin/sh
# test-client-trust.sh: clients trust only segments of the daemon's user and never die of
# one that shrinks. The daemon runs as root, the attacker as nobody.
#  - nobody forges a board under the daemon's prefix (a valid header, fake players, the
#    pid of its own process named boardd): boardctl list flags it FOREIGN and never says
#    alive, dump/players/watch refuse it and never print its players; so with the daemon
#    killed (trusted owner then from the socket file) and with --owner.
#  - the daemon's own public segment is truncated (as root) while boardctl watch and
#    board-gtk (under Xvfb) have it mapped: neither dies of SIGBUS, both say what happened,
#    and each exits 0 when told to stop.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

need_nobody "the daemon as root, the attacker as nobody"
CTL="$BIN/boardctl"
GPID="" XPID="" WPID="" FPID="" APID=""
stop_all() {
	for p in $GPID $WPID $FPID $APID $XPID; do kill -KILL "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
	GPID="" WPID="" FPID="" APID="" XPID=""
}
trap 'stop_all; cleanup' EXIT INT TERM
# A process of nobody's named boardd, where nobody can run it (need_nobody made $WORK/run).
cp "$(command -v sleep)" "$WORK/run/boardd" && chmod 755 "$WORK/run/boardd" || fail "cannot copy sleep"

start_daemon --board main:4 --min-players 1
mkfifo "$WORK/ana.in"
socat "UNIX-CONNECT:$SOCK" - <"$WORK/ana.in" >/dev/null 2>&1 &
APID=$!
exec 7>"$WORK/ana.in"
printf 'hello ana player\njoin main\n' >&7
wait_until "ana to be seated" eval 'ask players | grep -q "^PLAYER [0-9]* .* ana"'

note "nobody forges board 'forged' under the daemon's prefix, its daemon pid a 'boardd' of nobody's"
# setpriv itself, not the as_nobody function: in the background a function runs in a
# subshell, and $! would be that root sh, never killed with it, not nobody's boardd.
setpriv --reuid=nobody --regid=nogroup --clear-groups "$WORK/run/boardd" 300 &
FPID=$!
wait_until "nobody's process named boardd" sh -c "[ \"\$(cat /proc/$FPID/comm 2>/dev/null)\" = boardd ]"
as_nobody "$FAULT" forge --as forged --pid "$FPID" || fail "nobody could not forge a board"
as_nobody "$FAULT" forge --as main --pid "$FPID" || fail "nobody could not forge a second main"
[ "$(stat -c %U /dev/shm/"$PREFIX".forged.*)" = nobody ] || fail "the forged board is not nobody's"

# ctl_check ARGS...: run boardctl; its stdout in $WORK/out, stderr in $WORK/err, status in rc.
ctl_check() { "$CTL" "$@" >"$WORK/out" 2>"$WORK/err"; rc=$?; }
# refuses CMD...: boardctl refuses the forged board with exit 1 and says why, no fake player shown.
refuses() {
	ctl_check "$@" forged
	[ "$rc" -eq 1 ] || fail "boardctl $* forged exited $rc: $(cat "$WORK/out" "$WORK/err")"
	grep -qE "owned by (nobody \(uid 65534\)|uid 65534)" "$WORK/err" || fail "boardctl $* forged does not say who owns it: $(cat "$WORK/err")"
	grep -q "fake" "$WORK/out" "$WORK/err" && fail "boardctl $* forged shows fake players: $(cat "$WORK/out")"
	return 0
}
# flags FROM [ARGS]: boardctl list [ARGS] marks forged FOREIGN and lists the objects' owners,
# trusting root as FROM says; it exits $LIST_RC (3 once main's daemon is dead).
LIST_RC=0
flags() {
	from=$1
	shift
	ctl_check list "$@"
	[ "$rc" -eq "$LIST_RC" ] || fail "list exited $rc, not $LIST_RC: $(cat "$WORK/err")"
	grep -qE "^forged +FOREIGN: owned by nobody \(uid 65534\), not root: a forged board, not shown$" "$WORK/out" ||
		fail "list does not flag the forged board: $(cat "$WORK/out")"
	grep "^forged " "$WORK/out" | grep -q "alive" && fail "list shows the forged board alive"
	grep -qE "^$PREFIX\.forged\.[0-9a-f]{16} +nobody +0644  FOREIGN$" "$WORK/out" || fail "list objects: $(cat "$WORK/out")"
	grep -qE "^$PREFIX\.main\.[0-9a-f]{16} +nobody +0644  FOREIGN$" "$WORK/out" || fail "list objects, forged main: $(cat "$WORK/out")"
	grep -qE "^$PREFIX\.main\.[0-9a-f]{16} +root +0644$" "$WORK/out" || fail "list objects, main: $(cat "$WORK/out")"
	grep -qE "^main +FOREIGN: owned by nobody \(uid 65534\), not root: a forged board, not shown$" "$WORK/out" ||
		fail "list does not flag the forged main: $(cat "$WORK/out")"
	grep -q "^trusted owner: root (uid 0), $from" "$WORK/out" || fail "list's trusted owner: $(cat "$WORK/out")"
}
flags "the daemon's"
grep -qE "^main +4 .* alive$" "$WORK/out" || fail "list does not show main alive: $(cat "$WORK/out")"
note "list: $(grep '^forged' "$WORK/out")"
ctl_check list --json
python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
b = {x['name']: x for x in d['boards'] if not (x['name'] == 'main' and x['foreign'])}
f = b['forged']
assert len([x for x in d['boards'] if x['name'] == 'main' and x['foreign']]) == 1, d['boards']
assert f['foreign'] is True and f['owner'] == 'nobody' and f['mode'] == '0644', f
assert 'daemon_alive' not in f and 'players' not in f, f
assert b['main']['foreign'] is False and b['main']['daemon_alive'] is True, b['main']
assert d['trusted_owner_uid'] == 0, d
assert any('.forged.' in o['name'] and o['foreign'] for o in d['objects']), d['objects']
" "$WORK/out" || fail "list --json: $(cat "$WORK/out")"
for cmd in dump players watch; do refuses "$cmd"; done
refuses dump --json
ctl_check dump
[ "$rc" -eq 0 ] && grep -q "ana" "$WORK/out" || fail "dump main: $rc $(cat "$WORK/err")"
grep -q "fake" "$WORK/out" && fail "dump main shows the forged main's fake players: $(cat "$WORK/out")"

note "the daemon killed: the socket file's owner is trusted; --owner names one"
kill -KILL "$DPID" 2>/dev/null; wait "$DPID" 2>/dev/null; DPID=""
LIST_RC=3
flags "the socket file's owner"
grep -qE "^main +4 .* DEAD$" "$WORK/out" || fail "list after kill: $(cat "$WORK/out")"
refuses dump
rm -f "$SOCK"
flags "--owner" --owner root
ctl_check list --owner nobody
grep -qE "^main +FOREIGN: owned by root" "$WORK/out" || fail "list --owner nobody: $(cat "$WORK/out")"
ctl_check list --owner no-such-user-here
[ "$rc" -eq 2 ] && grep -q "no such user" "$WORK/err" || fail "--owner of nobody known: $rc $(cat "$WORK/err")"
ctl_check list
grep -q "^trusted owner: unknown" "$WORK/out" || fail "list with nothing to trust: $(cat "$WORK/out")"
grep -q "alive\$" "$WORK/out" && fail "list without a trusted owner says alive: $(cat "$WORK/out")"
exec 7>&-
stop_all
for f in $(leftovers); do rm -f "/dev/shm/$f"; done

note "the daemon's public segment shrinks under boardctl watch"
start_daemon --board main:4 --min-players 1
"$CTL" watch >"$WORK/watch.out" 2>"$WORK/watch.err" &
WPID=$!
wait_until "watch's first frame" grep -q "^board main" "$WORK/watch.out"
"$FAULT" shrink --size 4096 >/dev/null || fail "cannot truncate the board"
wait_until "watch to say the segment shrank" grep -q "shrank while mapped" "$WORK/watch.out"
wait_until "watch to say what it waits for" grep -q "too small (4096 bytes" "$WORK/watch.out"
kill -0 "$WPID" 2>/dev/null || fail "watch died: $(cat "$WORK/watch.err")"
kill -TERM "$WPID"; wait "$WPID"; rc=$?; WPID=""
[ "$rc" -eq 0 ] || fail "watch exited $rc after the shrink: $(cat "$WORK/watch.err")"
[ -s "$WORK/watch.err" ] && fail "watch wrote to stderr: $(cat "$WORK/watch.err")"
note "watch: $(grep -m1 shrank "$WORK/watch.out")"
kill -KILL "$DPID" 2>/dev/null; wait "$DPID" 2>/dev/null; DPID=""
for f in $(leftovers); do rm -f "/dev/shm/$f"; done

if [ ! -x "$BIN/board-gtk" ]; then
	echo "skip: board-gtk not built (needs libgtk-3-dev): its shrink check did not run"
	finish
	exit 0
fi
command -v Xvfb >/dev/null || fail "Xvfb is missing (make deps-check installs it)"
note "the daemon's public segment shrinks under board-gtk"
Xvfb -displayfd 3 -screen 0 800x600x24 -nolisten tcp 3>"$WORK/display" 2>"$WORK/xvfb.log" &
XPID=$!
wait_until "Xvfb" test -s "$WORK/display"
start_daemon --board main:4 --min-players 1
DISPLAY=":$(cat "$WORK/display")" NO_AT_BRIDGE=1 "$BIN/board-gtk" --board main --name gtk1 >"$WORK/gtk.out" 2>"$WORK/gtk.err" &
GPID=$!
wait_until "board-gtk to be seated" eval 'ask players | grep -q " gtk1"'
"$FAULT" shrink >/dev/null || fail "cannot truncate the board"
# A join makes the daemon write the board (and die of SIGBUS itself): board-gtk reads it.
printf 'hello bob player\njoin main\n' | socat -t 2 - "UNIX-CONNECT:$SOCK" >/dev/null 2>&1
wait_until "board-gtk to say the segment shrank" grep -q "shrank while mapped" "$WORK/gtk.err"
sleep 1 # it goes on reconnecting; give a crash the time to happen
kill -0 "$GPID" 2>/dev/null || fail "board-gtk died: $(cat "$WORK/gtk.err")"
kill -TERM "$GPID"; wait "$GPID"; rc=$?; GPID=""
[ "$rc" -eq 0 ] || fail "board-gtk exited $rc after the shrink: $(cat "$WORK/gtk.err")"
grep -v "shrank while mapped" "$WORK/gtk.err" | grep -q . && fail "board-gtk stderr: $(cat "$WORK/gtk.err")"
note "board-gtk: $(cat "$WORK/gtk.err")"
stop_all
kill -KILL "$DPID" 2>/dev/null; wait "$DPID" 2>/dev/null; DPID=""
for f in $(leftovers); do rm -f "/dev/shm/$f"; done
finish
