"""Click to table: from a click in Chromium to the updated table painted (issue 22).

Run: ``python bench/web_click.py [--clicks 200] [--games divercite,...] [--json]``.

It starts a real ``solotable serve`` (a subprocess, loopback, a fresh ``SOLOTABLE_HOME``)
and drives Debian's chromium (``/usr/bin/chromium``, or ``$CHROMIUM``) with Playwright, as
a player would: for each game it starts games from the lobby with fixed seeds (1, 2, …)
and clicks legal moves on the table (a seeded random choice among the visible controls
that play a move; Divercité: a piece, then a square) until ``--clicks`` moves were played.

What is timed, inside the page (``performance.now()``, one clock):

- **move**: from the click's event time (``Event.timeStamp``, when the browser took the
  click) to the first frame painted after the new table fragment was swapped in. A
  ``MutationObserver`` on the table notices the swap; it asks for the next animation frame,
  and a message posted from that frame's ``requestAnimationFrame`` callback is handled once
  the frame was produced (it runs after style, layout and paint of that frame). The
  what-changed playback (``changed.js``: one step highlighted every 0.5–1.1 s) is a
  deliberate pace and is not counted: only its first frame, which is the updated table.
  A click that opens a question (a chooser, a move with a cost that asks every time) is
  not a move: the click on the answer is, and the time counts from that one.
- **Divercité's AI reply**: the human's move is answered at once (the table says the AI
  is thinking); the AI's move comes with the next poll (``table.js`` polls every 350 ms).
  Its time, from the human's click to the AI's move painted, is reported apart
  (``ai_reply``): it includes the search and the poll interval, so it is not a move
  "without AI search".
- **new game**: from the lobby's "New game" click (the navigation's start: the form's
  POST, its redirect and the page) to the game page's first contentful paint (the table is
  in the page's HTML, so its first paint is the table), from the Navigation and Paint
  Timing entries.

The table's once-a-game question ("it cannot be taken back") is answered in the page's
memory before the games start (as the browser tests do), so moves are played at one click.
This is a measurement, not a test: figures depend on the machine and its load (say it).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

GAMES = ("divercite", "mini-divercity", "dice-miner", "51st-state")
SELECTS = {"divercite": {"level": "easy"}}
"""Lobby choices per game (Divercité against the seeded greedy AI: its reply is quick)."""
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]

ANSWERED_ONCE = (
    "const m = location.pathname.match(/^\\/games\\/([^/]+)$/);"
    "if (m) sessionStorage.setItem('solotable.asked.' + m[1], '1');"
)
"""The once-a-game question answered for every table (as ``tests/web/browser_helpers``)."""

PROBE = """
(() => {
  const b = (window.__bench = { t0: null, done: [], ai: null, clickAt: null });
  const clicked = (ev) => { b.t0 = ev.timeStamp; b.clickAt = ev.timeStamp; };
  document.addEventListener("click", clicked, true);
  const watch = () => {
  const main = document.getElementById("table");
  if (!main) return;
  new MutationObserver(() => {
    const root = document.getElementById("table-root");
    const thinking = root && root.dataset.thinking === "true";
    const t0 = b.t0;
    let aiFrom = null;
    if (t0 !== null) Object.assign(b, { t0: null, waitAi: thinking, aiSeen: false });
    else if (b.waitAi && !b.aiSeen && !thinking) [b.aiSeen, aiFrom] = [true, b.clickAt];
    else return;
    const swapped = performance.now();
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        const painted = performance.now();
        if (t0 !== null) b.done.push({ ms: painted - t0, server_and_swap: swapped - t0 });
        else [b.ai, b.waitAi] = [painted - aiFrom, false];
      };
      ch.port2.postMessage(0);
    });
  }).observe(main, { childList: true });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", watch);
  else watch();
})();
"""
"""Installed in every page (an init script): times each click to the painted table."""

CANDIDATES = """
() => {
  for (const el of document.querySelectorAll("[data-bench]")) el.removeAttribute("data-bench");
  const root = document.getElementById("table-root");
  if (!root || root.dataset.thinking === "true" || root.dataset.myTurn !== "true") return [];
  const dialog = document.querySelector("dialog#chooser[open]");
  const scope = dialog || document.getElementById("table");
  const sel = dialog ? "button[data-choice]" : "[data-move], [data-moves], .piece-btn[data-piece]";
  const out = [];
  for (const el of scope.querySelectorAll(sel)) {
    if (el.closest(".all-moves, .notation, .controls, .learn")) continue;
    if (el.disabled || el.getAttribute("aria-disabled") === "true") continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const kind = el.classList.contains("piece-btn") ? "piece" : "move";
    if (kind === "piece" && el.getAttribute("aria-pressed") === "true") continue;
    el.dataset.bench = String(out.length);
    out.push(kind);
  }
  return out;
}
"""
"""Marks the controls a player could click now (``data-bench="i"``) and says their kind."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def chromium() -> str:
    path = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
    if not Path(path).exists():
        raise SystemExit(f"web_click: no chromium at {path} (set CHROMIUM)")
    return path


@contextmanager
def served(home: Path | None = None) -> Iterator[str]:
    """``solotable serve`` on a free loopback port with its own data folder (``home``, or a
    temporary one)."""
    port = free_port()
    exe = Path(sys.executable).with_name("solotable")
    with tempfile.TemporaryDirectory() as tmp:
        folder = home if home is not None else Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "SOLOTABLE_HOME": str(folder)}
        cmd = [str(exe), "serve", "--port", str(port), "--no-browser"]
        server = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                        break
                except OSError:
                    time.sleep(0.05)
            else:
                raise SystemExit("web_click: the server did not start")
            yield f"http://127.0.0.1:{port}"
        finally:
            server.terminate()
            server.wait(timeout=20)


