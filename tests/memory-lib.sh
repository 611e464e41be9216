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
