// collection.mjs writes every puzzle of Interactive Sudoku Solver's
// example groups and collections (github.com/sigh/Interactive-Sudoku-Solver,
// data/example_puzzles.js and data/collections.js), each once, as a file of
// puzzles for satdoku: a comment line naming it, its group and its solution,
// then the puzzle on one line (comment lines dropped, whitespace runs made
// one space; ISS reads its strings without whitespace).
//
//   node bench/sigh/collection.mjs /path/to/Interactive-Sudoku-Solver > sigh.txt
//   satdoku solve --unique -e sat -o json --timeout 30s -j1 sigh.txt
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.argv[2];
if (!root) {
  console.error('usage: node collection.mjs ISS-CHECKOUT');
  process.exit(2);
}
globalThis.self = globalThis;
globalThis.VERSION_PARAM = '';
const load = (file) => import(pathToFileURL(path.resolve(root, 'data', file)).href);
const examples = await load('example_puzzles.js');
const collections = await load('collections.js');

const seen = new Set();
function add(group, p) {
  if (typeof p === 'string') p = examples.PUZZLE_INDEX.get(p) || { name: p };
  if (!p || typeof p.input !== 'string' || seen.has(p.input)) return;
  seen.add(p.input);
  const line = p.input.split('\n').filter((l) => !l.trim().startsWith('#'))
    .join('\n').replace(/\s+/g, ' ').trim();
  if (line === '' || line.startsWith('/')) return; // a script, not a puzzle
  console.log(`# ${p.name || '(no name)'} (${group}) solution=${p.solution || ''}`);
  console.log(line);
}
for (const g of examples.DISPLAYED_EXAMPLE_GROUPS) {
  for (const p of g.puzzles) add('example:' + g.name, p);
}
for (const [name, v] of Object.entries(collections)) {
  let list = Array.isArray(v) ? v : v && (v.puzzles || v.entries);
  if (!list && v && typeof v[Symbol.iterator] === 'function') list = [...v];
  for (const p of list || []) add(name, p);
}
