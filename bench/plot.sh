#!/bin/sh
# plot.sh: the plots of docs/PERFORMANCE.md from a results.json of boardd-bench.
# Use: sh bench/plot.sh [bench/out/results.json] [docs]   (needs python3 and gnuplot)
set -eu
RESULTS=${1:-bench/out/results.json}
OUT=${2:-docs}
command -v gnuplot >/dev/null || { echo "plot.sh: gnuplot is not installed (Debian: gnuplot-nox)" >&2; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Columns for gnuplot: fan-out p50 by clients, and throughput by bots.
python3 - "$RESULTS" "$TMP" <<'EOF'
import json, re, sys
res = json.load(open(sys.argv[1]))["results"]
tmp = sys.argv[2]
fan, design, rate = {}, {}, {}
for r in res:
    m = re.match(r"fan-out to (?:the )?(\d+) (?:spectators|others on the board), (all read|1000 players|.*players on one board)", r["figure"])
    if m and r["p50"] is not None:
        fan[int(m.group(1))] = (r["p50"], r["floor_p50"])
    m = re.match(r"design floor: eventfd wakes (\d+) relays", r["figure"])
    if m:
        design[int(m.group(1))] = r["p50"]
    m = re.match(r"(plays/s|events delivered/s|daemon CPU per play), (\d+) bots?, 32x32", r["figure"])
    if m and r["section"] == "throughput":
        rate.setdefault(int(m.group(2)), {})[m.group(1)] = (r["p50"], r["floor_p50"])
with open(tmp + "/fan.dat", "w") as f:
    for k in sorted(fan):
        f.write("%d %g %g %s\n" % (k, fan[k][0], fan[k][1], design.get(k, "NaN")))
with open(tmp + "/rate.dat", "w") as f:
    for n in sorted(rate):
        e, c = rate[n].get("events delivered/s", (0, 0)), rate[n].get("daemon CPU per play", (0, 0))
        f.write("%d %g %g %g %g\n" % (n, e[0], e[1], c[0], c[1]))
EOF

gnuplot <<EOF
set terminal pngcairo size 720,440 font ",10"
set output "$OUT/perf-fanout.png"
set title "Fan-out: one pick until every client has read its event (p50)"
set logscale xy
set xlabel "clients reading the board"
set ylabel "microseconds"
set key top left
set grid
plot "$TMP/fan.dat" using 1:2 with linespoints lw 2 title "boardd", \
     "$TMP/fan.dat" using 1:4 with linespoints lw 2 title "design floor: eventfd wakes one relay per client", \
     "$TMP/fan.dat" using 1:3 with linespoints lw 2 title "floor: one process writes to every socket"
set output "$OUT/perf-throughput.png"
set title "N bots playing without delay on a 32x32 board"
set logscale x
unset logscale y
set xlabel "bots"
set ylabel "events delivered per second"
set y2label "server CPU per play (us)"
set y2tics
set ytics nomirror
plot "$TMP/rate.dat" using 1:2 with linespoints lw 2 title "boardd: events/s", \
     "$TMP/rate.dat" using 1:3 with linespoints lw 2 title "1-process server: events/s", \
     "$TMP/rate.dat" using 1:4 axes x1y2 with linespoints lw 2 dt 2 title "boardd: CPU per play", \
     "$TMP/rate.dat" using 1:5 axes x1y2 with linespoints lw 2 dt 2 title "1-process server: CPU per play"
EOF
echo "plot.sh: wrote $OUT/perf-fanout.png and $OUT/perf-throughput.png"
