# memory-lib.sh: shared by the tests that need Memory pairs locked on purpose, after lib.sh
# (run as the daemon's user: the values come from boardctl dump --private).

# partner X Y: the coordinates of the card that pairs with x y, from the secret values.
partner() {
	"$BIN/boardctl" dump --private >"$WORK/secret" 2>&1 || fail "dump --private: $(cat "$WORK/secret")"
	sed -n '/^values:$/,/^player/p' "$WORK/secret" | grep -E '^ *[0-9]+  ' | awk -v x="$1" -v y="$2" '
		{ for (i = 2; i <= NF; i++) v[i - 2, $1] = $i }
		END { for (k in v) { split(k, c, SUBSEP); if ((c[1] != x || c[2] != y) && v[k] == v[x, y]) print c[1], c[2] } }'
}

# lock NAME FD X Y: NAME (its requests on FD) picks x y and its partner: a match, locked;
# the partner's "x y" in $WORK/NAME.pair.
lock() {
	set -- "$1" "$2" "$3" "$4" "$(partner "$3" "$4")"
	[ -n "$5" ] || fail "no partner of $3 $4: $(cat "$WORK/secret")"
	printf 'pick %s %s\npick %s\n' "$3" "$4" "$5" >&"$2"
	wait_for "$WORK/$1.out" "^EVENT [0-9]+ match $3 $4 $5 "
	echo "$5" >"$WORK/$1.pair"
}

# departed_scene: a 4x4 board main where ana (fd 3) locked the pair of card 0 and left, and
# bob (fd 4) then took her seat 0 and locked a pair: ana's cards 0 and $A, bob's $B and $P
# (cell numbers, row by row).
departed_scene() {
	start_daemon --board main:4 --min-players 1 --first-pick-ms 3600000 --mismatch-ms 3600000 --seed 7
	client ana 3; say 3 "join main"; wait_for "$WORK/ana.out" "^OK join main 0 "
	lock ana 3 0 0
	say 3 "leave"; wait_for "$WORK/ana.out" "^OK leave"
	client bob 4; say 4 "join main"; wait_for "$WORK/bob.out" "^OK join main 0 "
	A=$(awk '{ print $2 * 4 + $1 }' "$WORK/ana.pair")
	if [ "$A" = 12 ]; then lock bob 4 1 3; B=13; else lock bob 4 0 3; B=12; fi
	P=$(awk '{ print $2 * 4 + $1 }' "$WORK/bob.pair")
}
