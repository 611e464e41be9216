#!/bin/sh
# deps.sh PACKAGE...: install the Debian packages that are missing (as root), or print the
# one apt-get line to run. Used by `make run` and `make check`.
missing=""
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
	echo "installing Debian packages:$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing >/dev/null || {
		echo "apt-get install failed:$missing" >&2; exit 1; }
else
	echo "missing Debian packages; run:" >&2
	echo "  sudo apt-get install -y$missing" >&2
	exit 1
fi
