#!/bin/sh
# Squatters under the shm prefix neither stop the daemon nor lose anything. Before its first
# start, nobody plants a file or a symlink to /etc/passwd at every name the daemon used
# before its names had a random instance, a symlink at a name of the current scheme, and a
# forged public segment (sound header) whose daemon pid is a live process of nobody named
# boardd (`bd-fault squat`). The daemon (root) starts and serves: a player plays a move.
# Killed with -9 and started again, it resumes the board under a new instance. A clean stop
# removes exactly the daemon's own objects; nobody's names and /etc/passwd are untouched.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"

need_nobody "the daemon as root, the squatter as nobody"
FAKE=""
trap '[ -z "$FAKE" ] || kill "$FAKE"; cleanup' EXIT INT TERM

# Everything nobody made under the prefix: name, size, link target, change time.
squats() { find /dev/shm -maxdepth 1 -user nobody -name "*$PREFIX.*" -printf '%f %s %l %C@\n' | sort; }
# The daemon's own objects (root's) under the prefix.
own() { find /dev/shm -maxdepth 1 -user root -name "*$PREFIX.*" -printf '%f\n' | sort; }

# A player joins main, plays one move (a first pick of a face-down card) and leaves; the
# join reply's segment goes to $SEG.
plays() {
	printf 'hello ana player\njoin main\npick %s\n' "$1" | socat -t 2 - "UNIX-CONNECT:$SOCK" >"$WORK/play" 2>&1
	grep -q "^EVENT [0-9]* up $1 " "$WORK/play" || fail "the player's move failed: $(cat "$WORK/play")"
	SEG=$(sed -n 's/^OK join main [0-9]* #[0-9a-f]* 4 [0-9a-f]* \(\/[^ ]*\)$/\1/p' "$WORK/play")
	[ -n "$SEG" ] || fail "no segment in the join reply: $(cat "$WORK/play")"
}

# The daemon's objects are exactly the four of the segment the join reply named.
owns_segment() {
	s=${SEG#/}
	[ "$(own)" = "$(printf '%s\n' "$s" "$s.private" "sem.$s.r0" "sem.$s.state" | sort)" ] ||
		fail "the daemon's objects are not those of $SEG: $(own)"
}

cp /bin/sleep "$WORK/run/boardd" && chmod 755 "$WORK/run/boardd" || fail "cannot copy sleep"
setpriv --reuid=nobody --regid=nogroup --clear-groups "$WORK/run/boardd" 600 & # not as_nobody: $! must be its pid
FAKE=$!
wait_until "nobody's process named boardd" sh -c "[ \"\$(cat /proc/$FAKE/comm 2>/dev/null)\" = boardd ]"
as_nobody "$FAULT" squat --pid "$FAKE" || fail "nobody could not plant its names"
sha256sum /etc/passwd >"$WORK/passwd.sum"
BEFORE=$(squats)
note "nobody planted $(echo "$BEFORE" | wc -l) names, and a forged board naming its pid $FAKE (named boardd)"

start_daemon --board main:4 --min-players 1 --first-pick-ms 600000
grep -q "board main: ignoring [0-9]* objects under prefix $PREFIX" "$WORK/daemon.log" ||
	fail "no line about the foreign objects: $(cat "$WORK/daemon.log")"
note "daemon: $(grep -m1 'ignoring' "$WORK/daemon.log" | sed 's/^boardd\[[0-9]*\]: //')"
plays "0 0"
owns_segment
first=$SEG
[ "$(squats)" = "$BEFORE" ] || fail "nobody's names changed while the daemon started: $(squats)"

note "killed with -9 and started again: resumes the board under a new instance"
kill -KILL "$DPID"; wait "$DPID" 2>/dev/null; DPID=""
start_daemon --board main:4 --min-players 1 --first-pick-ms 600000
grep -q "board main: resuming $first of an earlier run" "$WORK/daemon.log" ||
	fail "the board was not resumed: $(tail -n 8 "$WORK/daemon.log")"
plays "1 0"
[ "$SEG" != "$first" ] || fail "the restarted daemon kept instance $SEG"
owns_segment

stop_daemon
[ -z "$(own)" ] || fail "the daemon's objects left after a clean stop: $(own)"
[ "$(squats)" = "$BEFORE" ] || fail "nobody's names changed: before $BEFORE, after $(squats)"
sha256sum -c --quiet "$WORK/passwd.sum" || fail "/etc/passwd changed"
note "clean stop: the daemon's objects removed, nobody's $(echo "$BEFORE" | wc -l) names untouched"
kill "$FAKE"; FAKE=""
for f in $(squats | cut -d' ' -f1); do rm -f "/dev/shm/$f"; done
finish
