#!/usr/bin/env bash
# tdoku.sh measures satdoku beside tdoku (github.com/t-dillon/tdoku) on
# tdoku's four benchmark sets, in one run, and prints the table of issue 16:
# CPU µs per puzzle (first solution) for tdoku, satdoku bench (SAT and
# backtracker, the "process µs" column), the satdoku CLI (whole-process CPU
# of `satdoku solve --workers 1`, parent and children) and the backtracker
# alone (fallback.Solver, TestSpeed), with each one's ratio to tdoku.
#
# Every measurement runs once per round and the rounds alternate, so a busy
# machine slows all columns alike; the table shows the median of the rounds.
# Compare ratios, not absolute numbers from different runs.
#
# tdoku is built from its source (not vendored here): a small driver,
# bench/tdoku_cpu.cc, calls its public entry point TdokuSolverDpllTriadSimd
# on every puzzle of a file once, in file order, and reads the thread CPU
# clock, as `satdoku bench` does. Run by hand; not part of CI.
set -euo pipefail

usage() {
	cat <<'EOF'
usage: bench/tdoku.sh [options]

  -t DIR     tdoku source tree (default: $TDOKU_SRC), e.g. a clone of
             https://github.com/t-dillon/tdoku; the driver is built from
             DIR/src with $CXX (default g++) and $TDOKU_CXXFLAGS
             (default: -O3 -march=native)
  -b FILE    use this prebuilt driver instead of building one (default:
             $TDOKU_BIN)
  -d DIR     directory holding the four sets (default: $SATDOKU_DATA, else
             ../shared/data beside the repository)
  -r N       rounds (default 3)
  -n N       only the first N puzzles of each set
  -e LIST    satdoku engines to measure: sat,backtrack (default), sat or
             backtrack
  -s LIST    sets, by short name: 17_clue,top1465,11+,1106 (default: all)
  -c REF     also measure satdoku at git commit REF (built from git
             archive), for a before/after table in one run: its bench and
             CLI columns, interleaved with the others
  -k DIR     build into DIR and keep it (default: a temporary directory,
             removed at exit)
  -C         skip the CLI columns
  -v         print every measurement as it is taken
  -h         this help

The SAT columns take about 45 s per round on the 11+ set (48,766 puzzles);
use -e backtrack or -n to shorten a run.
EOF
}

die() {
	echo "tdoku.sh: $*" >&2
	exit 1
}

need() {
	command -v "$1" >/dev/null 2>&1 || die "$1 not found in PATH${2:+ ($2)}"
}

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
tdoku_src=${TDOKU_SRC:-}
tdoku_bin=${TDOKU_BIN:-}
data=${SATDOKU_DATA:-$repo/../shared/data}
rounds=3
limit=0
engines=sat,backtrack
sets=17_clue,top1465,11+,1106
keep=
base_ref=
cli=1
verbose=0

while getopts "t:b:d:r:n:e:s:c:k:Cvh" opt; do
	case $opt in
	t) tdoku_src=$OPTARG ;;
	b) tdoku_bin=$OPTARG ;;
	d) data=$OPTARG ;;
	r) rounds=$OPTARG ;;
	n) limit=$OPTARG ;;
	e) engines=$OPTARG ;;
	s) sets=$OPTARG ;;
	c) base_ref=$OPTARG ;;
	k) keep=$OPTARG ;;
	C) cli=0 ;;
	v) verbose=1 ;;
	h)
		usage
		exit 0
		;;
	*)
		usage >&2
		exit 2
		;;
	esac
done
shift $((OPTIND - 1))
[[ $# -eq 0 ]] || die "unexpected argument: $1 (see -h)"
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "-r $rounds: want a positive number of rounds"
[[ $limit =~ ^[0-9]+$ ]] || die "-n $limit: want a number of puzzles"

sat=0 bt=0
IFS=, read -ra list <<<"$engines"
for e in "${list[@]}"; do
	case $e in
	sat) sat=1 ;;
	backtrack) bt=1 ;;
	*) die "-e: unknown engine '$e' (want sat, backtrack)" ;;
	esac
done

declare -A file_of=(
	[17_clue]=puzzles2_17_clue
	[top1465]=puzzles3_magictour_top1465
	[11+]=puzzles5_forum_hardest_1905_11+
	[1106]=puzzles6_forum_hardest_1106
)
IFS=, read -ra names <<<"$sets"
for s in "${names[@]}"; do
	[[ -n ${file_of[$s]:-} ]] || die "-s: unknown set '$s' (want 17_clue, top1465, 11+, 1106)"
done

need go "https://go.dev/dl/"
need awk
[[ -d $data ]] || die "data directory $data not found (set -d or SATDOKU_DATA; the README's \"Test data\" says where the sets come from)"
for s in "${names[@]}"; do
	[[ -f $data/${file_of[$s]} ]] || die "$data/${file_of[$s]} not found: the tdoku sets are ${file_of[*]}"
