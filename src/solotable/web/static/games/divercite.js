// Divercité: choose a piece from your supply, then one of the highlighted squares.
// Hovering or focusing a square shows what the placement scores for both players
// (the previews come from the server, computed from your observation).
import { onUpdate, tableData } from "/static/table.js";

let selected = null;
let previews = {};
const tableId = document.getElementById("table").dataset.id;

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

function describe(notation) {
  const d = previews[notation];
  if (!d) return notation;
  const who = ["White", "Black"];
  const fmt = (x) => (x > 0 ? `+${x}` : `${x}`);
  return `${notation}: ${who[0]} ${fmt(d[0])}, ${who[1]} ${fmt(d[1])}`;
}

function select(prefix) {
  selected = prefix;
  for (const b of document.querySelectorAll(".piece-btn[data-prefix]")) {
    b.setAttribute("aria-pressed", String(b.dataset.prefix === prefix));
  }
  for (const sq of document.querySelectorAll(".sq")) {
    const targets = JSON.parse(sq.dataset.targets || "{}");
    const move = prefix ? targets[prefix] : undefined;
    sq.classList.toggle("legal", Boolean(move));
    if (move) {
      sq.dataset.move = move;
      sq.setAttribute("tabindex", "0");
      sq.setAttribute("role", "button");
      sq.setAttribute("aria-label", `${sq.dataset.sq}: ${describe(move)}`);
    } else {
      delete sq.dataset.move;
      sq.removeAttribute("tabindex");
      sq.removeAttribute("role");
    }
  }
  const preview = document.getElementById("preview");
  if (preview && prefix) preview.textContent = "Now click a highlighted square (Esc to choose another piece).";
}

function wire() {
  const data = tableData();
  if (data.moves.length) loadPreviews().then(() => select(selected));
  const prefixes = new Set(data.moves.map((m) => m.n.split(" ")[0]));
  if (data.hint) selected = data.hint.split(" ")[0];
  else if (prefixes.size === 1) selected = [...prefixes][0];
  else if (!prefixes.has(selected)) selected = null;
  for (const b of document.querySelectorAll(".piece-btn[data-prefix]")) {
    b.addEventListener("click", () => select(b.dataset.prefix === selected ? null : b.dataset.prefix));
    if (data.hint && data.hint.split(" ")[0] === b.dataset.prefix) b.classList.add("hinted");
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
