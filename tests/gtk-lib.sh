# gtk-lib.sh: shared by the tests of board-gtk, after lib.sh: the tools they need, an X
# server and a session bus of the test's own, and `at`, the window as a screen reader sees
# it (tests/atspi.py).
GTK="$BIN/board-gtk"
PY=/usr/bin/python3
XPID="" BUSPID=""

# gtk_need: skip the test (exit 0) if board-gtk is not built; fail if a tool is missing.
gtk_need() {
	if [ ! -x "$GTK" ]; then
		echo "skip: $GTK not built (needs libgtk-3-dev)"
		cleanup
		exit 0
	fi
	for tool in Xvfb xdotool import convert dbus-daemon socat; do
		command -v "$tool" >/dev/null 2>&1 || fail "$tool is missing (make deps-check installs it)"
	done
	"$PY" -c 'import gi; gi.require_version("Atspi", "2.0")' 2>/dev/null ||
		fail "python3-gi and gir1.2-atspi-2.0 are needed for the accessibility checks"
}

# gtk_display: start Xvfb and a session bus (AT-SPI's bus is started by D-Bus activation);
# exports DISPLAY, XDG_RUNTIME_DIR and DBUS_SESSION_BUS_ADDRESS; XPID and BUSPID to stop.
gtk_display() {
	Xvfb -displayfd 3 -screen 0 1024x768x24 -nolisten tcp 3>"$WORK/display" 2>"$WORK/xvfb.log" &
	XPID=$!
	wait_until "Xvfb" test -s "$WORK/display"
	export DISPLAY=":$(cat "$WORK/display")"
	# A runtime folder of our own: AT-SPI's bus socket goes there, apart from other sessions'.
	export XDG_RUNTIME_DIR="$WORK/xdg"
	mkdir -m 700 "$XDG_RUNTIME_DIR"
	# The window's statistics (scores.c) and settings files go under $WORK, not the user's.
	export XDG_DATA_HOME="$WORK/data" XDG_CONFIG_HOME="$WORK/config"
	dbus-daemon --session --fork --print-address=1 --print-pid=1 >"$WORK/bus" || fail "no session bus"
	export DBUS_SESSION_BUS_ADDRESS="$(sed -n 1p "$WORK/bus")"
	BUSPID=$(sed -n 2p "$WORK/bus")
}

at() { "$PY" "$(dirname "$0")/atspi.py" "$@"; }

# has_label PID REGEX: a label the window of PID shows matches REGEX (grep's basic syntax).
has_label() { at "$1" shown 2>/dev/null | grep -q "$2"; }

# gtk_kill PID...: end these processes (a stopped one is continued first, or it would never
# end) and wait for those that are this shell's children.
gtk_kill() {
	for p in "$@"; do
		kill -CONT "$p" 2>/dev/null
		kill -TERM "$p" 2>/dev/null
	done
	for p in "$@"; do
		wait "$p" 2>/dev/null
	done
}

# press PID NAME: click the shown button NAME of the window of PID, raised over the others
# (without a window manager every window opens at the same place).
press() {
	e=""
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		e=$(at "$1" button "$2") && break # a button just asked for may take a moment to show
		sleep 0.2
	done
	set -- "$1" "$2" $e
	[ $# -eq 6 ] || fail "no button $2 in the window of $1"
	xdotool windowraise "$(xdotool search --onlyvisible --pid "$1" | head -1)"
	xdotool mousemove $(($3 + $5 / 2)) $(($4 + $6 / 2)) click 1
}

# cursor_to PID CELL SIDE: move the keyboard cursor of the window of PID (a board SIDE cells
# wide) from the focused cell to CELL with the arrow keys, and wait until it is there.
cursor_to() {
	cur=$(at "$1" cells | grep -n "|[a-z,]*focused[a-z,]*|[01]$" | cut -d: -f1)
	[ -n "$cur" ] || fail "no focused square: $(at "$1" cells)"
	cur=$((cur - 1))
	dx=$(($2 % $3 - cur % $3)) dy=$(($2 / $3 - cur / $3)) keys=""
	while [ $dx -gt 0 ]; do keys="$keys Right"; dx=$((dx - 1)); done
	while [ $dx -lt 0 ]; do keys="$keys Left"; dx=$((dx + 1)); done
	while [ $dy -gt 0 ]; do keys="$keys Down"; dy=$((dy - 1)); done
	while [ $dy -lt 0 ]; do keys="$keys Up"; dy=$((dy + 1)); done
	[ -z "$keys" ] || xdotool key $keys
	wait_until "the cursor on cell $2" eval "at $1 cell $2 | grep -q '|[a-z,]*focused'"
}