done

if [[ -n $keep ]]; then
	mkdir -p "$keep"
	build=$(cd "$keep" && pwd)
else
	build=$(mktemp -d "${TMPDIR:-/tmp}/tdoku-bench.XXXXXX")
	trap 'rm -rf "$build"' EXIT
fi

# tdoku's driver.
if [[ -n $tdoku_bin ]]; then
	[[ -x $tdoku_bin ]] || die "tdoku driver $tdoku_bin is not an executable file"
	tdoku=$tdoku_bin
else
	[[ -n $tdoku_src ]] || die "no tdoku: give its source tree with -t DIR (or TDOKU_SRC), e.g. git clone https://github.com/t-dillon/tdoku, or a built driver with -b"
	for f in src/solver_dpll_triad_simd.cc src/util.cc; do
		[[ -f $tdoku_src/$f ]] || die "$tdoku_src/$f not found: is $tdoku_src a tdoku source tree?"
	done
	cxx=${CXX:-g++}
	need "$cxx" "set CXX to a C++17 compiler; on Debian: apt-get install g++"
	read -ra cxxflags <<<"${TDOKU_CXXFLAGS:--O3 -march=native}"
	tdoku=$build/tdoku_cpu
	echo "building tdoku: $cxx ${cxxflags[*]} (from $tdoku_src)" >&2
	"$cxx" "${cxxflags[@]}" -std=c++17 -I"$tdoku_src/src" -o "$tdoku" \
		"$repo/bench/tdoku_cpu.cc" "$tdoku_src/src/solver_dpll_triad_simd.cc" "$tdoku_src/src/util.cc" ||
		die "building tdoku failed"
fi

# satdoku, and the backtracker's own measurement.
echo "building satdoku (go build, go test -c ./fallback)" >&2
(cd "$repo" && go build -o "$build/satdoku" . && go test -c -o "$build/fallback.test" ./fallback) ||
	die "building satdoku failed"
satdoku=$build/satdoku
base=
if [[ -n $base_ref ]]; then
	need git
	rev=$(git -C "$repo" rev-parse --verify --quiet "$base_ref^{commit}") || die "-c $base_ref: not a commit of $repo"
	echo "building satdoku at $base_ref (${rev:0:12})" >&2
	mkdir -p "$build/base-src"
	git -C "$repo" archive "$rev" | tar -x -C "$build/base-src" || die "git archive $base_ref failed"
	(cd "$build/base-src" && go build -o "$build/satdoku-base" .) || die "building satdoku at $base_ref failed"
	base=$build/satdoku-base
fi

# The sets, cut to the first -n puzzles if asked.
declare -A path_of
for s in "${names[@]}"; do
	f=$data/${file_of[$s]}
	if ((limit > 0)); then
		awk -v n="$limit" '/^#/ { print; next } length($0) >= 81 && k < n { print; k++ }' "$f" >"$build/${file_of[$s]}"
		f=$build/${file_of[$s]}
	fi
	path_of[$s]=$f
done

results=$build/results.txt
: >"$results"
record() { # set column value
	echo "$1 $2 $3" >>"$results"
	if ((verbose)); then printf '  %-8s %-10s %10s\n' "$1" "$2" "$3" >&2; fi
}

# bench_us BINARY ENGINE FILE prints the "process µs" and puzzles of
# satdoku bench.
bench_us() {
	local out
	out=$("$1" bench -e "$2" "$3") || die "$1 bench -e $2 $3 failed:
$out"
	awk -v e="$2" '$2 == e { print $8, $3; found = 1 } END { exit !found }' <<<"$out" ||
		die "no '$2' row in satdoku bench output:
$out"
}

# cli_us BINARY ENGINE FILE PUZZLES prints the CPU µs per puzzle of the
# whole `satdoku solve --workers 1` process tree (user + system, children
# included: bash's time counts every process it waits for).
cli_us() {
	local t rc=0
	t=$(
		TIMEFORMAT='%3U %3S'
		{ time "$1" solve --workers 1 -q -e "$2" "$3" >/dev/null 2>"$build/cli.err"; } 2>&1
	) || rc=$?
	((rc == 0)) || die "$1 solve -e $2 $3 exited with $rc: $(head -3 "$build/cli.err")"
	awk -v n="$4" '{ printf "%.2f\n", ($1 + $2) * 1e6 / n }' <<<"$t"
}

