"""The Divercité strength ladder: games between levels, then a Bradley–Terry fit.

Two steps, so a long run can be done in parts and resumed::

    python bench/ladder.py run easy medium --games 200      # appends to OUT/easy_medium.jsonl
    python bench/ladder.py table --anchor easy              # markdown tables on stdout

``run`` plays game indices ``0..games-1`` of the pair (those already in the file
are skipped, so an interrupted run continues where it stopped; ``--first`` and
``--games`` pick a slice). Game ``i`` is exactly game ``i`` of
``solotable simulate divercite --agents A,B --games N --seed S``: the same game
seed, seats alternating with ``i`` and the same agent seeds; what varies between
games is each agent's generator (alpha-beta shuffles its root moves before
ordering them, so equal moves are taken in a different order; greedy breaks ties
and draws its random moves with it). Each line keeps the moves, so ``table`` can
count distinct games, and each agent's think time per decision, wall clock
(``times``, which depends on the machine's load; the node budgets do not) and CPU
(``cpu``, ``time.process_time``: the steadier figure on a shared machine; the game
must then be the process's only work, so run one pair per process).

``table`` fits Elo (``solotable.stats.rating``: draws as half wins, 95%
percentile-bootstrap intervals over games) and prints the rating table and the
per-pair results.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from solotable import load_game, make_agent
from solotable.core.agent import Agent, Turn
from solotable.core.runner import play_game
from solotable.sim.simulation import game_seed, seats_for
from solotable.stats.rating import PairResult, Rating, bootstrap_fits, gap_interval, ladder

DEFAULT_OUT = Path("bench/results/ladder")


class Timed(Agent):
    """Forwards to an agent and keeps its decision times."""

    def __init__(self, inner: Agent) -> None:
        super().__init__(inner.game, inner.player, inner.seed)
        self.inner = inner
        self.name = inner.name
        self.times: list[float] = []
        self.cpu: list[float] = []

    def act(self, turn: Turn) -> int:
        start, start_cpu = time.perf_counter(), time.process_time()
        action = self.inner.act(turn)
        if len(turn.legal_actions) > 1:
            self.times.append(time.perf_counter() - start)
            self.cpu.append(time.process_time() - start_cpu)
        return action


def play(specs: Sequence[str], index: int, seed: int) -> dict[str, Any]:
    """Game ``index`` between ``specs`` as ``simulate`` would play it, with timings."""
    game = load_game("divercite")
    gseed = game_seed(seed, index)
    seats = seats_for(index, 2)
    agents = [
        Timed(make_agent(specs[seats[p]], game, p, gseed + 104_729 * (p + 1))) for p in range(2)
    ]
    state, record = play_game(game, agents, gseed)
    return {
        "index": index,
        "seed": gseed,
        "seats": seats,
        "returns": state.returns(),
        "scores": state.scores(),
        "actions": list(record.actions),
        "times": [agents[seats.index(k)].times for k in range(2)],
        "cpu": [agents[seats.index(k)].cpu for k in range(2)],
    }


def run(a: str, b: str, first: int, games: int, seed: int, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{a}_{b}.jsonl".replace(":", "-").replace("=", "")
    done = {json.loads(line)["index"] for line in path.open()} if path.exists() else set()
    with path.open("a") as f:
        for index in range(first, first + games):
            if index in done:
                continue
            row = play([a, b], index, seed)
            f.write(json.dumps({"a": a, "b": b, "seed0": seed, **row}) + "\n")
            f.flush()


def _load(out: Path) -> list[dict[str, Any]]:
    rows = []
    for path in sorted(out.glob("*.jsonl")):
        rows += [json.loads(line) for line in path.open() if line.strip()]
    return rows


def table(out: Path, anchor: str, prior_draws: float, resamples: int) -> str:
    rows = _load(out)
    pairs: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in rows:
        pairs.setdefault((r["a"], r["b"]), []).append(r)
    results = []
    lines = [
        "| pair (A – B) | games | A wins | draws | B wins | A score | distinct games "
        "| A s/move (mean, max) | B s/move (mean, max) | A CPU s/move | B CPU s/move |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for (a, b), games in pairs.items():
        w = d = lo = 0
        for g in games:
            ret = g["returns"][g["seats"].index(0)]
            w += ret > 0
            d += ret == 0
            lo += ret < 0
        results.append(PairResult(a, b, w, d, lo))
        distinct = len({tuple(g["actions"]) for g in games})
        t = [[x for g in games for x in g["times"][k]] for k in range(2)]
        # CPU time per move: only in games recorded with it (older lines have wall time only).
        t += [[x for g in games for x in g.get("cpu", [[], []])[k]] for k in range(2)]
        cells = [f"{sum(x) / len(x):.3f}, {max(x):.2f}" if x else "–" for x in t]
        lines.append(
            f"| {a} – {b} | {len(games)} | {w} | {d} | {lo} | {(w + d / 2) / len(games):.1%} "
            f"| {distinct} | {cells[0]} | {cells[1]} | {cells[2]} | {cells[3]} |"
        )
    fits = bootstrap_fits(results, anchor, prior_draws=prior_draws, resamples=resamples)
    ratings = sorted(ladder(results, anchor, prior_draws=prior_draws, fits=fits), key=_elo)
    head = [
        f"| player | Elo (anchor {anchor} = 0) | 95% interval | gap to the one below (95%) |",
        "|---|---|---|---|",
    ]
    below: Rating | None = None
    for rating in ratings:
        gap = "–"
        if below is not None:
            g_lo, g_hi = gap_interval(fits, below.player, rating.player)
            gap = f"{rating.elo - below.elo:+.0f} ({g_lo:+.0f} … {g_hi:+.0f})"
        head.append(
            f"| {rating.player} | {rating.elo:+.0f} | {rating.low:+.0f} … {rating.high:+.0f} "
            f"| {gap} |"
        )
        below = rating
    note = f"{len(fits)} of {resamples} bootstrap resamples had a finite fit."
    return "\n".join([*head, "", note, "", *lines])


def _elo(r: Rating) -> float:
    return r.elo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="play (or resume) one pair's games")
    r.add_argument("a")
    r.add_argument("b")
    r.add_argument("--games", type=int, default=200)
    r.add_argument("--first", type=int, default=0, help="first game index")
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--out", type=Path, default=DEFAULT_OUT)
    t = sub.add_parser("table", help="fit the ladder and print markdown")
    t.add_argument("--anchor", default="easy")
    t.add_argument("--prior-draws", type=float, default=0.0)
    t.add_argument("--resamples", type=int, default=1000)
    t.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    if args.cmd == "run":
        run(args.a, args.b, args.first, args.games, args.seed, args.out)
    else:
        print(table(args.out, args.anchor, args.prior_draws, args.resamples))


if __name__ == "__main__":
    main()
