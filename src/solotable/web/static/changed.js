// Show what changed since the player's last move (web/changed.py sends the steps).
//
// Each step is an event the player did not click (chance, automatic rules, the AI, the
// virtual opponent) with the table elements it changed, as [attribute, value] pairs naming
// the game page's own data-* ids. The table is already drawn in its final state: this module
// highlights each step's elements in turn, at a pace the player can follow, marks the step in
// the "since your move" strip, and leaves every changed element softly marked at the end.
// Skip jumps to that end at once; with prefers-reduced-motion there is no playback at all.
// Steps already shown are remembered per table (sessionStorage), so a poll or a reload does
// not play them again.

import { onUpdate } from "./table.js";

const PACE = 1100; // ms per step
const ATTRS = new Set(["slot", "sq", "card", "key", "diver", "counter"]);
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
let timer = null;
let finish = null;

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

function showFinal(data, items) {
  clearTimeout(timer);
  timer = null;
  finish = null;
  for (const el of document.querySelectorAll("#table .changed-now")) el.classList.remove("changed-now");
  for (const step of data.steps) for (const el of elementsOf(step)) el.classList.add("changed");
  for (const li of items) {
    li.classList.remove("now");
    li.classList.add("shown");
    li.removeAttribute("aria-current");
  }
  const strip = document.getElementById("since-move");
  if (strip) strip.dataset.state = "done";
  const skip = document.getElementById("skip-steps");
  if (skip) skip.hidden = true;
  const last = data.steps.length ? data.steps[data.steps.length - 1].seq : 0;
  try {
    sessionStorage.setItem(seenKey(), String(last));
  } catch (e) {
    /* storage refused: steps may play again, nothing else */
  }
}

function play(data, items, from) {
  const strip = document.getElementById("since-move");
  const skip = document.getElementById("skip-steps");
  strip.dataset.state = "playing";
  skip.hidden = false;
  finish = () => showFinal(data, items);
  skip.onclick = () => finish && finish();
  for (let i = 0; i < from; i++) items[i].classList.add("shown");
  let i = from;
  const next = () => {
    for (const el of document.querySelectorAll("#table .changed-now")) {
      el.classList.remove("changed-now");
      el.classList.add("changed");
    }
    if (i > from) {
      items[i - 1].classList.remove("now");
      items[i - 1].removeAttribute("aria-current");
      items[i - 1].classList.add("shown");
    }
    if (i >= data.steps.length) return finish && finish();
    items[i].classList.add("now");
    items[i].setAttribute("aria-current", "step");
    strip.dataset.step = String(i);
    for (const el of elementsOf(data.steps[i])) el.classList.add("changed-now");
    i += 1;
    timer = setTimeout(next, PACE);
  };
  next();
}

function update() {
  clearTimeout(timer);
  timer = null;
  const el = document.getElementById("changed-data");
  if (!el) return;
  const data = JSON.parse(el.textContent);
  const items = Array.from(document.querySelectorAll("#since-move li.step"));
  let seen = 0;
  try {
    seen = Number(sessionStorage.getItem(seenKey()) || 0);
  } catch (e) {
    seen = 0;
  }
  const from = data.steps.findIndex((s) => s.seq > seen);
  if (from < 0 || reduced.matches) return showFinal(data, items);
  play(data, items, from);
}

onUpdate(update);
