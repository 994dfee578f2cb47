"""The browser build measured: its size, a first visit, a repeat visit offline, click to
painted table, and Divercité's AI at each level beside ``solotable serve`` (issue 37).

Run: ``python bench/site.py [--site dist/site] [--clicks 200] [--ai-moves 6] [--json]``
(``make site`` first). The site is served by ``python -m http.server`` on loopback and
opened in Debian's chromium with a fresh profile of its own (``/usr/bin/chromium`` or
``$CHROMIUM``), as a phone's browser would open it:

- **size**: the bytes of ``dist/site`` by part, and of the Python bundle by distribution
  (compressed, as it is downloaded);
- **first visit**: from navigation to the lobby drawn in the table's frame, on a new profile
  (nothing cached), with the worker's own split (Pyodide, unpacking, importing the app);
- **repeat visit offline**: the same, reloaded with the network cut (``set_offline``): the
  service worker's cache and IndexedDB only;
- **click to table**: ``bench/web_click.py``'s probe in the table's frame, on the site and on
  ``solotable serve`` in the same run (the site's number includes the service worker hop, the
  Python worker and the IndexedDB sync that must end before the table is shown);
- **Divercité's AI**: the think time the store records for each AI move (the same code
  writes it in both), at each level, in the browser's worker and in ``serve``'s thread.

This is a measurement, not a test: say the machine and its load with the figures.
"""

from __future__ import annotations

import argparse
import base64
import importlib.util
import json
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


web_click = _load("web_click", ROOT / "bench" / "web_click.py")
STORED_DB = """async () => {
  const db = await new Promise((ok, ko) => {
    const r = indexedDB.open("/data"); r.onsuccess = () => ok(r.result); r.onerror = ko; });
  const store = db.transaction("FILE_DATA", "readonly").objectStore("FILE_DATA");
  const entry = await new Promise((ok) => {
    const r = store.get("/data/solotable.db"); r.onsuccess = () => ok(r.result); });
  const c = entry.contents;
  return btoa(Array.from(new Uint8Array(c.buffer, c.byteOffset, c.byteLength),
                         (b) => String.fromCharCode(b)).join(""));
}"""


def sizes(site: Path) -> dict[str, Any]:
    """Bytes of the site by part, and of the Python bundle by distribution (compressed)."""
    parts: dict[str, int] = {}
    for path in site.rglob("*"):
        if path.is_file():
            rel = path.relative_to(site).as_posix()
            key = rel if rel.startswith("pyodide/") or "/" not in rel else rel.split("/")[0] + "/"
            parts[key] = parts.get(key, 0) + path.stat().st_size
    bundle: dict[str, int] = {}
    with zipfile.ZipFile(site / "site-packages.zip") as zf:
        for info in zf.infolist():
            top = info.filename.split("/")[0].split("-")[0].replace(".dist", "")
            bundle[top] = bundle.get(top, 0) + info.compress_size
    return {"total": sum(parts.values()), "parts": parts, "bundle": bundle}


def _open(p: Any, profile: Path) -> tuple[Any, Any]:
    from tests.browser.site import open_profile

    context = open_profile(p, web_click.chromium(), web_click.CHROMIUM_ARGS, profile, "en")
    context.add_init_script(web_click.PROBE)
    page = context.pages[0] if context.pages else context.new_page()
    return context, page


def visits(url: str, rounds: int) -> dict[str, Any]:
    """First visits on new profiles, then offline reloads: seconds to the lobby drawn."""
    from playwright.sync_api import sync_playwright
    from tests.browser.site import boot_timings, table_frame

    first: list[float] = []
    repeat: list[float] = []
    split: list[dict[str, float]] = []
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        for r in range(rounds):
            context, page = _open(p, Path(tmp) / f"profile{r}")
            started = time.perf_counter()
            table_frame(page, url)
            first.append(time.perf_counter() - started)
            split.append({"first": True, **boot_timings(page)})
            page.wait_for_function("navigator.serviceWorker.controller !== null")
            context.set_offline(True)
            for _ in range(2):
                started = time.perf_counter()
                page.reload()
                table_frame(page)
                repeat.append(time.perf_counter() - started)
                split.append({"first": False, **boot_timings(page)})
            context.close()
    return {"first_visit_s": first, "repeat_offline_s": repeat, "worker_ms": split}


def site_table(url: str) -> Any:
    """``web_click.run``'s table opener for the site: a fresh profile, booted, its frame."""
    from tests.browser.site import table_frame

    holder: list[Any] = []

    def opener(p: Any, game: str) -> tuple[Any, Any, str]:
        tmp = tempfile.TemporaryDirectory()
        holder.append(tmp)
        context, page = _open(p, Path(tmp.name) / "profile")
        return context, table_frame(page, url), url

    return opener


