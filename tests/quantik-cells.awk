# quantik-cells.awk: Quantik from board-gtk's cell names (`atspi.py PID cells`), for test-gtk-quantik.sh.
# -v me=white|black -v what=legal -v k=A: the cells where the opponent's pieces let shape k go;
# -v what=left -v k=A: how many of shape k the window (me) has left;
# -v what=pick: "SHAPE CELL", the window's move: a winning one if any, else the first shape
# left with a square, on its first square; "" if there is none.
BEGIN { FS = "|" }
{
	i = NR - 1
	n = $1
	sub(/^row [1-4], column [1-4], zone [1-4], /, "", n)
	if (n ~ /^empty/) occ[i] = 0
	else { split(n, w, " "); occ[i] = 1; col[i] = w[1]; sh[i] = substr(w[3], 2, 1) }
}
# cell of the k-th square (0-3) of line l: rows 0-3, columns 4-7, zones 8-11
function at(l, k) {
	if (l < 4) return l * 4 + k
	if (l < 8) return k * 4 + l - 4
	l -= 8
	return int(l / 2) * 8 + l % 2 * 2 + int(k / 2) * 4 + k % 2
}
function has(l, c,   k) { for (k = 0; k < 4; k++) if (at(l, k) == c) return 1; return 0 }
function legal(s, c,   l, k, d) {
	if (occ[c]) return 0
	for (l = 0; l < 12; l++)
		if (has(l, c))
			for (k = 0; k < 4; k++) { d = at(l, k); if (occ[d] && col[d] != me && sh[d] == s) return 0 }
	return 1
}
function left(s,   c, n) { n = 2; for (c = 0; c < 16; c++) if (occ[c] && col[c] == me && sh[c] == s) n--; return n }
# s on c completes a line of four different shapes
function wins(s, c,   l, k, d, seen, n) {
	for (l = 0; l < 12; l++) {
		if (!has(l, c)) continue
		split("", seen); n = 0
		for (k = 0; k < 4; k++) {
			d = at(l, k)
			if (d == c) continue
			if (occ[d] && sh[d] != s && !(sh[d] in seen)) { seen[sh[d]] = 1; n++ }
		}
		if (n == 3) return 1
	}
	return 0
}
END {
	if (what == "legal") {
		out = ""
		for (c = 0; c < 16; c++) if (legal(k, c)) out = out " " c
		print substr(out, 2)
		exit
	}
	if (what == "left") {
		print left(k)
		exit
	}
	first = ""
	for (j = 0; j < 4; j++) {
		s = substr("ABCD", j + 1, 1)
		if (left(s) == 0) continue
		for (c = 0; c < 16; c++) {
			if (!legal(s, c)) continue
			if (wins(s, c)) { print s, c; exit }
			if (first == "") first = s " " c
		}
	}
	print first
}
