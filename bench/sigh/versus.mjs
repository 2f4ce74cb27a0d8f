// versus.mjs times satdoku beside Interactive Sudoku Solver (ISS) on the
// same puzzles: every puzzle of ISS's example groups and collections
// (puzzles.mjs; one a line) that both read, in three modes — the first
// solution, uniqueness (a count to 2) and the true candidates (ISS's
// solveAllPossibilities, satdoku's --candidates) — interleaved puzzle by
// puzzle, in one run, one warm process per side and mode: ISS's solver
// headless in node (iss_worker.mjs, from a checkout given as an argument:
// nothing is fetched), satdoku's `solve -o json -j1` reading its standard
// input. It prints, per puzzle and mode, each side's time (ISS: building
// the solver and running it; satdoku: the JSON "micros" of the answer,
// the engine's time) and the ratio satdoku/ISS, then per mode the median
// and worst ratio, the puzzles over 2× ISS, and those one side settles
// within the timeout and the other does not.
//
//   node bench/sigh/versus.mjs ISS-CHECKOUT SATDOKU-BINARY [--timeout 60]
//        [--modes solve,unique,candidates] [--engine NAME] [--only REGEX]
//        [--json FILE]
//
// ISS reads many formats (plain grids, killer and jigsaw short forms);
// both sides are given ISS's own constraint string for each puzzle, so
// that satdoku's reader takes the whole stream as ISS strings. A puzzle
// satdoku refuses (a constraint it lacks) or ISS cannot read is left
// out, and listed. The ratios are of times on a shared machine: run it
// on a quiet one, and read the medians.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { issPuzzles } from './puzzles.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf('--' + name);
  if (i < 0) return def;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const timeoutS = Number(opt('timeout', '60'));
const modes = opt('modes', 'solve,unique,candidates').split(',');
const engineName = opt('engine', '');
const only = opt('only', '');
const jsonOut = opt('json', '');
const [root, satdoku] = args;
if (!root || !satdoku) {
  console.error('usage: node versus.mjs ISS-CHECKOUT SATDOKU-BINARY [--timeout S] [--modes solve,unique,candidates] [--engine NAME] [--only REGEX] [--json FILE]');
  process.exit(2);
}

// A line-oriented child process: send writes a line, and the promise
// resolves with the next line it answers, or null when it does not answer
// within ms (the process is then killed: the caller starts another).
class Lines {
  constructor(cmd, argv, stderr = 'inherit') {
    this.p = spawn(cmd, argv, { stdio: ['pipe', 'pipe', stderr] });
    this.waiting = [];
    this.ended = false;
    readline.createInterface({ input: this.p.stdout }).on('line', (l) => {
      const w = this.waiting.shift();
      if (w) w(l);
    });
    this.p.on('exit', () => {
      this.ended = true;
      for (const w of this.waiting.splice(0)) w(null);
    });
  }
  ask(line, ms) {
    return new Promise((resolve) => {
      if (this.ended) return resolve(null);
      let done = false;
      const timer = setTimeout(() => {
        if (!done) { done = true; this.kill(); resolve(null); }
      }, ms);
      this.waiting.push((l) => {
        if (!done) { done = true; clearTimeout(timer); resolve(l); }
      });
      this.p.stdin.write(line + '\n');
    });
  }
  kill() { if (!this.ended) this.p.kill('SIGKILL'); }
  close() { this.p.stdin.end(); }
}

const issWorker = () => new Lines(process.execPath, [path.join(here, 'iss_worker.mjs'), root]);
const satFlags = { solve: [], unique: ['--unique'], candidates: ['--candidates'] };
const satWorker = (mode) => new Lines(satdoku, ['solve', '-o', 'json', '-j1', '--timeout', `${timeoutS}s`,
  ...(engineName ? ['-e', engineName] : []), ...satFlags[mode], '-'], 'ignore'); // refusals are listed at the end

let iss = issWorker();
let seq = 0;
async function askISS(req) {
  const line = await iss.ask(JSON.stringify({ id: ++seq, ...req }), timeoutS * 1000);
  if (line === null) { // out of time: a new warm process for the next
    iss = issWorker();
    return { status: 'timeout' };
  }
  return JSON.parse(line);
}

// The puzzles, as ISS's constraint strings.
let puzzles = await issPuzzles(root);
if (only) puzzles = puzzles.filter((p) => new RegExp(only).test(p.name));
const unreadable = [];
for (const p of puzzles) {
  const r = await askISS({ canonical: p.input });
  if (r.canonical) p.iss = r.canonical;
  else unreadable.push(`${p.name}: ISS: ${r.error || r.status}`);
}
puzzles = puzzles.filter((p) => p.iss);

