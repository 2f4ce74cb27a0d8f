#!/usr/bin/python3
"""Solve f-puzzles variant Sudoku with z3, as a yardstick for satdoku.

Reads f-puzzles JSON files (or the lz-string base64 payload of an f-puzzles
link, or the whole link), builds a z3 model of each puzzle, solves it,
optionally proves it unique, and prints one tab-separated line per puzzle
under a fixed header (see COLUMNS), so that a script can join the times with
satdoku's by file name.

The model follows the semantics of satdoku's package variant (variant/doc.go
and the doc comments of the rule types in variant/*.go) and reads the JSON as
satdoku's package fpuzzles does: the same default boxes, the same handling of
"region" fields, of marks without a value and of the negative constraints.
A constraint key this model does not know is an error naming it, never
skipped: dropping a rule would give a wrong "solution".

Encoding: one z3 Int per cell (1..N), every rule as linear integer
constraints over the cells, and the units in one of four ways (--encoding),
measured against each other over the corpus (see docs/performance.md):
  int        Distinct over each row, column and region; z3.Solver() (the
             textbook z3 Sudoku)
  fd         the same on z3's finite-domain solver, SolverFor("QF_FD"),
             which bit-blasts the bounded integers into SAT
  onehot     the Ints plus one Boolean per cell and digit, equal to
             "cell == digit", with exactly-one (PbEq) per cell and per unit
             and digit; z3.Solver()
  fd-onehot  onehot on SolverFor("QF_FD"): the default, the fastest of the
             four on the corpus and the only one to finish the hard renban
             and thermometer puzzles
In every encoding the rules are the same Int constraints.

Usage: fpuzzles_z3.py [--unique] [--manifest manifest.json] FILE...
Exit status: 0 when every puzzle was solved (and, with --manifest, every known
solution matched), 1 when a puzzle was unsat, unknown or disagreed with the
manifest, 2 for a file that could not be read or modelled.
"""

import argparse
import json
import math
import os
import statistics
import sys
import time

import z3

# The output columns, in order. Times are milliseconds:
#   build_ms        reading the file and building the z3 model
#   solve_ms        the first z3 check only
#   unique_ms       the second check (first solution blocked) only; "-"
#                   without --unique or when the first check was not sat
#   solve_total_ms  build_ms + solve_ms
#   unique_total_ms build_ms + solve_ms + unique_ms: reading the file to
#                   knowing whether the puzzle is unique
#   solve_cpu_ms, unique_cpu_ms  the CPU time of the two checks
#                   (time.process_time), steadier than wall time on a
#                   shared machine
# solution is z3's first solution, second the other one the uniqueness check
# found ("-" when unique), each as digits row by row (numbers separated by
# spaces above 9x9).
COLUMNS = [
    "file", "size", "encoding", "status", "unique", "manifest",
    "build_ms", "solve_ms", "unique_ms", "solve_total_ms", "unique_total_ms",
    "solve_cpu_ms", "unique_cpu_ms", "solution", "second",
]


class PuzzleError(Exception):
    """A file that is not a valid f-puzzles puzzle, or a rule this model
    does not know."""


class UnsupportedError(PuzzleError):
    """A constraint key this model does not implement."""

    def __init__(self, key):
        super().__init__(f"constraint {key!r} is not supported by this z3 model; "
                         "solving without it would give wrong answers")
        self.key = key


# ---------------------------------------------------------------------------
# lz-string (decompressFromBase64 only), for f-puzzles links and payloads.

LZ_BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="


def lz_decompress_base64(text):
    """Decompress the output of lz-string's compressToBase64."""
    text = text.strip().replace(" ", "+")  # a form decoder turns + into space
    if not text:
        return ""
    try:
        values = [LZ_BASE64.index(ch) for ch in text]
    except ValueError:
        raise PuzzleError("the payload is not lz-string base64") from None
    out = _lz_decompress(values, 32)
    if out is None:
        raise PuzzleError("the payload is not valid lz-string data")
    # lz-string works on UTF-16 code units: rejoin surrogate pairs.
    return out.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def _lz_decompress(values, reset):
    """lz-string's _decompress over the 6-bit values of the characters."""
    state = {"val": values[0], "pos": reset, "index": 1}

    def read(nbits):
        bits, power = 0, 1
        for _ in range(nbits):
            bit = state["val"] & state["pos"]
            state["pos"] >>= 1
            if state["pos"] == 0:
                state["pos"] = reset
                i = state["index"]
                state["val"] = values[i] if i < len(values) else 0
                state["index"] += 1
            if bit:
                bits |= power
            power <<= 1
        return bits

    dictionary = {}
    enlarge_in, dict_size, num_bits = 4, 4, 3
    first = read(2)
    if first == 2:
        return ""
    if first not in (0, 1):
        return None
    w = chr(read(8 if first == 0 else 16))
    dictionary[3] = w
    result = [w]
    while True:
        if state["index"] > len(values):
            return None
        code = read(num_bits)
        if code in (0, 1):
            dictionary[dict_size] = chr(read(8 if code == 0 else 16))
            code = dict_size
            dict_size += 1
            enlarge_in -= 1
        elif code == 2:
            return "".join(result)
        if enlarge_in == 0:
            enlarge_in = 1 << num_bits
            num_bits += 1
        if code in dictionary:
            entry = dictionary[code]
        elif code == dict_size:
            entry = w + w[0]
        else:
            return None
        result.append(entry)
        dictionary[dict_size] = w + entry[0]
        dict_size += 1
        enlarge_in -= 1
        w = entry
        if enlarge_in == 0:
            enlarge_in = 1 << num_bits
            num_bits += 1


def load_document(text):
    """Return the f-puzzles JSON object held in text: the JSON itself, an
    lz-string base64 payload, or a link carrying one (after "?load=", or
    after "fpuzzles" / "fpuz" in a SudokuPad link)."""
    text = text.strip()
    if not text.startswith("{"):
        for marker in ("?load=", "puzzleid=fpuzzles", "puzzleid=fpuz", "/fpuzzles", "/fpuz"):
            at = text.find(marker)
            if at >= 0:
                text = text[at + len(marker):]
                break
        text = text.split("&")[0].split("#")[0]
        text = text.replace("%2B", "+").replace("%2F", "/").replace("%3D", "=")
        text = lz_decompress_base64(text)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise PuzzleError(f"line {e.lineno}, column {e.colno}: {e.msg}") from None
    if not isinstance(doc, dict):
        raise PuzzleError("the document is not a JSON object")
    return doc


