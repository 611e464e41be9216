#!/bin/sh
# test-ssh.sh: play from another machine as README says, through OpenSSH's socket forwarding:
# a real sshd of the test's own (a loopback port, its own config, a throwaway host key and
# user key, no password, the unprivileged user nobody), `ssh -N -L fwd.sock:boardd.sock`
# with README's options, then on the forwarded socket a bot without shared memory plays a
# whole game of tic-tac-toe, Quantik and Memory against a local bot, while view-compare holds a
# remote spectator's view (no shared memory, through ssh) against a local one's (mapped)
# after every event. The Memory bot is not told --no-shm when a private /dev/shm can be
# given to it (unshare): it must notice by itself that the board is not on its host.
. "$(dirname "$0")/lib.sh"
SSHD_PID="" SSH_PID="" VC_PID="" FAR_PID="" NEAR_PID=""
FWD="$WORK/fwd.sock"

# ssh_stop: end what the test started, the ssh client first: its session's sshd processes
# then end by themselves (the listener, killed first, would leave them behind); those that
# did not within 10 s are killed.
ssh_stop() {
	for p in $VC_PID $FAR_PID $NEAR_PID $SSH_PID; do kill "$p" 2>/dev/null; wait "$p" 2>/dev/null; done
	VC_PID="" FAR_PID="" NEAR_PID="" SSH_PID=""
	if [ -n "$SSHD_PID" ]; then
		for _ in $(seq 1 200); do
			pgrep -P "$SSHD_PID" >/dev/null || break
			sleep 0.05
		done
		pkill -P "$SSHD_PID" 2>/dev/null
		kill "$SSHD_PID" 2>/dev/null
		wait "$SSHD_PID" 2>/dev/null
		SSHD_PID=""
	fi
}
trap 'ssh_stop; cleanup' EXIT INT TERM

[ -x /usr/sbin/sshd ] && command -v ssh >/dev/null && command -v ssh-keygen >/dev/null ||
	fail "openssh-server and openssh-client are needed (make deps-check installs them)"

# sshd_config PORT: the daemon's configuration, nothing from /etc/ssh: keys only, nobody only,
# local forwarding only (sshd forwards to a socket path only where it allows TCP forwarding).
sshd_config() {
	cat <<EOF
ListenAddress 127.0.0.1:$1
HostKey $WORK/host_key
PidFile $WORK/sshd.pid
AuthorizedKeysFile $WORK/authorized_keys
AuthenticationMethods publickey
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PermitRootLogin no
AllowUsers nobody
AllowTcpForwarding local
AllowAgentForwarding no
AllowStreamLocalForwarding local
X11Forwarding no
PermitTTY no
PrintMotd no
LogLevel VERBOSE
EOF
}

# sshd_start: sshd in the foreground on a free loopback port (another one if the port drawn
# was taken), PORT set once it listens.
sshd_start() {
	for _ in 1 2 3 4 5 6 7 8; do
		PORT=$(shuf -i 20000-60999 -n 1)
		sshd_config "$PORT" >"$WORK/sshd_config"
		/usr/sbin/sshd -D -e -f "$WORK/sshd_config" >"$WORK/sshd.log" 2>&1 &
		SSHD_PID=$!
		for _ in $(seq 1 600); do
			grep -q "Server listening on 127.0.0.1 port $PORT" "$WORK/sshd.log" && return 0
			kill -0 "$SSHD_PID" 2>/dev/null || break
			sleep 0.05
		done
		wait "$SSHD_PID" 2>/dev/null
		SSHD_PID=""
		grep -q 'Address already in use' "$WORK/sshd.log" || fail "sshd did not start: $(cat "$WORK/sshd.log")"
	done
	fail "sshd found no free port: $(cat "$WORK/sshd.log")"
}

# fwd_answers: a daemon answers a ping through the forwarded socket.
fwd_answers() { printf 'ping\n' | socat -t 5 - UNIX-CONNECT:"$FWD" 2>/dev/null | grep -q '^OK pong'; }

# table_seq TABLE: the newest event of TABLE, from a snapshot asked on the daemon's socket.
table_seq() {
	printf 'hello probe spectator\njoin %s\nsnapshot\nquit\n' "$1" | socat -t 5 - UNIX-CONNECT:"$SOCK" 2>/dev/null |
		sed -n 's/^OK snapshot [0-9]* [0-9]* \([0-9]*\) [0-9]*$/\1/p'
}
# table_empty TABLE: nobody is seated at TABLE any more.
table_empty() { ask list | grep -qE "^TABLE $1 [a-z]+ [a-z]+ 0 "; }

