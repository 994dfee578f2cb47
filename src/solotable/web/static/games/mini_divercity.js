// Mini DiverCity: two-click choices the engine takes as one move.
//
// A Hotel then the card that pays for closing it, a Diver then its target, a
// Lagoon card then the Ocean card to swap it with: the server marks the first
// element with data-guide = {prompt, targets: {key: notation}}; clicking it
// highlights the targets (elements with a matching data-key), shows the prompt
// and a Cancel, and the next click on a target plays that notation through the
// generic table script. Nothing is sent before the last click, so Cancel (or
// Esc) is always allowed.
import { onUpdate } from "/static/table.js";

const main = document.getElementById("table");
let active = null;

// The page's stylesheet comes with the first full page inside the table; keep it in
// <head> so that swapping the table's fragment does not drop it.
const css = document.getElementById("mdc-css");
if (css) document.head.append(css);

function promptText() {
  return document.getElementById("mdc-prompt-text");
}

function clear() {
  for (const el of main.querySelectorAll("[data-guided]")) {
    delete el.dataset.move;
    delete el.dataset.guided;
    el.classList.remove("target");
  }
  for (const el of main.querySelectorAll(".guiding")) el.classList.remove("guiding");
  const text = promptText();
  if (text) text.textContent = text.dataset.default;
  const cancel = document.getElementById("mdc-cancel");
  if (cancel) cancel.hidden = true;
  const root = document.getElementById("table-root");
  if (root) delete root.dataset.guiding;
  active = null;
}

function start(el) {
  const guide = JSON.parse(el.dataset.guide);
  clear();
  active = el;
  el.classList.add("guiding");
  let first = null;
  for (const [key, notation] of Object.entries(guide.targets)) {
    const target = main.querySelector(`[data-key="${key}"]`);
    if (!target) continue;
    target.dataset.move = notation;
    target.dataset.guided = "1";
    target.classList.add("target");
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "0");
    first = first || target;
  }
  const text = promptText();
  if (text) text.textContent = guide.prompt;
  const cancel = document.getElementById("mdc-cancel");
  if (cancel) cancel.hidden = false;
  document.getElementById("table-root").dataset.guiding = el.dataset.key || el.dataset.diver || "on";
  if (first) first.focus();
}

main.addEventListener(
  "click",
  (ev) => {
    if (ev.target.closest("#mdc-cancel")) {
      clear();
      return;
    }
    const el = ev.target.closest("[data-guide]");
    if (!el || el.dataset.move || !main.contains(el)) return;
    ev.preventDefault();
    if (active === el) clear();
    else start(el);
  },
  true,
);

main.addEventListener("keydown", (ev) => {
  if (ev.key !== "Enter" && ev.key !== " ") return;
  const el = ev.target.closest(".mdc [data-move], .mdc [data-moves], .mdc [data-guide]");
  if (!el || el.tagName === "BUTTON" || el.closest("svg")) return;
  ev.preventDefault();
  el.click();
});

document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && active && !document.querySelector("dialog[open]")) clear();
});

onUpdate(() => {
  active = null;
});
