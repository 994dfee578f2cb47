// Learn to play: the guide over a guided game (web/learn.py). Only on a page opened from the
// lobby's "Learn to play" (?learn=1). The server says, after every change of the table, which
// step the game is at, the words to show and the element to point at; this script shows
// them, points at the element and lets only the expected move be clicked on the table (any
// other move's click is explained, not played). Undo, Hint and the notation box stay free:
// a game that leaves the lesson's path is told so, and the guide re-syncs when Undo brings
// it back. "Leave the guide" ends it; the game goes on as a normal one.
import { onUpdate } from "/static/table.js";

const main = document.getElementById("table");
const params = new URLSearchParams(location.search);
let guide = null;
let active = Boolean(main && params.get("learn") === "1");
let panel = null;
let asked = 0;

function css() {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = "/static/learn.css";
  document.head.append(link);
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function byPoint({ attr, value }) {
  return main.querySelector(`[data-${attr}="${CSS.escape(value)}"]`);
}

/** The element a step points at (an attribute the game page already puts on it); a step
 *  with a first element (Divercité's piece, then its square) points there until it is
 *  chosen (pressed). */
function pointed() {
  if (!guide || !guide.point) return null;
  if (guide.first) {
    const first = byPoint(guide.first);
    if (first && first.getAttribute("aria-pressed") !== "true") return first;
  }
  const { attr, value } = guide.point;
  const found = main.querySelector(`[data-${attr}="${CSS.escape(value)}"]`);
  if (found || attr !== "move") return found;
  // A move offered among others on one control (a card's "Build ▾" chooser): that control.
  for (const e of main.querySelectorAll("[data-moves]")) {
    if (JSON.parse(e.dataset.moves).some((m) => m.n === value)) return e;
  }
  return null;
}

function unmark() {
  for (const e of document.querySelectorAll(".learn-target")) e.classList.remove("learn-target");
}

function leave() {
  active = false;
  unmark();
  if (panel) panel.remove();
  panel = null;
  params.delete("learn");
  const q = params.toString();
  history.replaceState(null, "", location.pathname + (q ? `?${q}` : ""));
}

/** In the table's chooser (one element, several moves), the expected move's button. */
function markChooser() {
  const chooser = document.getElementById("chooser");
  if (!chooser) return;
  for (const b of chooser.querySelectorAll("[data-choice]")) {
    b.classList.toggle("learn-target", Boolean(active && guide && b.dataset.choice === guide.move));
  }
}

function mark() {
  unmark();
  const target = pointed();
  if (target) target.classList.add("learn-target");
  markChooser();
}

function draw() {
  if (!panel) {
    panel = el("section", "learn-guide");
    panel.id = "learn-guide";
    main.before(panel);
  }
  const w = guide.words;
  panel.setAttribute("aria-label", w.title);
  panel.dataset.status = guide.status;
  panel.dataset.step = String(guide.step);
  const head = el("div", "learn-head");
  head.append(el("h2", "", w.title), el("span", "learn-progress", w.progress));
  const intro = el("p", "learn-intro muted", guide.intro);
  const text = el("p", "learn-text", guide.text);
  text.setAttribute("aria-live", "polite");
  const wrong = el("p", "learn-wrong");
  wrong.setAttribute("role", "status");
  const leaveBtn = el("button", "learn-leave", guide.status === "done" ? w.close : w.leave);
  leaveBtn.type = "button";
  leaveBtn.addEventListener("click", leave);
  panel.replaceChildren(head, ...(guide.step === 1 && guide.status === "step" ? [intro] : []), text, wrong, leaveBtn);
  mark();
}

async function refresh() {
  if (!active) return;
  const ask = ++asked;
  const r = await fetch(`/games/${main.dataset.id}/learn`);
  if (ask !== asked || !active) return;
  const data = r.ok ? await r.json() : { status: "none" };
  if (data.status === "wait") {
    setTimeout(refresh, 400);
    return;
  }
  if (data.status === "none") {
    leave();
    return;
  }
  guide = data;
  draw();
}

function explain() {
  const p = panel && panel.querySelector(".learn-wrong");
  if (p) p.textContent = guide.words.wrong;
  const target = pointed();
  if (target) {
    target.classList.remove("learn-target");
    void target.getBoundingClientRect();
    target.classList.add("learn-target");
  }
}

if (active) {
  css();
  // Capture: runs before table.js's own click handler, which then never sees a wrong click.
  const guard = (ev) => {
      if (ev.type === "keydown" && ev.key !== "Enter" && ev.key !== " ") return;
      if (!active || !guide || guide.status !== "step") return;
      const hit = ev.target.closest("[data-move], [data-moves]");
      if (!hit || !main.contains(hit)) return;
      const target = pointed();
      if (target && (target === hit || target.contains(hit) || hit.contains(target))) return;
      ev.preventDefault();
      ev.stopImmediatePropagation();
      explain();
  };
  main.addEventListener("click", guard, true);
  main.addEventListener("keydown", guard, true);
  // Choosing a piece changes the table without a new fragment: point again after it.
  main.addEventListener("click", () => setTimeout(() => active && guide && mark(), 0));
  // A die or card with several moves opens the table's chooser: point at the expected one.
  const chooser = document.getElementById("chooser");
  if (chooser) {
    new MutationObserver(markChooser).observe(chooser, {
      attributes: true,
      attributeFilter: ["open"],
      childList: true,
      subtree: true,
    });
  }
  onUpdate(refresh);
}
