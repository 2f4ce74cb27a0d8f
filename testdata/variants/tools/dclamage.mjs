// dclamage.mjs extracts the variant puzzles of SudokuSolver's tests
// (github.com/dclamage/SudokuSolver, SudokuTests/Puzzles.cs,
// uniqueVariantFPuzzles: f-puzzles payloads with their unique solutions)
// into the satdoku corpus: one f-puzzles JSON file per puzzle (the payload
// decompressed, unchanged) and a manifest line per puzzle.
//
//	git -C <mirror> show <commit>:SudokuTests/Puzzles.cs > Puzzles.cs
//	NODE_PATH=<dir with lz-string> node dclamage.mjs Puzzles.cs <commit> <outdir>
"use strict";
import fs from "fs";
import { createRequire } from "module";
const require = createRequire(import.meta.url);
const LZ = require("lz-string");

const [src, commit, outdir] = process.argv.slice(2);
const text = fs.readFileSync(src, "utf8").replace(/^\uFEFF/, "");
const lines = text.split("\n");
const start = lines.findIndex((l) => l.includes("uniqueVariantFPuzzles"));
const end = lines.findIndex((l, i) => i > start && l.includes("inheritanceTestFPuzzles"));
fs.mkdirSync(`${outdir}/dclamage`, { recursive: true });

// solutionCells splits a solution string into n² digits; on boards over
// 9×9 the numbers are written one after another without separators, so
// the split is the one whose rows and columns are permutations.
function solutionCells(s, n) {
  if (n <= 9) return [...s].map(Number);
  const out = [];
  const rows = Array.from({ length: n }, () => new Set());
  const cols = Array.from({ length: n }, () => new Set());
  const dfs = (pos) => {
    const k = out.length;
    if (k === n * n) return pos === s.length;
    for (const len of [1, 2]) {
      if (pos + len > s.length || s[pos] === "0") continue;
      const v = +s.slice(pos, pos + len);
      const r = Math.floor(k / n), c = k % n;
      if (v < 1 || v > n || rows[r].has(v) || cols[c].has(v)) continue;
      out.push(v); rows[r].add(v); cols[c].add(v);
      if (dfs(pos + len)) return true;
      out.pop(); rows[r].delete(v); cols[c].delete(v);
    }
    return false;
  };
  if (!dfs(0)) throw new Error("no split of the solution");
  return out;
}

let comment = "";
for (let i = start; i < end; i++) {
  const l = lines[i].trim();
  if (l.startsWith("//")) { comment = l.slice(2).trim(); continue; }
  const m = /^\(@?"([^"]+)",\s*@?"([^"]+)"\)/.exec(l);
  if (!m) continue;
  const json = LZ.decompressFromBase64(m[1]);
  const fp = JSON.parse(json);
  const slug = (fp.title || comment).toLowerCase().replace(/[^a-z0-9]+/g, "-").slice(0, 40).replace(/^-|-$/g, "") || `line-${i + 1}`;
  const file = `dclamage/${slug}.json`;
  fs.writeFileSync(`${outdir}/${file}`, json + "\n");
  const entry = {
    file,
    title: fp.title || "",
    note: comment,
    origin: "real",
    source: `github.com/dclamage/SudokuSolver SudokuTests/Puzzles.cs line ${i + 1} (commit ${commit})`,
    solution: solutionCells(m[2], fp.size).join(fp.size > 9 ? " " : ""),
    solutionFrom: "source",
  };
  process.stdout.write(JSON.stringify(entry) + "\n");
  comment = "";
}
