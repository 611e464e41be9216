#!/bin/sh
# instructions.sh: the instructions a pick costs in boardd's worker, old build against new,
# counted by callgrind: no timing noise, so a few percent can be seen on a loaded machine.
# Each build's own boardd-bench runs `--only pick --quick` with its daemon started under
# valgrind --tool=callgrind (through a wrapper given as --boardd); both make the same picks.
#
#   sh bench/instructions.sh OLD NEW
#
# Prints, per daemon started (4x4 and 32x32, client and worker on one CPU then on two), the
# instructions of the player's worker (the busiest process) and of the supervisor, and the
# ratio new/old. The round trips the bench prints under valgrind mean nothing.
set -u
usage="usage: sh bench/instructions.sh OLD NEW"

# Run one build's bench with its daemon under callgrind; profiles in $work/$1.
instructions_run() {
	mkdir -p "$work/$1" || exit 2
	printf '#!/bin/sh\nexec valgrind --tool=callgrind --callgrind-out-file=%s/cg.%%p %s/build/boardd "$@"\n' \
		"$work/$1" "$2" >"$work/$1.sh"
	chmod +x "$work/$1.sh"
	if ! "$2/build/boardd-bench" --boardd "$work/$1.sh" --only pick --quick --out "$work/$1.json" \
		>"$work/$1.txt" 2>&1; then
		echo "instructions.sh: the $1 run failed:" >&2
		tail -5 "$work/$1.txt" >&2
		exit 1
	fi
}

# One line per daemon started: its shm prefix's number, the busiest process's instructions
# (the player's worker), the first process's (the supervisor).
instructions_totals() {
	for f in "$work/$1"/cg.*; do
		n=$(sed -n 's/^cmd:.*--shm-prefix bench[0-9]*n\([0-9]*\) .*/\1/p' "$f")
		t=$(sed -n 's/^totals: //p' "$f")
		echo "$n ${f##*.} $t"
	done | sort -k1,1n -k2,2n | awk '
	$1 != d { if (d != "") print d, w, s; d = $1; s = $3; w = 0 }
	$3 > w { w = $3 }
	END { if (d != "") print d, w, s }'
}

if [ $# -ne 2 ]; then echo "$usage" >&2; exit 2; fi
old=$(cd "$1" && pwd) && new=$(cd "$2" && pwd) || exit 2
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind" >&2; exit 2; }
work=$(mktemp -d /tmp/instructions.XXXXXX) || exit 2
trap 'rm -rf "$work"' EXIT
instructions_run old "$old"
instructions_run new "$new"
instructions_totals old >"$work/old.tot"
instructions_totals new >"$work/new.tot"
echo "| daemon (bench order) | worker, old | worker, new | new / old | supervisor, old | supervisor, new | new / old |"
echo "|---|---:|---:|---:|---:|---:|---:|"
join "$work/old.tot" "$work/new.tot" | awk '
BEGIN { split("pick 4x4 one CPU,pick 32x32 one CPU,pick 4x4 two CPUs,pick 32x32 two CPUs", name, ",") }
{ printf "| %s | %d | %d | %.3f | %d | %d | %.3f |\n", name[$1], $2, $4, $4 / $2, $3, $5, $5 / $3 }'