# no_shm_mapped PID: the process maps nothing of this test's boards.
no_shm_mapped() {
	[ -n "$1" ] && [ -r "/proc/$1/maps" ] || fail "no remote bot to look at"
	if grep -q "/dev/shm/$PREFIX\." "/proc/$1/maps"; then
		fail "the remote bot maps the board: $(grep /dev/shm "/proc/$1/maps")"
	fi
}

# forward_up: wait until the daemon answers through ssh ($SSH_PID) and its forwarded socket.
forward_up() {
	for _ in $(seq 1 600); do
		kill -0 "$SSH_PID" 2>/dev/null || fail "ssh exited: $(cat "$WORK/ssh.log"); sshd: $(cat "$WORK/sshd.log")"
		fwd_answers && return 0
		sleep 0.05
	done
	fail "nothing answers on the forwarded socket: $(cat "$WORK/ssh.log"); sshd: $(cat "$WORK/sshd.log")"
}

note "keys, sshd, and ssh -N -L"
ssh-keygen -q -t ed25519 -N '' -C test-ssh-host -f "$WORK/host_key" || fail "ssh-keygen (host key)"
ssh-keygen -q -t ed25519 -N '' -C test-ssh-user -f "$WORK/user_key" || fail "ssh-keygen (user key)"
cp "$WORK/user_key.pub" "$WORK/authorized_keys" || fail "authorized_keys"
# nobody's sshd reads authorized_keys, and connects to boardd's socket, inside $WORK
chmod 755 "$WORK" && chmod 644 "$WORK/authorized_keys" || fail "chmod"
# sshd's privilege separation needs its empty folder (made by the package's service, not here)
[ -d /run/sshd ] || mkdir -m 0755 /run/sshd || fail "cannot make /run/sshd"
start_daemon --board t3:tictactoe --board cards:4 --board q4:quantik --seed 7
sshd_start
echo "[127.0.0.1]:$PORT $(cut -d' ' -f1,2 "$WORK/host_key.pub")" >"$WORK/known_hosts"
ssh -F /dev/null -N -o BatchMode=yes -o ExitOnForwardFailure=yes -o ServerAliveInterval=5 \
	-o ServerAliveCountMax=6 -o StreamLocalBindUnlink=yes -o StrictHostKeyChecking=yes \
	-o UserKnownHostsFile="$WORK/known_hosts" -o GlobalKnownHostsFile=/dev/null -o IdentitiesOnly=yes \
	-o IdentityAgent=none -o ConnectTimeout=30 -i "$WORK/user_key" -p "$PORT" -L "$FWD:$SOCK" \
	nobody@127.0.0.1 >"$WORK/ssh.log" 2>&1 &
SSH_PID=$!
forward_up
grep -q 'Accepted publickey for nobody from 127.0.0.1' "$WORK/sshd.log" || fail "sshd: $(cat "$WORK/sshd.log")"
# README: only you may use the forwarded socket
[ "$(stat -c %a "$FWD")" = 600 ] || fail "the forwarded socket's mode: $(stat -c %a "$FWD")"

