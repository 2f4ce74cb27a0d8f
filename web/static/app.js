// satdoku's page: it sends the puzzle to the JSON API of the server that
// served it and shows the SVG picture it gets back. No other site is
// contacted; the page works offline. The only addresses of other sites
// are the "open in f-puzzles" and "open in SudokuPad" links a user may
// follow.
"use strict";

const example = [
  "53..7....",
  "6..195...",
  ".98....6.",
  "8...6...3",
  "4..8.3..1",
  "7...2...6",
  ".6....28.",
  "...419..5",
  "....8..79",
].join("\n");

const svgNS = "http://www.w3.org/2000/svg";
const sudokuPadPrefix = "https://sudokupad.app/fpuzzles";
const fpuzzlesPrefix = "https://www.f-puzzles.com/?load=";

const $ = (id) => document.getElementById(id);
let pending = 0; // timer of a redraw after an edit of the text
const state = {
  info: null,      // GET /api/info
  board: null,     // the last answer's size, box, givens, symbols
  override: null,  // givens typed on the picture, not yet in the text
  selected: -1,    // selected cell, -1 for none
  typed: { cell: -1, value: 0, at: 0 }, // a number being typed (boards over 9)
  renderSeq: 0,    // answers to stale drawings are dropped
  edits: 0,        // edits of the puzzle: a solve's answer for an older puzzle is dropped
  work: null,      // the solve running: { controller, started, timer }
  pencil: false,   // the digit pad writes pencil marks
  notes: {},       // pencil marks the user wrote: cell -> Set of digits
  last: null,      // the last answer
  base: null,      // the givens as pasted: digits typed in its blanks since are entered (steps.js)
};

function setStatus(text, kind) {
  const el = $("status");
  el.textContent = text;
  el.className = kind || "";
}

function requestBody(extra) {
  const body = {
    puzzle: $("puzzle").value,
    box: $("box").value.trim(),
    alphabet: $("alphabet").value,
    rules: $("rules").value.trim(),
    regions: $("regions").value,
  };
  if (state.override) body.givens = state.override;
  return Object.assign(body, extra || {});
}

// post sends a request; it answers { resp, data } or throws (AbortError
// when cancelled).
async function post(path, body, signal) {
  const resp = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  const data = await resp.json();
  return { resp, data };
}

// postRender posts a render request; a "busy" answer (the server draws a
// few pictures at once and refuses more) is retried after the wait it
// asks for, so that a quick run of typed digits never loses one.
async function postRender(body) {
  for (let attempt = 0; ; attempt++) {
    const r = await post("/api/render", body);
    if (r.resp.status !== 503 || attempt >= 30) return r;
    const after = +(r.resp.headers.get("Retry-After") || 1);
    await new Promise((resolve) => setTimeout(resolve, Math.min(5, Math.max(0.2, after)) * 1000));
  }
}

// forget clears the picture, the rules and the result of the last puzzle.
function forget() {
  state.board = null;
  state.selected = -1;
  state.last = null;
  $("picture").replaceChildren();
  showRules(null, null);
  showResult("");
  $("second").hidden = true;
  $("picture2").replaceChildren();
  showLinks(null);
}

function showSVG(container, text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg") return;
  const node = document.importNode(svg, true);
  node.setAttribute("role", "img");
  if (!node.querySelector("title")) {
    const title = document.createElementNS(svgNS, "title");
    title.textContent = "The puzzle";
    node.prepend(title);
  }
  container.replaceChildren(node);
}

function showRules(rules, ignored) {
  const item = (text) => {
    const li = document.createElement("li");
    li.textContent = text;
    return li;
  };
  const items = (rules || []).map(item);
  for (const note of ignored || []) items.push(item("Drawn, but not solved with: " + note));
  $("rule-list").replaceChildren(...items);
  $("rule-count").textContent = rules && rules.length ? `(${rules.length})` : "";
  $("rules-box").hidden = items.length === 0; // a classic puzzle: no rules to list
}

