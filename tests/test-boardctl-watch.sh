#!/bin/sh
# test-boardctl-watch.sh: boardctl watch on a terminal (a pty, as a terminal emulator gives
# one) fits its window: a 16x16 Memory board (81 columns wide) in a 64x12 terminal has no
# line wider than 64 columns and says which part it shows; the right arrow and j scroll it
# (half a window across, up to the last column; a line down: the frame then is exactly that
# slice of the whole); the window made
# 200x60 (TIOCSWINSZ, which sends SIGWINCH to the terminal's foreground process, as a real
# resize does) redraws the whole frame with no note; q ends it with status 0 and the
# terminal's mode back as it was. Colours: on the terminal a player's card and name are in
# its colour; dump and watch into a pipe or a file, and on the terminal with NO_COLOR set,
# have no escape sequence at all.
. "$(dirname "$0")/lib.sh"

start_daemon --board main:16 --min-players 1 --first-pick-ms 3600000
client ana 3
say 3 "join main"
say 3 "pick 0 0"
wait_for "$WORK/ana.out" "^EVENT [0-9]+ up 0 0 [a-z]{2} 0$"

note "no colour into a pipe or a file"
ESC=$(printf '\033')
"$BIN/boardctl" dump | cat >"$WORK/dump" || fail "dump"
grep -q "^ 0  [a-z][a-z]0 " "$WORK/dump" || fail "the card is not in the dump: $(cat "$WORK/dump")"
! grep -q "$ESC" "$WORK/dump" || fail "escapes in a piped dump: $(od -c "$WORK/dump" | head)"
"$BIN/boardctl" watch >"$WORK/watch" 2>&1 &
WPID=$!
wait_for "$WORK/watch" "^ 0  [a-z][a-z]0 "
kill -INT "$WPID"; wait "$WPID" || fail "watch into a file did not end with status 0"
! grep -q "$ESC" "$WORK/watch" || fail "escapes in watch into a file: $(od -c "$WORK/watch" | head)"

python3 - "$BIN/boardctl" <<'PY' || fail "watch on a pty"
import fcntl, os, pty, re, select, signal, struct, subprocess, sys, termios, time
master, slave = pty.openpty()
def size(rows, cols):
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
def ctty():
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
CLEAR = b"\x1b[H\x1b[2J"
def start(env):
    return subprocess.Popen([sys.argv[1], "watch"], stdin=slave, stdout=slave, stderr=slave, preexec_fn=ctty,
                            env=dict(os.environ, TERM="xterm", **env))
out = b""
def frame_until(pred, why):
    global out
    end = time.time() + 30
    while time.time() < end:
        r, _, _ = select.select([master], [], [], 0.5)
        if r:
            out += os.read(master, 65536)
        frames = out.split(CLEAR)
        last = frames[-1].decode("ascii", "replace")
        if len(frames) > 1 and ("Ctrl+C" in last or "(cut: " in last) and pred(last):
            return last
    sys.exit("no frame %s in: %r" % (why, out[-3000:]))
def plain(f):
    return [re.sub("\x1b\\[[0-9;]*m", "", l) for l in f.replace("\r", "").split("\n")]
def widths(f):
    return [len(l) for l in plain(f)]
mode = termios.tcgetattr(slave)

size(60, 200)
p = start({"NO_COLOR": "1"})
f = frame_until(lambda f: "face down" in f, "with NO_COLOR")
assert "\x1b[38" not in f and "\x1b[0m" not in f, f
p.send_signal(signal.SIGINT)
assert p.wait(timeout=30) == 0
out = b""

size(12, 64)
p = start({})
f = frame_until(lambda f: "(cut: columns 1-64 of 81, " in f, "cut to 64x12")
assert max(widths(f)) <= 64 and len(plain(f)) <= 12, (widths(f), f)
assert re.search(r"lines 1-11 of [0-9]+; arrows scroll\)$", plain(f)[-1]), plain(f)[-1]
assert "\x1b[38;2;" in f, "no colour on the terminal: %r" % f
os.write(master, b"\x1b[Cj")
f = frame_until(lambda f: "(cut: columns 18-81 of 81, lines 2-12 of" in f, "scrolled")
assert max(widths(f)) <= 64 and len(plain(f)) <= 12, (widths(f), f)
scrolled = plain(f)[:-1]
n = out.count(CLEAR)
size(60, 200)
f = frame_until(lambda f: out.count(CLEAR) > n and "face down" in f, "at 200x60")
assert "(cut" not in f and max(widths(f)) > 60, (widths(f), f)
whole = plain(f)
for i, line in enumerate(scrolled):
    assert line == whole[i + 1][17:81], (i, line, whole[i + 1])
os.write(master, b"q")
assert p.wait(timeout=30) == 0
assert termios.tcgetattr(slave) == mode, "the terminal's mode was not given back"
PY
note "cut to 64x12, scrolled across and down, whole at 200x60; coloured on the terminal only"
bye 3
finish
