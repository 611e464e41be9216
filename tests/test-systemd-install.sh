#!/bin/sh
# test-systemd-install.sh: `make install` with PREFIX and DESTDIR puts every file in its
# place, and the installed boardd.service runs the installed daemon. Where GTK is not found
# (PKG_CONFIG=false stands in for a machine without it), `make install` still works and
# installs everything but board-gtk.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
D="$WORK/dest"

make -s -C "$ROOT" install BUILD="$BUILD" DESTDIR="$D" PREFIX=/opt/bd >"$WORK/install.log" 2>&1 ||
	fail "make install: $(tail -n 5 "$WORK/install.log")"
for f in "sbin/boardd 755" "bin/board-bot 755" "bin/boardctl 755" "lib/systemd/system/boardd.service 644" \
	"lib/systemd/system/boardd.socket 644" "lib/sysusers.d/boardd.conf 644" "share/man/man8/boardd.8 644" \
	"share/man/man5/boardd.conf.5 644" "share/doc/boardd/boardd.conf.example 644"; do
	set -- $f
	[ -f "$D/opt/bd/$1" ] || fail "not installed: /opt/bd/$1"
	[ "$(stat -c %a "$D/opt/bd/$1")" = "$2" ] || fail "/opt/bd/$1 has mode $(stat -c %a "$D/opt/bd/$1"), not $2"
done
[ "$(grep '^ExecStart=' "$D/opt/bd/lib/systemd/system/boardd.service")" = "ExecStart=/opt/bd/sbin/boardd" ] ||
	fail "installed unit: $(grep '^ExecStart=' "$D/opt/bd/lib/systemd/system/boardd.service")"
[ "$(grep '^ExecStopPost=' "$D/opt/bd/lib/systemd/system/boardd.service")" = "ExecStopPost=/opt/bd/sbin/boardd --stopped" ] ||
	fail "installed unit: $(grep '^ExecStopPost=' "$D/opt/bd/lib/systemd/system/boardd.service")"
"$D/opt/bd/sbin/boardd" --version | grep -q '^boardd ' || fail "installed boardd does not run"
cmp -s "$ROOT/systemd/boardd.socket" "$D/opt/bd/lib/systemd/system/boardd.socket" || fail "socket unit altered"
find "$D" -type f | grep -v "^$D/opt/bd/" && fail "files installed outside PREFIX"
if [ -x "$BIN/board-gtk" ]; then
	[ -x "$D/opt/bd/bin/board-gtk" ] || fail "board-gtk was built but not installed"
fi

make -s -C "$ROOT" install BUILD="$BUILD" DESTDIR="$WORK/nogtk" PREFIX=/opt/bd PKG_CONFIG=false >"$WORK/nogtk.log" 2>&1 ||
	fail "make install without GTK: $(tail -n 5 "$WORK/nogtk.log")"
[ -x "$WORK/nogtk/opt/bd/sbin/boardd" ] && [ -x "$WORK/nogtk/opt/bd/bin/board-bot" ] ||
	fail "make install without GTK left out the daemon or the bot"
[ ! -e "$WORK/nogtk/opt/bd/bin/board-gtk" ] || fail "board-gtk installed although GTK was not found"
finish
