#!/bin/sh
# Every libFuzzer target run once over its corpus and every crash input kept from fuzzing
# (fuzz/corpus/<target>/, fuzz/regress/<target>/): none may crash, hang or leak. The
# targets build with clang (-fsanitize=fuzzer,address,undefined): Debian packages clang
# and libclang-rt-14-dev. `make fuzz` is the long run that finds new inputs.
. "$(dirname "$0")/lib.sh"

# The targets are the same in every build (build-fuzz/, their own sanitizers): the
# sanitizer build's make check would run the same programs on the same inputs again.
case ${BUILD:-build} in
*address* | *undefined* | *thread* | *-san*)
	echo "SKIP: in a sanitizer build: the fuzz targets are the same in every build (build-fuzz/), run by the plain build's make check"
	cleanup
	exit 0
	;;
esac
ROOT=$(cd "$(dirname "$0")/.." && pwd)
command -v "${FUZZ_CC:-clang}" >/dev/null ||
	fail "clang is missing: the fuzz targets need packages clang and libclang-rt-14-dev"
make -s --no-print-directory -C "$ROOT" fuzz-build >"$WORK/build.log" 2>&1 ||
	fail "cannot build the fuzz targets (is libclang-rt-14-dev installed?): $(tail -n 5 "$WORK/build.log")"
for t in req msg pub; do
	set -- "$ROOT"/fuzz/corpus/$t/* "$ROOT"/fuzz/regress/$t/*
	files=0
	for f in "$@"; do [ -f "$f" ] && files=$((files + 1)); done
	[ "$files" -gt 0 ] || fail "no inputs for fuzz_$t"
	"$ROOT/build-fuzz/fuzz_$t" -timeout=25 $(for f in "$@"; do [ -f "$f" ] && echo "$f"; done) \
		>"$WORK/$t.log" 2>&1 || fail "fuzz_$t failed on a kept input: $(grep -m3 -E 'ERROR|Running' "$WORK/$t.log")"
	ran=$(grep -c '^Running: ' "$WORK/$t.log")
	[ "$ran" -eq "$files" ] || fail "fuzz_$t ran $ran of $files inputs"
	kept=$(find "$ROOT/fuzz/regress/$t" -type f 2>/dev/null | wc -l)
	note "fuzz_$t: $files inputs ($kept kept crashes), no crash, hang or leak"
done
left=$(ls /dev/shm | grep '^fuzzpub' || true)
[ -z "$left" ] || fail "fuzz_pub left $left in /dev/shm"
finish
