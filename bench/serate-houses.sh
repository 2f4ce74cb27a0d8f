#!/usr/bin/env bash
# serate-houses.sh checks the house techniques of package logic against
# Sudoku Explainer: it rates one stratified sample of puzzles with serate
# (SukakuExplainer, built here from its source, never committed) and with
# package logic (bench/logicrate), both limited by default to the house
# techniques of SE 1.2 (no chains), and prints how often the two agree on
# ER (exactly, and within ±0.5, by SE's rating band), EP and ED, with the
# CPU time per puzzle of each (serate's includes starting the JVM once a
# set).
#
# The sample: every k-th puzzle of top1465 and of 17_clue (-n of each) and
# -q puzzles of each qqwing level (simple, easy, intermediate, expert)
# generated for the run. Mode -m house (the default) gives both raters the
# house techniques only: serate's --techs keeps singles, the direct
# techniques, intersections, subsets, basic fish, XY- and XYZ-Wing, unique
# loops and BUG, and logic leaves out the finned and sashimi fish that SE
# 1.2 does not have. Mode -m full runs both with every technique (serate's
# defaults, logic's DefaultTechniques, chains included once merged).
# Run by hand; not part of CI.
set -euo pipefail

usage() {
	cat <<'EOF'
usage: bench/serate-houses.sh [options]

  -s DIR     SukakuExplainer source tree (default: $SERATE_SRC), e.g. a
             clone of https://github.com/SudokuMonster/SukakuExplainer
  -g GITDIR  take the source from this git directory's HEAD (git archive)
  -d DIR     directory of the public sets (default: $SATDOKU_DATA, else
             ../shared/data beside the repository)
  -n N       puzzles of top1465 and of 17_clue each (default 500)
  -q N       qqwing puzzles of each level (default 60; 0: none)
  -m MODE    house (default) or full
  -k DIR     build into DIR and keep it (default: a temporary directory)
  -h         this help
EOF
}

die() {
	echo "serate-houses.sh: $*" >&2
	exit 1
}

need() {
	command -v "$1" >/dev/null 2>&1 || die "$1 not found in PATH${2:+ ($2)}"
}

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
src=${SERATE_SRC:-}
gitdir=
data=${SATDOKU_DATA:-$repo/../shared/data}
n=500
q=60
mode=house
keep=

while getopts "s:g:d:n:q:m:k:h" opt; do
	case $opt in
	s) src=$OPTARG ;;
	g) gitdir=$OPTARG ;;
	d) data=$OPTARG ;;
	n) n=$OPTARG ;;
	q) q=$OPTARG ;;
	m) mode=$OPTARG ;;
	k) keep=$OPTARG ;;
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
[[ $n =~ ^[0-9]+$ && $q =~ ^[0-9]+$ ]] || die "-n and -q want numbers"
[[ $mode == house || $mode == full ]] || die "-m $mode: want house or full"
[[ -n $src || -n $gitdir ]] || die "no SukakuExplainer source: give -s DIR or -g GITDIR (see -h)"
need javac "a JDK"
need java
need go
need python3
[[ $q -eq 0 ]] || need qqwing "Debian's qqwing, or -q 0"

if [[ -n $keep ]]; then
	work=$keep
	mkdir -p "$work"
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi

# Build serate.
if [[ ! -f $work/classes/diuf/sudoku/test/serate.class ]]; then
	mkdir -p "$work/src" "$work/classes"
	if [[ -n $gitdir ]]; then
		git --git-dir="$gitdir" archive HEAD | tar -x -C "$work/src"
	else
		cp -r "$src/." "$work/src"
	fi
	(cd "$work/src" && find . -name '*.java' >"$work/files.txt" &&
		javac -nowarn -encoding ISO-8859-1 -d "$work/classes" @"$work/files.txt" 2>/dev/null) ||
		die "building serate failed"
fi
(cd "$repo" && go build -o "$work/logicrate" ./bench/logicrate)

# The sample, one file a set.
python3 - "$data" "$work" "$n" <<'EOF'
import sys
data, work, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
def load(name):
    with open(f"{data}/{name}") as f:
        return [l.strip() for l in f if len(l.strip()) == 81 and not l.startswith("#")]