def ai_game(page: Any, base: str, level: str, seed: int, moves: int) -> None:
    """A Divercité game against ``level``: ``moves`` random clicks of the human's."""
    page.goto(base + "/")
    card = page.locator("#game-divercite")
    card.locator("select[name='level']").select_option(level)
    card.locator("details.deal > summary").click()
    card.locator("input[name='seed']").fill(str(seed))
    card.locator("button.primary").click()
    page.wait_for_url("**/games/**")
    web_click.play_game(page, moves, random.Random(seed))


def ai_levels(url: str, levels: Sequence[str], moves: int) -> dict[str, Any]:
    """Each level's think times in the browser's worker and in ``serve``, same seeds."""
    from playwright.sync_api import sync_playwright
    from tests.browser.site import table_frame

    out: dict[str, Any] = {}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        context, page = _open(p, Path(tmp) / "profile")
        frame = table_frame(page, url)
        for seed, level in enumerate(levels, 1):
            ai_game(frame, url, level, seed, moves)
        db = Path(tmp) / "site.db"
        db.write_bytes(base64.b64decode(page.evaluate(STORED_DB)))
        context.close()
        browser_thinks = _by_game(db)
        home = Path(tmp) / "serve-home"
        with web_click.served(home) as base:
            b = p.chromium.launch(
                executable_path=web_click.chromium(), args=web_click.CHROMIUM_ARGS
            )
            ctx = b.new_context()
            ctx.add_init_script(web_click.ANSWERED_ONCE)
            ctx.add_init_script(web_click.PROBE)
            pg = ctx.new_page()
            for seed, level in enumerate(levels, 1):
                ai_game(pg, base, level, seed, moves)
            b.close()
            serve_thinks = _by_game(home / "solotable.db")
    for level, site_t, serve_t in zip(levels, browser_thinks, serve_thinks, strict=False):
        out[level] = {"site_ms": _q(site_t), "serve_ms": _q(serve_t)}
    return out


def _by_game(db: Path) -> list[list[float]]:
    """The AI's think times per game, in the order the games were started."""
    with sqlite3.connect(db) as conn:
        ids = [r[0] for r in conn.execute("SELECT id FROM games ORDER BY started")]
        return [
            [
                float(t) * 1000
                for (t,) in conn.execute(
                    "SELECT think FROM moves WHERE game_id = ? AND who = 1 AND think IS NOT NULL",
                    (game_id,),
                )
            ]
            for game_id in ids
        ]


def _q(xs: list[float]) -> dict[str, float]:
    if not xs:
        return {"n": 0}
    return {
        "n": len(xs),
        "p50": statistics.median(xs),
        "max": max(xs),
        "mean": statistics.fmean(xs),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "dist" / "site")
    parser.add_argument("--clicks", type=int, default=200, help="moves timed per game")
    parser.add_argument("--games", default=",".join(web_click.GAMES))
    parser.add_argument("--rounds", type=int, default=2, help="first visits (new profiles)")
    parser.add_argument("--ai-moves", type=int, default=6, help="human moves per AI level")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").exists():
        raise SystemExit(f"bench/site.py: no site in {args.site} (make site)")
    from tests.browser.site import static_server

    games = [g for g in args.games.split(",") if g]
    result: dict[str, Any] = {"load": os.getloadavg()[0], "size": sizes(args.site)}
    with static_server(args.site) as url:
        result["visits"] = visits(url, args.rounds)
        result["clicks_site"] = web_click.run(games, args.clicks, 1, table=site_table(url))
        result["clicks_serve"] = web_click.run(games, args.clicks, 1)
        levels = ("easy", "medium", "hard", "expert", "master")
        result["ai"] = ai_levels(url, levels, args.ai_moves)
    result["load_after"] = os.getloadavg()[0]
    if args.json:
        print(json.dumps(result))
        return
    mb = result["size"]["total"] / 1e6
    print(f"site: {mb:.1f} MB; load {result['load']:.2f} -> {result['load_after']:.2f}")
    v = result["visits"]
    print(f"  first visit s: {[round(x, 2) for x in v['first_visit_s']]}")
    print(f"  repeat offline s: {[round(x, 2) for x in v['repeat_offline_s']]}")
    for game in games:
        for where in ("site", "serve"):
            q = result[f"clicks_{where}"][game]["move"]
            print(
                f"  {game:<15} {where:<5} n={q['n']:<4} p50 {q['p50_ms']:6.1f} ms  "
                f"p95 {q['p95_ms']:6.1f} ms  max {q['max_ms']:6.1f} ms"
            )
    for level, r in result["ai"].items():
        print(f"  divercite AI {level:<7} site {r['site_ms']}  serve {r['serve_ms']}")


if __name__ == "__main__":
    main()
