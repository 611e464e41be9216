#!/bin/sh
# check-deb.sh (make check-deb, run once by .ci/run): the Debian packages for real.
# Outside: `make deb` (version N; lintian must say nothing at its default level), the same
# objects packaged again as version N+1 (they differ only in version), and version N+2,
# whose programs state the next shared-memory layout version (EXTRA_CFLAGS), all in a
# stage folder of /var/lib (the sandbox has its own /tmp).
# Inside shared/tools/systemd-sandbox, with overlays on /etc, /usr and /var (so the host's
# files and package database are never touched; /dev/shm is the host's, hence this test's
# own shm prefix in /etc/boardd.conf): `apt install ./*.deb` of N creates the user boardd,
# enables and starts boardd.socket; two installed board-bots, as nobody, play a game through
# /run/boardd/boardd.sock. Upgrade to N+1 while two players (socat, as nobody) sit at board
# main: the daemon is restarted (a new pid) and both take their seats back with their
# tokens. Upgrade to N+2 with them seated: each gets `bye upgrade`, the old boards leave
# /dev/shm, and the new daemon's bots play a game. Remove with a player seated: `bye
# shutdown`, the socket stopped, the conffile kept. Purge: nothing of the packages is left:
# no file they shipped, nothing in the overlays but the package database, logs, caches and
# the user boardd (Debian policy lets it stay), no unit, no /run/boardd, nothing in /dev/shm,
# no process.
# The script runs itself a second time inside the sandbox, with the argument "inside".
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
NOBODY="setpriv --reuid 65534 --regid 65534 --clear-groups"
SOCKET=/run/boardd/boardd.sock

# --- outside: build, then boot the sandbox and run the inside part there -----------------
# Seconds since the test began, for the timings it prints.
secs() { echo "$(($(date +%s) - START))"; }

