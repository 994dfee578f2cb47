"""The web table's response time: apply a human move and return the new table fragment.

Run: ``python bench/web.py [--moves 500] [--games 50] [--json]``. Starts a real
server (uvicorn in a subprocess, a fresh ``SOLOTABLE_HOME``), opens ``--games``
games at once (half Divercité against ``easy``, half Dice Miner), then plays
``--moves`` human moves round-robin over them with httpx, timing each POST until
its fragment has arrived. AI thinking is excluded: it runs in the server's worker
after the response, and a Divercité game is only played again once its AI has
answered (that wait is not timed). Reports p50/p95/max per game; target p95 < 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx

SERVER = (
    "import sys, uvicorn; from solotable.web.app import create_app; "
    "from solotable.web.access import Access; port = int(sys.argv[1]); "
    "app = create_app(access=Access.serving('127.0.0.1', port)); "
    "uvicorn.run(app, host='127.0.0.1', port=port, log_level='warning')"
)
MOVE = re.compile(r'data-move="([^"]+)"')
TARGETS = re.compile(r'data-targets="(\{[^"]*\})"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def legal(html: str) -> list[str]:
    """The legal moves a page offers: buttons, plus Divercité's square targets."""
    moves = MOVE.findall(html)
    for targets in TARGETS.findall(html):
        moves.extend(json.loads(targets.replace("&#34;", '"')).values())
    return moves


def settled(client: httpx.Client, url: str) -> str:
    for _ in range(600):
        html = client.get(url + "/table").text
        if 'data-thinking="false"' in html:
            return html
        time.sleep(0.02)
    raise RuntimeError(f"{url}: the AI never answered")


FIRST_TWO = ("divercite", "dice-miner")
ALL_FOUR = (*FIRST_TWO, "mini-divercity", "51st-state")


def run(moves: int, games: int, seed: int, names: tuple[str, ...] = FIRST_TWO) -> dict[str, Any]:
    rng = random.Random(seed)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "SOLOTABLE_HOME": home}
        server = subprocess.Popen([sys.executable, "-c", SERVER, str(port)], env=env)
        try:
            client = httpx.Client(base_url=base, headers={"origin": base}, timeout=30)
            for _ in range(200):
                try:
                    client.get("/favicon.ico")
                    break
                except httpx.TransportError:
                    time.sleep(0.05)
            open_games: list[tuple[str, str]] = []

            def open_one(i: int) -> None:
                name = names[i % len(names)]
                form = {"game": name, "level": "easy"} if name == "divercite" else {"game": name}
                r = client.post("/games", data=form, follow_redirects=False)
                open_games.append((name, str(r.headers["location"])))

            for i in range(games):
                open_one(i)
            times: dict[str, list[float]] = {name: [] for name in names}
            played = 0
            while played < moves:
                for k, (name, url) in enumerate(list(open_games)):
                    if played >= moves:
                        break
                    options = legal(settled(client, url))
                    if not options:  # finished: replace it, keeping `games` open
                        open_games.remove((name, url))
                        open_one(k)
                        continue
                    move = rng.choice([m for m in options if m != "stop"] or options)
                    t0 = time.perf_counter()
                    r = client.post(url + "/move", data={"move": move}, headers={"x-fragment": "1"})
                    elapsed = time.perf_counter() - t0
                    if r.status_code != 200 or "table-root" not in r.text:
                        raise RuntimeError(f"{url} {move}: HTTP {r.status_code}")
                    times[name].append(elapsed * 1000)
                    played += 1
        finally:
            server.terminate()
            server.wait(timeout=10)
    out: dict[str, Any] = {"moves": moves, "games_open": games}
    every = [t for ts in times.values() for t in ts]
    for name, ts in (*times.items(), ("all", every)):
        if ts:
            q = statistics.quantiles(ts, n=100)
            out[name] = {"n": len(ts), "p50_ms": q[49], "p95_ms": q[94], "max_ms": max(ts)}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=500)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--all-games", action="store_true", help="the card games too (default: the first two)"
    )
    args = parser.parse_args()
    result = run(args.moves, args.games, args.seed, ALL_FOUR if args.all_games else FIRST_TWO)
    if args.json:
        print(json.dumps(result))
        return
    print(f"web table: {result['moves']} human moves, {result['games_open']} games open")
    for name in (*ALL_FOUR, "all"):
        if name in result:
            r = result[name]
            print(
                f"  {name:<14} n={r['n']:<4} p50 {r['p50_ms']:6.1f} ms  "
                f"p95 {r['p95_ms']:6.1f} ms  max {r['max_ms']:6.1f} ms"
            )


if __name__ == "__main__":
    main()
