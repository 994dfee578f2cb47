// Show what changed since the player's last move (web/changed.py sends the steps).
//
// Each step is an event the player did not click (chance, automatic rules, the AI, the
// virtual opponent) with the table elements it changed, as [attribute, value] pairs naming
// the game page's own data-* ids. The table is already drawn in its final state: this module
// highlights each step's elements in turn, at a pace the player can follow, marks the step in
// the "since your move" strip, and leaves every changed element softly marked at the end.
// Skip jumps to that end at once; with prefers-reduced-motion there is no playback at all.
// Steps already shown are remembered per table (sessionStorage), so a reload does not play
// them again, and a fragment swapped in during the playback (a poll) carries it on.

import { onUpdate } from "./table.js";

const PACE = 1100; // ms per step
const MIN_PACE = 500; // ms per step at least
const RUN = 15000; // ms a whole run aims at: a refill of twenty dice goes faster
const ATTRS = new Set(["slot", "sq", "card", "key", "diver", "counter"]);
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");

let run = null; // the playback: { data, key, at (step shown), timer }

function strip() {
  return document.getElementById("since-move");
}

function items() {
  return Array.from(document.querySelectorAll("#since-move li.step"));
}

function elementsOf(step) {
  const out = [];
  for (const [attr, value] of step.targets) {
    if (!ATTRS.has(attr)) continue;
    const sel = `[data-${attr}="${CSS.escape(value)}"]`;
    for (const el of document.querySelectorAll(`#table ${sel}`)) {
      if (!el.closest(".since-move")) out.push(el);
    }
  }
  return out;
}

function seenKey() {
  const main = document.getElementById("table");
  return `solotable.changed.${main ? main.dataset.id : ""}`;
}

function seen() {
  try {
    return Number(sessionStorage.getItem(seenKey()) || 0);
  } catch (e) {
    return 0;
  }
}

function remember(seq) {
  try {
    sessionStorage.setItem(seenKey(), String(seq));
  } catch (e) {
    /* storage refused: steps may play again, nothing else */
  }
}

/** Draw the playback's state on the table as it is now: steps before ``at`` shown and
 *  softly marked, step ``at`` highlighted (``at`` past the end: the final state). */
function draw(data, at) {
  const lis = items();
  for (const el of document.querySelectorAll("#table .changed-now")) {
    el.classList.remove("changed-now");
  }
  data.steps.forEach((step, k) => {
    const li = lis[k];
    if (k < at) {
      for (const el of elementsOf(step)) el.classList.add("changed");
      li.classList.add("shown");
      li.classList.remove("now");
      li.removeAttribute("aria-current");
    } else if (k === at) {
      for (const el of elementsOf(step)) el.classList.add("changed-now");
      li.classList.add("now");
      li.setAttribute("aria-current", "step");
      const list = li.parentElement; // keep the step in sight in the strip (not the page)
      // read the layout once every change is made (before the frame is drawn): reading it
      // here forced a layout of the whole table in the middle of the swap, then another
      requestAnimationFrame(() => {
        list.scrollTop = Math.max(0, li.offsetTop - list.clientHeight / 3);
      });
    }
  });
  const s = strip();
  const done = at >= data.steps.length;
  s.dataset.state = done ? "done" : "playing";
  if (!done) s.dataset.step = String(at);
  const skip = document.getElementById("skip-steps");
  skip.hidden = done;
  skip.onclick = done ? null : () => finish();
}

function finish() {
  if (!run) return;
  clearTimeout(run.timer);
  const { data } = run;
  run = null;
  if (strip()) draw(data, data.steps.length);
  if (data.steps.length) remember(data.steps[data.steps.length - 1].seq);
}

function tick() {
  run.at += 1;
  if (run.at >= run.data.steps.length) return finish();
  draw(run.data, run.at);
  run.timer = setTimeout(tick, run.pace);
}

function update() {
  const el = document.getElementById("changed-data");
  if (!el) {
    if (run) clearTimeout(run.timer);
    run = null;
    return;
  }
  const data = JSON.parse(el.textContent);
  const key = data.steps.map((s) => s.seq).join(",");
  if (run && run.key === key) return draw(data, run.at); // the same steps, redrawn: go on
  if (run) clearTimeout(run.timer);
  run = null;
  const last = seen();
  const from = data.steps.findIndex((s) => s.seq > last);
  if (from < 0 || reduced.matches) {
    draw(data, data.steps.length);
    if (data.steps.length) remember(data.steps[data.steps.length - 1].seq);
    return;
  }
  const pace = Math.max(MIN_PACE, Math.min(PACE, RUN / (data.steps.length - from)));
  run = { data, key, at: from, pace, timer: null };
  draw(data, from);
  run.timer = setTimeout(tick, pace);
}

onUpdate(update);