// showResult sets the solution as text, its box shown only when there is one.
function showResult(text) {
  $("result").textContent = text;
  $("result-box").hidden = !text;
}

// showLinks sets the links that leave the page: f-puzzles and SudokuPad.
function showLinks(data) {
  const fp = $("open-fpuzzles"), sp = $("open-sudokupad");
  const link = data && data.fpuzzles;
  fp.hidden = sp.hidden = !link;
  if (!link) return;
  fp.href = link;
  sp.href = sudokuPadPrefix + link.slice(fpuzzlesPrefix.length);
}

function remember(data) {
  const sameBoard = state.board && state.board.size === data.size;
  state.board = { size: data.size, box: data.box, givens: data.givens, symbols: data.symbols || "" };
  state.last = data;
  if (!sameBoard) state.notes = {};
  if (!state.base || state.base.length !== data.givens.length) state.base = data.givens.slice();
  document.dispatchEvent(new Event("satdoku:puzzle")); // a new picture: steps.js ends its step-through
  showRules(data.rules, data.ignored);
  showLinks(data);
  if (state.override && data.text) {
    // The typed givens are now written in the text, in its own format
    // (an f-puzzles puzzle stays f-puzzles, with every rule).
    $("puzzle").value = data.text;
    state.override = null;
  }
  if (data.svg) showSVG($("picture"), data.svg);
  drawSelection();
  drawNotes();
  buildPad();
  saveAddress();
  const second = $("second");
  if (data.svg_second) {
    showSVG($("picture2"), data.svg_second);
    second.hidden = false;
  } else {
    second.hidden = true;
    $("picture2").replaceChildren();
  }
}

function givensCount(g) {
  return g ? g.filter((d) => d !== 0).length : 0;
}

// refresh draws the puzzle of the text (and typed givens).
async function refresh() {
  const seq = ++state.renderSeq;
  const hadOverride = !!state.override;
  let r;
  try {
    r = await postRender(requestBody({}));
  } catch (err) {
    if (seq === state.renderSeq) setStatus("The server did not answer: " + err.message, "bad");
    return;
  }
  if (seq !== state.renderSeq) return;
  const { resp, data } = r;
  if (!resp.ok) {
    if (hadOverride) {
      // A typed given the puzzle's format cannot hold: the puzzle stays
      // as it was, and the message says why.
      state.override = null;
      setStatus(data.error || ("error " + resp.status), "bad");
      redrawQuietly();
      return;
    }
    // The puzzle on screen is no longer the text's: take it away, so
    // that nothing is typed onto or solved from a stale picture.
    forget();
    setStatus(data.error || ("error " + resp.status), "bad");
    return;
  }
  remember(data);
  showResult("");
  setStatus(`${data.size}×${data.size} (${data.box} boxes), ${givensCount(data.givens)} givens, ${formatName(data.format)}`);
  explainEntry();
}

// redrawQuietly draws the text's puzzle again, keeping the status line.
async function redrawQuietly() {
  try {
    const { resp, data } = await postRender(requestBody({}));
    if (resp.ok) remember(data);
  } catch (err) { /* the status already says what went wrong */ }
}

function formatName(f) {
  return { fpuzzles: "f-puzzles format", grid: "grid format", compact: "compact format", line: "one-line format" }[f] || (f + " format");
}

function describeTime(data) {
  const ms = data.micros / 1000;
  return ms < 1 ? "under 1 ms" : `${ms.toFixed(1)} ms`;
}

const workButtons = ["solve", "unique", "candidates", "explain", "hint", "reset"];

// startWork shows the spinner, the elapsed time and Cancel, and disables
// the buttons, until endWork.
function startWork(what) {
  const controller = new AbortController();
  const started = performance.now();
  const tick = () => { $("elapsed").textContent = ((performance.now() - started) / 1000).toFixed(1) + " s"; };
  tick();
  state.work = { controller, started, timer: setInterval(tick, 100), what };
  for (const id of workButtons) $(id).disabled = true;
  $("spinner").hidden = $("elapsed").hidden = $("cancel").hidden = false;
  $("work").classList.add("busy");
  setStatus(what + "…");
  return controller;
}

