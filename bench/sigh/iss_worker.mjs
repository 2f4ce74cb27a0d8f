// iss_worker.mjs runs Interactive Sudoku Solver's solver headless in node,
// from a checkout of it (the first argument), as a warm process: it reads
// one JSON request a line on standard input, {"id", "input", "mode"}, and
// answers each with one JSON line, {"id", "ms", "status", ...}, where ms is
// the time of building the solver from the constraint string and running
// it (performance.now(), as ISS's own timer):
//
//   mode "solve"      the first solution            status solved | none
//   mode "unique"     a count of the solutions to 2 status unique | multiple | none
//   mode "candidates" every value of every solution (solveAllPossibilities)
//                                                   status solved | none
//
// A request {"canonical": input} answers {"canonical": string}: ISS's own
// constraint string for an input in any of its formats (plain grids,
// killer and jigsaw short forms, pencil marks), or {"error"} when ISS
// cannot read it. versus.mjs drives it; it fetches nothing.
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';

const root = process.argv[2];
if (!root) {
  console.error('usage: node iss_worker.mjs ISS-CHECKOUT');
  process.exit(2);
}
globalThis.self = globalThis;
globalThis.VERSION_PARAM = '';
const js = (file) => import(pathToFileURL(path.resolve(root, 'js', file)).href);
const { SudokuParser } = await js('sudoku_parser.js');
const { SudokuBuilder } = await js('solver/sudoku_builder.js');

function build(input) {
  const constraint = SudokuParser.parseText(input);
  return SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
}

function run(req) {
  const t0 = performance.now();
  const solver = build(req.input);
  let res;
  switch (req.mode) {
    case 'solve': {
      const s = solver.nthSolution(0);
      res = { status: s ? 'solved' : 'none', solution: s ? s.join('') : '' };
      break;
    }
    case 'unique': {
      const n = solver.countSolutions(2);
      res = { status: n === 0 ? 'none' : n === 1 ? 'unique' : 'multiple', count: n };
      break;
    }
    case 'candidates': {
      const r = solver.solveAllPossibilities();
      // The counts of each value in each cell over the solutions: all
      // zero (not empty) when there is no solution.
      const found = r && Array.prototype.some.call(r, (k) => k > 0);
      res = { status: found ? 'solved' : 'none' };
      break;
    }
    default:
      throw new Error(`unknown mode ${req.mode}`);
  }
  res.ms = performance.now() - t0;
  return res;
}

const out = (o) => process.stdout.write(JSON.stringify(o) + '\n');
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of rl) {
  if (!line.trim()) continue;
  const req = JSON.parse(line);
  try {
    if (req.canonical !== undefined) {
      out({ id: req.id, canonical: SudokuParser.parseText(req.canonical).toString() });
    } else {
      out({ id: req.id, ...run(req) });
    }
  } catch (e) {
    out({ id: req.id, error: String(e && e.message || e) });
  }
}
