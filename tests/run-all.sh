#!/bin/sh
# run-all.sh BUILD: every test of `make check`, each in its own socket path and shm prefix.
# Prints one line per test and a closing "N passed, N failed" line; exit 1 if any failed.
BUILD=${1:-build}
export BUILD
cd "$(dirname "$0")/.." || exit 1
pass=0 fail=0 failed=""
mkdir -p tests/out
for t in tests/test-*.sh; do
	[ -e "$t" ] || continue
	name=$(basename "$t" .sh)
	if sh "$t" >"tests/out/$name.log" 2>&1; then
		pass=$((pass + 1)); echo "PASS $name"
	else
		fail=$((fail + 1)); failed="$failed $name"; echo "FAIL $name (log: tests/out/$name.log)"
		tail -n 20 "tests/out/$name.log" | sed 's/^/    /'
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