# game TABLE GAME FAR-LAUNCHER...: a bot on the forwarded socket (started by the launcher
# given, which ends with board-bot's path) and one on the daemon's own play one whole game at
# TABLE while view-compare watches; everything is checked, then both views' counts.
game() {
	table=$1 kind=$2
	shift 2
	"$BIN/view-compare" --remote "$FWD" --local "$SOCK" --board "$table" >"$WORK/vc-$table.out" 2>&1 &
	VC_PID=$!
	wait_for "$WORK/vc-$table.out" "^watching $table at [0-9]+$"
	start=$(sed -n "s/^watching $table at //p" "$WORK/vc-$table.out")
	timeout 120 "$@" --socket "$FWD" --board "$table" --game "$kind" --name far --games 1 --delay-ms 400 \
		--stats >"$WORK/far-$table.out" 2>"$WORK/far-$table.err" &
	FAR_PID=$!
	# seated, it waits for its opponent: look at it before the game can end
	wait_for "$WORK/far-$table.err" "playing on board $table as player"
	note "$table: the remote bot maps no board; the daemon has it as nobody's, through sshd"
	no_shm_mapped "$(pgrep -P "$FAR_PID" -x board-bot)"
	wait_for "$WORK/daemon.log" "board $table: far joined as player [01] \(pid [0-9]+ uid 65534\)"
	timeout 120 "$BOT" --board "$table" --game "$kind" --name near --games 1 --delay-ms 400 --stats \
		>"$WORK/near-$table.out" 2>"$WORK/near-$table.err" &
	NEAR_PID=$!
	wait "$FAR_PID" || fail "the remote bot exited $?: $(cat "$WORK/far-$table.err")"
	FAR_PID=""
	wait "$NEAR_PID" || fail "the local bot exited $?: $(cat "$WORK/near-$table.err")"
	NEAR_PID=""
	for b in far near; do
		[ "$(grep -c '"result":"\(win\|lose\|draw\)"' "$WORK/$b-$table.out")" -eq 1 ] ||
			fail "$b did not finish one game: $(cat "$WORK/$b-$table.out" "$WORK/$b-$table.err")"
	done
	note "$table: far $(cat "$WORK/far-$table.out"), near $(cat "$WORK/near-$table.out")"
	wait_until "both bots gone from $table" table_empty "$table"
	final=$(table_seq "$table")
	[ -n "$final" ] || fail "no snapshot of $table"
	wait_for "$WORK/vc-$table.out" "^event $final (un)?compared$"
	kill -TERM "$VC_PID"
	wait "$VC_PID" || fail "view-compare on $table exited $?: $(cat "$WORK/vc-$table.out")"
	VC_PID=""
	sum=$(grep '^events ' "$WORK/vc-$table.out")
	moves=$(awk -F'"moves":' '{ split($2, m, /[,}]/); n += m[1] } END { print n }' "$WORK/far-$table.out" "$WORK/near-$table.out")
	note "$table: view-compare: $sum (the game: events $((start + 1)) to $final, $moves moves)"
	# every event of the game reached the remote view (and by view-compare's status, 90% of
	# them were compared and no view differed)
	echo "$sum" | grep -qE "^events $((final - start)) compared [0-9]+ comparisons [0-9]+ matched [0-9]+ mismatched 0 first $((start + 1)) last $final$" ||
		fail "view-compare on $table saw other events than the game's ($((start + 1)) to $final): $(cat "$WORK/vc-$table.out")"
	# each move rests 400 ms: most of them were compared on their own, not only in a burst
	views=$(echo "$sum" | sed 's/.* comparisons \([0-9]*\) .*/\1/')
	[ "$((views * 2))" -ge "$moves" ] || fail "view-compare on $table compared $views views for $moves moves: $(cat "$WORK/vc-$table.out")"
}

note "tic-tac-toe: board-bot --no-shm on the forwarded socket"
game t3 tictactoe "$BOT" --no-shm

note "Quantik: board-bot --no-shm on the forwarded socket"
game q4 quantik "$BOT" --no-shm

note "Memory: board-bot on the forwarded socket"
if unshare -m sh -c 'mount -t tmpfs -o size=1m tmpfs /dev/shm' 2>/dev/null; then
	note "in a /dev/shm of its own: without --no-shm it must see that the board is not there"
	game cards memory unshare -m sh -c 'mount -t tmpfs -o size=1m tmpfs /dev/shm && exec "$0" "$@"' "$BOT"
else
	note "unshare -m is not permitted here: --no-shm"
	game cards memory "$BOT" --no-shm
fi

note "ssh killed: the socket file it left is replaced by README's ~/.ssh/config block's ssh"
kill -KILL "$SSH_PID"
wait "$SSH_PID" 2>/dev/null
[ -S "$FWD" ] || fail "ssh killed took its socket file with it: nothing to replace"
cat >"$WORK/ssh_config" <<EOF
Host board
    HostName 127.0.0.1
    SessionType none
    LocalForward $FWD $SOCK
    ExitOnForwardFailure yes
    ServerAliveInterval 15
    ServerAliveCountMax 3
    StreamLocalBindUnlink yes
    Port $PORT
    User nobody
    IdentityFile $WORK/user_key
    IdentitiesOnly yes
    IdentityAgent none
    BatchMode yes
    StrictHostKeyChecking yes
    UserKnownHostsFile $WORK/known_hosts
    GlobalKnownHostsFile /dev/null
EOF
ssh -F "$WORK/ssh_config" board >"$WORK/ssh.log" 2>&1 &
SSH_PID=$!
forward_up

ssh_stop
grep -E 'error|fatal' "$WORK/sshd.log" && fail "sshd complained"
finish
