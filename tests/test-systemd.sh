#!/bin/sh
# test-systemd.sh: boardd as a service under a real systemd (shared/tools/systemd-sandbox).
# Inside it, /etc and /usr/local get overlays, so that the steps of docs/SERVICE.md run as
# written (make install, systemd-sysusers, /etc/boardd.conf, systemctl enable --now
# boardd.socket) and leave the host as it was. Then: the first connection (socat as
# nobody, on board main) starts the service, and the installed board-bot (as nobody, on
# board bots) plays a game; nobody can read the public segment but not the private one
# nor the semaphores, and cannot write the board; after `systemctl kill -s KILL` systemd
# restarts boardd, which resumes both games with the same cards and score, the socat
# client takes its seat back with its token and plays on, the bot finishes its game in
# its seat; `systemctl stop` says goodbye and leaves nothing in /dev/shm; STATUS= in
# `systemctl status`, priorities in the journal. Squatters (nobody): files and symlinks at
# every name of the old scheme and a forged board, made before the first connection; a loop
# taking every free name of each instance it sees in /dev/shm during `systemctl restart` and
# across three `systemctl kill -s KILL`: each time the service starts and a client (nobody)
# plays, boardd.socket never fails, nobody's names are never removed. A stop that comes
# while the service is being restarted after a kill leaves nothing of the board.
# The script runs itself a second time inside the sandbox, with the argument "inside".
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
T=/run/boardd-test        # inside the sandbox: its private /run, gone with it
SOCKET=/run/boardd/boardd.sock
NOBODY="setpriv --reuid 65534 --regid 65534 --clear-groups"