// satdoku's side: a warm process per mode, its first line a classic
// puzzle as an ISS string (the stream's format is detected from it).
const warm = '.~R1C1_5~R1C2_3~R1C5_7~R2C1_6~R2C4_1~R2C5_9~R2C6_5~R3C2_9~R3C3_8~R3C8_6~R4C1_8~R4C5_6~R4C9_3~R5C1_4~R5C4_8~R5C6_3~R5C9_1~R6C1_7~R6C5_2~R6C9_6~R7C2_6~R7C7_2~R7C8_8~R8C4_4~R8C5_1~R8C6_9~R8C9_5~R9C5_8~R9C8_7~R9C9_9';
const sat = {};
for (const m of modes) {
  sat[m] = satWorker(m);
  await sat[m].ask(warm + '\n', timeoutS * 1000 + 10000);
}
await askISS({ input: warm, mode: 'unique' });

// Each puzzle is followed by a blank line: satdoku's reader of ISS strings
// reads on to the next line to see where a puzzle ends.
async function askSat(mode, input) {
  const line = await sat[mode].ask(input + '\n', timeoutS * 1000 + 30000);
  if (line === null) {
    sat[mode] = satWorker(mode);
    await sat[mode].ask(warm + '\n', timeoutS * 1000);
    return { status: 'timeout' };
  }
  return JSON.parse(line);
}

// settled maps each side's answer to a verdict, or null when it has none.
function issVerdict(mode, r) {
  if (r.error || r.status === 'timeout') return null;
  return r.status === 'none' ? 'none' : mode === 'unique' ? r.status : 'solved';
}
function satVerdict(mode, r) {
  switch (r.status) {
    case 'solved':
      if (mode === 'unique') return r.unique ? 'unique' : 'multiple';
      if (mode === 'candidates' && !r.candidates) return null;
      return 'solved';
    case 'no_solution':
      return 'none';
  }
  return null;
}

const rows = [];
const refused = [];
let n = 0;
for (const p of puzzles) {
  n++;
  for (const mode of modes) {
    let i, s;
    if (n % 2) { // alternate which side goes first
      i = await askISS({ input: p.iss, mode });
      s = await askSat(mode, p.iss);
    } else {
      s = await askSat(mode, p.iss);
      i = await askISS({ input: p.iss, mode });
    }
    if (s.status === 'invalid') {
      refused.push(`${p.name}: ${s.error}`);
      break; // satdoku does not read it: in no mode
    }
    const row = {
      name: p.name, group: p.group, mode,
      iss: issVerdict(mode, i), issMs: i.ms ?? null,
      sat: satVerdict(mode, s), satMs: s.micros != null ? s.micros / 1000 : null, engine: s.engine || '',
      satStatus: s.status, issStatus: i.error ? 'error: ' + i.error : i.status,
    };
    if (!row.iss) row.issMs = null;
    if (!row.sat) row.satMs = null;
    row.ratio = row.issMs != null && row.satMs != null ? row.satMs / Math.max(row.issMs, 0.001) : null;
    row.disagree = row.iss && row.sat && row.iss !== row.sat;
    rows.push(row);
    const f = (x) => (x == null ? '—' : x < 10 ? x.toFixed(2) : x.toFixed(0));
    console.log(`${p.name}\t${mode}\tISS ${f(row.issMs)} ms\tsatdoku ${f(row.satMs)} ms (${row.engine || row.satStatus})\t${row.ratio == null ? '—' : row.ratio.toFixed(2) + '×'}${row.disagree ? '\tDISAGREE ' + row.iss + ' / ' + row.sat : ''}`);
  }
}
iss.close();
for (const m of modes) sat[m].close();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
};
console.log('\nsatdoku / ISS');
console.log('| mode | puzzles both settle | median | worst | over 2× | ISS settles, satdoku not | satdoku settles, ISS not | disagree |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
const misses = [];
for (const mode of modes) {
  const rs = rows.filter((r) => r.mode === mode);
  const both = rs.filter((r) => r.ratio != null);
  const ratios = both.map((r) => r.ratio);
  const over = both.filter((r) => r.ratio > 2);
  const lost = rs.filter((r) => r.iss && !r.sat);
  const won = rs.filter((r) => !r.iss && r.sat);
  const dis = rs.filter((r) => r.disagree);
  console.log(`| ${mode} | ${both.length} | ${median(ratios).toFixed(2)} | ${Math.max(...ratios).toFixed(2)} | ${over.length} | ${lost.length} | ${won.length} | ${dis.length} |`);
  for (const r of over) misses.push(`${mode}: ${r.name}: ${r.ratio.toFixed(2)}× (ISS ${r.issMs.toFixed(1)} ms, satdoku ${r.satMs.toFixed(1)} ms by ${r.engine})`);
  for (const r of lost) misses.push(`${mode}: ${r.name}: ISS ${r.issMs.toFixed(1)} ms, satdoku ${r.satStatus}`);
  for (const r of dis) misses.push(`${mode}: ${r.name}: DISAGREE ISS ${r.iss}, satdoku ${r.sat}`);
}
if (misses.length) console.log('\nMissing the goal (over 2× ISS, or unsettled where ISS settles):\n' + misses.join('\n'));
if (refused.length) console.log(`\n${refused.length} puzzles satdoku refuses:\n` + refused.join('\n'));
if (unreadable.length) console.log(`\n${unreadable.length} puzzles ISS's parser refuses:\n` + unreadable.join('\n'));
if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(rows, null, 1));
