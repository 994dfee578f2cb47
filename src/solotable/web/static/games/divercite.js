// Divercité: choose a piece from your supply, then one of the highlighted squares.
// Hovering or focusing a square shows what the placement scores for both players
// (the previews come from the server, computed from your observation).
// This script holds no words and reads no notation: the page hands it its strings, the
// pieces that can be played and the hinted piece in the "dv-data" block, and each square
// lists its moves by piece ("city-red", "neutral") in data-targets.
import { onUpdate, pending, tableData } from "/static/table.js";

let selected = null;
let previews = {};
const tableId = document.getElementById("table").dataset.id;

function pageData() {
  const el = document.getElementById("dv-data");
  return el ? JSON.parse(el.textContent) : { strings: {}, playable: [], hint: null };
}

async function loadPreviews() {
  previews = {};
  const version = document.getElementById("table-root").dataset.version;
  const r = await fetch(`/games/${tableId}/previews`);
  const root = document.getElementById("table-root");
  if (r.ok && root.dataset.version === version) {
    previews = await r.json();
    root.dataset.previews = "ready";
  }
}

function signed(x) {
  return x > 0 ? `+${x}` : `${x}`;
}

/** A catalog template with its %(name)s placeholders filled. */
function fill(template, values) {
  let out = template;
  for (const [name, value] of Object.entries(values)) out = out.replaceAll(`%(${name})s`, value);
  return out;
}

/** "place a red city on D6: White +1, Black +0", in the page's language. */
function describe(notation) {
  const move = tableData().moves.find((m) => m.n === notation);
  const words = move ? move.w : "";
  const d = previews[notation];
  const s = pageData().strings;
  if (!d || !s.swing) return words;
  return fill(s.swing, { move: words, white: s.white, w: signed(d[0]), black: s.black, b: signed(d[1]) });
}

function select(piece) {
  selected = piece;
  for (const b of document.querySelectorAll(".piece-btn[data-piece]")) {
    b.setAttribute("aria-pressed", String(b.dataset.piece === piece));
  }
  for (const sq of document.querySelectorAll(".sq")) {
    const targets = JSON.parse(sq.dataset.targets || "{}");
    const move = piece ? targets[piece] : undefined;
    sq.classList.toggle("legal", Boolean(move));
    if (move) {
      sq.dataset.move = move;
      sq.setAttribute("tabindex", "0");
      sq.setAttribute("role", "button");
      sq.setAttribute("aria-label", describe(move));
    } else {
      delete sq.dataset.move;
      sq.removeAttribute("tabindex");
      sq.setAttribute("role", "img"); // a square that only shows: its label needs a role
    }
  }
  const preview = document.getElementById("preview");
  const s = pageData().strings;
  if (preview && piece && s.choose) preview.textContent = s.choose;
}

function wire() {
  const data = tableData();
  const page = pageData();
  if (data.moves.length) loadPreviews().then(() => select(selected));
  const playable = new Set(page.playable);
  if (page.hint) selected = page.hint;
  else if (playable.size === 1) selected = [...playable][0];
  else if (!playable.has(selected)) selected = null;
  for (const b of document.querySelectorAll(".piece-btn[data-piece]")) {
    b.addEventListener("click", (ev) => {
      // A double click is one choice, not a choice taken back; while a move is on its way
      // the supply it was made from stays as it is (the answer redraws it).
      if (ev.detail > 1 || pending()) return;
      select(b.dataset.piece === selected ? null : b.dataset.piece);
    });
    if (page.hint && page.hint === b.dataset.piece) b.classList.add("hinted");
  }
  for (const sq of document.querySelectorAll(".sq")) {
    const show = () => {
      if (sq.dataset.move) document.getElementById("preview").textContent = describe(sq.dataset.move);
    };
    sq.addEventListener("mouseenter", show);
    sq.addEventListener("focus", show);
  }
  select(selected);
}

document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && selected && !document.querySelector("dialog[open]")) select(null);
});

onUpdate(wire);
