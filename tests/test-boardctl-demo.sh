#!/bin/sh
# test-boardctl-demo.sh: `make run` (tests/run-demo.sh) in a pseudo-terminal, as a person runs
# it: boardctl watch shows a live game between the two bots, and Ctrl+C stops everything and
# leaves nothing behind (no processes, nothing in /dev/shm, no temporary files).
# lib.sh's BOARDD_SOCKET and BOARDD_SHM_PREFIX keep it apart from a person's own demo.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$WORK/tmp"

# The terminal: run the demo on a pty, wait (20 s at most) until the last frame shows a pair
# locked by each bot (upper case, ids 0 and 1), check the players with boardctl, type Ctrl+C,
# wait (10 s at most) for the demo to end. Exit: the demo's status, or 90+ when a step failed.
TMPDIR="$WORK/tmp" python3 - "$ROOT/tests/run-demo.sh" "$BIN" "$WORK/demo.out" >"$WORK/pty.log" 2>&1 <<'EOF'
import json, os, pty, re, select, signal, subprocess, sys, time
script, bindir, outfile = sys.argv[1:4]
pid, fd = pty.fork()
if pid == 0:
    os.environ['TERM'] = 'xterm'
    os.execvp('sh', ['sh', script, bindir])
print('session', pid, flush=True)
out = b''

def last_frame():
    text = re.sub(rb'\x1b\[[0-9;?]*[A-Za-z]', b'', out.split(b'\x1b[H\x1b[2J')[-1])
    return text.decode('ascii', 'replace')

def pump(seconds, done):
    global out
    end = time.time() + seconds
    eof = False
    while time.time() < end and not done():
        if eof:
            time.sleep(0.1)
            continue
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try:
                out += os.read(fd, 65536)
            except OSError:
                eof = True  # the terminal's last process closed it
    return done()

def exited():
    global status
    if status is not None:
        return True
    p, st = os.waitpid(pid, os.WNOHANG)
    if p == pid:
        status = os.waitstatus_to_exitcode(st)
    return status is not None

status = None
rc = 0
if not pump(20, lambda: re.search(r'[A-Z]{2}0', last_frame()) and re.search(r'[A-Z]{2}1', last_frame())):
    print('no pair locked by each bot in 20 s', flush=True)
    rc = 91
else:
    players = subprocess.run([bindir + '/boardctl', 'players', '--json'], capture_output=True, text=True)
    names = sorted(p['name'] for p in json.loads(players.stdout)['players']) if players.returncode == 0 else []
    if names != ['alice', 'bob']:
        print('players:', players.stdout, players.stderr, flush=True)
        rc = 92
    if 'boardctl watch: Ctrl+C to stop' not in last_frame() or '\x1b[38;2;' not in out.decode('ascii', 'replace'):
        print('the watch is not drawn for a terminal (header, colours)', flush=True)
        rc = 93
    if not os.listdir(os.environ['TMPDIR']):
        print('no temporary folder in TMPDIR', flush=True)
        rc = 94
os.write(fd, b'\x03')
if not pump(10, exited):
    print('still running 10 s after Ctrl+C', flush=True)
    os.killpg(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    rc = rc or 95
open(outfile, 'wb').write(out)
print('last frame:\n' + last_frame(), flush=True)
sys.exit(rc or status)
EOF
rc=$?
[ "$rc" -eq 0 ] || fail "demo on a pty: status $rc: $(cat "$WORK/pty.log")"
SID=$(sed -n 's/^session //p' "$WORK/pty.log")
left=$(ps -o pid=,args= -s "$SID")
[ -z "$left" ] || fail "processes left: $left"
[ -z "$(ls "$WORK/tmp")" ] || fail "temporary files left: $(ls "$WORK/tmp")"
note "$(grep -c 'boardctl watch' "$WORK/demo.out") frames drawn"
finish