for short, name in (("top1465", "puzzles3_magictour_top1465"), ("17_clue", "puzzles2_17_clue")):
    ps = load(name)
    k = max(1, len(ps) // n) if n else len(ps) + 1
    with open(f"{work}/{short}.txt", "w") as f:
        f.write("".join(p + "\n" for p in ps[::k][:n]))
EOF
sets="top1465 17_clue"
if [[ $q -gt 0 ]]; then
	for level in simple easy intermediate expert; do
		qqwing --generate "$q" --difficulty "$level" --one-line 2>/dev/null |
			grep -E '^[.0-9]{81}$' >"$work/qqwing_$level.txt" || true
		sets="$sets qqwing_$level"
	done
fi

if [[ $mode == house ]]; then
	# serate's technique switches, in its order (serate --techs= lists it):
	# the house techniques of SE 1.2 on, the rest off.
	techs=(--techs=1111000011010111011011011011000010000000000000)
	ours=(-classic)
else
	techs=()
	ours=()
fi

cpu() { # cpu OUT CMD... : run CMD, write its user+system CPU seconds to OUT
	local out=$1
	shift
	/usr/bin/time -f '%U %S' -o "$out.time" "$@"
	awk '{ print $1 + $2 }' "$out.time" >"$out"
}

for s in $sets; do
	[[ -s $work/$s.txt ]] || continue
	cpu "$work/$s.se.cpu" java -cp "$work/classes" diuf.sudoku.test.serate \
		--format='%r/%p/%d %t' "${techs[@]}" --input="$work/$s.txt" --output="$work/$s.se"
	cpu "$work/$s.us.cpu" sh -c "'$work/logicrate' ${ours[*]} <'$work/$s.txt' >'$work/$s.us'"
done

python3 - "$work" $sets <<'EOF'
import sys
work, sets = sys.argv[1], sys.argv[2:]
def ratings(path):
    out = []
    with open(path) as f:
        for line in f:
            if line.strip():
                out.append(tuple(float(x) for x in line.split()[0].split("/")))
    return out
bands = [(0, 2.0), (2.0, 3.0), (3.0, 4.0), (4.0, 5.0), (5.0, 6.0), (6.0, 9.05), (9.05, 99)]
def band(er):
    for lo, hi in bands:
        if lo <= er < hi:
            return f"{lo:g}-{hi:g}" if hi < 99 else f">{lo:g}"
print(f"{'set':<22}{'n':>5}{'ER exact':>10}{'ER ±0.5':>9}{'EP exact':>10}{'ED exact':>10}{'SE cpu ms':>11}{'logic ms':>10}")
allpairs = []
for s in sets:
    try:
        se, us = ratings(f"{work}/{s}.se"), ratings(f"{work}/{s}.us")
    except FileNotFoundError:
        continue
    pairs = list(zip(se, us))
    allpairs += pairs
    n = len(pairs)
    if n == 0:
        continue
    ex = [sum(abs(a[k] - b[k]) < 1e-9 for a, b in pairs) for k in range(3)]
    near = sum(abs(a[0] - b[0]) <= 0.5 + 1e-9 for a, b in pairs)
    secpu = float(open(f"{work}/{s}.se.cpu").read()) * 1000 / n
    uscpu = float(open(f"{work}/{s}.us.cpu").read()) * 1000 / n
    print(f"{s:<22}{n:>5}{100*ex[0]/n:>9.1f}%{100*near/n:>8.1f}%{100*ex[1]/n:>9.1f}%{100*ex[2]/n:>9.1f}%{secpu:>11.1f}{uscpu:>10.2f}")
print()
print("by SE ER band (all sets):")
print(f"{'band':<10}{'n':>5}{'ER exact':>10}{'ER ±0.5':>9}")
for lo, hi in bands:
    ps = [(a, b) for a, b in allpairs if lo <= a[0] < hi]
    if ps:
        ex = sum(abs(a[0] - b[0]) < 1e-9 for a, b in ps)
        near = sum(abs(a[0] - b[0]) <= 0.5 + 1e-9 for a, b in ps)
        print(f"{band(lo):<10}{len(ps):>5}{100*ex/len(ps):>9.1f}%{100*near/len(ps):>8.1f}%")
mism = {}
for a, b in allpairs:
    if abs(a[0] - b[0]) > 1e-9:
        mism[(a[0], b[0])] = mism.get((a[0], b[0]), 0) + 1
if mism:
    print()
    print("ER disagreements (SE -> logic: puzzles):", ", ".join(f"{k[0]:g}->{k[1]:g}: {v}" for k, v in sorted(mism.items(), key=lambda kv: -kv[1])))
EOF
