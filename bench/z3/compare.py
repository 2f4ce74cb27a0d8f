#!/usr/bin/env python3
"""Side by side: satdoku's SAT engine against the z3 model of the same
variant puzzles (fpuzzles_z3.py), per puzzle, one run.

For each f-puzzles file it runs the z3 model (build + solve, and build +
solve + proof of uniqueness) and `satdoku solve -e sat -j 1 -o json`
without and with --unique (the JSON "micros": encode, solve, decode and
verify, in the engine), then prints one line per puzzle and the median and
total of each column with the ratios satdoku / z3. The goal of issue 12 is
a ratio of at most 1/5 (0.20).

Usage: bench/z3/compare.py [--satdoku BIN] [--timeout S] [FILE...]
With no FILE: the 9×9 puzzles of testdata/variants/manifest.json. Needs
Debian's python3-z3 (run it with /usr/bin/python3).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
CORPUS = os.path.join(ROOT, "testdata", "variants")


def z3_times(files, timeout_s):
    """Runs fpuzzles_z3.py on each file: {file: (solve_ms, unique_ms)}."""
    out = {}
    for f in files:
        cmd = [sys.executable, os.path.join(HERE, "fpuzzles_z3.py"), "--unique",
               "--timeout-ms", str(timeout_s * 1000), f]
        p = subprocess.run(cmd, capture_output=True, text=True)
        lines = p.stdout.strip().split("\n")
        if len(lines) < 2:
            print(f"z3 failed on {f}: {p.stderr.strip()}", file=sys.stderr)
            continue
        head = lines[0].split("\t")
        row = dict(zip(head, lines[1].split("\t")))
        if row.get("status") != "sat":
            print(f"z3: {f}: {row.get('status')}", file=sys.stderr)
            continue
        out[f] = (float(row["solve_total_ms"]), float(row["unique_total_ms"]))
    return out


def satdoku_times(binary, files, unique, timeout_s):
    """Runs satdoku on the files: {file: ms} from the JSON micros."""
    cmd = [binary, "solve", "-e", "sat", "-j", "1", "-q", "-o", "json",
           "--timeout", f"{timeout_s}s"]
    if unique:
        cmd.append("--unique")
    p = subprocess.run(cmd + files, capture_output=True, text=True)
    out = {}
    for line in p.stdout.splitlines():
        r = json.loads(line)
        if "file" in r and r.get("status") == "solved":
            out[r["file"]] = r["micros"] / 1000
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*")
    ap.add_argument("--satdoku", default=os.path.join(ROOT, "satdoku"),
                    help="the satdoku binary (default: ./satdoku at the repository's root; go build -o satdoku .)")
    ap.add_argument("--timeout", type=int, default=120, help="seconds per puzzle and engine")
    a = ap.parse_args()
    files = a.files
    if not files:
        with open(os.path.join(CORPUS, "manifest.json")) as f:
            entries = json.load(f)
        files = [os.path.join(CORPUS, e["file"]) for e in entries
                 if len(e["solution"]) == 81]
    z3 = z3_times(files, a.timeout)
    solve = satdoku_times(a.satdoku, files, False, a.timeout)
    uniq = satdoku_times(a.satdoku, files, True, a.timeout)
    rows = [(f, z3[f][0], solve[f], z3[f][1], uniq[f]) for f in files
            if f in z3 and f in solve and f in uniq]
    print("puzzle\tz3 solve ms\tsatdoku solve ms\tz3 unique ms\tsatdoku unique ms")
    for f, zs, ss, zu, su in rows:
        print(f"{os.path.relpath(f, CORPUS)}\t{zs:.1f}\t{ss:.1f}\t{zu:.1f}\t{su:.1f}")
    if not rows:
        sys.exit("no puzzle solved by both")
    cols = list(zip(*[r[1:] for r in rows]))
    med = [statistics.median(c) for c in cols]
    tot = [sum(c) for c in cols]
    print(f"median\t{med[0]:.1f}\t{med[1]:.1f}\t{med[2]:.1f}\t{med[3]:.1f}")
    print(f"total\t{tot[0]:.1f}\t{tot[1]:.1f}\t{tot[2]:.1f}\t{tot[3]:.1f}")
    print(f"{len(rows)} puzzles solved by both (of {len(files)}); satdoku / z3: "
          f"solve median {med[1] / med[0]:.3f}, total {tot[1] / tot[0]:.3f}; "
          f"unique median {med[3] / med[2]:.3f}, total {tot[3] / tot[2]:.3f}")


if __name__ == "__main__":
    main()
