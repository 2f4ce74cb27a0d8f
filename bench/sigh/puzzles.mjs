// puzzles.mjs lists every puzzle of Interactive Sudoku Solver's example
// groups and collections (github.com/sigh/Interactive-Sudoku-Solver,
// data/example_puzzles.js and data/collections.js), each once, from a
// checkout of it: its name, group, ISS's solution if it gives one, and its
// input on one line (comment lines dropped, whitespace runs made one
// space; ISS reads its strings without whitespace): a collection's raw
// constraint strings (TAREK_ALL, MATHEMAGIC_KILLERS, HARD_PENCILMARKS,
// LITTLE_KILLER_SNIPES, ...) are named COLLECTION#i. Inputs that are
// scripts (a path starting with '/') are left out.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export async function issPuzzles(root) {
  globalThis.self = globalThis;
  if (globalThis.VERSION_PARAM === undefined) globalThis.VERSION_PARAM = '';
  const load = (file) => import(pathToFileURL(path.resolve(root, 'data', file)).href);
  const examples = await load('example_puzzles.js');
  const collections = await load('collections.js');
  const seen = new Set();
  const out = [];
  function add(group, p, i) {
    // A collection's entry is a puzzle, a name in ISS's index, or a raw
    // constraint string, named as ISS's tools name it: COLLECTION#i.
    if (typeof p === 'string') p = examples.PUZZLE_INDEX.get(p) || { name: `${group}#${i}`, input: p };
    if (!p || typeof p.input !== 'string' || seen.has(p.input)) return;
    seen.add(p.input);
    const line = p.input.split('\n').filter((l) => !l.trim().startsWith('#'))
      .join('\n').replace(/\s+/g, ' ').trim();
    if (line === '' || line.startsWith('/')) return; // a script, not a puzzle
    out.push({ name: p.name || '(no name)', group, solution: p.solution || '', input: line });
  }
  for (const g of examples.DISPLAYED_EXAMPLE_GROUPS) {
    for (const p of g.puzzles) add('example:' + g.name, p);
  }
  for (const [name, v] of Object.entries(collections)) {
    let list = Array.isArray(v) ? v : v && (v.puzzles || v.entries);
    if (!list && v && typeof v[Symbol.iterator] === 'function') list = [...v];
    (list || []).forEach((p, i) => add(name, p, i));
  }
  return out;
}
