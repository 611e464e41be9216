#!/bin/sh
# test-remote-host.sh: clients find out by themselves that the board's shared memory is not
# on their host. The daemon runs in its own mount namespace with a /dev/shm of its own (as
# on another machine: its segments and semaphores are invisible here, its socket is not), so
# a board-bot started WITHOUT --no-shm cannot map the board its join names: it plays from
# the snapshot request alone, a whole game of Memory and of tic-tac-toe against a bot that
# runs beside the daemon and maps the board, with agreeing results. Its /proc/PID/maps holds
# none of the daemon's objects; the board's objects are in the daemon's /dev/shm, not here.
# boardctl dump and players, without --no-shm, show the board as --no-shm does.
. "$(dirname "$0")/lib.sh"
BOTS=""
trap 'kill $BOTS 2>/dev/null; cleanup' EXIT INT TERM

# The daemon behind unshare(1): a private tmpfs on /dev/shm, then boardd (the same pid, so
# stop_daemon's SIGTERM reaches it; its /dev/shm goes with its namespace).
BOARDD="$WORK/boardd-elsewhere"
cat >"$BOARDD" <<EOS
#!/bin/sh
exec unshare --mount --propagation private sh -c 'mount -t tmpfs -o mode=1777,size=64m boardd-elsewhere /dev/shm && exec "\$0" "\$@"' "$BIN/boardd" "\$@"
EOS
chmod +x "$BOARDD"
start_daemon --restart-ms 3600000 --board memory:memory:4 --board tictactoe:tictactoe
there=$(ls "/proc/$DPID/root/dev/shm")
echo "$there" | grep -q "^$PREFIX\.memory\." || fail "the daemon's /dev/shm has no board: $there"
[ -z "$(leftovers)" ] || fail "the daemon's objects are visible here: $(leftovers)"

# beside NAME OPTION...: a board-bot in the daemon's namespace (it maps the board).
beside() {
	name=$1
	shift
	timeout 60 nsenter --target "$DPID" --mount "$BOT" --name "$name" --stats "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" &
	PID=$!
}
for g in memory tictactoe; do
	run_bot "r-$g" --board "$g" --games 1 --delay-ms 0 --seed 6
	R=$PID
	BOTS="$BOTS $R"
	wait_for "$WORK/r-$g.err" "^board-bot: playing on board "
	rb=$(pgrep -P "$R" -x board-bot) || fail "no board-bot under $R"
	! grep " /dev/shm/$PREFIX\." "/proc/$rb/maps" || fail "the bot here maps the board"
	beside "b-$g" --board "$g" --games 1 --delay-ms 0 --seed 5
	B=$PID
	BOTS="$BOTS $B"
	wait_bot "$B" "b-$g"
	wait_bot "$R" "r-$g"
	r=$(sed -n 's/.*"result":"\([a-z]*\)".*/\1/p' "$WORK/b-$g.out")/$(sed -n 's/.*"result":"\([a-z]*\)".*/\1/p' "$WORK/r-$g.out")
	pts=$(sed -n 's/.*"points":\([0-9]*\).*/\1/p' "$WORK/b-$g.out")/$(sed -n 's/.*"points":\([0-9]*\).*/\1/p' "$WORK/r-$g.out")
	case $r in
	win/lose | lose/win | draw/draw) ;;
	win/win) [ "${pts%/*}" = "${pts#*/}" ] || fail "$g: both won with points $pts" ;; # Memory: a tie at the top
	*) fail "$g: results $r: $(cat "$WORK/b-$g.out" "$WORK/r-$g.out" "$WORK/r-$g.err")" ;;
	esac
	! grep -E 'refused|cannot|malformed' "$WORK/r-$g.err" || fail "bot r-$g: $(cat "$WORK/r-$g.err")"
	note "$g: the bot beside the daemon $(cat "$WORK/b-$g.out"), the bot here $(cat "$WORK/r-$g.out")"
done

# boardctl without --no-shm reads the boards through the socket too, as --no-shm does.
for cmd in dump players; do
	"$BIN/boardctl" $cmd tictactoe >"$WORK/ctl.out" 2>&1 || fail "boardctl $cmd here: $(cat "$WORK/ctl.out")"
	"$BIN/boardctl" $cmd --no-shm tictactoe >"$WORK/ctl-no-shm.out" 2>&1 || fail "boardctl $cmd --no-shm: $(cat "$WORK/ctl-no-shm.out")"
	cmp -s "$WORK/ctl.out" "$WORK/ctl-no-shm.out" || fail "boardctl $cmd: $(cat "$WORK/ctl.out") is not --no-shm's $(cat "$WORK/ctl-no-shm.out")"
	cp "$WORK/ctl.out" "$WORK/ctl-$cmd.out"
done
grep -q "^board tictactoe " "$WORK/ctl-dump.out" || fail "boardctl dump: $(cat "$WORK/ctl-dump.out")"
"$BIN/boardctl" dump nope >"$WORK/ctl.out" 2>&1 && fail "boardctl dump of no board: $(cat "$WORK/ctl.out")"
grep -q "no such board" "$WORK/ctl.out" || fail "boardctl dump nope: $(cat "$WORK/ctl.out")"
note "boardctl dump and players read the board through the socket by themselves"
finish
