#!/bin/sh
# test-gtk-i18n.sh: board-gtk's translations (po/; issue 18). Every language of po/LINGUAS
# is complete (msgfmt --statistics: no untranslated or fuzzy message); po/POTFILES names
# every file with translatable strings, the daemon's and the rules' reasons for a refusal
# too; make install-gtk (into a folder of the test's) puts an AppStream metainfo that
# appstreamcli validates, translated like the .desktop file, and the translations, which the
# installed program finds (--help in Polish). Then a window run from the build with
# LANGUAGE=pt shows its lobby in Portuguese: read over AT-SPI, its labels and buttons are the
# catalogue's Portuguese, none the English of a translated message. At a Memory table, a pick
# the daemon refuses is said with the daemon's reason in Portuguese.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/gtk-lib.sh"
GPID=""
APID=""
trap 'exec 8>&-; gtk_kill $GPID $APID $BUSPID $XPID; cleanup' EXIT
ROOT=$(cd "$(dirname "$0")/.." && pwd)
gtk_need
for tool in msgfmt appstreamcli; do
	command -v "$tool" >/dev/null 2>&1 || fail "$tool is missing (make deps-check installs it)"
done
cd "$ROOT" || fail "no $ROOT"
LANGS=$(sed 's/#.*//' po/LINGUAS)
[ "$(echo $LANGS | tr ' ' '\n' | sort | tr '\n' ' ')" = "fr pl pt " ] || fail "po/LINGUAS: $LANGS"

note "every language complete, also for the strings of the sources as they are now"
env -u MAKEFLAGS -u MAKELEVEL make -s BUILD="$BUILD" "$BUILD/board-gtk.pot" >"$WORK/pot.log" 2>&1 ||
	fail "make $BUILD/board-gtk.pot: $(tail -n 5 "$WORK/pot.log")"
for l in $LANGS; do
	msgmerge --quiet "po/$l.po" "$BUILD/board-gtk.pot" -o "$WORK/$l.po" 2>"$WORK/merge.log" || fail "msgmerge $l: $(cat "$WORK/merge.log")"
	for po in "po/$l.po" "$WORK/$l.po"; do
		s=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1) || fail "$po: $s"
		echo "$s" | grep -qx '[0-9]* translated messages\.' || fail "po/$l.po is not complete (make pot, then translate): $s"
	done
done