# ---------------------------------------------------------------------------
# Reading values and cells as package fpuzzles does.

def is_empty(v):
    """Whether a JSON value says nothing: absent, null, false, "", [] or {}."""
    return v is None or v is False or v == "" or v == [] or v == {}


def int_value(v, path):
    """A number written as a JSON number or string; None when absent, null
    or ""."""
    if is_empty(v):
        return None
    if isinstance(v, bool):
        raise PuzzleError(f"{path}: {json.dumps(v)} is not a whole number")
    if isinstance(v, (int, float)):
        if v != int(v):
            raise PuzzleError(f"{path}: {v} is not a whole number")
        return int(v)
    if isinstance(v, str):
        s = v.strip()
        if s == "":
            return None
        try:
            return int(s, 10)
        except ValueError:
            raise PuzzleError(f"{path}: {v!r} is not a whole number") from None
    raise PuzzleError(f"{path}: {json.dumps(v)} is not a whole number")


def box_shape(n):
    """The boxes f-puzzles gives a board of side n: h rows by n/h columns,
    h the largest divisor of n not above sqrt(n) (2x3 on 6x6, 2x4 on 8x8,
    3x4 on 12x12, 4x4 on 16x16, 1xn, the rows, on 5x5 and 7x7)."""
    h = max(k for k in range(1, math.isqrt(n) + 1) if n % k == 0)
    return h, n // h


def cell_name(n, cell):
    return f"r{cell // n + 1}c{cell % n + 1}"


def cell_list(n, cells):
    return " ".join(cell_name(n, c) for c in cells)


# ---------------------------------------------------------------------------
# The model.

# Keys the reader knows, by role (as in fpuzzles/read.go).
META_KEYS = {"size", "grid", "title", "author", "ruleset", "solution", "highlightConflicts",
             "disabledlogic", "truecandidatesoptions", "metadata"}
GLOBAL_KEYS = ["diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups", "nonconsecutive"]
COSMETIC_KEYS = {"line", "text", "circle", "rectangle", "cage", "fogofwar", "foglight"}
LINE_KEYS = {"thermometer", "slowthermometer", "doublearrow", "palindrome", "renban",
             "betweenline", "regionsumline", "entropicline", "modularline", "zipperline", "nabner"}
# Rule keys in the order their rules are read (pairs before negatives).
RULE_KEYS = [
    "extraregion", "odd", "even", "minimum", "maximum",
    "thermometer", "slowthermometer", "arrow", "doublearrow", "palindrome", "renban", "whispers",
    "betweenline", "regionsumline", "entropicline", "modularline", "zipperline", "nabner",
    "killercage", "littlekillersum", "difference", "ratio", "xv",
    "quadruple", "clone", "sandwichsum", "xsum", "skyscraper",
    "rowindexer", "columnindexer", "boxindexer",
]
CELL_FIELDS = {"value", "given", "region", "parity", "givenPencilMarks", "centerPencilMarks",
               "cornerPencilMarks", "c", "cArray", "highlight"}
ENCODINGS = ("int", "fd", "onehot", "fd-onehot")


class Rule:
    """One rule as z3 constraints: key is the f-puzzles key, desc the rule
    as a person reads it."""

    def __init__(self, key, desc, constraints):
        self.key, self.desc, self.constraints = key, desc, constraints


