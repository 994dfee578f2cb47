// The generic table script: every game page uses it; a game's own module only adds
// what this cannot know (Divercité's "pick a piece, then a square").
//
// The server renders everything. This module posts moves, swaps in the returned
// fragment, polls while the AI thinks, and opens a chooser when one click could mean
// several moves. Game modules subscribe with onUpdate() and play with play().
// Each post carries the table's version; a refused one (stale page, move not kept)
// comes back as the current table with a message, swapped in like any other.

const main = document.getElementById("table");
const tableId = main ? main.dataset.id : null;
const listeners = [];
let busy = false;
let pollTimer = null;

/** The page's words for this script (rendered from the catalog: the script holds none). */
const WORDS = (() => {
  const el = document.getElementById("table-words");
  return el ? JSON.parse(el.textContent) : {};
})();

/** A sentence of the page's words with its %(name)s placeholders filled. */
export function say(key, args = {}) {
  let text = WORDS[key] || "";
  for (const [name, value] of Object.entries(args)) {
    text = text.replaceAll(`%(${name})s`, String(value));
  }
  return text;
}

/** The data block of the current fragment: legal moves, previews, the hint. */
export function tableData() {
  const el = document.getElementById("table-data");
  return el ? JSON.parse(el.textContent) : { moves: [], previews: {}, hint: null };
}

/** Call fn() now and after every fragment swap (game modules redraw their state). */
export function onUpdate(fn) {
  listeners.push(fn);
  fn();
}

function swap(html) {
  main.innerHTML = html;
  for (const fn of listeners) fn();
  const root = document.getElementById("table-root");
  if (root && root.dataset.thinking === "true") schedulePoll();
  else if (root && root.dataset.myTurn === "true" && !askedOnce()) loadFinals();
  const focus = main.querySelector(".end-screen .primary") || main.querySelector(".flash.error");
  if (focus && focus.focus) focus.focus();
}

function schedulePoll() {
  clearTimeout(pollTimer);
  pollTimer = setTimeout(async () => {
    const r = await fetch(`/games/${tableId}/table`, { headers: { "X-Fragment": "1" } });
    if (r.ok) swap(await r.text());
  }, 350);
}

/** The version of the table on screen: every change sends it, and the server refuses
 *  (409, with the table as it is now) one sent from a page the game has moved past. */
function currentVersion() {
  const root = document.getElementById("table-root");
  return root ? root.dataset.version : "";
}

/** Whether a change is on its way to the server (a page's own controls wait for it). */
export function pending() {
  return busy;
}

async function post(path, form) {
  if (busy) return;
  busy = true;
  main.setAttribute("aria-busy", "true");
  if (!form.has("version")) form.set("version", currentVersion());
  try {
    const r = await fetch(`/games/${tableId}/${path}`, {
      method: "POST",
      body: form,
      headers: { "X-Fragment": "1" },
    });
    swap(await r.text());
  } catch (err) {
    showError(say("noAnswer", { error: err }));
  } finally {
    busy = false;
    main.removeAttribute("aria-busy");
  }
}

function showError(text) {
  const p = document.createElement("p");
  p.className = "flash error";
  p.setAttribute("role", "alert");
  p.textContent = text;
  main.prepend(p);
}

/** Play one move given in notation. A move the page asks about (it has a cost, or undo
 *  could not take it back: the fragment's data says why, in words) asks once first. */
export async function play(notation, confirmed = false) {
  if (busy) return;
  const ask = confirmed ? null : (await asks())[notation];
  if (ask && (ask.always || !askedOnce())) {
    const m = tableData().moves.find((x) => x.n === notation) || { n: notation, w: notation };
    return choose([m], say("confirm"));
  }
  const form = new FormData();
  form.set("move", notation);
  return post("move", form);
}

/** The moves undo could not take back, for the table on screen: the server works them out
 *  after the table is drawn (web/finals.py: too slow for a move's own answer), and the
 *  page asks for them only while this table has not asked its once-a-game question. */
let finals = { version: null, final: [], why: "", loading: null };

function loadFinals() {
  const version = currentVersion();
  if (finals.version === version || !tableId) return finals.loading;
  const mine = (finals = { version, final: [], why: "", loading: null });
  mine.loading = fetch(`/games/${tableId}/finals`)
    .then((r) => (r.ok ? r.json() : {}))
    .then((d) => {
      if (d.version === version) Object.assign(mine, { final: d.final || [], why: d.why || "" });
      else if (finals === mine) finals = { version: null, final: [], why: "", loading: null };
    })
    .catch(() => {});
  return mine.loading;
}

