// sigh2fpuzzles.mjs converts puzzles of Interactive Sudoku Solver
// (github.com/sigh/Interactive-Sudoku-Solver, MIT licence) from its
// ".Type~args~cells" strings into f-puzzles JSON, for the satdoku variant
// corpus. Only puzzles whose every constraint has an f-puzzles equivalent
// with the same meaning are converted; the rest are skipped. The solution
// each puzzle carries is kept, and satdoku's tests check it against the
// converted puzzle with variant.Check, so a conversion that changed a
// rule's meaning would fail there.
//
//	git -C <mirror> show <commit>:data/collections.js > collections.mjs
//	git -C <mirror> show <commit>:data/example_puzzles.js > example_puzzles.mjs
//	cp example_puzzles.mjs example_puzzles.js
//	node sigh2fpuzzles.mjs <dir with those files> > converted.jsonl
//
// Each output line is {"name", "src", "collection", "solution", "kinds", "fpuzzles"}.
"use strict";

const dir = process.argv[2];
globalThis.self = { VERSION_PARAM: "" };
const ex = await import(`${dir}/example_puzzles.mjs`);
const col = await import(`${dir}/collections.mjs`);

const entries = [];
const seen = new Set();
for (const [collection, list] of Object.entries(col)) {
  if (!Array.isArray(list)) continue;
  for (let p of list) {
    if (typeof p === "string") p = ex.PUZZLE_INDEX.get(p);
    if (!p || typeof p.input !== "string" || !p.solution || seen.has(p.name)) continue;
    seen.add(p.name);
    entries.push({ collection, ...p });
  }
}

class Skip extends Error {}

// A cell id: rows and columns are numbers, or on boards above 9×9 one
// character each, a=10 to g=16 ("R1Cb" is row 1, column 11).
const parseCell = (id) => {
  const m = /^R(\d+|[a-z])C(\d+|[a-z])$/.exec(id);
  if (!m) throw new Skip("cell " + id);
  return [parseInt(m[1], 36) - 1, parseInt(m[2], 36) - 1];
};
const name = ([r, c]) => `R${r + 1}C${c + 1}`;

// Little killer diagonals exactly as Interactive Sudoku Solver lists them:
// first cell → [direction, cells].
function littleKillerMap(n) {
  const map = {};
  const seenSets = new Set();
  const add = (row, col, dr, dc) => {
    const cells = [];
    for (let r = row, c = col; r >= 0 && c >= 0 && r < n && c < n; r += dr, c += dc) cells.push([r, c]);
    if (cells.length <= 1) return;
    const key = cells.map(name).sort().join(",");
    if (seenSets.has(key)) return;
    seenSets.add(key);
    map[name(cells[0])] = { dr, dc, cells };
  };
  for (let row = 0; row < n - 1; row++) add(row, 0, 1, 1);
  for (let row = 1; row < n - 1; row++) add(row, n - 1, -1, -1);
  for (let col = 1; col < n; col++) add(0, col, 1, -1);
  for (let col = 1; col < n - 1; col++) add(n - 1, col, -1, 1);
  return map;
}

const dirName = { "-1,1": "UR", "-1,-1": "UL", "1,1": "DR", "1,-1": "DL" };