function endWork() {
  if (!state.work) return;
  clearInterval(state.work.timer);
  state.work = null;
  for (const id of workButtons) $(id).disabled = false;
  if (!state.info.candidates) $("candidates").disabled = true;
  $("spinner").hidden = $("elapsed").hidden = $("cancel").hidden = true;
  $("work").classList.remove("busy");
}

const sleep = (ms, signal) => new Promise((resolve, reject) => {
  const t = setTimeout(resolve, ms);
  signal.addEventListener("abort", () => { clearTimeout(t); reject(new DOMException("cancelled", "AbortError")); }, { once: true });
});

// solve runs one solve; a "busy" answer is retried (the server allows a
// few solves at once) rather than shown in place of the answer.
async function solve(extra, what) {
  if (state.work) return;
  clearTimeout(pending); // an edit waiting to be drawn is part of this request
  const edits = state.edits;
  const controller = startWork(what);
  const body = requestBody(extra);
  let r;
  try {
    for (let attempt = 0; ; attempt++) {
      r = await post("/api/solve", body, controller.signal);
      if (r.resp.status !== 503 || attempt >= 30) break;
      setStatus(`${what}… (the server is busy with other solves; waiting for a turn)`);
      const after = +(r.resp.headers.get("Retry-After") || 1);
      await sleep(Math.min(5, Math.max(0.2, after)) * 1000, controller.signal);
    }
  } catch (err) {
    endWork();
    if (err.name === "AbortError") {
      setStatus("Cancelled.", "");
    } else {
      setStatus("The server did not answer: " + err.message, "bad");
    }
    return;
  }
  endWork();
  if (edits !== state.edits) {
    setStatus("The puzzle changed while it was being solved; press the button again.", "bad");
    return;
  }
  const { resp, data } = r;
  if (resp.status === 503) {
    setStatus("The server stayed busy: " + (data.error || "too many solves") + ". Try again in a moment.", "bad");
    return;
  }
  if (!resp.ok) {
    forget();
    setStatus(data.error || ("error " + resp.status), "bad");
    return;
  }
  remember(data);
  const t = describeTime(data);
  let text = "", kind = "";
  switch (data.candidates ? "candidates" : data.status) {
  case "solved":
    if (data.solutions !== undefined) {
      text = data.unique ? `Unique: exactly one solution (${t}).` :
        `Not unique: at least ${data.solutions} solutions (${t}); the cells where two differ are marked.`;
      kind = data.unique ? "good" : "bad";
    } else {
      text = `Solved by ${data.engine} in ${t}; checked against every rule.`;
      kind = "good";
    }
    break;
  case "no_solution":
    text = "No solution." + (data.explanation ? " " + data.explanation + "." : extra.explain ? "" : " Press Explain to see why.");
    kind = "bad";
    break;
  case "candidates":
    text = `True candidates: the digits each cell takes in at least one solution (${t}); a cell with one left shows it as a digit.`;
    kind = "good";
    break;
  case "timeout":
    text = "No answer within the time limit.";
    kind = "bad";
    break;
  default:
    text = data.error || data.status;
    kind = "bad";
  }
  setStatus(text, kind);
  showResult(data.solution_text || "");
}

function cancelWork() {
  if (state.work) state.work.controller.abort();
}

// grid returns the picture's grid: its SVG, left, top and cell size in
// SVG units.
function grid() {
  const svg = $("picture").querySelector("svg");
  const border = svg && svg.querySelector("rect.border");
  if (!border || !state.board) return null;
  const side = +border.getAttribute("width");
  return { svg, x0: +border.getAttribute("x"), y0: +border.getAttribute("y"), cell: side / state.board.size, n: state.board.size };
}

