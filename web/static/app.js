// satdoku's page: it sends the puzzle to the JSON API of the server that
// served it and shows the SVG picture it gets back. No other site is
// contacted; the page works offline.
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

const $ = (id) => document.getElementById(id);
let pending = 0; // timer of a redraw after an edit of the text
const state = {
  info: null,      // GET /api/info
  board: null,     // the last answer's size, box, givens, symbols
  override: null,  // givens typed on the picture, not yet in the text
  selected: -1,    // selected cell, -1 for none
  typed: { cell: -1, value: 0, at: 0 }, // a number being typed (boards over 9)
  seq: 0,          // answers to stale requests are dropped
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

async function call(path, extra) {
  const seq = ++state.seq;
  let resp, data;
  try {
    resp = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(requestBody(extra)),
    });
    data = await resp.json();
  } catch (err) {
    if (seq === state.seq) setStatus("The server did not answer: " + err.message, "bad");
    return null;
  }
  if (seq !== state.seq) return null;
  if (resp.status === 503) {
    setStatus("The server is busy (" + (data.error || "too many solves") + "). Try again in a moment.", "bad");
    return null;
  }
  if (!resp.ok) {
    // The puzzle on screen is no longer the text's: take it away, so
    // that nothing is typed onto or solved from a stale picture.
    forget();
    setStatus(data.error || ("error " + resp.status), "bad");
    return null;
  }
  return data;
}

// forget clears the picture, the rules and the result of the last puzzle.
function forget() {
  state.board = null;
  state.selected = -1;
  $("picture").replaceChildren();
  $("rule-list").replaceChildren();
  $("result").textContent = "";
  $("second").hidden = true;
  $("picture2").replaceChildren();
}

function showSVG(container, text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg") return;
  container.replaceChildren(document.importNode(svg, true));
}

function showRules(rules, ignored) {
  const item = (text) => {
    const li = document.createElement("li");
    li.textContent = text;
    return li;
  };
  const items = (rules || []).map(item);
  if (ignored && ignored.length) items.push(item("Not solved with: " + ignored.join("; ")));
  $("rule-list").replaceChildren(...items);
}

function remember(data) {
  state.board = { size: data.size, box: data.box, givens: data.givens, symbols: data.symbols || "" };
  showRules(data.rules, data.ignored);
  if (state.override && data.text) {
    // The typed givens are now written in the text, in its own format.
    $("puzzle").value = data.text;
    state.override = null;
  }
  if (data.svg) showSVG($("picture"), data.svg);
  drawSelection();
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

async function refresh() {
  const data = await call("/api/render", {});
  if (!data) return;
  remember(data);
  $("result").textContent = "";
  setStatus(`${data.size}×${data.size} (${data.box} boxes), ${givensCount(data.givens)} givens, ${data.format} format`);
}

function describeTime(data) {
  return data.elapsed_ms < 1 ? "under 1 ms" : `${data.elapsed_ms.toFixed(1)} ms`;
}

async function solve(extra, what) {
  clearTimeout(pending); // an edit waiting to be drawn is part of this request
  setStatus(what + "…");
  const data = await call("/api/solve", extra);
  if (!data) return;
  remember(data);
  const t = describeTime(data);
  let text = "", kind = "";
  switch (data.status) {
  case "solved":
    if (data.count !== undefined) {
      text = data.unique ? `Unique: exactly one solution (${t}).` :
        `Not unique: at least ${data.count} solutions (${t}); the cells where two differ are marked.`;
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
    text = `True candidates: the digits each cell takes in at least one solution (${t}).`;
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
  $("result").textContent = data.solution_text || "";
}

// cellAt returns the cell under a mouse event on the picture, or -1.
function cellAt(evt) {
  const svg = $("picture").querySelector("svg");
  const border = svg && svg.querySelector("rect.border");
  if (!border || !state.board) return -1;
  const pt = svg.createSVGPoint();
  pt.x = evt.clientX;
  pt.y = evt.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  const x0 = +border.getAttribute("x"), y0 = +border.getAttribute("y");
  const side = +border.getAttribute("width");
  const n = state.board.size, cell = side / n;
  const c = Math.floor((p.x - x0) / cell), r = Math.floor((p.y - y0) / cell);
  if (r < 0 || r >= n || c < 0 || c >= n) return -1;
  return r * n + c;
}

function drawSelection() {
  const svg = $("picture").querySelector("svg");
  if (!svg) return;
  svg.querySelectorAll(".selection").forEach((e) => e.remove());
  const border = svg.querySelector("rect.border");
  if (state.selected < 0 || !border || !state.board) return;
  const n = state.board.size, side = +border.getAttribute("width"), cell = side / n;
  const r = Math.floor(state.selected / n), c = state.selected % n;
  const rect = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  rect.setAttribute("class", "selection");
  rect.setAttribute("x", +border.getAttribute("x") + c * cell);
  rect.setAttribute("y", +border.getAttribute("y") + r * cell);
  rect.setAttribute("width", cell);
  rect.setAttribute("height", cell);
  rect.setAttribute("fill", "#1d6ae5");
  rect.setAttribute("fill-opacity", "0.18");
  rect.setAttribute("stroke", "#1d6ae5");
  rect.setAttribute("stroke-width", cell * 0.06);
  svg.appendChild(rect);
}

function setGiven(cell, digit) {
  const givens = (state.override || state.board.givens).slice();
  givens[cell] = digit;
  state.override = givens;
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

function onKey(evt) {
  if (state.selected < 0 || !state.board) return;
  const n = state.board.size;
  let r = Math.floor(state.selected / n), c = state.selected % n;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[evt.key]) {
    r = (r + moves[evt.key][0] + n) % n;
    c = (c + moves[evt.key][1] + n) % n;
    state.selected = r * n + c;
    drawSelection();
    evt.preventDefault();
    return;
  }
  if (evt.key === "Escape") {
    state.selected = -1;
    drawSelection();
    return;
  }
  const d = digitForKey(evt.key);
  if (d < 0) return;
  evt.preventDefault();
  setGiven(state.selected, d);
}

function newBlank(n) {
  const side = +n;
  if (!side) return;
  $("puzzle").value = "";
  $("box").value = side === 6 ? "2x3" : "";
  state.override = new Array(side * side).fill(0);
  state.selected = 0;
  refresh();
}

function onEdit() {
  state.override = null;
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
  }
  $("puzzle").value = example;
  $("puzzle").addEventListener("input", onEdit);
  $("box").addEventListener("change", onEdit);
  $("rules").addEventListener("change", onEdit);
  $("regions").addEventListener("input", onEdit);
  $("alphabet").addEventListener("change", onEdit);
  $("blank").addEventListener("change", (e) => { newBlank(e.target.value); e.target.value = ""; });
  $("solve").addEventListener("click", () => solve({ count: 1 }, "Solving"));
  $("unique").addEventListener("click", () => solve({ count: 2 }, "Counting solutions"));
  $("candidates").addEventListener("click", () => solve({ candidates: true }, "Finding candidates"));
  $("explain").addEventListener("click", () => solve({ explain: true }, "Explaining"));
  $("reset").addEventListener("click", refresh);
  const pic = $("picture");
  pic.addEventListener("click", (evt) => {
    state.selected = cellAt(evt);
    drawSelection();
    pic.focus();
  });
  pic.addEventListener("keydown", onKey);
  await refresh();
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", start);
