#!/bin/bash
# run-all.sh BUILD: every test of `make check`, each in its own socket path and shm prefix, so
# that TEST_JOBS of them (default: one more than the CPUs, since most of a test's time is
# spent waiting for daemons, bots and windows, not computing) run at once. The longest known tests
# (tests/durations) start first so that the pool ends evenly. Prints one line per test as it
# ends, with its wall time, and a closing "N passed, N skipped, N failed" line (a test that
# exits 0 after a line "SKIP: why" is skipped, not passed); exit 1 if any failed.
BUILD=${1:-build}
export BUILD
cd "$(dirname "$0")/.." || exit 1
jobs=${TEST_JOBS:-$(($(nproc 2>/dev/null || echo 2) + 1))}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
mkdir -p tests/out

# The tests, longest first by tests/durations (seconds of an earlier run), new ones after.
run_all_order()
{
	local t name
	for t in tests/test-*.sh; do
		[ -e "$t" ] || continue
		name=$(basename "$t" .sh)
		echo "$(awk -v n="$name" '$1 == n { print $2 }' tests/durations 2>/dev/null || true) $name"
	done | sort -k1,1nr | awk '{ print $NF }'
}

# Run one test into its log; its result line goes to tests/out/NAME.result.
run_all_one()
{
	local name=$1 start=$SECONDS status=PASS
	sh "tests/$name.sh" >"tests/out/$name.log" 2>&1 || status=FAIL
	[ "$status" = PASS ] && grep -q '^SKIP: ' "tests/out/$name.log" && status=SKIP
	echo "$status $name $((SECONDS - start))" >"tests/out/$name.result"
}

# Say how a finished test went (its log's tail if it failed).
run_all_report()
{
	local status name secs
	read -r status name secs <"tests/out/$1.result"
	rm -f "tests/out/$1.result"
	if [ "$status" = PASS ]; then
		pass=$((pass + 1)); echo "PASS $name (${secs} s)"
	elif [ "$status" = SKIP ]; then
		skip=$((skip + 1)); echo "SKIP $name (${secs} s): $(grep -m 1 '^SKIP: ' "tests/out/$name.log" | cut -c7-)"
	else
		fail=$((fail + 1)); failed="$failed $name"; echo "FAIL $name (${secs} s, log: tests/out/$name.log)"
		# The test's own words first (its FAIL: line), then the log's tail for context.
		grep -m 1 '^FAIL: ' "tests/out/$name.log" | sed 's/^/    /'
		tail -n 20 "tests/out/$name.log" | sed 's/^/    /'
	fi
}

pass=0 skip=0 fail=0 failed="" running=()
for name in $(run_all_order); do
	while [ "${#running[@]}" -ge "$jobs" ]; do
		wait -n
		left=()
		for r in "${running[@]}"; do
			if [ -e "tests/out/$r.result" ]; then run_all_report "$r"; else left+=("$r"); fi
		done
		running=("${left[@]}")
	done
	rm -f "tests/out/$name.result"
	run_all_one "$name" &
	running+=("$name")
done
wait
for r in "${running[@]}"; do run_all_report "$r"; done
echo "$pass passed, $skip skipped, $fail failed${failed:+:$failed}"
[ "$fail" -eq 0 ]
