#!/usr/bin/env bash
# logic-speed.sh measures the logical solver's speed targets of issue 33 in
# one run, each beside its reference:
#
# 1. Rating top1465 against Sudoku Explainer's serate (built by
#    bench/serate.sh from a SukakuExplainer snapshot; SE 1.2.1's technique
#    set, one thread). The puzzles are cut into chunks; each chunk is rated
#    by serate and by satdoku's library (bench/logicrate, the default SE
#    techniques: the same ER scale), alternating which goes first, both
#    pinned to one core (taskset). The time is the CPU time (user + system)
#    of each process, JVM start-up and JIT included for serate (a chunk of
#    ~150 puzzles takes SE minutes, so start-up is a small share) and
#    process start for ours; the table gives the per-puzzle times and their
#    ratio, chunk by chunk and in total, and the share of equal ERs.
# 2. Puzzles that singles and subsets solve: BenchmarkPathSinglesSubsets
#    (17-clue puzzles solved by singles, intersections and naked and hidden
#    sets), one core (GOMAXPROCS=1, taskset), in puzzles per CPU second.
# 3. `hint` on top1465 positions: for each puzzle, the position (pencil
#    marks) just before the hardest step of its path. The library's
#    logic.Next is timed on every position (thread CPU time and wall
#    time), the CLI (`satdoku hint FILE`, a process each: reading, the SAT
#    solve that checks entered digits, the step) on every Kth position, in
#    CPU time of the process and wall time; medians. With -b REV, the CLI
#    built at git revision REV runs too, alternating with this tree's on
#    each position, and the ratio of the CPU medians is printed.
#
# usage: bench/logic-speed.sh [-r PARTS] [-b REV] [-c CHUNKS] [-e NTH] [-k EVERY_KTH_CLI] [-p CORE] [-s SE_SOURCE]
#   -r the parts to run, e.g. 3 or 1,3 (default 1,2,3; serate is needed
#   for part 1 only); -b a git revision to compare part 3's CLI against
#   (e.g. main); -c chunks of top1465 (default 10); -e take every NTH
#   puzzle of top1465 (default 1: all; serate takes about 2 CPU seconds a
#   puzzle, so all of top1465 take it most of an hour); -k the CLI hint
#   runs on every Kth position (default 5); -p the core to pin to
#   (default 1); -s a SukakuExplainer source (git dir or tree) to build
#   serate from when bench/build/serate holds none.
#
# Example: bench/logic-speed.sh -r 3 -b main -k 5   # part 3 only, against main
set -euo pipefail

chunks=10 every=5 core=1 src= nth=1 parts=1,2,3 base=
while getopts "r:b:c:e:k:p:s:h" opt; do
	case $opt in
	r) parts=$OPTARG ;;
	b) base=$OPTARG ;;
	c) chunks=$OPTARG ;;
	e) nth=$OPTARG ;;
	k) every=$OPTARG ;;
	p) core=$OPTARG ;;
	s) src=$OPTARG ;;
	*) sed -n '2,37p' "$0"; exit 2 ;;
	esac
done
# part N reports whether part N is to run.
part() { [[ ",$parts," == *",$1,"* ]]; }

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
data=${SATDOKU_DATA:-$root/../shared/data}
top=$data/puzzles3_magictour_top1465
classes=${SERATE_BUILD:-$here/build/serate}/classes
if part 1 && [ ! -f "$classes/diuf/sudoku/test/serate.class" ]; then
	[ -n "$src" ] || { echo "logic-speed.sh: serate is not built; give -s SukakuExplainer source" >&2; exit 1; }
	"$here/serate.sh" build "$src"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/satdoku" . && go build -o "$tmp/logicspeed" ./bench/logicspeed)
! part 1 || (cd "$root" && go build -o "$tmp/logicrate" ./bench/logicrate)
! part 2 || (cd "$root" && go test -c -o "$tmp/logic.test" ./logic)
if [ -n "$base" ]; then
	rev=$(cd "$root" && git rev-parse --verify "$base^{commit}")
	mkdir "$tmp/base"
	(cd "$root" && git archive "$rev") | tar -x -C "$tmp/base"
	(cd "$tmp/base" && go build -o "$tmp/satdoku.base" .)
	echo "base: $base ($rev)"
fi
pin=(taskset -c "$core")

