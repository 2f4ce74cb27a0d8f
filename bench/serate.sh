#!/usr/bin/env bash
# serate.sh builds Sudoku Explainer's command-line rater, serate, from a
# SukakuExplainer source snapshot (github.com/SudokuMonster/SukakuExplainer,
# a git directory or a checked-out tree) and rates puzzles with it: the
# reference the logic package's ratings are measured against (issue 33).
# SE's code is never committed: it is built under bench/build/serate
# (ignored by git) or $SERATE_BUILD.
#
# serate runs with SE 1.2.1's technique set (SukakuExplainer's additions,
# such as turbot fish, WXYZ-wings and generalized subsets, are turned off
# with --techs, as its "bring back SE 1.2.1" setting does) and one thread,
# so that its ratings are the ones forum users quote and its times are one
# core's.
#
# usage:
#   bench/serate.sh build SRC            build serate from SRC
#   bench/serate.sh rate FILE [OUT]      rate the puzzles of FILE (one
#                                        81-character puzzle a line; more
#                                        fields after a tab are ignored):
#                                        "puzzle ER/EP/ED seconds technique" a line
#   bench/serate.sh steps FILE [OUT]     the chain steps of SE's paths:
#                                        "pencilmarks rating words" a line
#                                        (testdata/serate/steps.txt)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
build=${SERATE_BUILD:-$here/build/serate}
classes=$build/classes

# SE 1.2.1's techniques, one flag per SolvingTechnique in its declaration
# order: off are VLocking, the generalized naked sets, TurbotFish, WXYZ-,
# VWXYZ-, UVWXYZ- and TUVWXYZ-wings and the 3..6 strong-linked fishes.
techs=1111111111010111011011011011000010100010111111

usage() { sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

build() {
	local src=$1
	rm -rf "$build/src" "$classes"
	mkdir -p "$build/src" "$classes"
	if [ -d "$src/diuf" ]; then
		cp -r "$src/diuf" "$build/src/"
	elif git --git-dir="$src" rev-parse --verify -q HEAD >/dev/null; then
		git --git-dir="$src" archive HEAD diuf | tar -x -C "$build/src"
	else
		echo "serate.sh: $src holds no SukakuExplainer source (diuf/)" >&2
		exit 1
	fi
	find "$build/src" -name '*.java' > "$build/files.txt"
	# The sources are Latin-1 (a degree sign in Symmetry.java).
	javac -nowarn -encoding ISO-8859-1 -d "$classes" @"$build/files.txt" 2>&1 |
		grep -v '^Note:' >&2 || true
	test -f "$classes/diuf/sudoku/test/serate.class" || { echo "serate.sh: build failed" >&2; exit 1; }
	echo "serate built in $classes" >&2
}

need() {
	test -f "$classes/diuf/sudoku/test/serate.class" ||
		{ echo "serate.sh: run 'bench/serate.sh build SRC' first" >&2; exit 1; }
}

serate() {
	java -Xss8m -cp "$classes" diuf.sudoku.test.serate --techs=$techs --threads=1 "$@"
}

rate() {
	need
	local in=$1 out=${2:-/dev/stdout}
	tmp=$(mktemp)
	trap 'rm -f "${tmp:-}"' EXIT
	cut -f1 "$in" | grep -E '^[0-9.]{81}$' > "$tmp"
	# One line a puzzle, flushed as it goes: a long run can be watched.
	serate --format='%g %r/%p/%d %e %R' --input="$tmp" > "$out" 2>/dev/null
}

steps() {
	need
	local in=$1 out=${2:-/dev/stdout}
	tmp=$(mktemp)
	trap 'rm -f "${tmp:-}"' EXIT
	cut -f1 "$in" | grep -E '^[0-9.]{81}$' > "$tmp"
	serate --before='B %m' --after='A %r %s' --format='F %g %r/%p/%d' --input="$tmp" 2>/dev/null |
		awk '/^B /{p=$2; next}
			/^A /{r=$2; $1=""; $2=""; sub(/^  /, "")
				if (r >= 6.5 && $0 !~ /^(Aligned|Unique|Bivalue|BUG)/) print p, r, $0}' > "$out"
}

[ $# -ge 2 ] || usage
cmd=$1
shift
case $cmd in
build) build "$@" ;;
rate) rate "$@" ;;
steps) steps "$@" ;;
*) usage ;;
esac
