#!/usr/bin/env bash
# qqwing-levels.sh sets qqwing's difficulty levels beside satdoku's rating
# (issue 33: "qqwing's level against ours on 1,000 qqwing puzzles"). It
# generates N puzzles (default 1,000) with Debian's qqwing (installed with
# apt-get when missing), each with the level qqwing's own solver gives it
# (--csv --stats: simple, easy, intermediate or expert), rates them with
# `satdoku solve --rate` (the logical solver: SE's ER and HoDoKu's level)
# and prints two cross-tables: qqwing's level against the SE ER band, and
# against the HoDoKu level. By default the puzzles are qqwing's
# unfiltered output (--difficulty any), so each level comes as often as
# qqwing makes it; -l generates N at each level instead (qqwing throws
# away puzzles of the other levels, which takes long for simple and
# expert).
#
# usage: bench/qqwing-levels.sh [-n N] [-l] [-k]   (-k keeps the ratings in ./qqwing-levels.tsv)
set -euo pipefail

per=1000 keep= levels=any
while getopts "n:lkh" opt; do
	case $opt in
	n) per=$OPTARG ;;
	l) levels="simple easy intermediate expert" ;;
	k) keep=1 ;;
	*) sed -n '2,15p' "$0"; exit 2 ;;
	esac
done

if ! command -v qqwing >/dev/null; then
	echo "installing qqwing (apt-get)" >&2
	sudo apt-get install -y qqwing >/dev/null || apt-get install -y qqwing >/dev/null
fi
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/satdoku" .)

# puzzle<TAB>qqwing level. qqwing prints the level its solver found; a
# generated puzzle of a requested level has that level.
for level in $levels; do
	qqwing --generate "$per" --csv --stats --difficulty "$level" |
		awk -F, 'length($1) == 81 { l = $NF; if (l == "") l = $(NF - 1); print $1 "\t" l }' >>"$tmp/puzzles.tsv"
done
awk -F'\t' '{ print $1 }' "$tmp/puzzles.tsv" >"$tmp/puzzles.txt"
"$tmp/satdoku" solve --rate -o json --workers 1 <"$tmp/puzzles.txt" >"$tmp/rated.json"

# One rating a puzzle, in input order: er<TAB>hodoku level.
grep '"index"' "$tmp/rated.json" |
	sed -E 's/.*"index":([0-9]+).*"er":([0-9.]+).*"level":"([A-Za-z]+)".*/\1\t\2\t\3/' |
	sort -n | cut -f2- >"$tmp/ratings.tsv"
n=$(wc -l <"$tmp/puzzles.tsv")
if [ "$(wc -l <"$tmp/ratings.tsv")" -ne "$n" ]; then
	echo "qqwing-levels.sh: $n puzzles but $(wc -l <"$tmp/ratings.tsv") ratings" >&2
	exit 1
fi
paste "$tmp/puzzles.tsv" "$tmp/ratings.tsv" >"$tmp/joined.tsv"
[ -n "$keep" ] && cp "$tmp/joined.tsv" qqwing-levels.tsv

awk -F'\t' -v n="$n" '
function band(er) {
	if (er < 2.0) return "1.0-1.9"
	if (er < 3.0) return "2.0-2.9"
	if (er < 4.0) return "3.0-3.9"
	if (er < 5.0) return "4.0-4.9"
	if (er < 6.5) return "5.0-6.4"
	if (er < 7.5) return "6.5-7.4"
	return "7.5+"
}
{
	q = tolower($2); count[q]++
	se[q, band($3)]++; ho[q, $4]++
	sum[q] += $3; if ($3 > max[q]) max[q] = $3
}
END {
	split("simple easy intermediate expert", ql, " ")
	nb = split("1.0-1.9 2.0-2.9 3.0-3.9 4.0-4.9 5.0-6.4 6.5-7.4 7.5+", bl, " ")
	nh = split("Easy Medium Hard Unfair Extreme", hl, " ")
	printf "%d qqwing puzzles: qqwing level (rows) against satdoku'"'"'s SE ER band (columns)\n\n", n
	printf "| qqwing level | puzzles |"; for (b = 1; b <= nb; b++) printf " %s |", bl[b]; printf " mean ER | max ER |\n"
	printf "|---|---:|"; for (b = 1; b <= nb; b++) printf "---:|"; printf "---:|---:|\n"
	for (i = 1; i <= 4; i++) {
		q = ql[i]; printf "| %s | %d |", q, count[q]
		for (b = 1; b <= nb; b++) printf " %d |", se[q, bl[b]]
		printf " %.2f | %.1f |\n", count[q] ? sum[q] / count[q] : 0, max[q]
	}
	printf "\nqqwing level (rows) against satdoku'"'"'s HoDoKu level (columns)\n\n"
	printf "| qqwing level |"; for (h = 1; h <= nh; h++) printf " %s |", hl[h]; printf "\n"
	printf "|---|"; for (h = 1; h <= nh; h++) printf "---:|"; printf "\n"
	for (i = 1; i <= 4; i++) {
		q = ql[i]; printf "| %s |", q
		for (h = 1; h <= nh; h++) printf " %d |", ho[q, hl[h]]
		printf "\n"
	}
}' "$tmp/joined.tsv"
