#!/usr/bin/env python3
"""before_after.py: classic speed of two satdoku binaries, in one run.

    go build -o /tmp/satdoku-after .
    git -C MAIN-CHECKOUT archive COMMIT | tar -x -C /tmp/before-src
    (cd /tmp/before-src && go build -o /tmp/satdoku-before .)
    python3 bench/before_after.py /tmp/satdoku-before /tmp/satdoku-after \
        [-n 3000] [-r 3] [--data ../shared/data]

On the first N puzzles of each of the four tdoku sets (puzzles2_17_clue,
puzzles3_magictour_top1465, puzzles5_forum_hardest_1905_11+,
puzzles6_forum_hardest_1106), R rounds, the two binaries alternating
which goes first, it measures:

  - `satdoku bench -e sat,backtrack`: each engine's process CPU µs per
    puzzle (its "process µs" column: the collector included), and the
    after-binary's other engines given with --engines (e.g. portfolio);
  - `satdoku solve FILE` with the default engine of each binary (before:
    sat; after: portfolio) and the default workers, output discarded:
    the CPU of the process and its worker processes per puzzle (user +
    system, from wait4) and the wall time.

and prints the medians over the rounds and the ratios after/before.
Nothing is fetched; nothing is written but a temporary file per set.
"""
import argparse
import os
import re
import statistics
import subprocess
import tempfile
import time

SETS = ["puzzles2_17_clue", "puzzles3_magictour_top1465",
        "puzzles5_forum_hardest_1905_11+", "puzzles6_forum_hardest_1106"]


def bench(binary, engines, path):
    """Returns {engine: process µs per puzzle} from satdoku bench."""
    out = subprocess.run([binary, "bench", "-e", engines, path],
                         capture_output=True, text=True, check=True).stdout
    got = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 10 and re.fullmatch(r"[0-9.]+", f[7]):
            got[f[1]] = float(f[7])
    return got


def cli(binary, path, n):
    """Returns (CPU µs per puzzle, wall s) of `satdoku solve path`."""
    t0 = time.monotonic()
    with open(os.devnull, "w") as null:
        p = subprocess.Popen([binary, "solve", path], stdout=null, stderr=null)
        _, status, ru = os.wait4(p.pid, 0)
    wall = time.monotonic() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        raise SystemExit(f"{binary} solve {path}: exit {p.returncode}")
    return (ru.ru_utime + ru.ru_stime) * 1e6 / n, wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("-n", type=int, default=3000, help="puzzles per set")
    ap.add_argument("-r", type=int, default=3, help="rounds")
    ap.add_argument("--data", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data"))
    ap.add_argument("--engines", default="portfolio", help="more engines of the after-binary's bench")
    a = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in SETS:
            with open(os.path.join(a.data, name)) as f:
                lines = [l for l in f if l.strip() and not l.startswith("#")][:a.n]
            path = os.path.join(tmp, name + ".txt")
            with open(path, "w") as f:
                f.writelines(lines)
            n = len(lines)
            m = {k: [] for k in ["b_sat", "a_sat", "b_bt", "a_bt", "a_more", "b_cli", "a_cli", "b_wall", "a_wall"]}
            for r in range(a.r):
                order = [("b", a.before), ("a", a.after)]
                if r % 2:
                    order.reverse()
                for side, binary in order:
                    engines = "sat,backtrack" + ("," + a.engines if side == "a" and a.engines else "")
                    got = bench(binary, engines, path)
                    m[side + "_sat"].append(got["sat"])
                    m[side + "_bt"].append(got["backtrack"])
                    if side == "a" and a.engines:
                        m["a_more"].append(sum(got[e] for e in a.engines.split(",")))
                    cpu, wall = cli(binary, path, n)
                    m[side + "_cli"].append(cpu)
                    m[side + "_wall"].append(wall)
            med = {k: statistics.median(v) if v else float("nan") for k, v in m.items()}
            rows.append((name, n, med))
    print(f"process CPU µs per puzzle, median of {a.r} rounds; ratio after/before")
    print(f"| set | puzzles | bench SAT before | after | ratio | bench backtracker before | after | ratio "
          f"| bench {a.engines} (after) | CLI before (sat) | CLI after (portfolio) | ratio | CLI wall before | after |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, n, d in rows:
        print(f"| {name} | {n} | {d['b_sat']:.1f} | {d['a_sat']:.1f} | {d['a_sat'] / d['b_sat']:.2f} "
              f"| {d['b_bt']:.1f} | {d['a_bt']:.1f} | {d['a_bt'] / d['b_bt']:.2f} | {d['a_more']:.1f} "
              f"| {d['b_cli']:.1f} | {d['a_cli']:.1f} | {d['a_cli'] / d['b_cli']:.2f} "
              f"| {d['b_wall']:.2f} s | {d['a_wall']:.2f} s |")


if __name__ == "__main__":
    main()
