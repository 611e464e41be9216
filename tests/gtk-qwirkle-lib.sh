# gtk-qwirkle-lib.sh: shared by the tests of board-gtk's Qwirkle window, after gtk-lib.sh:
# the table and the hand as a screen reader reads them off the window $GPID (the cells'
# and the hand buttons' accessible names) in notation, and picking and placing tiles.

# tile_code COLOUR SHAPE: the notation of a tile's name ("red circle" -> c5).
tile_code() {
	case "$2" in diamond) s=a ;; square) s=b ;; circle) s=c ;; clover) s=d ;; criss-cross) s=e ;; starburst) s=f ;; *) return 1 ;; esac
	case "$1" in blue) c=1 ;; yellow) c=2 ;; orange) c=3 ;; purple) c=4 ;; red) c=5 ;; green) c=6 ;; *) return 1 ;; esac
	echo "$s$c"
}
# table_now, hand_now: the tiles on the cells shown (- for none), the hand's buttons.
table_now() {
	t=""
	at "$GPID" cells >"$WORK/cells" || fail "no cells"
	while IFS='|' read -r name rest; do
		set -- $(echo "$name" | tr -d ',')
		[ "$5" = empty ] && continue
		t="$t $(tile_code "$5" "$6")@$2,$4"
	done <"$WORK/cells"
	echo "${t# }" | grep . || echo -
}
hand_now() {
	at "$GPID" buttons >"$WORK/buttons.now"
	hand_in "$WORK/buttons.now"
}
# hand_in FILE: the hand in a list of the buttons (`at PID buttons`).
hand_in() {
	sed -n 's/^Tile [0-9]: \([a-z]*\) \([a-z-]*\).*/\1 \2/p' "$1" >"$WORK/hand"
	h=""
	while read -r colour shape; do h="$h $(tile_code "$colour" "$shape")"; done <"$WORK/hand"
	echo "${h# }"
}
# pick CODE: press the button of a tile of the hand not placed yet (its number into K).
pick() {
	K=$(at "$GPID" buttons | grep -v ", placed" | sed -n 's/^Tile \([0-9]\): \([a-z]*\) \([a-z-]*\).*/\1 \2 \3/p' |
		while read -r k colour shape; do [ "$(tile_code "$colour" "$shape")" = "$1" ] && echo "$k" && break; done)
	[ -n "$K" ] || fail "no tile $1 in the hand: $(at "$GPID" buttons)"
	press "$GPID" "$(at "$GPID" buttons | grep "^Tile $K: ")"
	wait_until "tile $K picked" eval 'at "$GPID" buttons | grep -q "^Tile $K: .*, picked"'
}
# square X Y: click the square at table cell X, Y.
square() {
	set -- $(at "$GPID" cells | grep "^x $1, y $2, " | cut -d'|' -f2)
	[ $# -eq 4 ] || fail "no square at that cell in the frame"
	xdotool mousemove $(($1 + $3 / 2)) $(($2 + $4 / 2)) click 1
}
# lay PLACEMENTS: pick and place each tile ("d6@-3,0 e6@-3,1"), each seen placed.
lay() {
	for p in $1; do
		pick "${p%@*}"
		xy=${p#*@}
		square "${xy%,*}" "${xy#*,}"
		wait_until "the tile ${p%@*} placed" eval 'at "$GPID" cells | grep -q "^x ${xy%,*}, y ${xy#*,}, .*placed, not played yet|"'
	done
}