# build_all: the three versions' packages in $STAGE/v1, v2, v3.
build_all() {
	make -s -C "$ROOT" deb DEBDIR="$STAGE/v1" >"$WORK/v1.log" 2>&1 || fail "make deb: $(tail -n 20 "$WORK/v1.log")"
	note "version N built in $(secs) s: $(cd "$STAGE/v1" && ls *.deb | tr '\n' ' ')"
	lintian "$STAGE/v1"/*.changes >"$WORK/lintian.log" 2>&1
	grep -E '^[EWXO]: ' "$WORK/lintian.log" && fail "lintian is not clean (above)"
	note "lintian: clean ($(secs) s)"
	src="$STAGE/v1/src/boardd"
	V1=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
	LAYOUT=$("$src/debian/build/boardd" --version | sed -n 's/.*layout \([0-9]*\).*/\1/p')
	[ -n "$LAYOUT" ] || fail "the built boardd names no layout version"
	# N+1: the same objects (dpkg-buildpackage -nc: no clean, make finds nothing to do).
	sed -i "1s/(.*)/($V1+test1)/" "$src/debian/changelog"
	(cd "$src" && env -u MAKEFLAGS -u MAKELEVEL dpkg-buildpackage -us -uc -b -nc) >"$WORK/v2.log" 2>&1 ||
		fail "the N+1 build: $(tail -n 20 "$WORK/v2.log")"
	grep -E '^(cc|gcc) ' "$WORK/v2.log" && fail "the N+1 build compiled again (above)"
	mkdir -p "$STAGE/v2" && mv "$STAGE/v1/src"/*.deb "$STAGE/v2/" || fail "no N+1 packages"
	note "version N+1 packaged in $(secs) s"
	# N+2: the next layout version. Only the sources that name BD_LAYOUT_VERSION compile
	# otherwise (if a header but layout.h named it, everything would be made again), so
	# their objects are made again and every program linked again.
	if grep -rl BD_LAYOUT_VERSION --include='*.h' "$src" | grep -qv '/ipc/layout\.h$'; then
		rm -rf "$src/debian/build"
	else
		(cd "$src" && grep -rl BD_LAYOUT_VERSION --include='*.c' --exclude-dir=debian .) | sed 's/\.c$/.o/' |
			while read -r o; do rm -f "$src/debian/build/$o"; done
	fi
	sed -i "1s/(.*)/($V1+test2)/" "$src/debian/changelog"
	(cd "$src" && EXTRA_CFLAGS="-DBD_LAYOUT_VERSION=$((LAYOUT + 1))u" env -u MAKEFLAGS -u MAKELEVEL \
		dpkg-buildpackage -us -uc -b -nc) >"$WORK/v3.log" 2>&1 || fail "the N+2 build: $(tail -n 20 "$WORK/v3.log")"
	grep -qE "^(cc|gcc) .*-DBD_LAYOUT_VERSION=$((LAYOUT + 1))u.* -c daemon/board\.c" "$WORK/v3.log" ||
		fail "the N+2 build did not compile daemon/board.c for layout $((LAYOUT + 1))"
	mkdir -p "$STAGE/v3" && mv "$STAGE/v1/src"/*.deb "$STAGE/v3/" || fail "no N+2 packages"
	rm -rf "$STAGE/v1/src"
	note "version N+2 (layout $((LAYOUT + 1))) built in $(secs) s"
}

outside() {
	sandbox=${SYSTEMD_SANDBOX:-$(dirname "$ROOT")/shared/tools/systemd-sandbox}
	[ -x "$sandbox" ] || fail "no $sandbox (shared/ must be beside the repository)"
	if [ "$(id -u)" != 0 ]; then
		echo "SKIP: installing packages in the systemd sandbox needs root"
		cleanup; exit 0
	fi
	START=$(date +%s)
	STAGE=$(mktemp -d /var/lib/boardd-check-deb.XXXXXX) || fail "cannot make a stage folder in /var/lib"
	trap 'rm -rf "$STAGE"; cleanup' EXIT INT TERM
	chmod 755 "$STAGE" # apt reads the .debs as _apt
	build_all
	cp "$ROOT/tests/check-deb.sh" "$ROOT/tests/lib.sh" "$STAGE/" || fail "cannot stage the test"
	"$sandbox" "sh '$STAGE/check-deb.sh' inside '$PREFIX' '$STAGE' '$V1' '$LAYOUT'"
	rc=$?
	[ "$rc" -eq 0 ] || fail "the part inside the sandbox failed (exit $rc)"
	note "installed, played, upgraded twice, removed, purged: $(secs) s in all"
	finish
}

# --- inside: helpers ------------------------------------------------------------------
# Inside, in place of lib.sh's fail: the journal, then purge whatever is installed (which
# stops the daemon) and remove what is left of this prefix in /dev/shm.
inside_fail() {
	echo "FAIL: $*"
	journalctl --no-pager -u boardd.service -u boardd.socket --since "@$BEGAN" | tail -n 40
	inside_cleanup
	exit 1
}

inside_cleanup() {
	for p in $PIDS; do kill "$p" 2>/dev/null; done
	pkgs=$(installed)
	[ -z "$pkgs" ] || apt-get purge -y -q $pkgs >"$T/cleanup.log" 2>&1 || echo "purge in cleanup failed"
	for f in $(leftovers); do rm -f "/dev/shm/$f"; done
}

# Our packages dpkg knows, even removed (config-files).
installed() { dpkg-query -W -f '${db:Status-Abbrev} ${Package}\n' 'boardd*' 'board-gtk*' 2>/dev/null | awk '$1 != "un" { print $2 }'; }

# Poll a shell condition for up to 30 s.
until_true() {
	for _ in $(seq 1 300); do
		eval "$1" && return 0
		sleep 0.1
	done
	fail "timed out waiting for: $1"
}

# apt_do WHAT ARGS...: apt as an administrator would run it, its output in $T/apt-WHAT.log.
apt_do() {
	what=$1
	shift
	DEBIAN_FRONTEND=noninteractive apt "$@" -y >"$T/apt-$what.log" 2>&1 ||
		fail "apt $*: $(tail -n 20 "$T/apt-$what.log")"
}

# player NAME FD: a socat client as nobody on the installed socket, requests written to fd
# FD, lines in $T/NAME.out; says hello.
player() {
	rm -f "$T/$1.in" && mkfifo "$T/$1.in"
	$NOBODY socat -t 1 UNIX-CONNECT:$SOCKET - <"$T/$1.in" >"$T/$1.out" 2>&1 3>&- 4>&- 5>&- &
	PIDS="$PIDS $!"
	eval "exec $2>\"\$T/\$1.in\""
	eval "echo 'hello $1 player' >&$2"
	until_true "grep -q '^OK hello $1 ' '$T/$1.out'"
}

# sit NAME FD [TOKEN]: player NAME joins board main (with TOKEN: takes its seat back); the
# reply's seat, colour and token in SEAT (without the segment, new with each instance).
sit() {
	player "$1" "$2"
	eval "echo 'join main ${3:-}' >&$2"
	until_true "grep -qE '^(OK join|ERR) ' '$T/$1.out'"
	line=$(grep -E '^(OK join|ERR) ' "$T/$1.out")
	case $line in "OK join"*) ;; *) fail "$1: join main ${3:-}: $line" ;; esac
	SEAT=${line% *}
}

# bots: two installed board-bots, as nobody, play one game on board main.
bots() {
	for b in 1 2; do
		$NOBODY timeout 120 board-bot --name "bot$b$1" --games 1 --delay-ms 0 >"$T/bot$b$1.out" 2>&1 &
		eval "BOT$b=\$!"
	done
	wait "$BOT1" || fail "board-bot 1 exited $?: $(cat "$T/bot1$1.out")"
	wait "$BOT2" || fail "board-bot 2 exited $?: $(cat "$T/bot2$1.out")"
	grep -q "played 1 games" "$T/bot1$1.out" || fail "board-bot 1: $(cat "$T/bot1$1.out")"
}

# Names in /dev/shm of this test's prefix, one line.
shm() { leftovers | sort | tr '\n' ' '; }

# --- inside: the steps ----------------------------------------------------------------
# Writes to /etc, /usr and /var go to overlays in the sandbox's private /run. (/var/tmp, a
# mount of its own, is under /var: it is put back over the overlay.)
step_overlays() {
	for d in /etc /usr /var; do
		mkdir -p "$T/overlay$d/upper" "$T/overlay$d/work"
		mount -t overlay overlay -o "lowerdir=$d,upperdir=$T/overlay$d/upper,workdir=$T/overlay$d/work" "$d" ||
			fail "cannot put an overlay on $d"
	done
	mount -t tmpfs -o mode=1777 tmpfs /var/tmp || fail "cannot mount /var/tmp"
	# A container image's policy-rc.d (Docker's says 101: start nothing) is not a host's.
	rm -f /usr/sbin/policy-rc.d
}

# Install N: the user, the socket enabled and listening, the conffile; then this test's prefix.
step_install() {
	apt_do install install "$STAGE"/v1/*.deb
	getent passwd boardd >/dev/null || fail "no user boardd after the install"
	[ "$(systemctl is-enabled boardd.socket)" = enabled ] || fail "boardd.socket is not enabled"
	[ "$(systemctl is-active boardd.socket)" = active ] || fail "boardd.socket is not started"
	[ "$(systemctl is-active boardd.service)" = inactive ] || fail "boardd.service runs before any connection"
	[ -S $SOCKET ] || fail "no $SOCKET"
	dpkg-query -W -f '${Conffiles}' boardd | grep -q '^ /etc/boardd.conf ' || fail "/etc/boardd.conf is not a conffile"
	for f in /usr/share/applications/org.boardd.BoardGtk.desktop /usr/share/metainfo/org.boardd.BoardGtk.metainfo.xml \
		/usr/share/icons/hicolor/scalable/apps/org.boardd.BoardGtk.svg /usr/share/man/man8/boardd.8.gz \
		/usr/share/man/man1/board-bot.1.gz /usr/bin/boardctl /usr/bin/board-gtk /usr/bin/board-tui /usr/lib/sysusers.d/boardd.conf; do
		[ -e "$f" ] || fail "not installed: $f"
	done
	grep -q '^#shm-prefix = boardd$' /etc/boardd.conf || fail "no shm-prefix line in /etc/boardd.conf"
	sed -i "s/^#shm-prefix = boardd\$/shm-prefix = $PREFIX/" /etc/boardd.conf
	note "installed $V1 ($(dpkg-query -W -f '${Version}' boardd))"
}

# Two bots as nobody play a game; the socket started the service, in this test's prefix.
step_play() {
	bots a
	[ "$(systemctl is-active boardd.service)" = active ] || fail "boardd.service is not running after the game"
	[ -n "$(shm)" ] || fail "no board of prefix $PREFIX in /dev/shm"
	note "two installed board-bots (nobody) played a game"
}

# N+1 over N with two players seated: a new daemon, and both seats taken back by token.
step_upgrade_same() {
	sit ana 3; ANA=$SEAT
	sit bob 4; BOB=$SEAT
	until_true "grep -q '^EVENT [0-9]* state on ' '$T/ana.out'"
	old=$(systemctl show -p MainPID --value boardd)
	apt_do upgrade1 install "$STAGE"/v2/*.deb
	[ "$(dpkg-query -W -f '${Version}' boardd)" = "$V1+test1" ] || fail "boardd is not at $V1+test1"
	until_true "[ \"\$(systemctl is-active boardd.service)\" = active ] &&
		[ \"\$(systemctl show -p MainPID --value boardd)\" != $old ] && [ \"\$(systemctl show -p MainPID --value boardd)\" != 0 ]"
	grep -q bye "$T/ana.out" && fail "ana got a goodbye, though the games go on: $(cat "$T/ana.out")"
	exec 3>&- 4>&-
	# The journal may hold other sandboxes' boardd lines: only this run of the unit's.
	journalctl --no-pager _SYSTEMD_INVOCATION_ID="$(systemctl show -p InvocationID --value boardd)" |
		grep -q "board main: resumed game" || fail "the new daemon did not resume board main"
	sit ana 3 "$(echo "$ANA" | cut -d' ' -f7)"
	[ "$SEAT" = "$ANA" ] || fail "ana: after the upgrade '$SEAT', before '$ANA'"
	sit bob 4 "$(echo "$BOB" | cut -d' ' -f7)"
	[ "$SEAT" = "$BOB" ] || fail "bob: after the upgrade '$SEAT', before '$BOB'"
	note "upgrade to $V1+test1: daemon $old restarted, ana and bob took their seats back"
}

# N+2 (the next layout) over N+1 with ana and bob seated: `bye upgrade`, the old boards gone.
step_upgrade_layout() {
	before=$(shm)
	apt_do upgrade2 install "$STAGE"/v3/*.deb
	[ "$(dpkg-query -W -f '${Version}' boardd)" = "$V1+test2" ] || fail "boardd is not at $V1+test2"
	until_true "grep -qE '^EVENT [0-9]+ bye upgrade$' '$T/ana.out' && grep -qE '^EVENT [0-9]+ bye upgrade$' '$T/bob.out'"
	exec 3>&- 4>&-
	/usr/sbin/boardd --version | grep -q "layout $((LAYOUT + 1))" || fail "new boardd: $(/usr/sbin/boardd --version)"
	for f in $before; do
		[ ! -e "/dev/shm/$f" ] || fail "the old daemon's $f is still in /dev/shm"
	done
	bots b
	[ -n "$(shm)" ] && [ "$(shm)" != "$before" ] || fail "no new board in /dev/shm: '$(shm)'"
	note "upgrade to $V1+test2 (layout $((LAYOUT + 1))): bye upgrade, old boards removed, a new game played"
}

# Remove with a player seated: bye shutdown, no daemon, no board, the conffile kept.
step_remove() {
	sit carl 5
	apt_do remove remove $(installed)
	until_true "grep -qE '^EVENT [0-9]+ bye shutdown$' '$T/carl.out'"
	exec 5>&-
	[ "$(systemctl is-active boardd.socket)" != active ] || fail "boardd.socket still listens after remove"
	[ -z "$(shm)" ] || fail "left in /dev/shm after remove: $(shm)"
	[ -f /etc/boardd.conf ] || fail "remove took /etc/boardd.conf (a conffile stays until purge)"
	note "removed: bye shutdown, socket stopped, /dev/shm clean, conffile kept"
}

# Purge, then look for anything left.
step_purge() {
	for d in "$STAGE"/v1 "$STAGE"/v3; do
		for p in "$d"/*.deb; do dpkg-deb -c "$p"; done
	done | awk '$1 !~ /^d/ { sub(/^\./, "", $6); print $6 }' | sort -u >"$T/shipped"
	apt_do purge purge $(installed)
	[ -z "$(installed)" ] || fail "dpkg still knows: $(installed)"
	while read -r f; do
		[ ! -e "$f" ] && [ ! -L "$f" ] || fail "left after purge: $f"
	done <"$T/shipped"
	[ ! -e /etc/boardd.conf ] && [ ! -e /run/boardd ] || fail "/etc/boardd.conf or /run/boardd left after purge"
	[ -z "$(systemctl list-unit-files --no-legend 'boardd*')" ] || fail "units left: $(systemctl list-unit-files 'boardd*')"
	pgrep -u boardd >/dev/null && fail "processes of boardd left: $(pgrep -a -u boardd)"
	pgrep -x boardd >/dev/null && fail "boardd processes left: $(pgrep -a -x boardd)"
	[ -z "$(shm)" ] && [ -z "$(find /dev/shm -maxdepth 1 -user boardd)" ] || fail "left in /dev/shm: $(shm)"
	# Every file the whole run wrote to /etc, /usr and /var: the package database (dpkg's,
	# apt's, PackageKit's, and the copies apt keeps in /var/backups, which it writes only when
	# no recent copy exists, as on a fresh machine), systemd's state, logs, caches (GLib's
	# compiled schemas among them: its trigger compiles every installed schema again after
	# board-gtk's went) and the user's entries only.
	(cd "$T" && find overlay/etc/upper overlay/usr/upper overlay/var/upper \( -type f -o -type l \)) |
		grep -vE '^overlay/etc/upper/((passwd|group|shadow|gshadow)-?|\.pwd\.lock)$' |
		grep -vE '^overlay/var/upper/(lib/(dpkg|apt|systemd|PackageKit)|log|cache)/' |
		grep -vE '^overlay/var/upper/backups/(apt|dpkg)\.[a-z_.]+[0-9](\.gz)?$' |
		grep -vE '^overlay/usr/upper/share/(icons/hicolor/icon-theme|applications/mimeinfo)\.cache$' |
		grep -vE '^overlay/usr/upper/share/glib-2\.0/schemas/gschemas\.compiled$' >"$T/written"
	[ -s "$T/written" ] && fail "left after purge: $(cat "$T/written")"
	find "$T"/overlay/var/upper/lib/systemd -name '*boardd*' | grep . && fail "systemd state of boardd left (above)"
	note "purged: nothing left (the user boardd stays, as Debian policy allows)"
}

inside() {
	PREFIX=$1 STAGE=$2 V1=$3 LAYOUT=$4 T=/run/check-deb PIDS="" BEGAN=$(date +%s)
	unset BOARDD_SOCKET BOARDD_SHM_PREFIX
	mkdir -p "$T" || exit 1
	fail() { inside_fail "$@"; }
	trap 'inside_cleanup' EXIT INT TERM
	step_overlays
	step_install
	step_play
	step_upgrade_same
	step_upgrade_layout
	step_remove
	step_purge
	trap - EXIT
	echo "inside: ok"
}

if [ "${1:-}" = inside ]; then
	shift
	rm -rf "$WORK" # lib.sh's, in the sandbox's own /tmp
	inside "$@"
	exit 0
fi
outside
