#!/bin/sh
# test-lobby-churn.sh: 10,000 lobby tables made and retired leave the daemon as they found
# it. Four pairs of connections (bd-fault churn) play tic-tac-toe through the lobby, a table
# at a time each: play naming each other, matched, both join, one move, a resignation, both
# leave. After the first 500 tables and after the 10,000th, once every table is retired,
# bd-fault takes the supervisor's open descriptors (/proc/PID/fd), VmRSS (/proc/PID/status)
# and mappings (/proc/PID/maps), and its workers' descriptors and mappings: none may grow
# beyond the slack stated in tests/fault/churn.c (descriptors 0, mappings 2, VmRSS 512 KiB;
# mappings 32 and VmRSS 2048 KiB in a sanitizer build, below),
# and the prefix's objects in /dev/shm must be back to what they were before the first table.
# On this machine (2 shared CPUs) it takes 43 s (64 s in the ASan build): the supervisor,
# which makes and retires every table, is the bottleneck (about 230 tables/s with 2, 4 or
# 10 pairs). CHURN_TABLES and CHURN_PAIRS change the counts (for trying; make check uses
# the defaults).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fault/lib.sh"
TABLES=${CHURN_TABLES:-10000}
# AddressSanitizer keeps freed memory in quarantine (up to 256 MB), which grew the
# supervisor by 207 MB over the 9,500 tables: not here, so the figures mean the same in
# the sanitizer build.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0:thread_local_quarantine_size_kb=0"
# The sanitizers' runtime also maps memory of its own as the run goes on (its allocator maps
# a region per size class as buffers grow): +4 mappings of the supervisor between the 500th
# and the 10,000th table in the ASan build, and once, on a loaded machine, +24 summed over
# the eight workers (+0 in the two runs after it); 0 in every run of the plain build, whose
# code is the same. So 32 are allowed there, 2 here: the plain build is the leak check.
case $BUILD in *address*|*undefined*|*thread*|*memory*) SLACK_MAPS=32 SLACK_RSS=2048 ;; *) SLACK_MAPS=2 SLACK_RSS=512 ;; esac

# notice: info would log every table made and retired
start_daemon --board main:4 --max-tables 1024 --log-level notice
before=$(leftovers | wc -l)
note "$before objects of the prefix in /dev/shm before the first table (board main)"
t0=$(date +%s)
timeout 300 "$FAULT" churn --pid "$DPID" --tables "$TABLES" --first 500 --pairs ${CHURN_PAIRS:-4} \
	--slack-maps $SLACK_MAPS --slack-rss-kb $SLACK_RSS || fail "churn: see above"
note "$TABLES tables in $(($(date +%s) - t0)) s"
after=$(leftovers | wc -l)
[ "$after" -eq "$before" ] || fail "$after objects of the prefix in /dev/shm, $before before: $(leftovers)"
stop_and_count
finish
