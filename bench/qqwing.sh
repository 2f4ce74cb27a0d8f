#!/usr/bin/env bash
# qqwing.sh measures `satdoku generate` beside qqwing (Debian's qqwing,
# installed with apt-get when missing) in one run: minimal 9×9 puzzles per
# second of CPU (user + system, of the whole process) at each symmetry, the
# distribution of givens of each, and qqwing's rate at each of its levels.
#
# Both make minimal puzzles the same way (a random full grid, then givens
# or symmetric groups taken away in random order while the puzzle stays
# unique); satdoku also proves each puzzle unique by the SAT engine and the
# backtracker. satdoku runs with --workers 1, so both use one core.
# qqwing's levels are its own; satdoku's difficulty is the logical
# solver's (SE's ER, HoDoKu's levels), so a last table gives satdoku's rate
# for each SE band and HoDoKu level, beside qqwing's levels.
#
# Every measurement runs once per round and the rounds alternate, so a busy
# machine slows both columns alike; the table shows the median of the
# rounds. Compare ratios, not absolute numbers from different runs.
#
# usage: bench/qqwing.sh [-n PUZZLES] [-r ROUNDS] [-l PUZZLES_PER_LEVEL]
set -euo pipefail

n=500 rounds=3 perlevel=100
while getopts "n:r:l:h" opt; do
	case $opt in
	n) n=$OPTARG ;;
	r) rounds=$OPTARG ;;
	l) perlevel=$OPTARG ;;
	*) sed -n '2,18p' "$0"; exit 2 ;;
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

# cpu CMD... runs CMD with its output in $tmp/out and prints its CPU
# seconds (user + system).
cpu() {
	/usr/bin/time -f "%U %S" -o "$tmp/time" "$@" >"$tmp/out"
	awk '{printf "%.3f\n", $1 + $2}' "$tmp/time"
}

# givens FILE prints the distribution of givens of the line puzzles in FILE
# as "count×givens ...", and their mean.
givens() {
	awk '{ g = gsub(/[1-9]/, "&"); h[g]++; s += g; k++ }
	     END { for (g = 0; g <= 81; g++) if (h[g]) printf "%d×%d ", h[g], g; printf "(mean %.1f)\n", s / k }' "$1"
}

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

printf "%d puzzles a measurement, median of %d rounds; puzzles per CPU second\n\n" "$n" "$rounds"
printf "%-13s %10s %10s %7s\n" symmetry qqwing satdoku ratio
declare -A dist_q dist_s
for sym in none rotate180 rotate90 mirror flip diagonal antidiagonal full random; do
	qs=() ss=()
	for ((r = 0; r < rounds; r++)); do
		case $sym in
		diagonal | antidiagonal | full) ;; # qqwing has none of these
		*)
			qs+=("$(cpu qqwing --generate "$n" --one-line --symmetry "$sym")")
			dist_q[$sym]=$(givens "$tmp/out")
			;;
		esac
		ss+=("$(cpu "$tmp/satdoku" generate --count "$n" --symmetry "$sym" --seed "$((r + 1))" --workers 1 --quiet)")
		dist_s[$sym]=$(givens "$tmp/out")
	done
	s=$(printf "%s\n" "${ss[@]}" | median)
	srate=$(awk -v n="$n" -v t="$s" 'BEGIN { printf "%.0f", n / t }')
	if ((${#qs[@]})); then
		q=$(printf "%s\n" "${qs[@]}" | median)
		qrate=$(awk -v n="$n" -v t="$q" 'BEGIN { printf "%.0f", n / t }')
		ratio=$(awk -v a="$srate" -v b="$qrate" 'BEGIN { printf "%.1f×", a / b }')
	else
		qrate=- ratio=-
	fi
	printf "%-13s %10s %10s %7s\n" "$sym" "$qrate" "$srate" "$ratio"
done

printf "\ngivens per puzzle (count×givens), last round\n"
for sym in none rotate180 rotate90 mirror flip diagonal antidiagonal full random; do
	[[ -n ${dist_q[$sym]:-} ]] && printf "  qqwing  %-13s %s\n" "$sym" "${dist_q[$sym]}"
	printf "  satdoku %-13s %s\n" "$sym" "${dist_s[$sym]}"
done

printf "\nqqwing levels (%d puzzles each, symmetry none)\n" "$perlevel"
printf "%-13s %10s\n" level qqwing
for level in simple easy intermediate expert; do
	t=$(cpu qqwing --generate "$perlevel" --one-line --difficulty "$level")
	printf "%-13s %10s   givens: %s\n" "$level" "$(awk -v n="$perlevel" -v t="$t" 'BEGIN { printf "%.0f", n / t }')" "$(givens "$tmp/out")"
done

printf "\nsatdoku by difficulty (%d puzzles each, symmetry none; SE ER bands and HoDoKu levels of the logical solver)\n" "$perlevel"
printf "%-16s %10s\n" filter satdoku
for filter in "--rating 1.0..2.0" "--rating 2.0..4.0" "--rating 4.0..6.0" "--rating 6.0..9.0" "--level easy" "--level medium" "--level hard" "--level unfair" "--level extreme"; do
	# shellcheck disable=SC2086 # the filter is two words
	t=$(cpu "$tmp/satdoku" generate --count "$perlevel" --seed 1 --workers 1 --quiet $filter)
	printf "%-16s %10s   givens: %s\n" "${filter#--}" "$(awk -v n="$perlevel" -v t="$t" 'BEGIN { printf "%.0f", n / t }')" "$(sed 's/ #.*//' "$tmp/out" | givens /dev/stdin)"
done
