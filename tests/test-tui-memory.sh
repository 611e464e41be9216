#!/bin/sh
# test-tui-memory.sh: board-tui on a static Memory board (--board) of a real boardd, in a
# monochrome terminal (TERM=xterm-mono): a whole game against board-bot played with the
# arrows and Enter, the cards drawn as text and attributes with no colour, the end named
# with its countdown ticking, then q leaves the seat and gives the terminal back. Also the
# command line: --help, --version, usage errors.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tui-lib.sh"

note "command line"
"$TUI" --help | grep -q -- '--board NAME' || fail "--help does not describe --board"
"$TUI" --version | grep -qE '^board-tui [0-9.]+ \(protocol [0-9]+\)$' || fail "--version: $("$TUI" --version)"
for bad in "--name" "--name a b" "--board bad.name" "--shm-prefix x.y" "--bogus" "extra"; do
	# shellcheck disable=SC2086 # the words of each case
	"$TUI" $bad >/dev/null 2>"$WORK/usage.err"
	rc=$?
	[ "$rc" -eq 2 ] && grep -q '^board-tui: \|^usage: \|unrecognized\|requires an argument' "$WORK/usage.err" ||
		fail "board-tui $bad exited $rc, want 2 with a message: $(cat "$WORK/usage.err")"
done
"$TUI" --board nosuch 2>"$WORK/join.err" </dev/null && fail "board-tui --board nosuch without a daemon exited 0"
grep -q '^board-tui: ' "$WORK/join.err" || fail "no message without a daemon: $(cat "$WORK/join.err")"

start_daemon --board main:2 --seed 7 --restart-ms 600000 --mismatch-ms 500
"$TUI" --board nosuch 2>"$WORK/join.err" </dev/null && fail "board-tui --board nosuch exited 0"
grep -q '^board-tui: .*nosuch' "$WORK/join.err" || fail "an unknown board: $(cat "$WORK/join.err")"

note "a whole game against a bot, in a monochrome terminal"
tui_start TERM=xterm-mono -- --board main --name ana
wait_screen '^board-tui: Memory at table main'
wait_screen '^Waiting for players \(1 of 2 seated\)'
tui_bot bob --board main --level easy --seed 5 --delay-ms 300
wait_screen '^Game 1: pick two cards'
shows '\[B\] bob' && shows '\[A\] ana .*\(you\)' || fail "the players: $(screen | head -n 8)"

# Until the game is over: the first face-down card, chosen with the arrows, turned with
# Enter; then the card is up (ours or the bot's), refused, or the game is over. While our
# two cards of a miss show, nothing is picked (the daemon would refuse it).
ours_up() { cells 4 2 | grep -cE '^[a-z]{2}/A$'; }
picked() { [ "$(cells 4 2 | sed -n "${first}p")" != '####' ] || shows '^! |^GAME OVER'; }
settled() { [ "$(ours_up)" -lt 2 ] || shows '^GAME OVER'; }
face_down() { cells 4 2 | grep -q '^####$' || shows '^GAME OVER'; }
picks=0
while ! shows '^GAME OVER'; do
	wait_until "our miss turned down" settled
	wait_until "a face-down card or the end" face_down
	first=$(cells 4 2 | grep -n '^####$' | head -n 1 | cut -d: -f1)
	[ -n "$first" ] || continue
	go $(((first - 1) % 2)) $(((first - 1) / 2))
	keys Enter
	picks=$((picks + 1))
	[ "$picks" -le 200 ] || fail "200 picks and no end: $(screen | head -n 12)"
	wait_until "the pick's outcome" picked
done
note "game over after $picks picks"
wait_screen '^GAME OVER: (You won|You lost|A draw): every pair is found; the top score is [0-9]+\.$'
cells 4 2 | grep -qE '^[A-Z]{2}=[AB]$' || fail "no locked card shown as VALUE=TAG: $(cells 4 2 | tr '\n' '|')"
[ "$(cells 4 2 | grep -cE '^[A-Z]{2}=[AB]$')" -eq 4 ] || fail "not every card locked: $(cells 4 2 | tr '\n' '|')"
wait_screen '^Next game in 59[0-9] s\.$'

note "no colour in a monochrome terminal, attributes instead"
esc=$(printf '\033')
escapes | grep -qE "$esc\[([0-9]+;)*(3[0-8]|4[0-8]|9[0-7])(;[0-9]+)*m" &&
	fail "colours in a monochrome terminal: $(escapes | grep -E "$esc\[([0-9]+;)*(3[0-8]|9[0-7])" | head -n 3 | od -c | head)"
escapes | grep -qE "$esc\[([0-9]+;)*7(;[0-9]+)*m" || fail "no reverse video for the cursor in monochrome"
escapes | grep -qE "$esc\[([0-9]+;)*4(;[0-9]+)*m" || fail "no underline for the locked cards in monochrome"

note "q leaves the seat and gives the terminal back"
tui_quit
wait_until "ana's seat freed" sh -c "! { printf 'hello probe spectator\njoin main\nplayers\nquit\n' |
	socat -t 5 - 'UNIX-CONNECT:$SOCK' | grep -q '^PLAYER .* ana '; }"
tui_bot_end
finish
