#!/usr/bin/env bash
# tdoku.sh measures satdoku beside tdoku (github.com/t-dillon/tdoku) on
# tdoku's four benchmark sets, in one run, and prints the table of issue 16:
# CPU µs per puzzle (first solution) for tdoku, satdoku bench (SAT and
# backtracker, the "process µs" column), the satdoku CLI (whole-process CPU
# of `satdoku solve`, parent and worker processes, with --workers 1 and
# with the default workers) and the backtracker alone (fallback.Solver,
# TestSpeed). Bench and alone are compared with tdoku, the CLI with bench
# (issue 16's targets: CLI within 1.10× of bench for SAT, 1.20× for the
# backtracker). A second table gives the CLI's marginal CPU per puzzle,
# without its fixed costs (starting the program and its worker processes,
# warming their heaps): the CLI also solves the set written K times (K
# chosen for about 2 s of work, at least 2), and (CPU on K·N puzzles - CPU
# on N) / ((K-1)·N) is what one more puzzle costs.
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
  -g REPO    clone tdoku from REPO (a git URL or path, e.g.
             https://github.com/t-dillon/tdoku) into the build directory
             and build the driver from it, as with -t
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
  -J         skip the default-workers CLI columns (keep --workers 1)
  -v         print every measurement as it is taken
  -h         this help

The SAT engine takes about 45 s per pass on the 11+ set (48,766 puzzles),
and a round makes per engine and build 1 bench pass and, for --workers 1
and the default, a CLI pass on the set and one on the set K times (about
2 s, at least 2 passes): use -n (e.g. -n 5000, which cuts 17_clue and 11+
only), -e backtrack or -J to shorten a run.

Example, before/after in one run, tdoku cloned and built:
  bench/tdoku.sh -g https://github.com/t-dillon/tdoku -c main -n 5000 -r 3
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
tdoku_repo=
data=${SATDOKU_DATA:-$repo/../shared/data}
rounds=3
limit=0
engines=sat,backtrack
sets=17_clue,top1465,11+,1106
keep=
base_ref=
cli=1
cli_default=1
verbose=0

while getopts "t:g:b:d:r:n:e:s:c:k:CJvh" opt; do
	case $opt in
	t) tdoku_src=$OPTARG ;;
	g) tdoku_repo=$OPTARG ;;
	b) tdoku_bin=$OPTARG ;;
	d) data=$OPTARG ;;
	r) rounds=$OPTARG ;;
	n) limit=$OPTARG ;;
	e) engines=$OPTARG ;;
	s) sets=$OPTARG ;;
	c) base_ref=$OPTARG ;;
	k) keep=$OPTARG ;;
	C) cli=0 ;;
	J) cli_default=0 ;;
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
[[ -d $data ]] || die "data directory $data not found (set -d or SATDOKU_DATA; \"Test data\" in docs/testing.md says where the sets come from)"
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
	if [[ -n $tdoku_repo ]]; then
		need git
		echo "cloning tdoku from $tdoku_repo" >&2
		# Only src/ is needed: a bare clone and an archive of src/ skip
		# the large data.zip.
		rm -rf "$build/tdoku.git" "$build/tdoku-src"
		git clone -q --bare "$tdoku_repo" "$build/tdoku.git" || die "git clone $tdoku_repo failed"
		mkdir -p "$build/tdoku-src"
		git --git-dir="$build/tdoku.git" archive HEAD src | tar -x -C "$build/tdoku-src" ||
			die "no src/ in $tdoku_repo"
		tdoku_src=$build/tdoku-src
		echo "tdoku at $(git --git-dir="$build/tdoku.git" rev-parse --short=12 HEAD)" >&2
	fi
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

# cli_us BINARY ENGINE FILE PUZZLES [WORKERS] prints the CPU µs per puzzle
# of the whole `satdoku solve` process tree (user + system, children
# included: bash's time counts every process it waits for), with
# --workers WORKERS, or the default workers when WORKERS is empty.
cli_us() {
	local t rc=0 workers=()
	[[ -n ${5:-} ]] && workers=(--workers "$5")
	t=$(
		TIMEFORMAT='%3U %3S'
		{ time "$1" solve "${workers[@]}" -q -e "$2" -o line "$3" >/dev/null 2>"$build/cli.err"; } 2>&1
	) || rc=$?
	((rc == 0)) || die "$1 solve -e $2 $3 exited with $rc: $(head -3 "$build/cli.err")"
	awk -v n="$4" '{ printf "%.2f\n", ($1 + $2) * 1e6 / n }' <<<"$t"
}