/** What the page asks before playing each move: its cost (in the fragment's data, asked
 *  every time) and, until this table asked once, whether it cannot be taken back. */
async function asks() {
  const out = { ...(tableData().confirm || {}) };
  if (askedOnce()) return out;
  await loadFinals();
  if (finals.version !== currentVersion()) return out;
  for (const n of finals.final) {
    out[n] = out[n] ? { why: out[n].if_final, always: true } : { why: finals.why, always: false };
  }
  return out;
}

/** A yes/no kept in the browser's storage ("sessionStorage" or "localStorage", named: even
 * reading the property throws where storage is refused, as in some private windows). */
function flagged(storage, key) {
  try {
    return window[storage].getItem(key) === "1";
  } catch {
    return false;
  }
}

function setFlag(storage, key, on) {
  try {
    if (on) window[storage].setItem(key, "1");
    else window[storage].removeItem(key);
  } catch {
    // storage refused: the page asks again, or the box starts folded; only slower
  }
}

/** Moves that cannot be taken back ask once a game: the answer is kept for this table. */
function askedOnce() {
  return flagged("sessionStorage", `solotable.asked.${tableId}`);
}

function rememberAsked() {
  setFlag("sessionStorage", `solotable.asked.${tableId}`, true);
}

async function choose(moves, title) {
  const dialog = document.getElementById("chooser");
  const said = await asks();
  dialog.querySelector("h2").textContent = title;
  const box = dialog.querySelector(".chooser-buttons");
  box.replaceChildren();
  for (const m of moves) {
    const ask = said[m.n];
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.choice = m.n;
    const words = m.w.charAt(0).toUpperCase() + m.w.slice(1);
    // what it costs or that it cannot be taken back is said here, so choosing is the one ask
    b.textContent = ask ? say("withWhy", { move: words, why: ask.why }) : words;
    if (ask) b.dataset.why = ask.why;
    b.title = m.n;
    b.addEventListener("click", () => {
      dialog.close();
      if (ask && !ask.always) rememberAsked();
      play(m.n, true);
    });
    box.append(b);
  }
  dialog.showModal();
  box.querySelector("button").focus();
}

function activate(el) {
  if (el.dataset.move) return play(el.dataset.move);
  if (el.dataset.moves) {
    const moves = JSON.parse(el.dataset.moves);
    if (moves.length === 1) return play(moves[0].n);
    // data-label names the element in words (a game page sets it); an id on the board
    // (data-slot, data-sq) is never shown: the chooser then just asks to choose.
    const name = el.dataset.label || "";
    return choose(moves, name ? say("whatToDo", { name }) : say("choose"));
  }
}

// The notation box is folded away for a player who clicks; one who types opens it once: it
// stays open (remembered on this computer), and after a typed move the field keeps the focus.
const TYPING = "solotable.notation-open";
let typed = false;

function keepNotationBox() {
  const box = main.querySelector("details.notation-box");
  if (!box) return;
  if (flagged("localStorage", TYPING)) box.open = true;
  const field = box.querySelector("#notation-input");
  if (typed && box.open && field && !field.disabled) field.focus();
}

function makeKeyboardReachable() {
  for (const el of main.querySelectorAll("svg [data-moves]")) {
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
  }
}

if (main) {
  main.addEventListener("click", (ev) => {
    const el = ev.target.closest("[data-move], [data-moves]");
    if (el && main.contains(el)) {
      ev.preventDefault();
      typed = false;
      activate(el);
    }
  });
  main.addEventListener("keydown", (ev) => {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const el = ev.target.closest("svg [data-moves], svg [data-move]");
    if (el) {
      ev.preventDefault();
      activate(el);
    }
  });
  main.addEventListener("submit", (ev) => {
    const form = ev.target;
    if (!form.matches("form[data-action]")) return;
    ev.preventDefault();
    typed = form.matches("form.notation");
    // data-action names the route ("move"); a form without a name posts to its own address.
    const url = form.getAttribute("action");
    post(form.dataset.action || url.slice(url.lastIndexOf("/") + 1), new FormData(form));
  });
  main.addEventListener(
    "toggle",
    (ev) => {
      if (ev.target.matches && ev.target.matches("details.notation-box")) {
        setFlag("localStorage", TYPING, ev.target.open);
      }
    },
    true, // a toggle event does not bubble: listened to on its way down
  );
  onUpdate(makeKeyboardReachable);
  onUpdate(keepNotationBox);
  const root = document.getElementById("table-root");
  if (root && root.dataset.thinking === "true") schedulePoll();
  else if (root && root.dataset.myTurn === "true" && !askedOnce()) loadFinals();
}
