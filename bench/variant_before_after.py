#!/usr/bin/env python3
"""variant_before_after.py: CPU time of two satdoku binaries on variant
puzzles, side by side, in one run.

    python3 bench/variant_before_after.py BEFORE AFTER FILE \
        [--engines backtrack,portfolio] [--mode solve|unique] \
        [--timeout 60] [--rounds 1]

FILE holds one puzzle a line (any format satdoku reads; '#' lines and
blank lines are skipped; a line "name<TAB>puzzle" names its puzzle; a
puzzle "@PATH" is the file PATH, such as an f-puzzles JSON file). For
each puzzle, engine and round, the two binaries run one after the other,
which goes first alternating, each as `satdoku solve -q -o json -j1
--timeout T [--unique] --engine E` on a file holding that one puzzle: the
CPU of the process and of its worker processes (user + system, from
wait4) is its time. It prints per puzzle each side's status and CPU
seconds (the least over the rounds) and the ratio after/before, then the
totals and the geometric mean of the ratios of the puzzles both settle.
Nothing is fetched. The named killers of the repository's samples, one
"name<TAB>puzzle" a line:

    awk '/^# [^s]/{n=substr($0,3); sub(/:.*/,"",n)} /^3x3/{print n "\t" $0}' \
        testdata/variants/sudocue/killers.txt > sudocue.tsv
    awk '/^# [A-Z]/{n=substr($0,3); sub(/:.*/,"",n)} /^[^#]/ && length($0)==81 \
        {print n "\t" $0}' testdata/variants/snarf/killers.txt > snarf.tsv
"""
import argparse
import json
import math
import os
import subprocess
import tempfile


def run(binary, path, engine, mode, timeout):
    """Returns (status, CPU seconds) of one satdoku solve."""
    args = [binary, "solve", "-q", "-o", "json", "-j1", "--timeout",
            f"{timeout}s", "--engine", engine, path]
    if mode == "unique":
        args.insert(2, "--unique")
    with tempfile.TemporaryFile() as out:
        p = subprocess.Popen(args, stdout=out, stderr=subprocess.DEVNULL)
        _, _, ru = os.wait4(p.pid, 0)
        out.seek(0)
        status = "?"
        for line in out.read().decode().splitlines():
            rec = json.loads(line)
            if "status" in rec:
                status = rec["status"]
    return status, ru.ru_utime + ru.ru_stime


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("file")
    ap.add_argument("--engines", default="backtrack,portfolio")
    ap.add_argument("--mode", default="solve", choices=["solve", "unique"])
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--rounds", type=int, default=1)
    a = ap.parse_args()
    puzzles = []
    for i, line in enumerate(open(a.file, encoding="utf-8")):
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        name, _, text = line.rpartition("\t")
        puzzles.append((name or f"line {i + 1}", text))
    settled = {"solved", "unique", "multiple", "no_solution"}
    turn = 0
    for engine in a.engines.split(","):
        print(f"## engine {engine}, {a.mode}: CPU s before, after, ratio")
        tot = [0.0, 0.0]
        logs = []
        for name, text in puzzles:
            with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
                f.write(text + "\n")
                f.flush()
                path = text[1:] if text.startswith("@") else f.name
                best = [None, None]
                for _ in range(a.rounds):
                    order = [0, 1] if turn % 2 == 0 else [1, 0]
                    turn += 1
                    for side in order:
                        st, cpu = run([a.before, a.after][side], path,
                                      engine, a.mode, a.timeout)
                        if best[side] is None or cpu < best[side][1]:
                            best[side] = (st, cpu)
            (sb, cb), (sa, ca) = best
            tot[0] += cb
            tot[1] += ca
            ratio = ca / cb if cb > 0 else float("nan")
            if sb in settled and sa in settled and cb > 0 and ca > 0:
                logs.append(math.log(ratio))
            print(f"{name[:40]:40} {sb:>11} {cb:8.3f}  {sa:>11} {ca:8.3f}  {ratio:6.2f}",
                  flush=True)
        gm = math.exp(sum(logs) / len(logs)) if logs else float("nan")
        print(f"{'total':40} {'':>11} {tot[0]:8.3f}  {'':>11} {tot[1]:8.3f}  "
              f"{tot[1] / tot[0] if tot[0] else float('nan'):6.2f}  (geometric mean of ratios {gm:.2f})")


if __name__ == "__main__":
    main()
