// sighfiles.mjs writes the output of sigh2fpuzzles.mjs into the corpus: one
// f-puzzles JSON file per puzzle under sigh/, and a manifest line for each.
//
//	node sighfiles.mjs converted.jsonl <commit> <outdir>
"use strict";
import fs from "fs";
const [input, commit, outdir] = process.argv.slice(2);
fs.mkdirSync(`${outdir}/sigh`, { recursive: true });
const used = new Set();
for (const line of fs.readFileSync(input, "utf8").trim().split("\n")) {
  const o = JSON.parse(line);
  let slug = o.name.toLowerCase().replace(/[^a-z0-9]+/g, "-").slice(0, 40).replace(/^-|-$/g, "");
  while (used.has(slug)) slug += "-2";
  used.add(slug);
  const file = `sigh/${slug}.json`;
  fs.writeFileSync(`${outdir}/${file}`, JSON.stringify(o.fpuzzles) + "\n");
  const src = Array.isArray(o.src) ? o.src.join(" ") : (o.src || "");
  process.stdout.write(JSON.stringify({
    file,
    title: o.name,
    note: src ? `original: ${src}` : "",
    origin: "converted",
    source: `github.com/sigh/Interactive-Sudoku-Solver data/collections.js, ${o.collection} "${o.name}" (commit ${commit}), converted by tools/sigh2fpuzzles.mjs`,
    solution: o.solution,
    solutionFrom: "source",
  }) + "\n");
}