def start_game(page: Any, base: str, game: str, seed: int) -> float:
    """Start ``game`` from the lobby with ``seed``; the new game's time in ms."""
    page.goto(base + "/")
    card = page.locator(f"#game-{game}")
    for name, value in SELECTS.get(game, {}).items():
        card.locator(f"select[name='{name}']").select_option(value)
    card.locator("details.deal > summary").click()
    card.locator("input[name='seed']").fill(str(seed))
    card.locator("button.primary").click()
    page.wait_for_url("**/games/**")
    page.wait_for_function(
        "() => performance.getEntriesByName('first-contentful-paint').length > 0"
    )
    return float(
        page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")
    )


def settle(page: Any) -> None:
    """Wait until the player can click (the AI answered, its frame painted)."""
    page.wait_for_function(
        "() => { const r = document.getElementById('table-root');"
        " return r && r.dataset.thinking === 'false' && !(window.__bench || {}).waitAi; }",
        timeout=60_000,
    )


Timed = tuple[list[dict[str, float]], list[float]]


def play_game(page: Any, clicks_left: int, rng: random.Random) -> Timed:
    """Click legal moves until the game ends or ``clicks_left`` moves were timed."""
    moves: list[dict[str, float]] = []
    ai: list[float] = []

    def answered() -> None:
        """Wait for the AI's answer (painted) and keep its time, if the last move had one."""
        settle(page)
        if (reply := page.evaluate("window.__bench.ai")) is not None:
            ai.append(float(reply))
            page.evaluate("window.__bench.ai = null")

    while len(moves) < clicks_left:
        answered()
        kinds: list[str] = page.evaluate(CANDIDATES)
        if not kinds:
            break  # the game is over (or only the end screen is left)
        i = rng.randrange(len(kinds))
        before = page.evaluate("window.__bench.done.length")
        page.locator(f"[data-bench='{i}']").click()
        if kinds[i] == "piece":
            continue  # a piece chosen: its square is the move
        if page.locator("dialog#chooser[open]").count():
            continue  # a question: the answer is the move
        page.wait_for_function("n => window.__bench.done.length > n", arg=before, timeout=60_000)
        moves.append(page.evaluate("window.__bench.done[window.__bench.done.length - 1]"))
    answered()
    return moves, ai


def quantiles(xs: Sequence[float]) -> dict[str, float]:
    if len(xs) == 1:
        return {"n": 1, "p50_ms": xs[0], "p95_ms": xs[0], "max_ms": xs[0]}
    q = statistics.quantiles(xs, n=100, method="inclusive")
    return {"n": len(xs), "p50_ms": q[49], "p95_ms": q[94], "max_ms": max(xs)}


def run(games: Sequence[str], clicks: int, seed: int, table: Any = None) -> dict[str, Any]:
    """Time ``clicks`` moves per game on ``solotable serve``, or on ``table`` when given: a
    callable ``(playwright, game) -> (context, page)`` opening another table (the browser
    build: ``bench/site.py``), whose ``page`` may be the frame the table is drawn in."""
    from playwright.sync_api import sync_playwright

    out: dict[str, Any] = {"clicks": clicks, "load": os.getloadavg()[0]}
    with served() if table is None else nullcontext("") as base, sync_playwright() as p:
        browser = (
            p.chromium.launch(executable_path=chromium(), args=CHROMIUM_ARGS)
            if table is None
            else None
        )
        try:
            for game in games:
                if browser is not None:
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    context.add_init_script(ANSWERED_ONCE)
                    context.add_init_script(PROBE)
                    page = context.new_page()
                else:
                    context, page, base = table(p, game)
                rng = random.Random(seed)
                moves: list[dict[str, float]] = []
                ai: list[float] = []
                new_games: list[float] = []
                deal = 0
                while len(moves) < clicks:
                    deal += 1
                    new_games.append(start_game(page, base, game, deal))
                    m, a = play_game(page, clicks - len(moves), rng)
                    moves += m
                    ai += a
                context.close()
                out[game] = {
                    "move": quantiles([m["ms"] for m in moves]),
                    "server_and_swap": quantiles([m["server_and_swap"] for m in moves]),
                    "new_game": quantiles(new_games),
                    "games": deal,
                }
                if ai:
                    out[game]["ai_reply"] = quantiles(ai)
        finally:
            if browser is not None:
                browser.close()
    out["load_after"] = os.getloadavg()[0]
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=200, help="moves timed per game")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated game names")
    parser.add_argument("--seed", type=int, default=1, help="seed of the click choices")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    unknown = [g for g in games if g not in GAMES]
    if unknown or args.clicks < 1:
        parser.error(f"games are {', '.join(GAMES)}; clicks at least 1")
    result = run(games, args.clicks, args.seed)
    if args.json:
        print(json.dumps(result))
        return
    print(f"click to table: {args.clicks} moves per game, load {result['load']:.2f}")
    for game in games:
        r = result[game]
        rows = [("move", r["move"]), ("new game", r["new_game"])]
        if "ai_reply" in r:
            rows.append(("AI reply", r["ai_reply"]))
        for label, q in rows:
            print(
                f"  {game:<15} {label:<9} n={q['n']:<4} p50 {q['p50_ms']:6.1f} ms  "
                f"p95 {q['p95_ms']:6.1f} ms  max {q['max_ms']:6.1f} ms"
            )


if __name__ == "__main__":
    main()