# cli_columns BINARY ENGINE FILE PUZZLES PREFIX BENCH_US records the CLI
# columns: --workers 1 (cli) and default workers (clid), each on the set
# and on the set repeated K times (cliK, clidK; µs per puzzle of the K·N).
# K is fixed per set and engine by the first bench measured: about 2 s of
# work, at least 2.
declare -A repeat_of
cli_columns() {
	((cli)) || return 0
	local key=$s/$2 k file
	if [[ -z ${repeat_of[$key]:-} ]]; then
		k=$(awk -v n="$4" -v us="$6" 'BEGIN { k = int(2e6 / (n * us)) + 1; print (k < 2 ? 2 : k > 500 ? 500 : k) }')
		repeat_of[$key]=$k
		file=$build/repeat-$2-${file_of[$s]}
		: >"$file"
		for ((i = 0; i < k; i++)); do cat "$3" >>"$file"; done
		record "$s" "${2}_K" "$k"
	fi
	k=${repeat_of[$key]}
	file=$build/repeat-$2-${file_of[$s]}
	record "$s" "${5}_cli" "$(cli_us "$1" "$2" "$3" "$4" 1)"
	record "$s" "${5}_cliK" "$(cli_us "$1" "$2" "$file" $((k * $4)) 1)"
	if ((cli_default)); then
		record "$s" "${5}_clid" "$(cli_us "$1" "$2" "$3" "$4")"
		record "$s" "${5}_clidK" "$(cli_us "$1" "$2" "$file" $((k * $4)))"
	fi
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
			cli_columns "$satdoku" "$e" "$f" "$n" "$k" "$us"
			if [[ $e == backtrack ]]; then
				us=$(alone_us "$f")
				record "$s" bt_alone "$us"
			fi
			if [[ -n $base ]]; then
				out=$(bench_us "$base" "$e" "$f")
				read -r us n <<<"$out"
				record "$s" "base_${k}_bench" "$us"
				cli_columns "$base" "$e" "$f" "$n" "base_${k}" "$us"
			fi
		done
	done
done
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')" >&2

# Columns, each with what its ratio is taken against (none for tdoku).
columns=(tdoku) against=(-)
add() { # column against
	columns+=("$1")
	against+=("$2")
}
for k in sat bt; do
	if [[ $k == sat ]]; then ((sat)) || continue; else ((bt)) || continue; fi
	for v in ${base:+base_} ""; do
		add "${v}${k}_bench" tdoku
		if ((cli)); then
			add "${v}${k}_cli" "${v}${k}_bench"
			if ((cli_default)); then add "${v}${k}_clid" "${v}${k}_bench"; fi
		fi
	done
	if [[ $k == bt ]]; then add bt_alone tdoku; fi
done

# table NET prints the table; with NET=1 the CLI columns are marginal:
# (K × (µs per puzzle on the set K times) - (µs per puzzle on the set)) / (K - 1).
table() {
	awk -v sets="${names[*]}" -v cols="${columns[*]}" -v against="${against[*]}" -v base="$base_ref" -v net="$1" '
	{ v[$1, $2, ++n[$1, $2]] = $3 }
	function median(s, c,   k, i, j, t, a) {
		k = n[s, c]
		if (k == 0) return -1
		for (i = 1; i <= k; i++) a[i] = v[s, c, i]
		for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
		return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
	}
	# value of column c on set s: a CLI column marginal if asked
	function value(s, c,   k) {
		if (net && c ~ /_clid?$/) {
			k = v[s, (c ~ /^(base_)?sat_/ ? "sat" : "backtrack") "_K", 1]
			return (k * median(s, c "K") - median(s, c)) / (k - 1)
		}
		return median(s, c)
	}
	END {
		ns = split(sets, S, " "); nc = split(cols, C, " "); split(against, A, " ")
		title["tdoku"] = "tdoku"; title["bt_alone"] = "backtrack alone"
		title["sat_bench"] = "SAT bench"; title["sat_cli"] = "SAT CLI -j1"; title["sat_clid"] = "SAT CLI -jN"
		title["bt_bench"] = "backtrack bench"; title["bt_cli"] = "backtrack CLI -j1"; title["bt_clid"] = "backtrack CLI -jN"
		split("sat_bench sat_cli sat_clid bt_bench bt_cli bt_clid", B, " ")
		for (x in B) title["base_" B[x]] = title[B[x]] " @" substr(base, 1, 8)
		printf "| %-8s | %7s |", "set", "puzzles"
		for (c = 1; c <= nc; c++) printf " %s |", title[C[c]]
		printf "\n|---|---:|"
		for (c = 1; c <= nc; c++) printf "---:|"
		printf "\n"
		for (i = 1; i <= ns; i++) {
			s = S[i]
			printf "| %-8s | %7d |", s, v[s, "puzzles", 1]
			for (c = 1; c <= nc; c++) {
				m = value(s, C[c])
				if (A[c] == "-") printf " %.1f |", m
				else printf " %.1f (%.2f×) |", m, m / value(s, A[c])
			}
			printf "\n"
		}
	}' "$results"
}

echo
echo "CPU µs per puzzle, first solution, median of $rounds interleaved round(s)."
echo "(×): bench and alone against tdoku; CLI against bench of the same engine and build."
table 0
if ((cli)); then
	echo
	echo "The same, CLI columns marginal: (CPU of the CLI on the set K times - on the set once) / ((K-1) puzzles),"
	echo "without the fixed costs (program and worker start-up, heap warm-up); K per set and engine:"
	awk '$2 ~ /_K$/ { printf "  %s %s: K = %s\n", $1, substr($2, 1, length($2) - 2), $3 }' "$results"
	table 1
fi
cat <<'EOF2'

tdoku: bench/tdoku_cpu (TdokuSolverDpllTriadSimd, limit 1), thread CPU over the file,
       after a checking pass that warms caches.
bench: `satdoku bench -e ENGINE FILE`, process µs: process CPU over one cold pass
       (collector and the engine's checks included; clocks read once per pass).
CLI:   user+sys CPU of `satdoku solve [--workers 1] -q -e ENGINE -o line FILE`,
       parent and worker processes, start-up and reading included, over the puzzles;
       -j1 is --workers 1, -jN the default (one per CPU).
alone: fallback.Solver on the file (FALLBACK_SPEED=1 go test -run TestSpeed
       ./fallback), thread CPU over the file, after a warm-up pass.
EOF2
