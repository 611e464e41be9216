#!/bin/sh
# test-gtk-i18n.sh: board-gtk's translations (po/; issue 18). Every language of po/LINGUAS
# is complete (msgfmt --statistics: no untranslated or fuzzy message); po/POTFILES names
# every file with translatable strings; make install-gtk (into a folder of the test's) puts
# an AppStream metainfo that appstreamcli validates, translated like the .desktop file.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -x "$BIN/board-gtk" ]; then
	echo "skip: $BIN/board-gtk not built (needs libgtk-3-dev)"
	cleanup
	exit 0
fi
for tool in msgfmt appstreamcli; do
	command -v "$tool" >/dev/null 2>&1 || fail "$tool is missing (make deps-check installs it)"
done
cd "$ROOT" || fail "no $ROOT"
LANGS=$(sed 's/#.*//' po/LINGUAS)
[ "$(echo $LANGS | tr ' ' '\n' | sort | tr '\n' ' ')" = "fr pl pt " ] || fail "po/LINGUAS: $LANGS"

note "every language complete"
for l in $LANGS; do
	s=$(msgfmt --check --statistics -o /dev/null "po/$l.po" 2>&1) || fail "po/$l.po: $s"
	echo "$s" | grep -qx '[0-9]* translated messages\.' || fail "po/$l.po is not complete: $s"
done

note "po/POTFILES names every file with translatable strings, and only files that exist"
for f in $(grep -lE '(^|[^A-Za-z0-9_])(N?C?_|ngettext)\(|translatable="yes"' clients/gtk/*.c clients/gtk/*.ui); do
	grep -qx "$f" po/POTFILES || fail "$f has translatable strings but is not in po/POTFILES"
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
finish
