// make_vectors.js writes vectors.json: inputs with their compressed forms as
// the npm lz-string package makes them, for the Go tests of internal/lzstring.
//
//	cd /tmp && npm install lz-string@1.5.0
//	NODE_PATH=/tmp/node_modules node make_vectors.js real_payloads.json > vectors.json
//
// real_payloads.json holds f-puzzles "?load=" payloads (from the test data of
// github.com/dclamage/SudokuSolver, SudokuTests/Puzzles.cs at commit
// 226e55bba25e522ce0c1824f9187f8c866383d44); their decompressed JSON joins
// the inputs. Random inputs come from a seeded generator, so the output is
// the same on every run.
"use strict";
const LZ = require("lz-string");
const fs = require("fs");

let seed = 0x5eed1234;
function rand() { // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
function pick(s) { return s[Math.floor(rand() * s.length)]; }
function randomString(len, alphabet) {
  let out = "";
  for (let i = 0; i < len; i++) out += pick(alphabet);
  return out;
}
// randomUnicode draws code points from every range except the surrogates,
// so that every input is valid UTF-16 (and valid UTF-8 on the Go side).
function randomUnicode(len) {
  let out = "";
  for (let i = 0; i < len; i++) {
    const r = rand();
    let cp;
    if (r < 0.4) cp = 32 + Math.floor(rand() * 95);
    else if (r < 0.6) cp = 128 + Math.floor(rand() * 128);
    else if (r < 0.8) cp = 256 + Math.floor(rand() * (0xd800 - 256));
    else if (r < 0.9) cp = 0xe000 + Math.floor(rand() * 0x2000);
    else cp = 0x10000 + Math.floor(rand() * 0x100000);
    out += String.fromCodePoint(cp);
  }
  return out;
}

const inputs = [
  "", "a", "aa", "ab", "hello", "hello, world", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
  "abababababababababababababababababababab", "ħéłłø", "数独", "🧩 sudoku 🧩", "\u0000\u0001\u00ff\u0100",
  "{\"size\":9,\"grid\":[]}",
];
for (const len of [1, 2, 3, 5, 8, 13, 31, 64, 100, 257, 1000]) {
  inputs.push(randomString(len, "ab"));
  inputs.push(randomString(len, "abcdefghijklmnopqrstuvwxyz0123456789 {}[]:,\""));
  inputs.push(randomUnicode(len));
}
inputs.push(randomString(6000, "RC123456789{}[],:\"valuegivn"));
inputs.push("x".repeat(70000));
inputs.push(randomUnicode(2000));
const payloads = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
for (const p of payloads) inputs.push(LZ.decompressFromBase64(p));

const vectors = inputs.map((input) => ({
  input,
  base64: LZ.compressToBase64(input),
  uri: LZ.compressToEncodedURIComponent(input),
}));
const decompressOnly = payloads.map((p) => ({ base64: p, output: LZ.decompressFromBase64(p) }));
process.stdout.write(JSON.stringify({ version: require("lz-string/package.json").version, vectors, decompressOnly }, null, 1) + "\n");
