#!/usr/bin/env bash
# large-engines.sh measures, per puzzle of the large-board files, the CPU
# time of `satdoku solve --unique` with the SAT engine, with the
# backtracker of a "before" binary and of an "after" binary, and with
# --engine both (the cross-check: SAT and the backtracker, compared), in
# one run, interleaved puzzle by puzzle, so a busy machine slows all
# columns alike. CPU is the process's user + system time (/usr/bin/time;
# SAT's worker processes included), which other load on the machine
# inflates far less than wall time. Each run is bounded by --timeout
# (default 60s); a run that times out shows as "T".
#
#   go build -o /tmp/satdoku-before .   # on main
#   go build -o /tmp/satdoku-after .    # on this branch
#   bench/large-engines.sh /tmp/satdoku-before /tmp/satdoku-after testdata/large/25x25-unique.txt
#
# It prints one line per puzzle: the four CPU times in seconds, then
# both/sat (issue 38's goal: at most 10) and after/before for the
# backtracker alone. Run by hand; not part of CI.
set -euo pipefail

if [ $# -lt 3 ]; then
	echo "usage: bench/large-engines.sh BEFORE AFTER FILE..." >&2
	exit 2
fi
before=$1 after=$2
shift 2
timeout=${TIMEOUT:-60s}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cpu BINARY ENGINE FILE prints the CPU seconds of one solve, or T.
cpu() {
	/usr/bin/time -o "$tmp/time" -f '%U %S' "$1" solve -q -j1 --unique --timeout "$timeout" \
		--engine "$2" -o json "$3" >"$tmp/out" 2>/dev/null || true
	if grep -q '"status":"timeout"' "$tmp/out"; then
		echo T
	else
		tail -1 "$tmp/time" | awk '{printf "%.3f", $1 + $2}'
	fi
}

ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (a == "T" || b == "T" || b == 0) print "-"; else printf "%.2f", a / b }'
}

printf '%-28s %8s %8s %8s %8s %9s %9s\n' puzzle sat bt-before bt-after both both/sat after/before
for f in "$@"; do
	i=0
	grep -v '^#' "$f" | grep -v '^$' | while IFS= read -r line; do
		i=$((i + 1))
		echo "$line" >"$tmp/p.txt"
		sat=$(cpu "$after" sat "$tmp/p.txt")
		b0=$(cpu "$before" backtrack "$tmp/p.txt")
		b1=$(cpu "$after" backtrack "$tmp/p.txt")
		both=$(cpu "$after" both "$tmp/p.txt")
		printf '%-28s %8s %8s %8s %8s %9s %9s\n' "$(basename "$f") #$i" "$sat" "$b0" "$b1" "$both" \
			"$(ratio "$both" "$sat")" "$(ratio "$b1" "$b0")"
	done
done
