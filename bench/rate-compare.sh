#!/usr/bin/env bash
# rate-compare.sh rates the stratified sample of issue 33 with Sudoku
# Explainer (serate, built by bench/serate.sh) and with satdoku's logic
# package, and prints exact ER agreement and the share within ±0.5 by SE
# rating band and by set, with the time per puzzle of both (one core, one
# run; serate's own %e per puzzle, ours measured around each rating).
#
# The sample (testdata/serate/sample.txt: "puzzle<TAB>set") is every 6th
# puzzle of top1465, every 164th of 17_clue and 115 qqwing puzzles of each
# level; `bench/rate-compare.sh sample` writes a fresh one (qqwing has no
# seed, so its part changes). serate's ratings of the committed sample are
# testdata/serate/ratings.txt, so the comparison runs without Java:
#
#   bench/rate-compare.sh                  compare with the committed ratings
#   bench/rate-compare.sh rerate           rate the sample with serate again
#                                          (hours: SE takes seconds a hard
#                                          puzzle) into testdata/serate
#   bench/rate-compare.sh sample [DATA]    write a new sample from DATA
#                                          (default ../shared/data)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
td=$root/testdata/serate

case ${1:-compare} in
sample)
	data=${2:-$root/../shared/data}
	command -v qqwing >/dev/null || { echo "rate-compare.sh: qqwing missing (apt-get install qqwing)" >&2; exit 1; }
	{
		for l in simple easy intermediate expert; do
			qqwing --generate 115 --difficulty $l --one-line | awk -v l=$l 'length($1)==81 {print $1"\tqqwing-"l}'
		done
		grep -v '^#' "$data/puzzles2_17_clue" | awk 'NF && (NR-1)%164==0 {print $1"\t17clue"}'
		grep -v '^#' "$data/puzzles3_magictour_top1465" | awk 'NF && (NR-1)%6==0 {print $1"\ttop1465"}'
	} > "$td/sample.txt.tmp"
	mv "$td/sample.txt.tmp" "$td/sample.txt"
	wc -l "$td/sample.txt"
	;;
rerate)
	"$here/serate.sh" rate "$td/sample.txt" "$td/ratings.txt.tmp"
	mv "$td/ratings.txt.tmp" "$td/ratings.txt"
	;;
compare)
	cd "$root"
	go run ./bench/ratecompare "$td/ratings.txt" "$td/sample.txt"
	;;
*)
	sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
	;;
esac
