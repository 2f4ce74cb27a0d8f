// satdoku's hint and step-through: the logical path from the position on
// the board (POST /api/steps), one step at a time, each drawn by the
// server with what it relies on highlighted; a step made of others (a SAT
// step's unit propagation, a forcing chain's branches) can be zoomed
// into, its sub-steps listed in words and drawn one at a time. It uses
// app.js's state and helpers ($, state, post, requestBody, showSVG,
// setStatus, startWork, endWork, sleep), which are loaded first.
"use strict";

const stepView = {
  body: null,  // the request of the path shown: the position when Hint was pressed
  path: null,  // its answer's path
  shown: 0,    // the step drawn, 1-based
  shownSub: 0, // its sub-step drawn, 1-based; 0: the step itself
  follow: null, // the AbortController of the request for the rest of the path
};

// stepsPosition returns the givens and entered digits of the board: a digit
// typed in a blank of the puzzle as pasted is entered (the Hint checks
// it); the pasted digits, and any typed over them, are givens. entered is
// null when there is none (an f-puzzles file's own entered digits then
// count).
function stepsPosition() {
  const now = state.override || state.board.givens;
  const base = state.base && state.base.length === now.length ? state.base : now;
  const givens = now.map((d, i) => (base[i] ? d : 0));
  const entered = now.map((d, i) => (base[i] ? 0 : d));
  return { givens, entered: entered.some((d) => d) ? entered : null };
}

// stepsAsk posts a steps request, retrying while the server is busy; it
// answers { resp, data } or null when cancelled or failed (the status says
// why).
async function stepsAsk(body, what) {
  if (state.work) return null;
  const controller = startWork(what);
  try {
    for (let attempt = 0; ; attempt++) {
      const r = await post("/api/steps", body, controller.signal);
      if (r.resp.status !== 503 || attempt >= 30) return r;
      setStatus(`${what}… (the server is busy; waiting for a turn)`);
      const after = +(r.resp.headers.get("Retry-After") || 1);
      await sleep(Math.min(5, Math.max(0.2, after)) * 1000, controller.signal);
    }
  } catch (err) {
    setStatus(err.name === "AbortError" ? "Cancelled." : "The server did not answer: " + err.message, err.name === "AbortError" ? "" : "bad");
    return null;
  } finally {
    endWork();
  }
}

// stepsHint asks for the path from the position on the board and shows its
// first step.
async function stepsHint() {
  if (state.work) return;
  // An edit of the text waiting to be drawn is drawn first: the position
  // is the board's.
  clearTimeout(pending);
  await refresh();
  if (!state.board) return;
  const pos = stepsPosition();
  const body = requestBody({ givens: pos.givens, step: 0 });
  if (pos.entered) body.entered = pos.entered;
  const edits = state.edits;
  const r = await stepsAsk(body, "Finding the next step");
  if (!r) return;
  if (edits !== state.edits) {
    setStatus("The puzzle changed while the step was being found; press Hint again.", "bad");
    return;
  }
  stepsShow(r, body);
}

// stepsGo shows step k of the path on screen, or its sub-step sub (the
// server keeps the path: it only draws).
async function stepsGo(k, sub) {
  // The step after the last found is asked for while the path is still
  // being found: the server answers once it has it.
  if (!stepView.path || k < 1 || k > stepView.path.steps.length + (stepView.path.more ? 1 : 0)) return;
  sub = sub || 0;
  if (sub < 0 || (sub > 0 && sub > (stepView.path.steps[k - 1].sub || []).length)) return;
  const body = Object.assign({}, stepView.body, { step: k });
  if (sub) body.sub = sub;
  const r = await stepsAsk(body, sub ? `Drawing step ${k}.${sub}` : `Drawing step ${k}`);
  if (r) stepsShow(r, stepView.body);
}

// stepsShow shows an answer of /api/steps.
function stepsShow(r, body) {
  const { resp, data } = r;
  if (!resp.ok) {
    setStatus(data.error || ("error " + resp.status), "bad");
    return;
  }
  switch (data.status) {
  case "path":
    break;
  case "mistakes": {
    stepsEnd();
    const names = data.path.mistakes.map((m) => `${m.name} = ${symbol(m.digit)}`);
    setStatus(`${names.join(", ")} ${names.length === 1 ? "is" : "are"} wrong: the solution has another digit there (marked on the board).`, "bad");
    if (data.svg) showSVG($("picture"), data.svg);
    return;
  }
  case "no_path":
    stepsEnd();
    setStatus(data.error, "");
    return;
  case "no_solution":
    stepsEnd();
    setStatus("No solution, so there is no hint." + (data.explanation ? " " + data.explanation + "." : ""), "bad");
    return;
  default:
    stepsEnd();
    setStatus(data.error || data.status, "bad");
    return;
  }
  const path = data.path;
  const same = stepView.body === body;
  stepView.body = body;
  stepView.path = path;
  stepView.shown = path.shown;
  stepView.shownSub = path.shown_sub || 0;
  if (data.svg) {
    showSVG($("picture"), data.svg);
    drawSelection();
  }
  const panel = $("steps");
  const total = path.steps.length;
  let ending = "";
  if (path.solved) ending = "The path ends with every cell filled.";
  else if (path.broken) ending = `The path ends in a contradiction: ${path.broken}.`;
  else if (path.stuck) ending = "The path ends here: no technique applies.";
  else if (path.cut) ending = `The path stops here: ${path.cut}.`;
  if (total === 0) {
    stepsEnd();
    let why = path.solved ? "The grid is solved: every cell is filled." : "No logical step applies from here.";
    if (path.cut) why = `No logical step was found: ${path.cut}.`;
    setStatus(why + (path.note && !path.solved ? " Note: " + path.note + "." : ""), path.solved ? "good" : "bad");
    return;
  }
  const k = path.shown;
  const step = path.steps[k - 1];
  panel.hidden = false;
  panel.dataset.shown = String(k);
  stepsCount();
  $("step-text").textContent = step.text;
  // The rule instances the step relies on, in the words of the rule list.
  const rules = (step.rules || []).map((i) => (data.rules || [])[i]).filter((r) => r);
  $("step-rules").textContent = rules.length ? "It relies on: " + rules.join("; ") : "";
  $("step-rules").hidden = !rules.length;
  $("step-prev").disabled = k <= 1;
  stepsZoom(k, step, stepView.shownSub);
  let status = k === 1 ? `Hint: ${step.text}` : `Step ${k}: ${step.technique}.`;
  if (stepView.shownSub) {
    const sub = step.sub[stepView.shownSub - 1];
    status = `Step ${k}, sub-step ${stepView.shownSub} of ${step.sub.length}: ${sub.text}`;
  } else if (k === total && ending) status += " " + ending;
  if (path.note) status += ` (Note: ${path.note}.)`;
  setStatus(status, "");
  if (path.more && !(same && stepView.follow)) stepsFollow(body);
}

