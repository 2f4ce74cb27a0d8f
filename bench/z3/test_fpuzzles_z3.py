#!/usr/bin/python3
"""Tests of fpuzzles_z3.py: the lz-string decoder against the vectors made
with the npm package (internal/lzstring/testdata), the size-dependent rules
as variant/doc.go states them, and refusals of what the model does not know.

Run: /usr/bin/python3 -m unittest bench/z3/test_fpuzzles_z3.py
(check_corpus.sh runs the whole corpus through the model.)
"""

import json
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import fpuzzles_z3 as fz  # noqa: E402

LZ = os.path.join(ROOT, "internal", "lzstring", "testdata")


def doc(n, **rules):
    """An f-puzzles document of side n with no givens and the given rules."""
    return {"size": n, "grid": [[{} for _ in range(n)] for _ in range(n)], **rules}


def broken_keys(model, grid):
    """The keys of the rules a full grid breaks (units and givens left out)."""
    return [b.split(":")[0] for b in model.broken(grid) if not b.startswith(("unit ", "given "))]


class LZString(unittest.TestCase):
    def test_vectors(self):
        with open(os.path.join(LZ, "vectors.json"), encoding="utf-8") as f:
            v = json.load(f)
        self.assertGreater(len(v["vectors"]), 40)
        for i, vec in enumerate(v["vectors"]):
            self.assertEqual(fz.lz_decompress_base64(vec["base64"]), vec["input"], f"vector {i}")
        for i, vec in enumerate(v["decompressOnly"]):
            self.assertEqual(fz.lz_decompress_base64(vec["base64"]), vec["output"], f"payload {i}")

    def test_real_payloads_read(self):
        with open(os.path.join(LZ, "real_payloads.json"), encoding="utf-8") as f:
            payloads = json.load(f)
        self.assertTrue(payloads)
        for i, p in enumerate(payloads):
            for text in (p, "https://www.f-puzzles.com/?load=" + p, "https://sudokupad.app/fpuzzles" + p):
                model = fz.Model(fz.load_document(text))
                self.assertGreaterEqual(model.n, 4, f"payload {i}")

    def test_garbage_is_an_error(self):
        with self.assertRaises(fz.PuzzleError):
            fz.load_document("not a payload!")


class Sizes(unittest.TestCase):
    def test_boxes(self):
        want = {4: (2, 2), 5: (1, 5), 6: (2, 3), 7: (1, 7), 8: (2, 4), 9: (3, 3), 10: (2, 5),
                12: (3, 4), 14: (2, 7), 15: (3, 5), 16: (4, 4)}
        for n, shape in want.items():
            self.assertEqual(fz.box_shape(n), shape, f"side {n}")

    def test_entropic_groups(self):
        want = {4: [[1], [2, 3], [4]], 6: [[1, 2], [3, 4], [5, 6]], 8: [[1, 2, 3], [4, 5], [6, 7, 8]],
                9: [[1, 2, 3], [4, 5, 6], [7, 8, 9]], 16: [list(range(1, 6)), list(range(6, 12)), list(range(12, 17))]}
        for n, groups in want.items():
            self.assertEqual(fz.entropic_groups(n), groups, f"side {n}")

    def test_whispers_default_difference(self):
        # ceil(N/2): a step of exactly that passes, one less fails.
        for n, diff in {4: 2, 6: 3, 8: 4, 9: 5, 16: 8}.items():
            m = fz.Model(doc(n, whispers=[{"lines": [["R1C1", "R1C2"]]}]))
            grid = [1] * (n * n)
            grid[1] = 1 + diff
            self.assertEqual(broken_keys(m, grid), [], f"side {n}, step {diff}")
            grid[1] = diff
            self.assertEqual(broken_keys(m, grid), ["whispers"], f"side {n}, step {diff - 1}")

    def test_sandwich_crusts_are_1_and_n(self):
        # 6x6: the crusts are 1 and 6; 2+3 lie between them.
        m = fz.Model(doc(6, sandwichsum=[{"cell": "R1C0", "value": "5"}]))
        grid = [4] * 36
        grid[:6] = [1, 2, 3, 6, 4, 5]
        self.assertEqual(broken_keys(m, grid), [])
        grid[:6] = [1, 2, 6, 3, 4, 5]
        self.assertEqual(broken_keys(m, grid), ["sandwichsum"])

    def test_pill_over_9x9(self):
        # A pill 1 12 reads 112 on 16x16 (decimal digits appended).
        arrow = [{"cells": ["R1C1", "R1C2"], "lines": [["R1C2", "R2C2", "R3C2", "R4C2", "R5C2", "R6C2", "R7C2", "R8C2"]]}]
        m = fz.Model(doc(16, arrow=arrow))
        grid = [16] * 256
        grid[0], grid[1] = 1, 12
        self.assertEqual(broken_keys(m, grid), [])
        grid[1] = 11  # 111 != 7 x 16
        self.assertEqual(broken_keys(m, grid), ["arrow"])


class Rules(unittest.TestCase):
    def test_minimum_ignores_marked_neighbours(self):
        # Two minima side by side are compared only with unmarked cells.
        m = fz.Model(doc(4, minimum=[{"cell": "R1C1"}, {"cell": "R1C2"}]))
        grid = [4] * 16
        grid[0], grid[1] = 1, 2
        self.assertEqual(broken_keys(m, grid), [])
        grid[4] = 1  # r2c1 is not above the minimum r1c1
        self.assertEqual(broken_keys(m, grid), ["minimum"])

    def test_negative_ratio_exempts_any_dot(self):
        # A white dot exempts its pair from negative ratio.
        m = fz.Model(doc(4, difference=[{"cells": ["R1C1", "R1C2"]}], negative=["ratio"]))
        grid = [3] * 16
        grid[0], grid[1] = 1, 2  # ratio 2 but dotted; differs by 1 as the dot wants
        self.assertEqual(broken_keys(m, grid), [])
        grid[4] = 2  # r2c1 = 2 below r1c1 = 1: unmarked, ratio 2
        self.assertEqual(broken_keys(m, grid), ["negative"])

    def test_unknown_key_is_an_error(self):
        with self.assertRaises(fz.UnsupportedError) as e:
            fz.Model(doc(4, chessknight=[{"cells": ["R1C1"]}]))
        self.assertEqual(e.exception.key, "chessknight")
        with self.assertRaises(fz.UnsupportedError) as e:
            fz.Model(doc(4, negative=["sum"]))
        self.assertEqual(e.exception.key, "negative sum")

    def test_cosmetics_are_not_rules(self):
        m = fz.Model(doc(4, line=[{"lines": [["R1C1", "R1C2"]]}], cage=[{"cells": ["R1C1"]}]))
        self.assertEqual(m.rules, [])
        self.assertEqual(m.ignored, {"line": 1, "cage": 1})


if __name__ == "__main__":
    unittest.main()