# cpu OUT CMD... runs CMD (stdin from the caller) with its output in OUT
# and prints its CPU seconds (user + system, children included).
cpu() {
	local out=$1
	shift
	/usr/bin/time -f "%U %S" -o "$tmp/time" "$@" >"$out" || { echo "logic-speed.sh: $* failed" >&2; exit 1; }
	awk '{ printf "%.3f\n", $1 + $2 }' "$tmp/time"
}

grep -E '^[0-9.]{81}' "$top" | cut -c1-81 | awk -v e="$nth" '(NR - 1) % e == 0' >"$tmp/top.txt"
if part 1; then
echo "# 1. rating top1465 (every ${nth}th puzzle): serate against satdoku, $chunks chunks, core $core, CPU seconds"
echo
total=$(wc -l <"$tmp/top.txt")
per=$(((total + chunks - 1) / chunks))
split -l "$per" -d -a 3 "$tmp/top.txt" "$tmp/chunk."
printf "| chunk | puzzles | serate s/puzzle | satdoku s/puzzle | ratio | ER equal |\n|---:|---:|---:|---:|---:|---:|\n"
i=0 se_sum=0 us_sum=0 eq_sum=0
for f in "$tmp"/chunk.*; do
	n=$(wc -l <"$f")
	if ((i % 2 == 0)); then
		se=$(cpu "$tmp/se.out" "${pin[@]}" "$here/serate.sh" rate "$f")
		us=$(cpu "$tmp/us.out" "${pin[@]}" "$tmp/logicrate" <"$f")
	else
		us=$(cpu "$tmp/us.out" "${pin[@]}" "$tmp/logicrate" <"$f")
		se=$(cpu "$tmp/se.out" "${pin[@]}" "$here/serate.sh" rate "$f")
	fi
	# serate: "puzzle ER/EP/ED seconds technique"; ours: "ER/EP/ED hardest".
	eq=$(paste -d' ' <(awk '{ split($2, r, "/"); print r[1] }' "$tmp/se.out") <(awk '{ split($1, r, "/"); print r[1] }' "$tmp/us.out") |
		awk '$1 + 0 == $2 + 0 { e++ } END { print e + 0 }')
	awk -v c="$i" -v n="$n" -v se="$se" -v us="$us" -v eq="$eq" \
		'BEGIN { printf "| %d | %d | %.4f | %.4f | %.1f× | %d |\n", c, n, se / n, us / n, se / us, eq }'
	se_sum=$(awk -v a="$se_sum" -v b="$se" 'BEGIN { print a + b }')
	us_sum=$(awk -v a="$us_sum" -v b="$us" 'BEGIN { print a + b }')
	eq_sum=$((eq_sum + eq))
	i=$((i + 1))
done
awk -v n="$total" -v se="$se_sum" -v us="$us_sum" -v eq="$eq_sum" \
	'BEGIN { printf "| **all** | %d | %.4f | %.4f | **%.1f×** | %d (%.1f%%) |\n", n, se / n, us / n, se / us, eq, 100 * eq / n }'
echo
fi

if part 2; then
echo "# 2. puzzles that singles and subsets solve, one core"
echo
(cd "$root/logic" && GOMAXPROCS=1 "${pin[@]}" "$tmp/logic.test" -test.run XXX -test.bench 'PathSinglesSubsets$' -test.benchtime 20000x -test.cpu 1) |
	grep -E '^Benchmark' | awk '{ for (i = 1; i <= NF; i++) if ($i == "puzzles/cpu-s") print "puzzles per CPU second: " $(i-1) "  (" $0 ")" }'
echo
fi

if part 3; then
echo "# 3. hint on top1465 positions (before each path's hardest step)"
echo
mkdir "$tmp/pos"
"$tmp/logicspeed" positions "$tmp/pos" <"$tmp/top.txt"
GOMAXPROCS=1 "${pin[@]}" "$tmp/logicspeed" hint "$tmp"/pos/*.txt
ls "$tmp"/pos/*.txt | awk -v k="$every" 'NR % k == 0' >"$tmp/cli.list"
basearg=()
[ -z "$base" ] || basearg=(-base "$tmp/satdoku.base")
"${pin[@]}" "$tmp/logicspeed" cli "${basearg[@]}" "$tmp/satdoku" $(cat "$tmp/cli.list")
fi