// stepsCount shows which step is drawn, of how many, and whether there is
// a next: while the path is still being found (panel data-more), the
// steps found so far.
function stepsCount() {
  const path = stepView.path;
  const total = path.steps.length;
  const panel = $("steps");
  if (path.more) panel.dataset.more = "1";
  else delete panel.dataset.more;
  $("step-count").textContent = path.more ? `Step ${stepView.shown} of ${total} found so far…` : `Step ${stepView.shown} of ${total}`;
  $("step-next").disabled = stepView.shown >= total && !path.more;
}

// stepsFollow asks, beside the step shown, for the whole path from the
// same position (the server goes on finding it after the first step), and
// when it comes takes its steps and its ending, leaving the picture as it
// is; pressing Next meanwhile asks for the next step itself.
async function stepsFollow(body) {
  if (stepView.follow) stepView.follow.abort();
  const controller = new AbortController();
  stepView.follow = controller;
  try {
    const { resp, data } = await post("/api/steps", Object.assign({}, body, { step: 1, picture: "none", whole: true }), controller.signal);
    if (stepView.body !== body || !resp.ok || data.status !== "path") return;
    // A step-through answered since may know as much already.
    if (stepView.path && !stepView.path.more) return;
    stepView.path = Object.assign({}, data.path, { shown: stepView.shown, shown_sub: stepView.shownSub });
    stepsCount();
  } catch (err) {
    // cancelled, or the server did not answer: the steps go on one by one
  } finally {
    if (stepView.follow === controller) stepView.follow = null;
  }
}

// stepsZoom lists the sub-steps of step k, if it has any, each a button
// that draws it; sub (1-based) is the one drawn, 0 for none. The list
// stays open or closed as the person left it, and opens when a sub-step
// is drawn.
function stepsZoom(k, step, sub) {
  const zoom = $("step-zoom");
  const subs = step.sub || [];
  zoom.hidden = subs.length === 0;
  const panel = $("steps");
  if (sub) panel.dataset.sub = String(sub);
  else delete panel.dataset.sub;
  if (!subs.length) {
    $("step-subs").replaceChildren();
    return;
  }
  if (sub) zoom.open = true;
  const why = step.technique === "SAT Step" ? "the candidate supposed, then what each house or rule forces, to a contradiction" : "the steps it is made of";
  $("step-sub-count").textContent = `${subs.length} sub-step${subs.length === 1 ? "" : "s"} (${why})`;
  const items = subs.map((s, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = s.text;
    b.dataset.sub = String(i + 1);
    if (i + 1 === sub) b.setAttribute("aria-current", "step");
    // Pressing the sub-step drawn draws the step again.
    b.addEventListener("click", () => stepsGo(k, i + 1 === stepView.shownSub ? 0 : i + 1));
    li.append(b);
    return li;
  });
  // The list is made anew: a sub-step pressed keeps the focus.
  const focused = $("step-subs").contains(document.activeElement);
  $("step-subs").replaceChildren(...items);
  $("sub-prev").disabled = sub < 1; // from the first, back to the step itself
  $("sub-next").disabled = sub >= subs.length;
  const current = items[sub - 1];
  if (current) current.scrollIntoView({ block: "nearest" });
  if (focused) (current || items[0]).firstChild.focus();
}

// stepsEnd closes the step-through.
function stepsEnd() {
  if (stepView.follow) stepView.follow.abort();
  stepView.follow = null;
  stepView.body = stepView.path = null;
  stepView.shown = stepView.shownSub = 0;
  const panel = $("steps");
  panel.hidden = true;
  delete panel.dataset.shown;
  delete panel.dataset.sub;
}

function startSteps() {
  $("hint").addEventListener("click", stepsHint);
  $("step-next").addEventListener("click", () => stepsGo(stepView.shown + 1));
  $("step-prev").addEventListener("click", () => stepsGo(stepView.shown - 1));
  $("sub-next").addEventListener("click", () => stepsGo(stepView.shown, stepView.shownSub + 1));
  $("sub-prev").addEventListener("click", () => stepsGo(stepView.shown, stepView.shownSub - 1));
  $("step-close").addEventListener("click", () => { stepsEnd(); redrawQuietly(); });
  // A new picture of the puzzle (an edit, a solve, Show puzzle): the
  // path shown is no longer the board's.
  document.addEventListener("satdoku:puzzle", stepsEnd);
}

document.addEventListener("DOMContentLoaded", startSteps);
