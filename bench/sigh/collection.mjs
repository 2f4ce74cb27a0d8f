// collection.mjs writes every puzzle of Interactive Sudoku Solver's
// example groups and collections (github.com/sigh/Interactive-Sudoku-Solver,
// data/example_puzzles.js and data/collections.js), each once, as a file of
// puzzles for satdoku: a comment line naming it, its group and its solution,
// then the puzzle on one line (see puzzles.mjs).
//
//   node bench/sigh/collection.mjs /path/to/Interactive-Sudoku-Solver > sigh.txt
//   satdoku solve --unique -e sat -o json --timeout 30s -j1 sigh.txt
import { issPuzzles } from './puzzles.mjs';

const root = process.argv[2];
if (!root) {
  console.error('usage: node collection.mjs ISS-CHECKOUT');
  process.exit(2);
}
for (const p of await issPuzzles(root)) {
  console.log(`# ${p.name} (${p.group}) solution=${p.solution}`);
  console.log(p.input);
}