// cellAt returns the cell under a mouse or touch event, or -1.
function cellAt(evt) {
  const g = grid();
  if (!g) return -1;
  const pt = g.svg.createSVGPoint();
  pt.x = evt.clientX;
  pt.y = evt.clientY;
  const p = pt.matrixTransform(g.svg.getScreenCTM().inverse());
  const c = Math.floor((p.x - g.x0) / g.cell), r = Math.floor((p.y - g.y0) / g.cell);
  if (r < 0 || r >= g.n || c < 0 || c >= g.n) return -1;
  return r * g.n + c;
}

function drawSelection() {
  const g = grid();
  const svg = $("picture").querySelector("svg");
  if (svg) svg.querySelectorAll(".selection").forEach((e) => e.remove());
  if (!g || state.selected < 0) return;
  const r = Math.floor(state.selected / g.n), c = state.selected % g.n;
  const rect = document.createElementNS(svgNS, "rect");
  rect.setAttribute("class", "selection");
  rect.setAttribute("x", g.x0 + c * g.cell);
  rect.setAttribute("y", g.y0 + r * g.cell);
  rect.setAttribute("width", g.cell);
  rect.setAttribute("height", g.cell);
  rect.setAttribute("fill", "#1d6ae5");
  rect.setAttribute("fill-opacity", "0.18");
  rect.setAttribute("stroke", "#1d6ae5");
  rect.setAttribute("stroke-width", g.cell * 0.06);
  g.svg.appendChild(rect);
}

function symbol(d) {
  const syms = state.board && state.board.symbols;
  return syms && d <= syms.length ? syms[d - 1] : String(d);
}

// solvedDigit is the digit of cell i in the last answer's solution, or 0.
// The solution is its line, in the puzzle's symbols or (with none) the
// default alphabet 1-9 A-Z, which are base-36 digits; or, beyond 35×35,
// its rows of numbers.
function solvedDigit(i) {
  const sol = state.last && state.last.solution;
  if (!sol) return 0;
  if (typeof sol !== "string") {
    const n = sol.length;
    return (sol[Math.floor(i / n)] || [])[i % n] || 0;
  }
  const ch = sol[i];
  if (!ch) return 0;
  const syms = state.board && state.board.symbols;
  return syms ? syms.indexOf(ch) + 1 : parseInt(ch, 36);
}

// describeCell says a cell and what it holds, for a screen reader.
function describeCell(i) {
  if (!state.board || i < 0) return "";
  const n = state.board.size, r = Math.floor(i / n) + 1, c = (i % n) + 1;
  const given = (state.override || state.board.givens)[i];
  let what = given ? `given ${symbol(given)}` : "empty";
  const solved = solvedDigit(i);
  if (!given && solved) what = `solved ${symbol(solved)}`;
  if (!given && state.last && state.last.candidates && state.last.candidates[i]) {
    const c = state.last.candidates[i];
    what = c.length === 1 ? `solved ${symbol(c[0])}` : `candidates ${c.map(symbol).join(" ")}`;
  }
  const notes = state.notes[i];
  if (notes && notes.size) what += `, pencil marks ${[...notes].sort((a, b) => a - b).map(symbol).join(" ")}`;
  return `Row ${r}, column ${c}: ${what}`;
}

function select(i) {
  state.selected = i;
  drawSelection();
  $("cell-say").textContent = describeCell(i);
}

function setGiven(cell, digit) {
  const givens = (state.override || state.board.givens).slice();
  givens[cell] = digit;
  state.override = givens;
  state.edits++;
  delete state.notes[cell];
  $("cell-say").textContent = `Row ${Math.floor(cell / state.board.size) + 1}, column ${(cell % state.board.size) + 1}: ${digit ? "given " + symbol(digit) : "cleared"}`;
  refresh();
}