# alone_us FILE prints the backtracker's own mean µs per puzzle.
alone_us() {
	local out
	out=$(cd "$repo/fallback" && FALLBACK_SPEED=1 FALLBACK_SPEED_FILES="$1" "$build/fallback.test" -test.run '^TestSpeed$' -test.v) ||
		die "fallback TestSpeed on $1 failed:
$out"
	awk '/limit 1:/ { for (i = 1; i < NF; i++) if ($i == "mean") { print $(i + 1); found = 1 } } END { exit !found }' <<<"$out" ||
		die "no mean in TestSpeed output:
$out"
}

echo "machine: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null || echo unknown), $(nproc 2>/dev/null || echo '?') CPUs; load at start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >&2
for ((r = 1; r <= rounds; r++)); do
	echo "round $r of $rounds" >&2
	for s in "${names[@]}"; do
		f=${path_of[$s]}
		out=$("$tdoku" "$f") || die "tdoku driver failed on $f"
		read -r _ n us _ <<<"$out"
		record "$s" tdoku "$us"
		record "$s" puzzles "$n"
		for e in sat backtrack; do
			if [[ $e == sat ]]; then
				((sat)) || continue
				k=sat
			else
				((bt)) || continue
				k=bt
			fi
			out=$(bench_us "$satdoku" "$e" "$f")
			read -r us n <<<"$out"
			record "$s" "${k}_bench" "$us"
			if ((cli)); then
				us=$(cli_us "$satdoku" "$e" "$f" "$n")
				record "$s" "${k}_cli" "$us"
			fi
			if [[ $e == backtrack ]]; then
				us=$(alone_us "$f")
				record "$s" bt_alone "$us"
			fi
			if [[ -n $base ]]; then
				out=$(bench_us "$base" "$e" "$f")
				read -r us n <<<"$out"
				record "$s" "base_${k}_bench" "$us"
				if ((cli)); then
					us=$(cli_us "$base" "$e" "$f" "$n")
					record "$s" "base_${k}_cli" "$us"
				fi
			fi
		done
	done
done
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >&2

columns=(tdoku)
if ((sat)); then
	[[ -n $base ]] && columns+=(base_sat_bench)
	columns+=(sat_bench)
	if ((cli)); then
		[[ -n $base ]] && columns+=(base_sat_cli)
		columns+=(sat_cli)
	fi
fi
if ((bt)); then
	[[ -n $base ]] && columns+=(base_bt_bench)
	columns+=(bt_bench)
	if ((cli)); then
		[[ -n $base ]] && columns+=(base_bt_cli)
		columns+=(bt_cli)
	fi
	columns+=(bt_alone)
fi

echo
echo "CPU µs per puzzle, first solution, median of $rounds interleaved round(s); (×) is the ratio to tdoku"
awk -v sets="${names[*]}" -v cols="${columns[*]}" -v base="$base_ref" '
	{ v[$1, $2, ++n[$1, $2]] = $3 }
	function median(s, c,   k, i, j, t, a) {
		k = n[s, c]
		for (i = 1; i <= k; i++) a[i] = v[s, c, i]
		for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
		return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
	}
	END {
		ns = split(sets, S, " "); nc = split(cols, C, " ")
		title["tdoku"] = "tdoku"; title["sat_bench"] = "SAT bench"; title["sat_cli"] = "SAT CLI"
		title["bt_bench"] = "backtrack bench"; title["bt_cli"] = "backtrack CLI"; title["bt_alone"] = "backtrack alone"
		split("sat_bench sat_cli bt_bench bt_cli", B, " ")
		for (x in B) title["base_" B[x]] = title[B[x]] " @" substr(base, 1, 8)
		printf "| %-8s | %7s |", "set", "puzzles"
		for (c = 1; c <= nc; c++) printf " %18s |", title[C[c]]
		printf "\n|----------|--------:|"
		for (c = 1; c <= nc; c++) printf "-------------------:|"
		printf "\n"
		for (i = 1; i <= ns; i++) {
			s = S[i]; t = median(s, "tdoku")
			printf "| %-8s | %7d |", s, v[s, "puzzles", 1]
			for (c = 1; c <= nc; c++) {
				m = median(s, C[c])
				if (C[c] == "tdoku") printf " %18.1f |", m
				else printf " %9.1f (%5.2f×) |", m, m / t
			}
			printf "\n"
		}
	}' "$results"
cat <<'EOF'

tdoku: bench/tdoku_cpu (TdokuSolverDpllTriadSimd, limit 1), thread CPU over the file,
       after a checking pass that warms caches.
bench: `satdoku bench -e ENGINE FILE`, process µs: one cold pass, including the
       collector, the engine's checks and bench's clock reads per puzzle.
CLI:   user+sys CPU of `satdoku solve --workers 1 -q -e ENGINE FILE` (start-up and
       reading included) over the puzzles.
alone: fallback.Solver on the file (FALLBACK_SPEED=1 go test -run TestSpeed
       ./fallback), thread CPU over the file, after a warm-up pass.
EOF
