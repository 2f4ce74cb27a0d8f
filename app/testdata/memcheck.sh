#!/bin/sh
# memcheck.sh: stream N puzzles (default 1,000,000) through satdoku with
# --workers 2 -o line and report the peak RSS (VmHWM) of the parent and of
# each worker process, sampled from /proc. The limit is 64 MiB each.
#
#   app/testdata/memcheck.sh [N] [ENGINE]     (from the module root; takes minutes)
set -eu
n=${1:-1000000}
engine=${2:-sat}
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/satdoku" "$root"
# The puzzle source: the committed samples, repeated (top1465 and 17-clue).
grep -hv '^#' "$root/testdata/top1465-sample.txt" "$root/testdata/17clue-sample.txt" > "$tmp/base.txt"
gen() { while :; do cat "$tmp/base.txt"; done | head -n "$n"; }
start=$(date +%s)
gen | "$tmp/satdoku" solve -q --workers 2 -e "$engine" -o line > "$tmp/out.txt" 2> "$tmp/err.txt" &
pid=$!
: > "$tmp/hwm"
while kill -0 "$pid" 2>/dev/null; do
	for p in "$pid" $(pgrep -P "$pid" 2>/dev/null || true); do
		h=$(awk '/VmHWM/ {print $2}' "/proc/$p/status" 2>/dev/null || true)
		[ -n "$h" ] && echo "$p $h" >> "$tmp/hwm"
	done
	sleep 1
done
wait "$pid" && rc=0 || rc=$?
end=$(date +%s)
lines=$(wc -l < "$tmp/out.txt")
bad=$(grep -vc '^[1-9]\{81\}$' "$tmp/out.txt" || true)
parent=$(awk -v p="$pid" '$1 == p && $2 > m {m = $2} END {print m + 0}' "$tmp/hwm")
worker=$(awk -v p="$pid" '$1 != p && $2 > m {m = $2} END {print m + 0}' "$tmp/hwm")
echo "puzzles $n, engine $engine, exit $rc, $lines results ($bad not a solution line), $((end - start)) s"
echo "peak RSS (VmHWM): parent $((parent / 1024)) MiB, largest worker $((worker / 1024)) MiB"
[ "$rc" -eq 0 ] && [ "$lines" -eq "$n" ] && [ "$bad" -eq 0 ] && [ "$parent" -lt 65536 ] && [ "$worker" -lt 65536 ]