class Model:
    """A puzzle read from f-puzzles JSON into z3: the cells, the givens, the
    regions and the rules."""

    def __init__(self, doc, encoding="fd-onehot"):
        if encoding not in ENCODINGS:
            raise ValueError(f"encoding {encoding!r}, want one of {ENCODINGS}")
        self.doc, self.encoding = doc, encoding
        n = int_value(doc.get("size"), "size")
        if n is None or not 1 <= n <= 16:
            raise PuzzleError(f"size: {doc.get('size')!r} is not a side 1..16")
        self.n = n
        self.x = [z3.Int(f"{cell_name(n, c)}") for c in range(n * n)]
        self.givens = [0] * (n * n)
        self.rules = []  # Rule, in the order of package fpuzzles
        self.ignored = {}  # key -> count of entries kept for drawing only
        self.kropki, self.xv_pairs, self.ratio_values = [], [], []
        unknown = sorted(k for k, v in doc.items()
                         if not is_empty(v) and k not in META_KEYS and k not in COSMETIC_KEYS
                         and k not in GLOBAL_KEYS and k not in RULE_KEYS and k != "negative")
        if unknown:
            raise UnsupportedError(unknown[0])
        self.read_grid()
        self.read_globals()
        for key in RULE_KEYS:
            if not is_empty(doc.get(key)):
                self.read_list(key, doc[key])
        self.read_negatives()
        for key in COSMETIC_KEYS:
            if not is_empty(doc.get(key)):
                self.ignored[key] = len(doc[key]) if isinstance(doc[key], list) else 1

    # -- geometry ----------------------------------------------------------

    def cell(self, path, name, outside=False):
        """(row, col), 0-based, of a cell name "R3C7"; one off the grid is
        allowed when outside is set (clues around the grid)."""
        if not isinstance(name, str):
            raise PuzzleError(f"{path}: {json.dumps(name)} is not a cell name like R1C1")
        t = name.strip().upper()
        ci = t.find("C")
        try:
            if len(t) < 4 or t[0] != "R" or ci < 2:
                raise ValueError
            r, c = int(t[1:ci]), int(t[ci + 1:])
        except ValueError:
            raise PuzzleError(f"{path}: {name!r} is not a cell name like R1C1") from None
        lo, hi = (0, self.n + 1) if outside else (1, self.n)
        if not (lo <= r <= hi and lo <= c <= hi):
            raise PuzzleError(f"{path}: {name} is off the {self.n}x{self.n} grid")
        return r - 1, c - 1

    def index(self, path, name):
        r, c = self.cell(path, name)
        return r * self.n + c

    def cells(self, path, names, distinct=True):
        if not isinstance(names, list):
            raise PuzzleError(f"{path}: not a list of cells")
        out = [self.index(f"{path}[{i}]", s) for i, s in enumerate(names)]
        if distinct and len(set(out)) != len(out):
            raise PuzzleError(f"{path}: a cell is listed twice")
        return out

    def read_grid(self):
        n, doc = self.n, self.doc
        rows = doc.get("grid")
        if not isinstance(rows, list) or len(rows) != n:
            raise PuzzleError(f"grid: not {n} rows of cells")
        bh, bw = box_shape(n)
        labels = [0] * (n * n)
        have_regions = False
        for r, row in enumerate(rows):
            if not isinstance(row, list) or len(row) != n:
                raise PuzzleError(f"grid[{r}]: not {n} cells")
            for c, cell in enumerate(row):
                path, i = f"grid[{r}][{c}]", r * n + c
                if not isinstance(cell, dict):
                    raise PuzzleError(f"{path}: not a JSON object")
                for k, v in cell.items():
                    if k not in CELL_FIELDS and not is_empty(v):
                        raise UnsupportedError("grid." + k)
                if not is_empty(cell.get("givenPencilMarks")):
                    raise UnsupportedError("grid.givenPencilMarks")
                d = int_value(cell.get("value"), path + ".value")
                if d is not None and not 0 <= d <= n:
                    raise PuzzleError(f"{path}.value: {d} is outside 1..{n}")
                given = cell.get("given")
                if not is_empty(given) and not isinstance(given, bool):
                    raise PuzzleError(f"{path}.given: not true or false")
                if given is True and d:
                    self.givens[i] = d
                labels[i] = (r // bh) * bh + c // bw
                if "region" in cell:
                    have_regions = True
                    if cell["region"] is None:
                        labels[i] = -1
                    else:
                        l = int_value(cell["region"], path + ".region") or 0
                        if not 0 <= l < n:
                            raise PuzzleError(f"{path}.region: {l} is not a region 0..{n - 1}")
                        labels[i] = l
                parity = cell.get("parity")
                if not is_empty(parity):
                    kind = str(parity).lower()
                    if kind not in ("odd", "even"):
                        raise PuzzleError(f"{path}.parity: {parity!r} is not \"Odd\" or \"Even\"")
                    self.add_parity(kind, i)
        for label in range(n):
            k = labels.count(label)
            if k not in (0, n):
                raise PuzzleError(f"grid: region {label + 1} has {k} cells, not {n}")
        self.labels = labels
        self.region_cells = [[c for c in range(n * n) if labels[c] == l] for l in range(n)]
        self.regions = [reg for reg in self.region_cells if len(reg) == n]

    def units(self):
        """Rows, columns and regions: each holds every digit once."""
        n = self.n
        rows = [[r * n + c for c in range(n)] for r in range(n)]
        cols = [[r * n + c for r in range(n)] for c in range(n)]
        return rows + cols + self.regions

    # -- helpers over cell values -------------------------------------------

    def v(self, cell):
        return self.x[cell]

    def add(self, key, desc, constraints):
        self.rules.append(Rule(key, desc, [c for c in constraints if c is not True]))

    def in_set(self, cell, digits):
        return z3.Or([self.v(cell) == d for d in digits])

    def apart(self, a, b, groups):
        """Cells a and b hold digits of different groups (lists of digits)."""
        return z3.And([z3.Not(z3.And(self.in_set(a, g), self.in_set(b, g))) for g in groups])

    def total(self, cells):
        return z3.Sum([self.v(c) for c in cells]) if cells else z3.IntVal(0)

    def distinct(self, cells):
        return [z3.Distinct([self.v(c) for c in cells])] if len(cells) > 1 else []

    # -- globals -------------------------------------------------------------

    def read_globals(self):
        n = self.n
        for key in GLOBAL_KEYS:
            on = self.doc.get(key)
            if on is None:
                continue
            if not isinstance(on, bool):
                raise PuzzleError(f"{key}: {json.dumps(on)} is not true or false")
            if not on or key == "nonconsecutive":  # nonconsecutive waits for the dots
                continue
            if key == "diagonal+":
                self.add(key, "positive diagonal", self.distinct([r * n + n - 1 - r for r in range(n)]))
            elif key == "diagonal-":
                self.add(key, "negative diagonal", self.distinct([r * n + r for r in range(n)]))
            elif key in ("antiknight", "antiking"):
                moves = KNIGHT if key == "antiknight" else KING
                self.add(key, key, [self.v(a) != self.v(b) for a, b in move_pairs(n, moves)])
            elif key == "disjointgroups":
                groups = [[] for _ in range(n)]
                for reg in self.region_cells:
                    for k, c in enumerate(reg):
                        groups[k].append(c)
                self.add(key, "disjoint groups", [d for g in groups for d in self.distinct(g)])

    # -- rule lists ------------------------------------------------------------

    def read_list(self, key, items):
        if not isinstance(items, list):
            raise PuzzleError(f"{key}: not a list")
        marked = []  # minimum / maximum cells of this list
        for i, e in enumerate(items):
            path = f"{key}[{i}]"
            if not isinstance(e, dict):
                raise PuzzleError(f"{path}: not an object")
            if key in LINE_KEYS or key == "whispers":
                self.read_lines(key, path, e)
            elif key in ("minimum", "maximum"):
                marked.append(self.one(path, e))
            else:
                getattr(self, "rule_" + key)(key, path, e)
        for c in marked:
            than = [nb for nb in neighbours(self.n, c) if nb not in marked]
            op = (lambda a, b: a < b) if key == "minimum" else (lambda a, b: a > b)
            self.add(key, f"{key} {cell_name(self.n, c)}", [op(self.v(c), self.v(t)) for t in than])

    def one(self, path, e):
        if "cell" not in e:
            raise PuzzleError(f"{path}.cell: missing")
        return self.index(path + ".cell", e["cell"])

    def value(self, path, e):
        return int_value(e.get("value"), path + ".value")

    def read_lines(self, key, path, e):
        lines = e.get("lines") or []
        if not isinstance(lines, list):
            raise PuzzleError(f"{path}.lines: not a list of lines")
        diff = None
        if key == "whispers":
            diff = self.value(path, e)
            if diff is None:
                diff = (self.n + 1) // 2  # German whispers: ceil(N/2)
            if not 1 <= diff < self.n:
                raise PuzzleError(f"{path}.value: whispers difference {diff}, must be 1..{self.n - 1}")
        for j, names in enumerate(lines):
            lpath = f"{path}.lines[{j}]"
            loop_ok = key in ("whispers", "entropicline", "modularline")
            cells = self.cells(lpath, names, distinct=False)
            body = cells[:-1] if loop_ok and len(cells) > 2 and cells[0] == cells[-1] else cells
            if len(set(body)) != len(body):
                raise PuzzleError(f"{lpath}: a cell is listed twice")
            if not cells:
                raise PuzzleError(f"{lpath}: no cells")
            getattr(self, "line_" + key)(key, lpath, cells, diff)

    def desc(self, what, cells):
        n = self.n
        if len(cells) == 1:
            return f"{what} {cell_name(n, cells[0])}"
        return f"{what} {cell_name(n, cells[0])} -> {cell_name(n, cells[-1])}"

    # Lines. Each takes the key, the path, the cells in order and (whispers)
    # the difference.

    def line_thermometer(self, key, path, cells, _):
        slow = key == "slowthermometer"
        steps = [(self.v(a) <= self.v(b)) if slow else (self.v(a) < self.v(b))
                 for a, b in zip(cells, cells[1:])]
        self.add(key, self.desc(key, cells), steps)

    line_slowthermometer = line_thermometer

    def line_doublearrow(self, key, path, cells, _):
        if len(cells) < 3:
            raise PuzzleError(f"{path}: a double arrow needs 3 cells or more")
        ends = self.v(cells[0]) + self.v(cells[-1])
        self.add(key, self.desc(key, cells), [ends == self.total(cells[1:-1])])

    def line_palindrome(self, key, path, cells, _):
        pairs = list(zip(cells, reversed(cells)))[:len(cells) // 2]
        self.add(key, self.desc(key, cells), [self.v(a) == self.v(b) for a, b in pairs])

    def line_renban(self, key, path, cells, _):
        if len(cells) > self.n:
            raise PuzzleError(f"{path}: a renban of {len(cells)} cells")
        # Distinct digits within a span of len-1 are a run of consecutive ones.
        span = len(cells) - 1
        near = [z3.And(self.v(a) - self.v(b) <= span, self.v(b) - self.v(a) <= span)
                for i, a in enumerate(cells) for b in cells[i + 1:]]
        self.add(key, self.desc(key, cells), self.distinct(cells) + near)

    def line_whispers(self, key, path, cells, diff):
        steps = [z3.Or(self.v(a) - self.v(b) >= diff, self.v(b) - self.v(a) >= diff)
                 for a, b in zip(cells, cells[1:])]
        self.add(key, self.desc(key, cells) + f" (difference >= {diff})", steps)

    def line_betweenline(self, key, path, cells, _):
        if len(cells) < 2:
            raise PuzzleError(f"{path}: a between line needs 2 cells or more")
        e0, e1 = self.v(cells[0]), self.v(cells[-1])
        inner = [z3.Or(z3.And(e0 < self.v(c), self.v(c) < e1), z3.And(e1 < self.v(c), self.v(c) < e0))
                 for c in cells[1:-1]]
        self.add(key, self.desc(key, cells), inner)

    def line_regionsumline(self, key, path, cells, _):
        # Segments: runs of cells in one region; cells in no region skipped.
        segments, last = [], None
        for c in cells:
            label = self.labels[c]
            if label < 0:
                continue
            if label != last:
                segments.append([])
                last = label
            segments[-1].append(c)
        first = segments[0] if segments else []
        self.add(key, self.desc(key, cells), [self.total(first) == self.total(s) for s in segments[1:]])

    def line_entropicline(self, key, path, cells, _):
        self.add(key, self.desc(key, cells), self.triples(cells, entropic_groups(self.n)))

    def line_modularline(self, key, path, cells, _):
        groups = [[d for d in range(1, self.n + 1) if d % 3 == k] for k in range(3)]
        self.add(key, self.desc(key, cells), self.triples(cells, groups))

    def triples(self, cells, groups):
        """Cells one or two apart along the line hold digits of different
        groups (every three in a row hold one digit of each group)."""
        return [self.apart(a, cells[j], groups)
                for i, a in enumerate(cells) for j in range(i + 1, min(i + 3, len(cells)))
                if a != cells[j]]

    def line_zipperline(self, key, path, cells, _):
        pairs = list(zip(cells, reversed(cells)))[:len(cells) // 2]
        if not pairs:
            return self.add(key, self.desc(key, cells), [])
        if len(cells) % 2 == 1:
            target = self.v(cells[len(cells) // 2])
        else:
            target = self.v(pairs[0][0]) + self.v(pairs[0][1])
        self.add(key, self.desc(key, cells), [self.v(a) + self.v(b) == target for a, b in pairs])

    def line_nabner(self, key, path, cells, _):
        if len(cells) > self.n:
            raise PuzzleError(f"{path}: a nabner line of {len(cells)} cells")
        far = [z3.Or(self.v(a) - self.v(b) >= 2, self.v(b) - self.v(a) >= 2)
               for i, a in enumerate(cells) for b in cells[i + 1:]]
        self.add(key, self.desc(key, cells), far)

    # Other rules: each reads one entry.

    def add_parity(self, kind, cell):
        digits = [d for d in range(1, self.n + 1) if d % 2 == (1 if kind == "odd" else 0)]
        self.add(kind, f"{kind} cell {cell_name(self.n, cell)}", [self.in_set(cell, digits)])

    def rule_odd(self, key, path, e):
        self.add_parity(key, self.one(path, e))

    rule_even = rule_odd

    def rule_extraregion(self, key, path, e):
        cells = self.cells(path + ".cells", e.get("cells"))
        if not 1 <= len(cells) <= self.n:
            raise PuzzleError(f"{path}.cells: {len(cells)} cells cannot hold different digits")
        self.add(key, "extra region " + cell_list(self.n, cells), self.distinct(cells))

    def rule_arrow(self, key, path, e):
        circle = sorted(self.cells(path + ".cells", e.get("cells")))  # a pill reads in reading order
        lines = e.get("lines") or []
        if not lines:
            self.ignored["arrow circle with no shaft"] = self.ignored.get("arrow circle with no shaft", 0) + 1
            return
        for j, names in enumerate(lines):
            lpath = f"{path}.lines[{j}]"
            line = self.cells(lpath, names, distinct=False)
            if not line or line[0] not in circle:
                raise PuzzleError(f"{lpath}: the arrow does not start in its circle")
            k = 0
            while k < len(line) and line[k] in circle:
                k += 1
            shaft = line[k:]
            if not 1 <= len(circle) <= 4 or not shaft or len(set(circle + shaft)) != len(circle) + len(shaft):
                raise PuzzleError(f"{lpath}: not a circle of 1..4 cells and a shaft of distinct cells")
            self.add(key, f"arrow {cell_list(self.n, circle)} <- {cell_list(self.n, shaft)}",
                     [self.total(shaft) == self.circle_value(circle)])

    def circle_value(self, circle):
        """The number the circle's digits spell, each digit appended in
        decimal: on boards over 9x9 a digit 12 adds two places."""
        value = self.v(circle[0])
        for c in circle[1:]:
            if self.n >= 10:
                value = z3.If(self.v(c) >= 10, 100 * value, 10 * value) + self.v(c)
            else:
                value = 10 * value + self.v(c)
        return value

    def rule_killercage(self, key, path, e):
        cells = self.cells(path + ".cells", e.get("cells"))
        total = self.value(path, e) or 0
        if not 1 <= len(cells) <= self.n or not 0 <= total <= self.n * (self.n + 1) // 2:
            raise PuzzleError(f"{path}: a cage of {len(cells)} cells summing to {total}")
        desc = f"killer cage {cell_list(self.n, cells)}" + (f" sums to {total}" if total else " (no repeats)")
        self.add(key, desc, self.distinct(cells) + ([self.total(cells) == total] if total else []))

    def rule_littlekillersum(self, key, path, e):
        n = self.n
        if "cell" not in e:
            raise PuzzleError(f"{path}.cell: missing")
        r, c = self.cell(path + ".cell", e["cell"], outside=True)
        step = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}.get(str(e.get("direction", "")).upper())
        if step is None:
            raise PuzzleError(f"{path}.direction: {e.get('direction')!r} is not UL, UR, DL or DR")
        if 0 <= r < n and 0 <= c < n:
            raise PuzzleError(f"{path}.cell: {e['cell']} is inside the grid")
        cells = ray(n, r, c, *step)
        if not cells:
            raise PuzzleError(f"{path}.direction: points away from the grid")
        if e.get("cells") and self.cells(path + ".cells", e["cells"]) != cells:
            raise PuzzleError(f"{path}.cells: the cells listed are not the diagonal")
        total = self.value(path, e)
        if total is None:
            self.ignored[key + " with no sum"] = self.ignored.get(key + " with no sum", 0) + 1
            return
        if total < 1:
            raise PuzzleError(f"{path}.value: little killer sum {total}")
        self.add(key, f"little killer {e['cell']} {step} sums to {total}", [self.total(cells) == total])

    def pair(self, path, e):
        cells = self.cells(path + ".cells", e.get("cells"))
        if len(cells) != 2:
            raise PuzzleError(f"{path}.cells: {len(cells)} cells, a mark joins 2")
        a, b = cells
        if b not in neighbours(self.n, a):
            raise PuzzleError(f"{path}.cells: not orthogonal neighbours")
        return a, b

    def rule_difference(self, key, path, e):
        a, b = self.pair(path, e)
        self.kropki.append((a, b))
        diff = self.value(path, e)
        diff = 1 if diff is None else diff
        if not 1 <= diff < self.n:
            raise PuzzleError(f"{path}.value: difference {diff}")
        x, y = self.v(a), self.v(b)
        self.add(key, f"white dot {cell_name(self.n, a)}-{cell_name(self.n, b)} (difference {diff})",
                 [z3.Or(x - y == diff, y - x == diff)])

    def rule_ratio(self, key, path, e):
        a, b = self.pair(path, e)
        self.kropki.append((a, b))
        ratio = self.value(path, e)
        ratio = 2 if ratio is None else ratio
        if not 2 <= ratio <= self.n:
            raise PuzzleError(f"{path}.value: ratio {ratio}")
        if ratio not in self.ratio_values:
            self.ratio_values.append(ratio)
        x, y = self.v(a), self.v(b)
        self.add(key, f"black dot {cell_name(self.n, a)}-{cell_name(self.n, b)} (ratio {ratio}:1)",
                 [z3.Or(x == ratio * y, y == ratio * x)])

    def rule_xv(self, key, path, e):
        a, b = self.pair(path, e)
        letter = e.get("value")
        letter = letter.strip().upper() if isinstance(letter, str) else ""
        if letter == "":
            self.ignored["xv with no letter"] = self.ignored.get("xv with no letter", 0) + 1
            return
        if letter not in ("X", "V"):
            raise PuzzleError(f"{path}.value: {e.get('value')!r} is not X or V")
        total = 10 if letter == "X" else 5
        self.xv_pairs.append((a, b))
        self.add(key, f"{letter} {cell_name(self.n, a)}-{cell_name(self.n, b)}",
                 [self.v(a) + self.v(b) == total])

    def rule_quadruple(self, key, path, e):
        cells = self.cells(path + ".cells", e.get("cells"))
        digits = []
        for j, raw in enumerate(e.get("values") or []):
            d = int_value(raw, f"{path}.values[{j}]")
            if d is None or not 1 <= d <= self.n:
                raise PuzzleError(f"{path}.values[{j}]: {raw!r} is not a digit")
            digits.append(d)
        if not digits:
            self.ignored["quadruple with no digits"] = self.ignored.get("quadruple with no digits", 0) + 1
            return
        if not 1 <= len(cells) <= 4 or len(digits) > len(cells):
            raise PuzzleError(f"{path}: {len(digits)} digits in a quadruple of {len(cells)} cells")
        # A digit listed k times appears at least k times.
        need = [z3.AtLeast(*[self.v(c) == d for c in cells], digits.count(d)) for d in sorted(set(digits))]
        self.add(key, f"quadruple {cell_list(self.n, cells)} holds {digits}", need)

    def rule_clone(self, key, path, e):
        cells = self.cells(path + ".cells", e.get("cells"), distinct=False)
        clones = self.cells(path + ".cloneCells", e.get("cloneCells"), distinct=False)
        if len(cells) != len(clones):
            raise PuzzleError(f"{path}: {len(cells)} cells but {len(clones)} clone cells")
        pairs = [(a, b) for a, b in zip(cells, clones) if a != b]  # a cell cloned onto itself says nothing
        for side in zip(*pairs):
            if len(set(side)) != len(side):
                raise PuzzleError(f"{path}: a cell is listed twice")
        if pairs:
            self.add(key, f"clone {cell_list(self.n, [a for a, _ in pairs])} = {cell_list(self.n, [b for _, b in pairs])}",
                     [self.v(a) == self.v(b) for a, b in pairs])

    def edge_clue(self, key, path, e):
        """The row or column from an outside clue inward, and its number
        (None for a clue with no number)."""
        n = self.n
        if "cell" not in e:
            raise PuzzleError(f"{path}.cell: missing")
        r, c = self.cell(path + ".cell", e["cell"], outside=True)
        inr, inc = 0 <= r < n, 0 <= c < n
        if r == -1 and inc:
            step = (1, 0)
        elif r == n and inc:
            step = (-1, 0)
        elif c == -1 and inr:
            step = (0, 1)
        elif c == n and inr:
            step = (0, -1)
        else:
            raise PuzzleError(f"{path}.cell: {e['cell']} is not beside a row or column of the grid")
        number = self.value(path, e)
        if number is None:
            self.ignored[key + " with no number"] = self.ignored.get(key + " with no number", 0) + 1
        return ray(n, r, c, *step), number

    def rule_sandwichsum(self, key, path, e):
        line, total = self.edge_clue(key, path, e)
        if total is None:
            return
        n = self.n
        if not 0 <= total <= n * (n + 1) // 2 - 1 - n:
            raise PuzzleError(f"{path}.value: sandwich sum {total}")
        # A cell is inside the sandwich when exactly one crust comes before
        # it and it is no crust itself (the line holds each crust once).
        terms, before_1, before_n = [], z3.BoolVal(False), z3.BoolVal(False)
        for c in line:
            x = self.v(c)
            inside = z3.And(z3.Xor(before_1, before_n), x != 1, x != n)
            terms.append(z3.If(inside, x, 0))
            before_1, before_n = z3.Or(before_1, x == 1), z3.Or(before_n, x == n)
        self.add(key, f"sandwich sum {total} at {e['cell']}", [z3.Sum(terms) == total])

    def rule_xsum(self, key, path, e):
        line, total = self.edge_clue(key, path, e)
        if total is None:
            return
        if not 1 <= total <= self.n * (self.n + 1) // 2:
            raise PuzzleError(f"{path}.value: x-sum {total}")
        first = self.v(line[0])
        self.add(key, f"x-sum {total} at {e['cell']}",
                 [z3.Sum([z3.If(first > k, self.v(c), 0) for k, c in enumerate(line)]) == total])

    def rule_skyscraper(self, key, path, e):
        line, count = self.edge_clue(key, path, e)
        if count is None:
            return
        if not 1 <= count <= self.n:
            raise PuzzleError(f"{path}.value: skyscraper count {count}")
        seen = [z3.And([self.v(c) > self.v(b) for b in line[:k]]) for k, c in enumerate(line)]
        self.add(key, f"skyscraper {count} at {e['cell']}", [z3.AtLeast(*seen, count), z3.AtMost(*seen, count)])

    def rule_rowindexer(self, key, path, e):
        n = self.n
        cells = self.cells(path + ".cells", e.get("cells"))
        implied = []
        for cell in cells:
            r, c = divmod(cell, n)
            for d in range(1, n + 1):
                if key == "rowindexer":  # row d of column c holds r
                    target, want = (d - 1) * n + c, r + 1
                elif key == "columnindexer":  # column d of row r holds c
                    target, want = r * n + d - 1, c + 1
                else:  # position d of the cell's region holds its position
                    region = self.region_cells[self.labels[cell]] if self.labels[cell] >= 0 else None
                    if region is None:
                        raise PuzzleError(f"{path}: box indexer {cell_name(n, cell)} is in no region")
                    target, want = region[d - 1], region.index(cell) + 1
                implied.append(z3.Implies(self.v(cell) == d, self.v(target) == want))
        self.add(key, f"{key} {cell_list(n, cells)}", implied)

    rule_columnindexer = rule_rowindexer
    rule_boxindexer = rule_rowindexer

    def read_negatives(self):
        n = self.n
        if self.doc.get("nonconsecutive") is True:
            pairs = unmarked_pairs(n, self.kropki)
            self.add("nonconsecutive", "nonconsecutive (unmarked neighbours)",
                     [z3.And(self.v(a) - self.v(b) != 1, self.v(b) - self.v(a) != 1) for a, b in pairs])
        names = self.doc.get("negative")
        if is_empty(names):
            return
        if not isinstance(names, list) or not all(isinstance(s, str) for s in names):
            raise PuzzleError("negative: not a list of names")
        for name in dict.fromkeys(names):
            if name == "ratio":
                ratios = sorted(self.ratio_values) or [2]
                self.add("negative", f"negative ratio {ratios} (unmarked neighbours)",
                         [z3.And(self.v(a) != k * self.v(b), self.v(b) != k * self.v(a))
                          for a, b in unmarked_pairs(n, self.kropki) for k in ratios])
            elif name == "xv":
                self.add("negative", "negative XV (unmarked neighbours)",
                         [self.v(a) + self.v(b) != s for a, b in unmarked_pairs(n, self.xv_pairs) for s in (5, 10)])
            elif name != "":
                raise UnsupportedError("negative " + name)

    # -- solving ---------------------------------------------------------------

    def solver(self):
        """A z3 solver holding the whole puzzle in the chosen encoding."""
        n = self.n
        s = z3.SolverFor("QF_FD") if self.encoding.startswith("fd") else z3.Solver()
        for x in self.x:
            s.add(x >= 1, x <= n)
        for c, d in enumerate(self.givens):
            if d:
                s.add(self.x[c] == d)
        if self.encoding.endswith("onehot"):
            # One Boolean per cell and digit, equal to "the cell holds the
            # digit"; each cell holds one digit and each unit each digit once.
            b = [[z3.Bool(f"{cell_name(n, c)}_{d}") for d in range(1, n + 1)] for c in range(n * n)]
            for c in range(n * n):
                for d in range(1, n + 1):
                    s.add(b[c][d - 1] == (self.x[c] == d))
                s.add(z3.PbEq([(v, 1) for v in b[c]], 1))
            for unit in self.units():
                for d in range(1, n + 1):
                    s.add(z3.PbEq([(b[c][d - 1], 1) for c in unit], 1))
        else:
            for unit in self.units():
                s.add(z3.Distinct([self.x[c] for c in unit]))
        for rule in self.rules:
            s.add(rule.constraints)
        return s

    def broken(self, grid):
        """The descriptions of the rules (and units) a full grid breaks, in
        this model: how a disagreement with a recorded solution is named."""
        n = self.n
        out = []
        if len(grid) != n * n or any(not 1 <= d <= n for d in grid):
            return ["the grid is not N*N digits 1..N"]
        for c, d in enumerate(self.givens):
            if d and grid[c] != d:
                out.append(f"given {cell_name(n, c)}={d}")
        for unit in self.units():
            if len({grid[c] for c in unit}) != n:
                out.append("unit " + cell_list(n, unit))
        subst = [(self.x[c], z3.IntVal(d)) for c, d in enumerate(grid)]
        for rule in self.rules:
            for con in rule.constraints:
                if not z3.is_true(z3.simplify(z3.substitute(con, *subst))):
                    out.append(f"{rule.key}: {rule.desc}")
                    break
        return out


KNIGHT = [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)]
KING = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def move_pairs(n, moves):
    """Every unordered pair of cells a move apart, once each."""
    out = set()
    for a in range(n * n):
        r, c = divmod(a, n)
        for dr, dc in moves:
            if 0 <= r + dr < n and 0 <= c + dc < n:
                b = (r + dr) * n + c + dc
                out.add((min(a, b), max(a, b)))
    return sorted(out)


def neighbours(n, cell):
    """The orthogonal neighbours of a cell."""
    r, c = divmod(cell, n)
    return [(r + dr) * n + c + dc for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
            if 0 <= r + dr < n and 0 <= c + dc < n]


def unmarked_pairs(n, marked):
    """The orthogonal pairs not in marked (in either order)."""
    skip = {(min(a, b), max(a, b)) for a, b in marked}
    return [p for p in move_pairs(n, [(0, 1), (1, 0)]) if p not in skip]


def ray(n, r, c, dr, dc):
    """The cells from outside position (r, c) inward, step (dr, dc)."""
    out = []
    r, c = r + dr, c + dc
    while 0 <= r < n and 0 <= c < n:
        out.append(r * n + c)
        r, c = r + dr, c + dc
    return out


def entropic_groups(n):
    """Low, middle and high digits: three runs as equal as possible, the
    middle one the odd one out (1-3 4-6 7-9 on 9x9, 1 2-3 4 on 4x4)."""
    small, large = n // 3, (n + 2) // 3
    sizes = [small, large, small] if n % 3 == 1 else [large, small, large]
    out, lo = [], 1
    for size in sizes:
        out.append(list(range(lo, lo + size)))
        lo += size
    return out


# ---------------------------------------------------------------------------
# Running.

def format_grid(n, digits):
    return "".join(map(str, digits)) if n <= 9 else " ".join(map(str, digits))


def parse_grid(text):
    """A recorded solution: digits, or numbers separated by spaces."""
    text = text.strip()
    return [int(t) for t in text.split()] if " " in text else [int(ch) for ch in text]


def ms(seconds):
    return "-" if seconds is None else f"{seconds * 1000:.3f}"


class Clock:
    """Wall time (time.perf_counter) and this process's CPU time
    (time.process_time) since it was made: z3 runs in this process, on one
    thread, so the CPU time is what the solve cost on a busy machine."""

    def __init__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def read(self):
        return time.perf_counter() - self.wall, time.process_time() - self.cpu


def solve_once(path, encoding, unique, timeout_ms):
    """Build and solve one file once: the model, the status, the solution
    (or None), the uniqueness verdict with a second solution when there is
    one, and the times as (wall, cpu) pairs: building, the first check, the
    second check (None if not run)."""
    clock = Clock()
    with open(path, encoding="utf-8") as f:
        model = Model(load_document(f.read()), encoding)
    s = model.solver()
    if timeout_ms:
        s.set("timeout", timeout_ms)
    build = clock.read()
    clock = Clock()
    status = s.check()
    first = clock.read()
    solution, verdict, other, second = None, "-", None, None
    if status == z3.sat:
        m = s.model()
        solution = [m.eval(x, model_completion=True).as_long() for x in model.x]
        if unique:
            s.add(z3.Or([x != d for x, d in zip(model.x, solution)]))
            clock = Clock()
            again = s.check()
            second = clock.read()
            verdict = "unique" if again == z3.unsat else "multiple" if again == z3.sat else "unknown"
            if again == z3.sat:
                m = s.model()
                other = [m.eval(x, model_completion=True).as_long() for x in model.x]
    return model, str(status), solution, (verdict, other), (build, first, second)


def solve(path, encoding, unique, timeout_ms, repeat):
    """Solve one file; return the row (a dict over COLUMNS), the model and
    the solution (or None). With repeat > 1 the puzzle is built and solved
    that many times and each time is the minimum over the runs (z3 is
    deterministic, so the minimum is the run least disturbed by the
    machine)."""
    model, status, solution, (verdict, other), times = solve_once(path, encoding, unique, timeout_ms)
    for _ in range(repeat - 1):
        again = solve_once(path, encoding, unique, timeout_ms)[4]
        times = [None if t is None else (min(t[0], u[0]), min(t[1], u[1])) for t, u in zip(times, again)]
    (build, build_cpu), (first, first_cpu), second = times
    second, second_cpu = second if second is not None else (None, None)
    row = {
        "file": path, "size": f"{model.n}x{model.n}", "encoding": encoding, "status": status,
        "unique": verdict, "manifest": "-", "build_ms": ms(build), "solve_ms": ms(first),
        "unique_ms": ms(second), "solve_total_ms": ms(build + first),
        "unique_total_ms": ms(None if second is None else build + first + second),
        "solve_cpu_ms": ms(first_cpu), "unique_cpu_ms": ms(second_cpu),
        "solution": format_grid(model.n, solution) if solution else "-",
        "second": format_grid(model.n, other) if other else "-",
    }
    return row, model, solution


def read_manifest(path):
    """The recorded solutions by file, relative to the manifest's directory."""
    with open(path, encoding="utf-8") as f:
        entries = json.load(f)
    root = os.path.dirname(os.path.abspath(path))
    return {os.path.normpath(os.path.join(root, e["file"])): e.get("solution") for e in entries}


def compare(path, model, solution, recorded):
    """Compare z3's solution with a recorded one: "match", "differs",
    "none" (nothing recorded) or "unsolved" (z3 found no solution, and the
    recorded one keeps every rule of the model). A disagreement is told on
    stderr, naming the rules the recorded solution breaks in this model."""
    if recorded is None:
        return "none"
    grid = parse_grid(recorded)
    bad = model.broken(grid)
    if bad:
        print(f"{path}: z3 and the manifest disagree: the recorded solution breaks " + "; ".join(bad), file=sys.stderr)
        return "differs"
    if solution is None:
        return "unsolved"
    if solution != grid:
        print(f"{path}: z3 and the manifest disagree: both grids keep every rule of this model, "
              f"so the puzzle has two solutions here; z3 found {format_grid(model.n, solution)}", file=sys.stderr)
        return "differs"
    return "match"


def summary(rows, cpu=False):
    """A Markdown table of median and worst times in ms, for the 9x9
    puzzles and for all: the first check (solve), the second check
    (unique), and both (solve + unique, the time to know that the puzzle
    has exactly one solution, model building left out). A puzzle z3 did not
    finish counts at the time it was stopped, and its worst time reads
    "> t"; "unsolved" counts those."""
    first, second = ("solve_cpu_ms", "unique_cpu_ms") if cpu else ("solve_ms", "unique_ms")

    def stats(sel, times):
        vals = [t for t in times if t is not None]
        if not vals:
            return ["-", "-"]
        worst = f"{max(vals):.1f}"
        if any(r["status"] == "unknown" or r["unique"] == "unknown" for r in sel):
            worst = "> " + worst
        return [f"{statistics.median(vals):.1f}", worst]

    def num(v):
        return None if v == "-" else float(v)

    head = "| puzzles | count | unsolved | solve median | solve worst | unique median | unique worst | solve+unique median | solve+unique worst |"
    lines = [head, "|---" * 9 + "|"]
    for label, sel in (("9x9", [r for r in rows if r["size"] == "9x9"]), ("all", rows)):
        solve_t = [num(r[first]) for r in sel]
        unique_t = [num(r[second]) for r in sel]
        both = [s + (u or 0) for s, u in zip(solve_t, unique_t)]  # unsolved: a lower bound
        unsolved = sum(r["status"] != "sat" or r["unique"] == "unknown" for r in sel)
        cells = stats(sel, solve_t) + stats(sel, unique_t) + stats(sel, both)
        lines.append(f"| {label} | {len(sel)} | {unsolved} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def read_tsv(path):
    """The rows of a TSV this script wrote, as dicts over its header."""
    with open(path, encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        return [dict(zip(header, line.rstrip("\n").split("\t"))) for line in f if line.strip()]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+", help="f-puzzles JSON files (or payloads, or links)")
    ap.add_argument("--unique", action="store_true", help="also prove the solution unique")
    ap.add_argument("--encoding", choices=ENCODINGS, default="fd-onehot", help="units and solver (default fd-onehot)")
    ap.add_argument("--manifest", help="manifest.json: compare with its recorded solutions")
    ap.add_argument("--timeout-ms", type=int, default=0, help="z3 timeout per check (0: none)")
    ap.add_argument("--repeat", type=int, default=1, help="runs per puzzle; times are the minimum")
    ap.add_argument("--summary", action="store_true", help="print tables of times (wall, CPU) on stderr")
    ap.add_argument("--summarize", action="store_true",
                    help="read the files as TSVs this script wrote and print their tables on stdout")
    args = ap.parse_args(argv)

    if args.summarize:
        rows = [row for path in args.files for row in read_tsv(path)]
        print("Wall time (ms):\n" + summary(rows) + "\n\nCPU time (ms):\n" + summary(rows, cpu=True))
        return 0

    recorded = read_manifest(args.manifest) if args.manifest else {}
    print("\t".join(COLUMNS), flush=True)
    rows, failed, broken_file = [], False, False
    for path in args.files:
        try:
            row, model, solution = solve(path, args.encoding, args.unique, args.timeout_ms, max(1, args.repeat))
        except (OSError, PuzzleError) as e:
            print(f"{path}: {e}", file=sys.stderr)
            broken_file = True
            continue
        if row["status"] != "sat":
            failed = True
        if args.manifest:
            row["manifest"] = compare(path, model, solution, recorded.get(os.path.normpath(os.path.abspath(path))))
            if row["manifest"] == "differs":
                failed = True
        if row["status"] != "sat" or row["unique"] == "unknown":
            print(f"{path}: z3 did not finish ({row['status']}, uniqueness {row['unique']})", file=sys.stderr)
        elif row["unique"] == "multiple":
            print(f"{path}: not unique in this model: a second solution is {row['second']}", file=sys.stderr)
        if args.unique and row["unique"] != "unique":
            failed = True
        rows.append(row)
        print("\t".join(row[c] for c in COLUMNS), flush=True)
    if args.summary:
        print("Wall time (ms):\n" + summary(rows) + "\n\nCPU time (ms):\n" + summary(rows, cpu=True), file=sys.stderr)
    return 2 if broken_file else 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