// digitForKey maps a key to a digit of the board, 0 for "clear", or -1.
function digitForKey(key) {
  const n = state.board.size, syms = state.board.symbols;
  if (key === "Backspace" || key === "Delete" || key === "." || key === " ") return 0;
  if (key.length !== 1) return -1;
  if (syms) {
    const i = syms.indexOf(key.toUpperCase());
    if (i >= 0) return i + 1;
    return key === "0" ? 0 : -1;
  }
  // Numbers: boards over 9 take two keystrokes within a second.
  if (key < "0" || key > "9") return -1;
  const k = +key, now = Date.now(), t = state.typed;
  if (t.cell === state.selected && now - t.at < 1000 && t.value * 10 + k <= n && t.value > 0) {
    const v = t.value * 10 + k;
    state.typed = { cell: -1, value: 0, at: 0 };
    return v;
  }
  state.typed = { cell: state.selected, value: k, at: now };
  return k <= n ? k : -1;
}

// enter puts digit d (0 clears) in the selected cell: a given, or a
// pencil mark in pencil mode.
function enter(d) {
  if (!state.board) return;
  if (state.selected < 0) select(0);
  const cell = state.selected;
  if (state.pencil) {
    const notes = state.notes[cell] || new Set();
    if (d === 0) notes.clear();
    else if (notes.has(d)) notes.delete(d);
    else notes.add(d);
    state.notes[cell] = notes;
    drawNotes();
    $("cell-say").textContent = describeCell(cell);
    return;
  }
  setGiven(cell, d);
}

function onKey(evt) {
  if (!state.board) return;
  if (state.selected < 0) select(0);
  const n = state.board.size;
  let r = Math.floor(state.selected / n), c = state.selected % n;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[evt.key]) {
    r = (r + moves[evt.key][0] + n) % n;
    c = (c + moves[evt.key][1] + n) % n;
    select(r * n + c);
    evt.preventDefault();
    return;
  }
  if (evt.key === "Escape") {
    state.selected = -1;
    drawSelection();
    return;
  }
  if (evt.key === "Tab" || evt.ctrlKey || evt.metaKey || evt.altKey) return;
  const d = digitForKey(evt.key);
  if (d < 0) return;
  evt.preventDefault();
  enter(d);
}

// onInput takes what a phone keyboard typed into the input (its keys
// often come without a key name).
function onInput(evt) {
  const input = evt.target;
  const text = input.value;
  input.value = "";
  if (!state.board || !text) return;
  for (const ch of text) {
    const d = digitForKey(ch);
    if (d >= 0) enter(d);
  }
}

// Pencil marks the user wrote, drawn in the layout of the picture's own
// marks: digit d at place d−1 of a grid of ⌈√N⌉ columns, the top row
// beside a cage sum.
function drawNotes() {
  const g = grid();
  const svg = $("picture").querySelector("svg");
  if (svg) svg.querySelectorAll(".note").forEach((e) => e.remove());
  if (!g) return;
  const n = g.n, cols = Math.ceil(Math.sqrt(n)), rows = Math.ceil(n / cols);
  const inner = 0.9 * g.cell, cw = inner / cols, ch = inner / rows;
  const size = Math.min(cw, ch) * 0.8;
  const sums = {};
  for (const back of g.svg.querySelectorAll("rect[class~='sum-back']")) {
    sums[+back.dataset.cells] = +back.getAttribute("x") + +back.getAttribute("width");
  }
  for (const [cellKey, notes] of Object.entries(state.notes)) {
    const cell = +cellKey;
    if (!notes.size || (state.override || state.board.givens)[cell]) continue;
    const x0 = g.x0 + (cell % n) * g.cell + (g.cell - inner) / 2, y0 = g.y0 + Math.floor(cell / n) * g.cell + (g.cell - inner) / 2;
    for (const d of notes) {
      const k = d - 1, col = k % cols, row = Math.floor(k / cols);
      let x = x0 + (col + 0.5) * cw;
      if (row === 0 && sums[cell] !== undefined) {
        const w0 = (x0 + inner - sums[cell] - 0.06 * g.cell) / cols;
        x = sums[cell] + 0.06 * g.cell + (col + 0.5) * w0;
      }
      const t = document.createElementNS(svgNS, "text");
      t.setAttribute("class", "note");
      t.setAttribute("data-cells", cell);
      t.setAttribute("x", x);
      t.setAttribute("y", y0 + (row + 0.5) * ch + 0.35 * size);
      t.setAttribute("font-size", size);
      t.setAttribute("text-anchor", "middle");
      t.setAttribute("fill", "#2f4a6d");
      t.textContent = symbol(d);
      g.svg.appendChild(t);
    }
  }
}

