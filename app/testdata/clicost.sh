#!/bin/bash
# clicost.sh: what a puzzle costs through the command line against the
# engine alone (issue 16): for each puzzle file and engine, the mean
# "process µs" of `satdoku bench` beside the whole-process CPU (user +
# system, worker processes included) of `satdoku solve -o line FILE`,
# per puzzle, with --workers 1 and with the default workers, and their
# ratio. Each binary given is measured in turn, R rounds (default 5),
# alternating; the median of each counts. Run on an otherwise idle machine.
#
#   app/testdata/clicost.sh [-r R] BINARY... -- FILE...
#
# e.g. (from the module root)
#   (cd /work/main && go build -o /tmp/satdoku-main .); go build -o /tmp/satdoku-new .
#   app/testdata/clicost.sh /tmp/satdoku-main /tmp/satdoku-new -- \
#       ../shared/data/puzzles3_magictour_top1465 ../shared/data/puzzles6_forum_hardest_1106
set -eu
rounds=5
if [ "${1:-}" = "-r" ]; then rounds=$2; shift 2; fi
bins=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do bins+=("$1"); shift; done
shift
files=("$@")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
TIMEFORMAT='%3U %3S'
median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
for f in "${files[@]}"; do
	n=$(grep -vc '^#' "$f")
	for e in sat backtrack; do
		for r in $(seq "$rounds"); do
			for b in "${!bins[@]}"; do
				bin=${bins[$b]}
				"$bin" bench -e "$e" "$f" | awk -v e="$e" '$2 == e && $3 ~ /^[0-9]+$/ {print $8}' >> "$tmp/bench.$b"
				for j in 1 default; do
					args=(solve -q -e "$e" -o line)
					[ "$j" = 1 ] && args+=(--workers 1)
					{ time "$bin" "${args[@]}" "$f" > /dev/null; } 2>> "$tmp/raw.$b.$j"
					tail -1 "$tmp/raw.$b.$j" | awk -v n="$n" '{printf "%.1f\n", ($1 + $2) * 1e6 / n}' >> "$tmp/cli.$b.$j"
				done
			done
		done
		for b in "${!bins[@]}"; do
			bench=$(median < "$tmp/bench.$b")
			one=$(median < "$tmp/cli.$b.1")
			all=$(median < "$tmp/cli.$b.default")
			awk -v f="$(basename "$f")" -v e="$e" -v bin="${bins[$b]}" -v b="$bench" -v o="$one" -v a="$all" 'BEGIN {
				printf "%-28s %-9s %-22s bench %7.1f µs  CLI -j1 %7.1f µs (%.2fx)  CLI -j default %7.1f µs (%.2fx)\n", f, e, bin, b, o, o / b, a, a / b }'
			rm -f "$tmp/bench.$b" "$tmp/cli.$b".* "$tmp/raw.$b".*
		done
	done
done
