#!/bin/sh
# scaling.sh: throughput of --workers 1 against --workers 2 for each engine
# on a puzzle file (default: ../shared/data/puzzles3_magictour_top1465),
# repeated R times (default 10) so that start-up is a small part of a run.
# Each configuration runs three times, alternating; the best wall time of
# each counts. Run on an otherwise idle machine.
#
#   app/testdata/scaling.sh [FILE] [R]      (from the module root)
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
file=${1:-$root/../shared/data/puzzles3_magictour_top1465}
reps=${2:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/satdoku" "$root"
i=0
while [ "$i" -lt "$reps" ]; do grep -v '^#' "$file"; i=$((i + 1)); done > "$tmp/in.txt"
n=$(grep -c . "$tmp/in.txt")
best() { sort -n "$1" | head -1; }
for engine in sat backtrack; do
	: > "$tmp/t1"
	: > "$tmp/t2"
	for round in 1 2 3; do
		for j in 1 2; do
			s=$(date +%s.%N)
			"$tmp/satdoku" solve -q -e "$engine" -j "$j" -o line "$tmp/in.txt" > "$tmp/out$j.txt"
			e=$(date +%s.%N)
			awk -v s="$s" -v e="$e" 'BEGIN { print e - s }' >> "$tmp/t$j"
		done
		cmp -s "$tmp/out1.txt" "$tmp/out2.txt" || { echo "outputs differ"; exit 1; }
	done
	t1=$(best "$tmp/t1")
	t2=$(best "$tmp/t2")
	awk -v e="$engine" -v n="$n" -v a="$t1" -v b="$t2" 'BEGIN {
		printf "%s: %d puzzles, 1 worker %.2f s (%.0f puzzles/s), 2 workers %.2f s (%.0f puzzles/s), speed-up %.2fx\n", e, n, a, n / a, b, n / b, a / b }'
done