// buildPad makes the digit pad: the board's digits, Delete and Pencil.
function buildPad() {
  const pad = $("pad");
  const n = state.board ? state.board.size : 0;
  if (pad.dataset.size === String(n) && pad.dataset.symbols === (state.board && state.board.symbols)) return;
  pad.dataset.size = String(n);
  pad.dataset.symbols = state.board ? state.board.symbols : "";
  const buttons = [];
  for (let d = 1; d <= n; d++) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "digit";
    b.textContent = symbol(d);
    b.dataset.digit = String(d);
    b.setAttribute("aria-label", "digit " + symbol(d));
    buttons.push(b);
  }
  const del = document.createElement("button");
  del.type = "button";
  del.className = "quiet";
  del.dataset.digit = "0";
  del.textContent = "Delete";
  const pen = document.createElement("button");
  pen.type = "button";
  pen.id = "pencil";
  pen.className = "quiet";
  pen.textContent = "Pencil marks";
  pen.setAttribute("aria-pressed", String(state.pencil));
  const digits = document.createElement("div");
  digits.className = "pad-digits";
  digits.style.gridTemplateColumns = `repeat(${Math.min(n, 9) || 1}, 1fr)`;
  digits.replaceChildren(...buttons);
  const tools = document.createElement("div");
  tools.className = "pad-tools";
  tools.replaceChildren(del, pen);
  pad.replaceChildren(digits, tools);
}

function onPad(evt) {
  const b = evt.target.closest("button");
  if (!b) return;
  if (b.id === "pencil") {
    state.pencil = !state.pencil;
    b.setAttribute("aria-pressed", String(state.pencil));
    return;
  }
  if (b.dataset.digit !== undefined) enter(+b.dataset.digit);
}

// explainEntry says how digits over 9 are typed on this board.
function explainEntry() {
  const hint = $("entry-hint");
  const n = state.board ? state.board.size : 9;
  let text = "Click or tab onto the board, then type to change a given; Delete clears; arrow keys move.";
  if (n > 9 && state.board.symbols) {
    text += ` This ${n}×${n} board writes its digits as ${state.board.symbols}: type the symbol (${state.board.symbols[9]} for 10).`;
  } else if (n > 9) {
    text += ` On this ${n}×${n} board, type two-digit numbers quickly (1 then 2 for 12), or use the pad.`;
  }
  hint.textContent = text;
}

// saveAddress puts the puzzle in the page's address, so that the address
// reopens it.
function saveAddress() {
  const params = new URLSearchParams();
  params.set("p", $("puzzle").value);
  for (const id of ["box", "rules", "regions"]) if ($(id).value.trim()) params.set(id, $(id).value);
  if ($("alphabet").value !== "default") params.set("alphabet", $("alphabet").value);
  history.replaceState(null, "", "#" + params.toString());
}

// loadAddress reads a puzzle from the page's address; false if it has
// none.
function loadAddress() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has("p")) return false;
  $("puzzle").value = params.get("p");
  for (const id of ["box", "rules", "regions", "alphabet"]) if (params.has(id)) $(id).value = params.get(id);
  return true;
}

async function share() {
  saveAddress();
  try {
    await navigator.clipboard.writeText(location.href);
    setStatus("The link to this puzzle is copied: it opens the page with the puzzle.", "good");
  } catch (err) {
    setStatus("The page's address is the link to this puzzle: copy it from the address bar.", "");
  }
}

