#!/bin/sh
# check_corpus.sh runs the z3 model (fpuzzles_z3.py) over every puzzle of
# testdata/variants/manifest.json: it solves each, proves it unique, compares
# the solution with the one the manifest records, and prints the TSV (one
# line per puzzle, the manifest's file name in the first column) on stdout
# and the timing table on stderr. Disagreements are told on stderr, naming
# the puzzle and the rules the recorded solution breaks in the z3 model.
#
# Usage: bench/z3/check_corpus.sh [fpuzzles_z3.py options] > z3-times.tsv
#   e.g. --encoding int, --repeat 3, --timeout-ms 0 (no limit)
# The default limit is 600 s of wall time per z3 check (z3's timeout is wall
# time, so a busy machine lowers it in effect); a puzzle z3 does not finish
# in that time shows status "unknown".
#
# Exit status: 0 when every puzzle is solved, unique and matches the
# manifest; 1 otherwise; 2 when a file cannot be read or modelled.
# PYTHON overrides the interpreter (it needs Debian's python3-z3, which is
# installed for /usr/bin/python3).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
python=${PYTHON:-/usr/bin/python3}
cd "$here/../../testdata/variants"
files=$("$python" -c 'import json; print("\n".join(e["file"] for e in json.load(open("manifest.json"))))')
# The file names are slugs without spaces (see testdata/variants/tools).
# shellcheck disable=SC2086
exec "$python" "$here/fpuzzles_z3.py" --unique --manifest manifest.json --summary \
	--timeout-ms 600000 "$@" $files