# --- outside: boot the sandbox and run the inside part there ---------------------------
# stage_tree: where the sandbox can see this tree. It has its own /tmp, /var/tmp and /run, so
# a checkout under one of them (mktemp -d) is copied, with this build's output, to a folder
# of /var/lib (removed after); elsewhere the tree itself.
stage_tree() {
	case $ROOT/ in
	/tmp/* | /var/tmp/* | /run/*) ;;
	*) echo "$ROOT"; return ;;
	esac
	stage=$(mktemp -d /var/lib/boardd-test-systemd.XXXXXX) || return 1
	tar -C "$ROOT" --exclude=./.git --exclude='./build*' --exclude=./tests/out -cf - . | tar -C "$stage" -xf - &&
		mkdir -p "$stage/$BUILD" && cp -a "$BIN/." "$stage/$BUILD/" || { rm -rf "$stage"; return 1; }
	echo "$stage"
}
outside() {
	sandbox=${SYSTEMD_SANDBOX:-$(dirname "$ROOT")/shared/tools/systemd-sandbox}
	[ -x "$sandbox" ] || fail "no $sandbox (shared/ must be beside the repository)"
	[ -x "$BIN/boardd" ] || fail "no $BIN/boardd; run make first"
	if [ "$(id -u)" != 0 ]; then
		echo "SKIP: the systemd sandbox needs root (unshare); run make check as root"
		cleanup; exit 0
	fi
	root=$(stage_tree) || fail "cannot copy the tree out of $ROOT for the sandbox (its /tmp is its own)"
	marker="$root/tests/out/systemd-$PREFIX.started"
	mkdir -p "$root/tests/out"
	rm -f "$marker"
	"$sandbox" "sh '$root/tests/test-systemd.sh' inside '$PREFIX' '$marker'" 2>"$WORK/sandbox.err"
	rc=$?
	cat "$WORK/sandbox.err" >&2
	started=false
	[ -e "$marker" ] && started=true
	[ "$root" = "$ROOT" ] || rm -rf "$root"
	if [ "$rc" -eq 2 ] && ! $started && grep -q "^systemd-sandbox: " "$WORK/sandbox.err"; then
		echo "SKIP: systemd-sandbox could not boot systemd on this machine (see its message above)"
		cleanup; exit 0
	fi
	rm -f "$marker"
	$started || fail "the part inside the sandbox never started (exit $rc)"
	[ "$rc" -eq 0 ] || fail "the part inside the sandbox failed (exit $rc)"
	finish
}

# --- inside: helpers ------------------------------------------------------------------
# Inside, in place of lib.sh's fail: show the journal, stop the units, remove what is left.
inside_fail() {
	echo "FAIL: $*"
	journalctl --no-pager -u boardd.service --since "$START"
	systemctl stop boardd.socket boardd.service
	for f in $(leftovers); do rm -f "/dev/shm/$f"; done
	[ -z "${SQUATTER:-}" ] || kill "$SQUATTER" 2>/dev/null
	exit 1
}

# Poll a shell condition for up to 20 s.
until_true() {
	for _ in $(seq 1 200); do
		eval "$1" && return 0
		sleep 0.1
	done
	fail "still not true after 20 s: $1"
}

# Start a client as nobody: socat on the socket, requests from a fifo, lines to $OUT.
client_start() {
	OUT="$T/client$1.out"
	rm -f "$T/client.in"
	mkfifo "$T/client.in"
	$NOBODY socat -t 0.5 - UNIX-CONNECT:$SOCKET <"$T/client.in" >"$OUT" 2>&1 &
	CPID=$!
	exec 3>"$T/client.in"
	MARK=0
	expect '^BOARDD 2 '
}

# Send one request; expect() then looks only at what came after it.
request() {
	MARK=$(wc -l <"$OUT")
	echo "$1" >&3
}

# Wait for a line matching the extended regex after the last request; it goes to $LINE.
expect() {
	for _ in $(seq 1 200); do
		LINE=$(tail -n +$((MARK + 1)) "$OUT" | grep -m1 -E "$1") && return 0
		sleep 0.1
	done
	fail "no line matching '$1'; the client got: $(cat "$OUT")"
}

# Card index $1 as "x y" on the 4x4 board.
xy() { echo "$(($1 % 4)) $(($1 / 4))"; }

# Two face-down cards of the same value (root reads the private segment), as "i j".
find_pair() {
	od -An -v -tx1 -w"$VALUE_STRIDE" -j "$VALUES" -N $((VALUE_STRIDE * 16)) "$(segment main).private" | tr -d ' ' |
		cut -c1-4 >"$T/values"
	cards_as_nobody | cut -c2-3 >"$T/states"
	paste "$T/values" "$T/states" | awk '$2 == "00" { if ($1 in seen) { print seen[$1], NR - 1; exit }
		seen[$1] = NR - 1 }'
}

# A first pick, of a card whose partner is still face down; the pair goes to $PAIR.
first_pick() {
	PAIR=$(find_pair)
	set -- $PAIR
	[ $# -eq 2 ] || fail "no face-down pair left"
	request "pick $(xy "$1")"
	expect "^EVENT [0-9]+ up $(xy "$1") "
}

# The second pick of $PAIR: a match, bringing the score to $1 (a pair scores 2).
second_pick() {
	set -- "$1" $PAIR
	request "pick $(xy "$3")"
	expect "^EVENT [0-9]+ match $(xy "$2") $(xy "$3") [a-z]+ 0 $1\$"
}

# The file of board $1's public segment, the daemon's (/dev/shm/<prefix>.<board>.<instance>).
segment() {
	find /dev/shm -maxdepth 1 -user boardd -type f -regex "/dev/shm/$PREFIX\.$1\.[0-9a-f]*" | grep -m1 . ||
		fail "no public segment of board $1 owned by boardd"
}

# The cards of board $1 (default main, 4x4; bots is 6x6) in its public segment, read by
# nobody: one card a line, its state first.
cards_as_nobody() {
	n=16
	[ "${1:-main}" = bots ] && n=36
	$NOBODY od -An -v -tx1 -w8 -j "$CARDS" -N $((8 * n)) "$(segment "${1:-main}")" ||
		fail "nobody cannot read the public segment of ${1:-main}"
}

# The number of locked cards on board $1.
locked() { cards_as_nobody "$1" | cut -c2-3 | grep -cx 02; }

# systemctl kill -s KILL boardd. Its status is not the test: with another systemd sandbox on
# the host it may fail to signal the workers (they die with the supervisor anyway); what
# each caller checks is that systemd restarted the daemon.
kill_boardd() { systemctl kill -s KILL boardd || note "systemctl kill -s KILL exited $?"; }

# --- inside: the steps ----------------------------------------------------------------
# Writes to /etc and /usr/local go to overlays in the sandbox's private /run, so the steps
# of docs/SERVICE.md run as written (make install, systemd-sysusers, systemctl enable)
# and the host's own files are never touched.
step_overlays() {
	for d in /etc /usr/local; do
		mkdir -p "$T/overlay$d/upper" "$T/overlay$d/work"
		mount -t overlay overlay -o "lowerdir=$d,upperdir=$T/overlay$d/upper,workdir=$T/overlay$d/work" "$d" ||
			fail "cannot put an overlay on $d"
	done
}

# make install with the default PREFIX; the offsets of the layout for reading the segments.
step_install() {
	make -s -C "$ROOT" install BUILD="$BUILD" >"$T/install.log" 2>&1 || fail "make install: $(tail -n 5 "$T/install.log")"
	cc -I"$ROOT" -x c -o "$T/offsets" - <<-'EOF' || fail "cannot compile the layout offsets"
	#include <stdio.h>
	#include "ipc/game/memory.h"
	int main(void) { size_t area = offsetof(struct bd_pub, area), asize = sizeof(struct bd_memory_pub) + 16 * 8;
		printf("%zu %zu %zu %zu %u %zu %zu %zu %zu\n", area + offsetof(struct bd_memory_pub, cards),
		offsetof(struct bd_priv, area) + offsetof(struct bd_memory_priv, cards), offsetof(struct bd_pub, daemon_pid),
		area + asize, BD_LAYOUT_VERSION, sizeof(struct bd_memory_card), offsetof(struct bd_pub, nregions), area, asize); }
	EOF
	set -- $("$T/offsets")
	CARDS=$1 VALUES=$2 PID_AT=$3 PUB_SIZE=$4 LAYOUT=$5 VALUE_STRIDE=$6 NREG_AT=$7 AREA_AT=$8 AREA_SIZE=$9
}

# The service's steps of docs/SERVICE.md, with this test's settings in /etc/boardd.conf.
step_service() {
	systemd-sysusers || fail "systemd-sysusers failed"
	getent passwd boardd >/dev/null || fail "no user boardd after systemd-sysusers"
	cp /usr/local/share/doc/boardd/boardd.conf.example /etc/boardd.conf
	cat >>/etc/boardd.conf <<-EOF
	board = bots:6
	shm-prefix = $PREFIX
	min-players = 1
	first-pick-ms = 600000
	mismatch-ms = 1
	away-ms = 600000
	log-level = info
	EOF
	/usr/local/sbin/boardd --check-config | grep -qx "shm-prefix = $PREFIX" || fail "boardd --check-config"
	if ldd /usr/local/sbin/boardd | grep -q libasan; then
		# LeakSanitizer needs ptrace, which SystemCallFilter= denies; the other tests check leaks.
		mkdir -p /etc/systemd/system/boardd.service.d
		printf '[Service]\nEnvironment=ASAN_OPTIONS=detect_leaks=0\n' >/etc/systemd/system/boardd.service.d/asan.conf
	fi
	systemctl daemon-reload
	MANPATH=/usr/local/share/man systemd-analyze verify boardd.socket boardd.service ||
		fail "systemd-analyze verify complains about the units"
	systemctl enable --now boardd.socket || fail "systemctl enable --now boardd.socket"
	[ "$(stat -c %a $SOCKET)" = 666 ] || fail "socket mode is $(stat -c %a $SOCKET), not 666"
	[ "$(systemctl is-active boardd.service)" = inactive ] || fail "boardd.service runs before any connection"
}

# First connection as nobody: the service starts; check the objects' owners and modes.
step_first_connection() {
	client_start 1
	until_true '[ "$(systemctl is-active boardd.service)" = active ]'
	[ "$(ps -o user= -p "$(systemctl show -p MainPID --value boardd)")" = boardd ] || fail "boardd does not run as boardd"
	request "hello ana player"
	expect '^OK hello'
	request "join main"
	expect '^OK join main 0 '
	JOINED=$LINE
	set -- $LINE # OK join main ID COLOUR DIM TOKEN SEGMENT
	TOKEN=$7
	[ "/dev/shm$8" = "$(segment main)" ] || fail "join names segment $8, /dev/shm has $(segment main)"
	seg=${8#/}
	for f in "$seg 644" "$seg.private 600" "sem.$seg.state 600" "sem.$seg.r0 600"; do
		set -- $f
		[ "$(stat -c '%a %U' "/dev/shm/$1")" = "$2 boardd" ] ||
			fail "/dev/shm/$1 is $(stat -c '%a %U' "/dev/shm/$1"), not $2 boardd"
	done
}

# The installed board-bot, as nobody, plays one game on board bots, across the kill.
step_bot() {
	timeout 90 $NOBODY /usr/local/bin/board-bot --socket $SOCKET --shm-prefix "$PREFIX" --board bots \
		--name bob --games 1 --stats --delay-ms 150 >"$T/bot.out" 2>"$T/bot.err" &
	BOT=$!
}

# What nobody may and may not do with the board's objects.
step_permissions() {
	cards_as_nobody >/dev/null
	pub=$(segment main)
	! $NOBODY cat "$pub.private" >/dev/null 2>&1 || fail "nobody can read the private segment"
	! $NOBODY sh -c ": <'/dev/shm/sem.${pub#/dev/shm/}.state'" 2>/dev/null || fail "nobody can open a semaphore"
	! $NOBODY sh -c ": >>'$pub'" 2>/dev/null || fail "nobody can write the public segment"
}

# Kill -9 mid-game, with a first pick face up: systemd restarts boardd.
step_kill() {
	first_pick
	second_pick 2
	first_pick
	request "players"
	expect '^PLAYER 0 '
	PLAYER_BEFORE=$LINE
	cards_as_nobody >"$T/cards.before"
	cut -c2-3 "$T/cards.before" | grep -qx 02 && cut -c2-3 "$T/cards.before" | grep -qx 01 ||
		fail "no locked and face-up cards in the public segment: $(cat "$T/cards.before")"
	until_true '[ "$(locked bots)" -ge 2 ]'
	[ "$(locked bots)" -lt 36 ] || fail "the bot's game ended before the kill"
	until_true 'systemctl show -p StatusText --value boardd | grep -q "2 boards, 2 players, 2 connections"'
	systemctl status --no-pager boardd >"$T/status" 2>&1
	grep -q 'Status: "2 boards, 2 players, 2 connections"' "$T/status" || fail "systemctl status: $(cat "$T/status")"
	old=$(systemctl show -p MainPID --value boardd)
	kill_boardd
	wait "$CPID"
	exec 3>&-
	until_true '[ "$(systemctl show -p NRestarts --value boardd)" = 1 ] &&
		[ "$(systemctl is-active boardd.service)" = active ]'
	[ "$(systemctl show -p MainPID --value boardd)" != "$old" ] || fail "same main pid after the restart"
}

# The client comes back with its token: same seat, colour, cards (its acknowledged first
# pick still up) and score; it plays on with the second pick.
step_resume() {
	client_start 2
	request "hello ana player"
	expect '^OK hello'
	request "join main $TOKEN"
	expect '^(OK join|ERR )'
	# The same seat, colour and token; the segment has the restarted daemon's new instance.
	[ "${LINE% *}" = "${JOINED% *}" ] || fail "rejoin gave '$LINE', first join was '$JOINED'"
	[ "/dev/shm${LINE##* }" = "$(segment main)" ] || fail "rejoin names ${LINE##* }, /dev/shm has $(segment main)"
	cards_as_nobody >"$T/cards.after"
	cmp -s "$T/cards.before" "$T/cards.after" || fail "cards differ after the restart"
	request "players"
	expect '^PLAYER 0 '
	[ "$LINE" = "$PLAYER_BEFORE" ] || fail "player was '$PLAYER_BEFORE', after the restart '$LINE'"
	second_pick 4
	wait "$BOT" || fail "board-bot exited $?: $(cat "$T/bot.err")"
	grep -q 'seat kept' "$T/bot.err" || fail "board-bot did not keep its seat: $(cat "$T/bot.err")"
	grep -q '"points":36' "$T/bot.out" || fail "board-bot's game across the kill: $(cat "$T/bot.out")"
}

# The journal has the daemon's lines with their own priorities (not all at info). The
# host's journal may hold earlier runs: look only at this run of the service.
step_journal() {
	run="_SYSTEMD_INVOCATION_ID=$(systemctl show -p InvocationID --value boardd)"
	journalctl --no-pager -o cat "$run" >"$T/journal.all"
	journalctl --no-pager -o cat -p notice "$run" >"$T/journal.notice"
	grep -q 'board main: resumed game 1' "$T/journal.notice" || fail "no resumed line at notice: $(cat "$T/journal.all")"
	grep -q 'using the socket passed by systemd' "$T/journal.all" || fail "no info line in the journal"
	! grep -q 'using the socket passed by systemd' "$T/journal.notice" || fail "an info line was logged at notice or above"
	! grep -q '^<[0-9]>' "$T/journal.all" || fail "priority prefixes left in the journal text"
}

# The unit's limits are in force, and `systemctl reload` makes the daemon reload its limits.
step_reload() {
	[ "$(systemctl show -p TasksMax --value boardd)" = 2100 ] || fail "TasksMax: $(systemctl show -p TasksMax boardd)"
	[ "$(systemctl show -p MemoryMax --value boardd)" = $((1536 * 1024 * 1024)) ] ||
		fail "MemoryMax: $(systemctl show -p MemoryMax boardd)"
	pid=$(systemctl show -p MainPID --value boardd)
	systemctl reload boardd || fail "systemctl reload boardd failed"
	run="_SYSTEMD_INVOCATION_ID=$(systemctl show -p InvocationID --value boardd)"
	until_true 'journalctl --no-pager -o cat "$run" | grep -q "got SIGHUP: reloaded the per-uid limits"'
	[ "$(systemctl show -p MainPID --value boardd)" = "$pid" ] || fail "the daemon was restarted, not reloaded"
}

# A clean stop: the client is told goodbye, nothing of the board is left.
step_stop() {
	systemctl stop boardd.socket boardd.service
	expect '^EVENT [0-9]+ bye shutdown$'
	wait "$CPID"
	exec 3>&-
	[ -z "$(own_leftovers)" ] || fail "left in /dev/shm after stop: $(own_leftovers)"
	[ "$(squats)" = "$SQUATS" ] || fail "nobody's names changed: $(squats)"
	[ ! -e $SOCKET ] || fail "$SOCKET left after stopping the socket"
	[ "$(systemctl show -p Result --value boardd)" = success ] || fail "boardd did not stop cleanly"
}

# --- inside: squatters ----------------------------------------------------------------
# The board objects of this test's prefix left in /dev/shm by the service's user.
own_leftovers() { find /dev/shm -maxdepth 1 -user boardd -name "*$PREFIX.*" -printf '%f\n'; }

# What nobody has made under the prefix, with owner, size and link target: must not change.
squats() { find /dev/shm -maxdepth 1 -user nobody -name "*$PREFIX.*" -printf '%f %s %l\n' | sort; }

# Before any first use, as nobody: a file or a symlink to /etc/passwd at every name the
# daemon used before its names had an instance, a symlink at a name of the current scheme,
# and a forged public segment (sound header) recording a live process of nobody named boardd.
step_squat() {
	for b in main bots; do
		for n in "$PREFIX.$b" "$PREFIX.$b.private" "sem.$PREFIX.$b.state" "sem.$PREFIX.$b.r0"; do
			$NOBODY sh -c "umask 0; : >'/dev/shm/$n'" || fail "nobody cannot create /dev/shm/$n"
		done
		for n in "$PREFIX.$b.r1" "sem.$PREFIX.$b.r1" "$PREFIX.$b.0123456789abcdef"; do
			$NOBODY ln -s /etc/passwd "/dev/shm/$n" || fail "nobody cannot make the symlink /dev/shm/$n"
		done
	done
	cp /bin/sleep "$T/boardd" && chmod 755 $T "$T/boardd"
	$NOBODY "$T/boardd" 600 &
	FAKE=$!
	until_true '[ "$(cat /proc/$FAKE/comm 2>/dev/null)" = boardd ]'
	forged="/dev/shm/$PREFIX.main.fedcba9876543210"
	$NOBODY /usr/bin/python3 -c '
import struct, sys
layout, size, pid_at, pid, nreg_at, area_at, area_size = (int(a) for a in sys.argv[2:])
with open(sys.argv[1], "xb") as f:
	f.write(struct.pack("<4I", 0x42445055, layout, size, 1).ljust(size, b"\0"))
	f.seek(pid_at); f.write(struct.pack("<i", pid))
	f.seek(nreg_at); f.write(struct.pack("<2I", 1, area_size))  # nregions, area size
	f.seek(area_at); f.write(struct.pack("<3I", 4, 4, 1))        # dim, region side, regions across
' "$forged" "$LAYOUT" "$PUB_SIZE" "$PID_AT" "$FAKE" "$NREG_AT" "$AREA_AT" "$AREA_SIZE" || fail "nobody cannot forge $forged"
	$NOBODY truncate -s "$PUB_SIZE" "$forged"
	SQUATS=$(squats)
	sha256sum /etc/passwd >"$T/passwd.sum"
	note "nobody made $(echo "$SQUATS" | wc -l) names under the prefix before the first connection"
}

# A loop as nobody: for every instance of the prefix it sees in /dev/shm, try to create
# each of its names (O_EXCL) that is free, hoping to be first when the daemon makes it.
squatter_start() {
	$NOBODY sh -c '
		set -C; umask 0
		while :; do
			for p in /dev/shm/'"$PREFIX"'.*.????????????????; do
				i=${p#/dev/shm/}
				for n in "$i.private" "sem.$i.state" "sem.$i.r0" "sem.$i.r1"; do
					: 2>/dev/null >"/dev/shm/$n"
				done
			done
			sleep 0.01
		done' &
	SQUATTER=$!
}

squatter_stop() {
	kill "$SQUATTER" 2>/dev/null
	wait "$SQUATTER" 2>/dev/null
	SQUATTER=""
}

# The service is active, the socket is not failed, and a new client (nobody) plays a move.
serves() {
	client_start "$1" # its connection starts the service if it is not running
	until_true '[ "$(systemctl is-active boardd.service)" = active ]'
	[ "$(systemctl is-active boardd.socket)" = active ] || fail "boardd.socket is $(systemctl is-active boardd.socket) ($1)"
	request "hello squat$1 player"
	expect '^OK hello'
	request "join main"
	expect '^OK join main [0-9]+ '
	first_pick
	request quit
	expect '^OK bye'
	wait "$CPID"
	exec 3>&-
}

# Squatting during `systemctl restart`, and racing three crashes (systemctl kill -s KILL,
# restarted by systemd): the service comes back and serves every time.
step_squat_race() {
	systemctl start boardd.socket || fail "cannot start boardd.socket again"
	squatter_start
	serves 3
	systemctl restart boardd || fail "systemctl restart failed"
	serves 4
	for k in 1 2 3; do
		systemctl reset-failed boardd # the test's own kills must not reach the start limit (5 in 10 s)
		restarts=$(systemctl show -p NRestarts --value boardd)
		kill_boardd
		until_true '[ "$(systemctl show -p NRestarts --value boardd)" -gt "$restarts" ]'
		serves "k$k"
	done
	squatter_stop
	note "$(squats | wc -l) names made by nobody; the service started and served after a restart and 3 kills"
}

# A stop that comes as soon as the process restarted after a kill exists, before it is
# ready: nothing of the board is left. Three times, to meet it at different moments.
step_stop_while_starting() {
	for k in 1 2 3; do
		systemctl reset-failed boardd
		[ "$(systemctl is-active boardd.socket)" = active ] || systemctl start boardd.socket
		[ "$(systemctl is-active boardd.service)" = active ] || serves "s$k"
		old=$(systemctl show -p MainPID --value boardd)
		kill_boardd
		for _ in $(seq 1 2000); do
			pid=$(systemctl show -p MainPID --value boardd)
			[ "$pid" != 0 ] && [ "$pid" != "$old" ] && break
		done
		[ "$pid" != 0 ] && [ "$pid" != "$old" ] || fail "no process restarted after the kill (round $k)"
		systemctl stop boardd boardd.socket
		[ -z "$(own_leftovers)" ] || fail "left in /dev/shm by a stop while starting (round $k): $(own_leftovers)"
	done
	[ "$(squats | grep -v "^$PREFIX\.[a-z]*\.[0-9a-f]\{16\}\.\|^sem\.$PREFIX\.[a-z]*\.[0-9a-f]\{16\}\.")" = "$SQUATS" ] ||
		fail "nobody's names before the first connection changed: $(squats)"
	sha256sum -c --quiet "$T/passwd.sum" || fail "/etc/passwd changed"
	kill "$FAKE"
	for f in $(squats | cut -d' ' -f1); do rm -f "/dev/shm/$f"; done
}

inside() {
	fail() { inside_fail "$@"; }
	cd / # a working folder nobody can read: the checkout may sit in a closed one
	PREFIX=$1
	START=$(date '+%Y-%m-%d %H:%M:%S')
	touch "$2"
	mkdir -p $T
	step_overlays
	step_install
	step_service
	step_squat
	step_first_connection
	step_bot
	step_permissions
	step_kill
	step_resume
	step_journal
	step_reload
	step_stop
	step_squat_race
	step_stop_while_starting
	echo "inside the sandbox: ok"
}

if [ "${1:-}" = inside ]; then
	inside "$2" "$3"
else
	outside
fi
