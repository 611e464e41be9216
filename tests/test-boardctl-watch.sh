#!/bin/sh
# test-boardctl-watch.sh: boardctl watch on a terminal (a pty, as a terminal emulator gives
# one) fits its window: a 16x16 Memory board in a 30-column terminal has no line wider than
# 30 columns and says it was cut; the window made 200 wide (TIOCSWINSZ, which sends SIGWINCH
# to the terminal's foreground process, as a real resize does) redraws at full width with no
# note; SIGINT ends it with status 0.
. "$(dirname "$0")/lib.sh"

start_daemon --board main:16 --min-players 1
python3 - "$BIN/boardctl" <<'PY' || fail "watch on a pty"
import fcntl, os, pty, re, select, signal, struct, subprocess, sys, termios, time
master, slave = pty.openpty()
def size(cols):
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 50, cols, 0, 0))
def ctty():
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
size(30)
p = subprocess.Popen([sys.argv[1], "watch"], stdin=slave, stdout=slave, stderr=slave, preexec_fn=ctty,
                     env=dict(os.environ, TERM="xterm"))
os.close(slave)
out = b""
def frame_until(pred):
    global out
    end = time.time() + 30
    while time.time() < end:
        r, _, _ = select.select([master], [], [], 0.5)
        if r:
            out += os.read(master, 65536)
        frames = out.split(b"\x1b[H\x1b[2J")
        last = frames[-1].decode("ascii", "replace")
        if len(frames) > 1 and "Ctrl+C" in last and pred(last):
            return last
    sys.exit("no such frame in: %r" % out[-3000:])
def widths(f):
    return [len(re.sub("\x1b\\[[0-9;]*m", "", l)) for l in f.replace("\r", "").split("\n")]
f = frame_until(lambda f: "(cut: " in f)
assert max(widths(f)) <= 30, widths(f)
n = out.count(b"\x1b[H\x1b[2J")
size(200)
f = frame_until(lambda f: out.count(b"\x1b[H\x1b[2J") > n and "face down" in f)
assert "(cut" not in f and max(widths(f)) > 60, (widths(f), f)
p.send_signal(signal.SIGINT)
assert p.wait(timeout=30) == 0
PY
note "a 16x16 board cut to a 30-column terminal, whole once it is 200 wide; a resize redraws"
finish