note "po/POTFILES names every file with translatable strings, and only files that exist"
for f in $(grep -lE '(^|[^A-Za-z0-9_])(N?C?_|ngettext)\(|translatable="yes"' clients/gtk/*.c clients/gtk/*.ui); do
	grep -qx "$f" po/POTFILES || fail "$f has translatable strings but is not in po/POTFILES"
done
# the daemon's and the rules' reasons for a refusal (the Makefile's XGETTEXT_FLAGS)
for f in $(grep -lE '(BD_REASON|bd_err_set|worker_err|supervisor_refuse|lobby_reply)\(' ipc/*.c ipc/game/*.c daemon/*.c daemon/rules/*.c); do
	grep -qx "$f" po/POTFILES || fail "$f has a refusal's reason but is not in po/POTFILES"
done
for f in $(grep -v '^#' po/POTFILES); do
	[ -f "$f" ] || fail "po/POTFILES names $f, which does not exist"
done

note "make install-gtk: the metainfo validates; it and the .desktop file are translated"
env -u MAKEFLAGS -u MAKELEVEL make -s BUILD="$BUILD" DESTDIR="$WORK/root" PREFIX=/usr install-gtk \
	>"$WORK/install.log" 2>&1 || fail "make install-gtk: $(tail -n 5 "$WORK/install.log")"
M="$WORK/root/usr/share/metainfo/org.boardd.BoardGtk.metainfo.xml"
D="$WORK/root/usr/share/applications/org.boardd.BoardGtk.desktop"
appstreamcli validate --no-net "$M" >"$WORK/validate.log" 2>&1 || fail "appstreamcli validate: $(cat "$WORK/validate.log")"
for l in $LANGS; do
	[ "$(grep -c "xml:lang=\"$l\"" "$M")" -ge 4 ] || fail "the metainfo lacks $l: $(cat "$M")"
	grep -q "^Name\[$l\]=" "$D" && grep -q "^Comment\[$l\]=" "$D" || fail "the .desktop file lacks $l: $(cat "$D")"
done

note "the installed board-gtk finds its translations: --help in Polish"
for l in $LANGS; do
	[ -f "$WORK/root/usr/share/locale/$l/LC_MESSAGES/board-gtk.mo" ] || fail "make install-gtk did not install $l"
done
h=$(env -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 LANGUAGE=pl "$WORK/root/usr/bin/board-gtk" --help | head -n 1)
[ "$h" = "użycie: board-gtk [OPCJA]..." ] || fail "--help with LANGUAGE=pl says: $h"

note "LANGUAGE=pt: the lobby in Portuguese"
gtk_display
start_daemon --board main:4 --first-pick-ms 3600000
env -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 LANGUAGE=pt "$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --name ana \
	>"$WORK/gtk.log" 2>&1 &
GPID=$!
# in_portuguese: the window's shown labels and buttons hold 5 of the catalogue's Portuguese
# texts (mnemonics aside); one of its English texts that pt translates otherwise fails.
in_portuguese() {
	{ at "$GPID" shown && at "$GPID" buttons; } >"$WORK/shown" 2>/dev/null || return 1
	"$PY" - "$BIN/locale/pt/LC_MESSAGES/board-gtk.mo" "$WORK/shown" >"$WORK/leaked" <<'EOF'
import gettext, sys
cat = gettext.GNUTranslations(open(sys.argv[1], "rb"))._catalog
plain = lambda s: s.replace("_", "")
english = {plain(k) for k, v in cat.items() if isinstance(k, str) and k and plain(v) != plain(k)}
portuguese = {plain(v) for k, v in cat.items() if k}
shown = open(sys.argv[2]).read().splitlines()
leaked = [s for s in shown if s in english]
if leaked:
    print("in English: %s" % leaked)
    sys.exit(2)
sys.exit(0 if len([s for s in shown if s in portuguese]) >= 5 else 1)
EOF
	rc=$?
	[ $rc -ne 2 ] || fail "$(cat "$WORK/leaked"); the window shows: $(cat "$WORK/shown")"
	return $rc
}
wait_until "the lobby in Portuguese" in_portuguese
gtk_kill $GPID
GPID=""

note "LANGUAGE=pt: the daemon's reason for a refused pick in Portuguese"
# Ann turns card 0 up (a first pick that lasts an hour); the window's click on it is refused
# by the daemon (ERR filled that card is face up or locked). The feedback line keeps its text
# when it fades, so it is read from every label, shown or not.
mkfifo "$WORK/ann.in"
socat "UNIX-CONNECT:$SOCK" - <"$WORK/ann.in" >"$WORK/ann.out" 2>&1 &
APID=$!
exec 8>"$WORK/ann.in"
printf 'hello ann player\njoin main\n' >&8
wait_for "$WORK/ann.out" "^OK join main"
env -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 LANGUAGE=pt "$GTK" --socket "$SOCK" --shm-prefix "$PREFIX" --board main \
	--name ana >"$WORK/gtk.log" 2>&1 &
GPID=$!
wait_until "the game to be on" has_label "$GPID" "^O jogo 1 está a decorrer"
printf 'pick 0 0\n' >&8
wait_until "Ann's card face up in the window" eval "at $GPID card 0 | grep -q '^linha 1, coluna 1, virada para cima'"
set -- $(at "$GPID" card 0 | cut -d'|' -f2)
xdotool mousemove $(($1 + $3 / 2)) $(($2 + $4 / 2)) click 1
refused() { at "$GPID" labels >"$WORK/labels" 2>/dev/null && grep -q "^Ocupada: " "$WORK/labels"; }
wait_until "the refusal" refused
grep -qx "Ocupada: essa carta está virada para cima ou bloqueada\." "$WORK/labels" ||
	fail "the daemon's reason is not in Portuguese: $(grep "^Ocupada: " "$WORK/labels")"
exec 8>&-
gtk_kill $GPID $APID
GPID="" APID=""
finish
