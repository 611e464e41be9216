#!/bin/sh
# alternate.sh: two builds of boardd measured in turns (old, new, old, new...), each with its
# own boardd-bench and its own daemon, then the median of each figure and the ratio new/old.
# docs/PERFORMANCE.md, "Issue 10: game-neutral core, old vs new", says how it was used.
#
#   sh bench/alternate.sh [-n RUNS] [-q] [-s] [-k DIR] OLD NEW
#   sh bench/alternate.sh -r DIR          # the table again from the runs kept in DIR
#
# OLD and NEW are checkouts with build/boardd and build/boardd-bench built (`make all
# build/boardd-bench`). -n: runs of each (default 6); -q: --quick runs; -s: every second pair
# new first (old new, new old, old new...), so load that grows or fades through the series
# does not always fall on the same build; -k: keep every run's output and JSON in DIR
# (default: a temporary folder, removed). Exit 1 if a run failed or left anything in /dev/shm.
set -u
usage="usage: sh bench/alternate.sh [-n RUNS] [-q] [-s] [-k DIR] OLD NEW | -r DIR"

# What is measured: the commit of a checkout and a digest of its daemon binary.
alternate_describe() {
	c=$(git -C "$2" describe --always --dirty 2>/dev/null || echo "not a git checkout")
	s=$(sha256sum "$2/build/boardd" | cut -c1-12)
	echo "$1: $2 (commit $c, build/boardd sha256 $s...)"
}

# The p50 of one figure in one run's JSON (for the progress line).
alternate_p50() {
	grep -F "\"figure\": \"$2\"" "$1" | sed 's/.*"p50": \([^,]*\),.*/\1/'
}

# One run of one build: its own bench, its own daemon (--boardd), then a check that nothing
# of the run's prefix (bench<pid>n<k>, set by bench/target.c) is left in /dev/shm.
alternate_run() {
	tag=$1 dir=$2 n=$3
	"$dir/build/boardd-bench" --boardd "$dir/build/boardd" --only pick,fanout $quick \
		--out "$out/$tag-$n.json" >"$out/$tag-$n.txt" 2>&1 &
	pid=$!
	wait $pid
	rc=$?
	left=0
	for f in /dev/shm/*"bench${pid}n"*; do
		[ -e "$f" ] && left=$((left + 1))
	done
	if [ "$rc" -ne 0 ] || [ ! -s "$out/$tag-$n.json" ]; then
		echo "alternate.sh: $tag run $n failed (exit $rc):" >&2
		tail -5 "$out/$tag-$n.txt" >&2
		failed=1
	fi
	if [ "$left" -ne 0 ] || grep -q 'objects in /dev/shm' "$out/$tag-$n.txt"; then
		echo "alternate.sh: $tag run $n left objects in /dev/shm (prefix bench${pid}n)" >&2
		failed=1
	fi
	printf '%s %d: pick 4x4 one CPU p50 %s us, fan-out 64 p50 %s us\n' "$tag" "$n" \
		"$(alternate_p50 "$out/$tag-$n.json" 'pick round trip (1 player, 4x4), one CPU')" \
		"$(alternate_p50 "$out/$tag-$n.json" 'fan-out to 64 spectators, all read')"
}

# One line per run and figure (its place in the JSON, tag, figure, p50, p99, p50 over its
# floor); then per figure, in the bench's order, the median of each column for old and new
# and the ratio of the medians new/old.
alternate_table() {
	for f in "$out"/old-*.json "$out"/new-*.json; do
		[ -s "$f" ] || continue
		tag=$(basename "$f" | cut -d- -f1)
		grep -n '"figure": "pick round trip\|"figure": "fan-out to 64 spectators' "$f" |
			sed "s/:.*\"figure\": \"\([^\"]*\)\".*\"p50\": \([^,]*\), \"p99\": \([^,]*\),.*\"ratio_p50\": \([^,]*\),.*/	$tag	\1	\2	\3	\4/"
	done | sort -t '	' -k1,1n | cut -f2- | awk -F '	' '
	function median(a, n) { return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
	function sortn(a, n,   i, j, t) {
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	}
	function med(tag, fig, v,   k, s) {
		for (k = 1; k <= cnt[tag, fig]; k++) s[k] = col[tag, fig, v, k]
		sortn(s, cnt[tag, fig])
		return median(s, cnt[tag, fig])
	}
	!(($2) in seen) { seen[$2] = 1; figs[++nf] = $2 }
	{ k = ++cnt[$1, $2]; for (v = 1; v <= 3; v++) col[$1, $2, v, k] = $(v + 2) + 0 }
	END {
		print "| figure | runs old / new | old p50 (us) | new p50 | new / old | old p99 | new p99 | new / old | x50 old | x50 new | new / old |"
		print "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
		for (f = 1; f <= nf; f++) {
			g = figs[f]
			if (!cnt["old", g] || !cnt["new", g]) continue
			o1 = med("old", g, 1); n1 = med("new", g, 1); o2 = med("old", g, 2); n2 = med("new", g, 2)
			o3 = med("old", g, 3); n3 = med("new", g, 3)
			printf "| %s | %d / %d | %.1f | %.1f | %.2f | %.1f | %.1f | %.2f | %.2f | %.2f | %.2f |\n", g,
				cnt["old", g], cnt["new", g], o1, n1, n1 / o1, o2, n2, n2 / o2, o3, n3, n3 / o3
		}
	}'
	echo "(medians of the runs; x50: p50 over the same run's socket floor, which a burst of load"
	echo "from elsewhere slows as much as the daemon)"
}

runs=6 quick='' keep='' again='' swap=0
while getopts n:qsk:r: opt; do
	case $opt in
	n) runs=$OPTARG ;;
	q) quick=--quick ;;
	s) swap=1 ;;
	k) keep=$OPTARG ;;
	r) again=$OPTARG ;;
	*) echo "$usage" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
failed=0
if [ -n "$again" ]; then
	if [ $# -ne 0 ] || [ ! -d "$again" ]; then echo "$usage" >&2; exit 2; fi
	out=$again
	alternate_table
	exit 0
fi
if [ $# -ne 2 ]; then echo "$usage" >&2; exit 2; fi
case $runs in ''|*[!0-9]*|0) echo "alternate.sh: -n wants a positive number" >&2; exit 2 ;; esac
old=$(cd "$1" && pwd) && new=$(cd "$2" && pwd) || exit 2
for d in "$old" "$new"; do
	for f in boardd boardd-bench; do
		if [ ! -x "$d/build/$f" ]; then
			echo "alternate.sh: $d/build/$f missing (make -C $d all build/boardd-bench)" >&2
			exit 2
		fi
	done
done
if [ -n "$keep" ]; then
	mkdir -p "$keep" && out=$(cd "$keep" && pwd) || exit 2
else
	out=$(mktemp -d /tmp/alternate.XXXXXX) || exit 2
	trap 'rm -rf "$out"' EXIT
fi

echo "nproc $(nproc); $(uname -r); runs $runs each${quick:+, --quick}$([ $swap = 1 ] && echo ', new first in every second pair')"
alternate_describe old "$old"
alternate_describe new "$new"
echo "before: $(uptime)"
i=1
while [ "$i" -le "$runs" ]; do
	if [ "$swap" = 1 ] && [ $((i % 2)) = 0 ]; then
		alternate_run new "$new" "$i"
		alternate_run old "$old" "$i"
	else
		alternate_run old "$old" "$i"
		alternate_run new "$new" "$i"
	fi
	i=$((i + 1))
done
echo "after:  $(uptime)"
alternate_table
exit "$failed"