// svgText returns the picture as a standalone SVG document.
function svgText() {
  const svg = $("picture").querySelector("svg");
  if (!svg) return "";
  const copy = svg.cloneNode(true);
  copy.querySelectorAll(".selection").forEach((e) => e.remove());
  return new XMLSerializer().serializeToString(copy);
}

function downloadSVG(evt) {
  const text = svgText();
  if (!text) { evt.preventDefault(); return; }
  evt.currentTarget.href = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(text);
}

// downloadPNG draws the SVG on a canvas at twice its size and saves it.
async function downloadPNG(evt) {
  const a = evt.currentTarget;
  if (a.dataset.ready === "1") { a.dataset.ready = ""; return; } // the second, real click
  evt.preventDefault();
  const text = svgText();
  if (!text) return;
  const img = new Image();
  img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(text);
  try {
    await img.decode();
  } catch (err) {
    setStatus("The picture could not be turned into a PNG: " + err.message, "bad");
    return;
  }
  const canvas = document.createElement("canvas");
  canvas.width = img.naturalWidth * 2;
  canvas.height = img.naturalHeight * 2;
  canvas.getContext("2d").drawImage(img, 0, 0, canvas.width, canvas.height);
  a.href = canvas.toDataURL("image/png");
  a.dataset.ready = "1";
  a.click();
}

function newBlank(n) {
  const side = +n;
  if (!side) return;
  $("puzzle").value = "";
  $("box").value = side === 6 ? "2x3" : "";
  state.override = new Array(side * side).fill(0);
  state.base = null;
  state.edits++;
  state.selected = 0;
  refresh();
}

function onEdit() {
  state.override = null;
  state.base = null;
  state.edits++;
  clearTimeout(pending);
  pending = setTimeout(refresh, 300);
}

async function start() {
  try {
    state.info = await (await fetch("/api/info")).json();
  } catch (err) {
    setStatus("Cannot reach the server: " + err.message, "bad");
    return;
  }
  $("version").textContent = "satdoku " + (state.info.version || "");
  $("rules").title = "Global rules: " + state.info.rule_names;
  const cand = $("candidates");
  if (!state.info.candidates) {
    cand.disabled = true;
    cand.title = "True candidates are not available in this build";
    $("counts").disabled = true;
  }
  if (!loadAddress()) $("puzzle").value = example;
  if (window.matchMedia("(min-width: 761px)").matches) {
    $("rules-box").open = true;
    $("result-box").open = true;
  }
  $("puzzle").addEventListener("input", onEdit);
  $("box").addEventListener("change", onEdit);
  $("rules").addEventListener("change", onEdit);
  $("regions").addEventListener("input", onEdit);
  $("alphabet").addEventListener("change", onEdit);
  $("blank").addEventListener("change", (e) => { newBlank(e.target.value); e.target.value = ""; });
  $("solve").addEventListener("click", () => solve({ count: 1 }, "Solving"));
  $("unique").addEventListener("click", () => solve({ count: 2 }, "Counting solutions"));
  $("candidates").addEventListener("click", () => solve({ candidates: true, candidate_counts: $("counts").checked }, "Finding the true candidates"));
  $("explain").addEventListener("click", () => solve({ explain: true }, "Explaining"));
  $("reset").addEventListener("click", refresh);
  $("cancel").addEventListener("click", cancelWork);
  $("share").addEventListener("click", share);
  $("download-svg").addEventListener("click", downloadSVG);
  $("download-png").addEventListener("click", downloadPNG);
  $("pad").addEventListener("click", onPad);
  const input = $("cell-input");
  input.addEventListener("pointerdown", (evt) => {
    const cell = cellAt(evt);
    if (cell >= 0) select(cell);
  });
  input.addEventListener("focus", () => { if (state.board && state.selected < 0) select(0); else $("cell-say").textContent = describeCell(state.selected); });
  input.addEventListener("keydown", onKey);
  input.addEventListener("input", onInput);
  window.addEventListener("hashchange", () => { if (loadAddress()) { state.override = null; state.base = null; state.edits++; refresh(); } });
  await refresh();
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", start);