function convert(p) {
  const tokens = p.input.replace(/\s+/g, "").split(".").filter((t) => t !== "");
  let n = 9;
  for (const t of tokens) {
    const [type, ...args] = t.split("~");
    if (type === "Shape") {
      const m = /^(\d+)x(\d+)$/.exec(args[0]);
      if (!m || m[1] !== m[2] || args.length > 1) throw new Skip("shape " + args.join("~"));
      n = +m[1];
    }
  }
  // Solutions are digits on 9×9 and letters above (A=1).
  if (p.solution.length !== n * n || (n <= 9 ? /[^1-9]/ : /[^A-Z]/).test(p.solution)) throw new Skip("solution");
  const solution = n <= 9 ? p.solution : [...p.solution].map((ch) => ch.charCodeAt(0) - 64).join(" ");
  const fp = { size: n, title: p.name, grid: [] };
  for (let r = 0; r < n; r++) fp.grid.push(Array.from({ length: n }, () => ({})));
  const kinds = new Set();
  const push = (key, v) => {
    (fp[key] ||= []).push(v);
    kinds.add(key);
  };
  const lines = (key, cells, extra = {}) => push(key, { lines: [cells], ...extra });
  const pairs = (cells) => {
    const rc = cells.map(parseCell);
    const out = [];
    for (let i = 0; i < rc.length; i++)
      for (let j = i + 1; j < rc.length; j++)
        if (Math.abs(rc[i][0] - rc[j][0]) + Math.abs(rc[i][1] - rc[j][1]) === 1) out.push([name(rc[i]), name(rc[j])]);
    if (out.length === 0) throw new Skip("mark without adjacent cells");
    return out;
  };
  let hasDots = false, antiConsecutive = false;
  for (const t of tokens) {
    const [type, ...args] = t.split("~");
    switch (type) {
      case "":
        for (const g of args) {
          const [cell, ...vals] = g.split("_");
          if (vals.length !== 1) throw new Skip("pencilmark givens");
          const [r, c] = parseCell(cell);
          Object.assign(fp.grid[r][c], { value: +vals[0], given: true });
        }
        break;
      case "Shape":
        break;
      case "Thermo": lines("thermometer", args); break;
      case "Renban": lines("renban", args); break;
      case "Between": lines("betweenline", args); break;
      case "Palindrome": lines("palindrome", args); break;
      case "Zipper": lines("zipperline", args); break;
      case "DoubleArrow": lines("doublearrow", args); break;
      case "RegionSumLine": lines("regionsumline", args); break;
      case "Entropic":
        if (n !== 9) throw new Skip("entropic off 9x9");
        lines("entropicline", args);
        break;
      case "Modular":
        if (args[0] !== "3") throw new Skip("modular " + args[0]);
        lines("modularline", args.slice(1));
        break;
      case "Whisper":
        if (/^\d+$/.test(args[0])) lines("whispers", args.slice(1), { value: args[0] });
        else lines("whispers", args, { value: "5" });
        break;
      case "Arrow":
        push("arrow", { lines: [args], cells: [args[0]] });
        break;
      case "PillArrow": {
        const size = +args[0];
        const pill = args.slice(1, 1 + size);
        const shaft = args.slice(1 + size);
        const first = parseCell(shaft[0]);
        // The line starts at the pill cell touching the shaft.
        const start = pill.find((c) => {
          const [r, cc] = parseCell(c);
          return Math.max(Math.abs(r - first[0]), Math.abs(cc - first[1])) === 1;
        }) || pill[pill.length - 1];
        push("arrow", { lines: [[start, ...shaft]], cells: pill });
        kinds.add("pillarrow");
        break;
      }
      case "Cage":
        if (args[0] === "") push("killercage", { cells: args.slice(1) });
        else push("killercage", { cells: args.slice(1), value: args[0] });
        break;
      case "LittleKiller": {
        const m = littleKillerMap(n)[args[1]];
        if (!m) throw new Skip("little killer id " + args[1]);
        const [r0, c0] = m.cells[0];
        push("littlekillersum", {
          cell: name([r0 - m.dr, c0 - m.dc]), cells: m.cells.map(name),
          direction: dirName[`${m.dr},${m.dc}`], value: args[0],
        });
        break;
      }
      case "Sandwich": {
        const id = args[1];
        const i = +id.slice(1) - 1;
        push("sandwichsum", { cell: id[0] === "R" ? name([i, -1]) : name([-1, i]), value: args[0] });
        break;
      }
      case "XSum":
      case "Skyscraper": {
        const key = type === "XSum" ? "xsum" : "skyscraper";
        const id = args[0];
        const i = +id.slice(1) - 1;
        const row = id[0] === "R";
        if (args[1]) push(key, { cell: row ? name([i, -1]) : name([-1, i]), value: args[1] });
        if (args[2]) push(key, { cell: row ? name([i, n]) : name([n, i]), value: args[2] });
        break;
      }
      case "Quad": {
        const [r, c] = parseCell(args[0]);
        push("quadruple", { cells: [name([r, c]), name([r, c + 1]), name([r + 1, c]), name([r + 1, c + 1])], values: args.slice(1).map(Number) });
        break;
      }
      case "Indexing":
        if (args[0] === "C") push("columnindexer", { cells: args.slice(1) });
        else if (args[0] === "R") push("rowindexer", { cells: args.slice(1) });
        else throw new Skip("indexing " + args[0]);
        break;
      case "WhiteDot": hasDots = true; for (const pr of pairs(args)) push("difference", { cells: pr }); break;
      case "BlackDot": hasDots = true; for (const pr of pairs(args)) push("ratio", { cells: pr }); break;
      case "X": for (const pr of pairs(args)) push("xv", { cells: pr, value: "X" }); break;
      case "V": for (const pr of pairs(args)) push("xv", { cells: pr, value: "V" }); break;
      case "Diagonal":
        fp[args[0] === "1" ? "diagonal+" : "diagonal-"] = true;
        kinds.add(args[0] === "1" ? "diagonal+" : "diagonal-");
        break;
      case "AntiKnight": fp.antiknight = true; kinds.add("antiknight"); break;
      case "AntiKing": fp.antiking = true; kinds.add("antiking"); break;
      case "DisjointSets": fp.disjointgroups = true; kinds.add("disjointgroups"); break;
      case "AntiConsecutive": antiConsecutive = true; fp.nonconsecutive = true; kinds.add("nonconsecutive"); break;
      case "StrictKropki":
        fp.nonconsecutive = true;
        (fp.negative ||= []).push("ratio");
        kinds.add("nonconsecutive"); kinds.add("negative:ratio");
        break;
      case "StrictXV": (fp.negative ||= []).push("xv"); kinds.add("negative:xv"); break;
      case "Windoku": {
        // Windows of a square box's size, one cell in from the edges and
        // one cell apart, as many as fit: four on 9×9, nine on 16×16.
        const b = Math.sqrt(n);
        if (!Number.isInteger(b)) throw new Skip("windoku without square boxes");
        for (let r0 = 1; r0 + b < n; r0 += b + 1) for (let c0 = 1; c0 + b < n; c0 += b + 1) {
          const cells = [];
          for (let r = r0; r < r0 + b; r++) for (let c = c0; c < c0 + b; c++) cells.push(name([r, c]));
          push("extraregion", { cells });
        }
        kinds.add("windoku");
        break;
      }
      case "Jigsaw": {
        const layout = args[args.length - 1];
        if (layout.length !== n * n) throw new Skip("jigsaw layout");
        const ids = new Map();
        for (let i = 0; i < n * n; i++) {
          if (!ids.has(layout[i])) ids.set(layout[i], ids.size);
          fp.grid[Math.floor(i / n)][i % n].region = ids.get(layout[i]);
        }
        if (ids.size !== n) throw new Skip("jigsaw regions");
        kinds.add("regions");
        break;
      }
      default:
        throw new Skip("type " + type);
    }
  }
  // Interactive Sudoku Solver's anti-consecutive exempts no pair; f-puzzles'
  // nonconsecutive exempts dotted pairs: only the same without dots.
  if (antiConsecutive && hasDots) throw new Skip("anti-consecutive with dots");
  return { fp, kinds: [...kinds].sort(), solution };
}

const counts = {};
for (const p of entries) {
  try {
    const { fp, kinds, solution } = convert(p);
    if (kinds.length === 0) continue;
    process.stdout.write(JSON.stringify({ name: p.name, src: p.src || null, collection: p.collection, solution, kinds, fpuzzles: fp }) + "\n");
  } catch (e) {
    if (!(e instanceof Skip)) throw e;
    counts[e.message] = (counts[e.message] || 0) + 1;
  }
}
process.stderr.write("skipped: " + JSON.stringify(counts) + "\n");
