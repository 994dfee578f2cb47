"""The bound table: honest agents against the clairvoyant bound, on the same seeds.

For each solo game every agent plays the games ``0 … n-1`` of a simulate run with
seed ``--seed`` (``sim.simulation.game_seed``: the seeds ``solotable simulate`` uses),
through ``sim.simulation.iter_games`` (research agents allowed there, as in
``simulate``). One JSON line per game (score, return, seconds, decisions) goes to
``bounds-GAME.jsonl`` in a results folder; the table is rebuilt from the lines at any
time. The committed figures are in ``bench/results/``::

    nice -n 10 python bench/bounds.py run dice-miner clairvoyant:rollouts=4 -n 100
    python bench/bounds.py table            # markdown, from the committed lines
    python bench/bounds.py plan             # the commands of the standard table

``run`` plays the whole cell again, into ``bench/results/rerun/`` (``--into DIR``; a
previous rerun of the same cell there is replaced), then says in how many games the
rerun's score equals the committed one: the committed cell is never touched, and a
checkout reruns a documented cell instead of finding it done. ``--resume`` keeps the games
already in ``--into`` and plays only the missing ones: ``--into bench/results --resume``
extends the committed cell. ``table --results bench/results/rerun`` tabulates a rerun.

Budgets are fixed (iterations, samples, playouts — never time), so a cell is the same
on any machine; only its seconds depend on the load. Intervals: Student t for mean
scores, Wilson for win rates; the ratio honest/clairvoyant is taken on the seeds both
played (paired), its interval by the delta method.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import shlex
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import solotable.agents  # noqa: F401  (registers the agents)
from solotable.core.players import CHANCE
from solotable.core.record import record_from_json
from solotable.core.registry import game_class, is_research_spec, load_game
from solotable.sim.simulation import iter_games
from solotable.stats.intervals import wilson

GAMES = ("dice-miner", "51st-state", "mini-divercity")
WIN_RATE_GAMES = ("mini-divercity",)
"""Games whose headline figure is the win rate (the others: the mean score)."""
RESULTS = Path(__file__).resolve().parent / "results"
"""The committed lines."""
RERUN = RESULTS / "rerun"
"""Where ``run`` plays by default (``bench/results/`` is git-ignored but for the committed
files, so a rerun never shows as a change)."""
BASE = "base"
"""The code version of a row with no label: main's agents before the honest-agent work of
issue 13 was merged (a53e75c) plus ``clairvoyant``. Later runs pass ``--code LABEL``, so a
cell played with changed agents never mixes with older games of the same spec."""
LIMIT = 2.0
"""Seconds per decision allowed to an honest agent for the goal (issue 13)."""

STANDARD: dict[str, list[tuple[str, int]]] = {
    # (agent spec, games): cheap agents get many games, searches few (a shared, loaded machine).
    "dice-miner": [
        ("random", 200),
        ("heuristic", 200),
        ("pimc", 40),
        ("mcts", 10),
        ("clairvoyant:rollouts=4", 50),
    ],
    "51st-state": [
        ("random", 200),
        ("heuristic", 200),
        ("pimc", 10),
        ("mcts", 5),
        ("clairvoyant:rollouts=1", 20),
    ],
    "mini-divercity": [
        ("random", 200),
        ("heuristic", 200),
        ("pimc", 20),
        ("mcts", 10),
        ("clairvoyant:rollouts=2", 200),
    ],
}
"""The standard table; the game's ``hint_agent`` and every ``--honest`` spec are added."""


def data_file(game: str, folder: Path | None = None) -> Path:
    return (folder or RESULTS) / f"bounds-{game}.jsonl"


def decisions(record_json: str) -> int:
    """The player's decisions in a game (its record's actions minus the chance ones)."""
    record = record_from_json(record_json)
    game = load_game(record.game, **record.options)
    state = game.new_initial_state(record.seed)
    count = 0
    for text in record.actions:
        if state.current_player() != CHANCE:
            count += 1
        state.apply_action(state.string_to_action(text))
    return count


def load_rows(game: str, folder: Path | None = None) -> list[dict[str, Any]]:
    path = data_file(game, folder)
    if not path.exists():
        return []
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _of_cell(row: dict[str, Any], spec: str, seed: int, code: str) -> bool:
    return bool(row["spec"] == spec and row["seed"] == seed and row.get("code", BASE) == code)


def run_cell(
    game: str,
    spec: str,
    games: int,
    seed: int,
    code: str,
    into: Path = RERUN,
    resume: bool = False,
    first: int = 0,
) -> dict[str, int]:
    """Play the games of one cell into ``into`` (all of them, unless ``resume``: then only
    those not there yet), then compare the scores with the committed cell's. The counts:
    games played, games of the committed cell, and how many of those scored the same.
    ``first``: start at that game (a second process plays the far end of a long cell into
    another folder; the lines of the two are the same cell's)."""
    rows = load_rows(game, into)
    if not resume:  # a rerun replaces the cell's lines there (other cells are kept)
        kept = [r for r in rows if not _of_cell(r, spec, seed, code)]
        if len(kept) != len(rows):
            into.mkdir(parents=True, exist_ok=True)
            data_file(game, into).write_text(
                "".join(json.dumps(r) + "\n" for r in kept), encoding="utf-8"
            )
        rows = kept
    done = {r["index"] for r in rows if _of_cell(r, spec, seed, code)}
    todo = [i for i in range(first, games) if i not in done]
    g = load_game(game)
    research = is_research_spec(spec, g)
    command = shlex.join(["python", "bench/bounds.py", "run", game, spec, "-n", str(games)])
    into.mkdir(parents=True, exist_ok=True)
    print(f"{game} {spec}: {len(todo)} games to play into {into}", file=sys.stderr)
    with data_file(game, into).open("a", encoding="utf-8") as out:
        for i in todo:
            start = time.perf_counter()
            cpu = time.process_time()
            (result,) = iter_games(game, {}, [spec], [i], seed, keep_record=True)
            seconds = time.perf_counter() - start
            assert result.record_json is not None
            row = {
                "game": game,
                "spec": spec,
                "seed": seed,
                "index": i,
                "game_seed": result.seed,
                "score": result.scores[0],
                "return": result.returns[0],
                "win": result.stats.get("result") == "win",
                "seconds": round(seconds, 4),
                "cpu": round(time.process_time() - cpu, 4),
                "decisions": decisions(result.record_json),
                "research": research,
                "command": command,
                "code": code,
            }
            out.write(json.dumps(row) + "\n")
            out.flush()
    return compare_with_committed(game, spec, seed, code, into, len(todo))


def compare_with_committed(
    game: str, spec: str, seed: int, code: str, into: Path, played: int
) -> dict[str, int]:
    """How the cell in ``into`` compares with the committed one, printed and returned."""
    mine = {r["index"]: r for r in load_rows(game, into) if _of_cell(r, spec, seed, code)}
    if into.resolve() == RESULTS.resolve():
        print(f"{game} {spec}: {played} games played; {len(mine)} in the cell", file=sys.stderr)
        return {"played": played, "committed": len(mine), "same": len(mine)}
    stored = {r["index"]: r for r in load_rows(game) if _of_cell(r, spec, seed, code)}
    common = sorted(set(mine) & set(stored))
    same = sum(1 for i in common if mine[i]["score"] == stored[i]["score"])
    print(
        f"{game} {spec}: {played} games played; {same} of the {len(common)} games the "
        f"committed cell also has scored the same ({len(stored)} committed)",
        file=sys.stderr,
    )
    return {"played": played, "committed": len(stored), "same": same}


# ---------------------------------------------------------------------------- statistics
_T975 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}


def t975(df: int) -> float:
    """Student's t 97.5% quantile (a table to 9, then a Cornish-Fisher expansion)."""
    if df in _T975:
        return _T975[df]
    z = 1.959964
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def mean_t(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% t interval."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, math.nan
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return m, t975(n - 1) * sd / math.sqrt(n)


def ratio(num: Sequence[float], den: Sequence[float]) -> tuple[float, float]:
    """``mean(num) / mean(den)`` of paired values and its 95% half-width (delta method)."""
    n = len(num)
    mn, md = sum(num) / n, sum(den) / n
    if md == 0:
        return math.nan, math.nan
    r = mn / md
    d = [a - r * b for a, b in zip(num, den, strict=True)]
    if n < 2:
        return r, math.nan
    sd = math.sqrt(sum(x * x for x in d) / (n - 1))
    return r, t975(n - 1) * sd / (math.sqrt(n) * abs(md))


def ratio_of_means(num: Sequence[float], den: Sequence[float]) -> tuple[float, float]:
    """``mean(num) / mean(den)`` of independent samples and its 95% half-width (delta
    method): every game of both cells, not only the shared seeds."""
    mn, hn = mean_t(num)
    md, hd = mean_t(den)
    if md == 0:
        return math.nan, math.nan
    r = mn / md
    rel = math.hypot(hn / mn if mn else 0.0, hd / md)
    return r, abs(r) * rel


# ---------------------------------------------------------------------------- table
FOLDER: list[Path] = [RESULTS]
"""The folder the table reads (``table --results DIR``)."""


def cells(game: str, seed: int, code: str) -> dict[str, dict[int, dict[str, Any]]]:
    """cell → index → row (the last stored line wins). A cell is the spec for rows played
    with the code version ``code``, ``spec @version`` for rows of another version."""
    out: dict[str, dict[int, dict[str, Any]]] = {}
    for r in load_rows(game, FOLDER[0]):
        if r["seed"] == seed:
            version = r.get("code", BASE)
            key = r["spec"] if version == code else f"{r['spec']} @{version}"
            out.setdefault(key, {})[r["index"]] = r
    return out


def bound_cell(game: str, data: dict[str, dict[int, dict[str, Any]]]) -> dict[int, dict[str, Any]]:
    """The standard clairvoyant cell: this version's, else the base version's."""
    spec = next(s for s, _ in STANDARD[game] if s.startswith("clairvoyant"))
    return data.get(spec) or data.get(f"{spec} @{BASE}", {})


def value(row: dict[str, Any], game: str) -> float:
    return float(row["win"]) if game in WIN_RATE_GAMES else float(row["score"])


def figure(rows: list[dict[str, Any]], game: str) -> str:
    if game in WIN_RATE_GAMES:
        w = wilson(sum(1 for r in rows if r["win"]), len(rows))
        lo, hi = w["ci95"]
        return f"{100 * w['rate']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
    m, h = mean_t([float(r["score"]) for r in rows])
    return f"{m:.2f} ± {h:.2f}"


def order(game: str, specs: Iterable[str], honest: Sequence[str]) -> list[str]:
    """The table's rows: the standard agents, the hint agent, ``--honest``, the standard
    clairvoyant, then any other stored cell."""
    hint = game_class(game).info.hint_agent
    wanted = [s for s, _ in STANDARD[game] if not s.startswith("clairvoyant")]
    wanted += [hint, *honest]
    wanted += [s for s, _ in STANDARD[game] if s.startswith("clairvoyant")]
    present = set(specs)
    rows = [k for s in dict.fromkeys(wanted) for k in (s, f"{s} @{BASE}") if k in present]
    # Any other stored cell (a sensitivity run, an older hint agent) comes after them.
    return rows + sorted(present - set(rows))


def table(game: str, seed: int, honest: Sequence[str], code: str) -> list[str]:
    """Markdown lines of one game's table."""
    data = cells(game, seed, code)
    hint = game_class(game).info.hint_agent
    bound = bound_cell(game, data)
    metric = "win rate [Wilson 95%]" if game in WIN_RATE_GAMES else "mean score ± 95% (t)"
    lines = [
        f"| agent | kind | n | {metric} | CPU s/game | CPU s/decision | wall s/decision "
        "| % of clairvoyant: ratio of means | % of clairvoyant: paired seeds |",
        "|---|---|---:|---|---:|---:|---:|---|---|",
    ]
    for spec in order(game, data, honest):
        rows = [data[spec][i] for i in sorted(data[spec])]
        research = any(r["research"] for r in rows)
        kind = "research" if research else ("honest, hint agent" if spec == hint else "honest")
        moves = max(1, sum(r["decisions"] for r in rows))
        per_game = sum(r["cpu"] for r in rows) / len(rows)
        per_decision = sum(r["cpu"] for r in rows) / moves
        wall = sum(r["seconds"] for r in rows) / moves
        common = sorted(set(data[spec]) & set(bound))
        share = "—"
        if common and not research:
            r, h = ratio(
                [value(data[spec][i], game) for i in common],
                [value(bound[i], game) for i in common],
            )
            share = f"{100 * r:.1f}% ± {100 * h:.1f} (n={len(common)})"
        whole = "—"
        if bound and not research:
            r, h = ratio_of_means(
                [value(x, game) for x in rows], [value(x, game) for x in bound.values()]
            )
            whole = f"{100 * r:.1f}% ± {100 * h:.1f}"
        lines.append(
            f"| `{spec}` | {kind} | {len(rows)} | {figure(rows, game)} | {per_game:.2f} | "
            f"{per_decision:.4f} | {wall:.4f} | {whole} | {share} |"
        )
    return lines


MIN_GAMES_FOR_BEST = 30
"""Games a cell needs before it can be "best honest": a pilot of a few seeds is not a measure."""


def best_honest(game: str, seed: int, honest: Sequence[str], code: str) -> tuple[str, float] | None:
    """The honest agent at ≤ 2 CPU s per decision that scores best, and its share of the bound
    (ratio of means: every game of both cells).

    Two cells are compared on the seeds both played (games 0…n-1 of the same run seed: the
    shorter cell's), not on their own means, and a cell needs ``MIN_GAMES_FOR_BEST`` games: a
    short cell that happened to draw easy seeds would otherwise take the headline from a long
    one that plays better on the very same deals."""
    data = cells(game, seed, code)
    bound = bound_cell(game, data)
    if not bound:
        return None
    best: str | None = None
    for spec in order(game, data, honest):
        rows = list(data[spec].values())
        if any(r["research"] for r in rows) or spec == "random" or len(rows) < MIN_GAMES_FOR_BEST:
            continue
        if sum(r["cpu"] for r in rows) / max(1, sum(r["decisions"] for r in rows)) > LIMIT:
            continue
        if best is None or _better_on_shared_seeds(data[spec], data[best], game):
            best = spec
    if best is None:
        return None
    r, _ = ratio_of_means(
        [value(x, game) for x in data[best].values()], [value(x, game) for x in bound.values()]
    )
    return best, r


def _better_on_shared_seeds(
    mine: dict[int, dict[str, Any]], theirs: dict[int, dict[str, Any]], game: str
) -> bool:
    """Does ``mine`` score more than ``theirs`` over the games both cells played?"""
    common = sorted(set(mine) & set(theirs))
    if not common:
        return False
    return sum(value(mine[i], game) for i in common) > sum(value(theirs[i], game) for i in common)


def headline(seed: int, honest: Sequence[str], code: str) -> list[str]:
    """One markdown row per game: the bound, the best honest agent, its share, the goal."""
    lines = []
    for game in GAMES:
        data = cells(game, seed, code)
        bound = bound_cell(game, data)
        best = best_honest(game, seed, honest, code)
        if not bound or best is None:
            lines.append(f"| {game} | — | missing | — | — | — | — | — |")
            continue
        spec, _ = best
        rows = list(data[spec].values())
        r, h = ratio_of_means(
            [value(x, game) for x in rows], [value(x, game) for x in bound.values()]
        )
        # The same ratio on the seeds both played: the deal's luck cancels, so it is narrower.
        common = sorted(set(data[spec]) & set(bound))
        pr, ph = ratio(
            [value(data[spec][i], game) for i in common], [value(bound[i], game) for i in common]
        )
        per_decision = sum(x["cpu"] for x in rows) / max(1, sum(x["decisions"] for x in rows))
        places = 2 if per_decision >= 0.01 else 4  # a rule-based player's 0.0002 s is not 0
        what = "win rate" if game in WIN_RATE_GAMES else "mean score"
        gap = "met" if r >= 0.9 else f"{100 * (0.9 - r):.0f} points short"
        lines.append(
            f"| {game} | {what} | {figure(list(bound.values()), game)} (n={len(bound)}) | "
            f"`{spec}`: {figure(rows, game)} (n={len(rows)}) | {per_decision:.{places}f} | "
            f"{100 * r:.1f}% ± {100 * h:.1f} | {100 * pr:.1f}% ± {100 * ph:.1f} "
            f"(n={len(common)}) | {gap} |"
        )
    return lines


def print_tables(seed: int, honest: Sequence[str], code: str) -> None:
    load = os.getloadavg()
    print(
        f"machine: {os.cpu_count()} cores, {platform.python_implementation()} "
        f"{platform.python_version()}, {platform.machine()}; load average now "
        f"{load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}; run seed {seed}, "
        "games 0…n-1 (seeds of `solotable simulate --seed "
        f"{seed}`); code version `{code}` (cells of another version are marked @version)\n"
    )
    print(
        "| game | figure | clairvoyant (bound) | best honest | CPU s/decision "
        "| % of bound: ratio of means | % of bound: paired seeds | goal |"
    )
    print("|---|---|---|---|---:|---:|---:|---|")
    print("\n".join(headline(seed, honest, code)) + "\n")
    for game in GAMES:
        print(f"### {game}\n")
        print("\n".join(table(game, seed, honest, code)))
        best = best_honest(game, seed, honest, code)
        if best is not None:
            spec, r = best
            gap = "goal met" if r >= 0.9 else f"{100 * (0.9 - r):.1f} points short of 90%"
            print(
                f"\nbest honest at ≤ {LIMIT:g} CPU s/decision: `{spec}`, {100 * r:.1f}% "
                f"of the bound ({gap})"
            )
        data = cells(game, seed, code)
        commands = []
        for key in order(game, data, honest):
            first = next(iter(data[key].values()))
            version = first.get("code", BASE)
            args = ["run", game, first["spec"], "-n", str(len(data[key]))]
            args += [] if seed == 0 else ["--seed", str(seed)]
            args += [] if version == BASE else ["--code", version]
            commands.append(shlex.join(["python", "bench/bounds.py", *args]))
        if commands:
            print("\ncommands:\n\n```\n" + "\n".join(f"nice -n 10 {c}" for c in commands))
            print("```")
        print()


def plan(honest: Sequence[str], scale: float) -> None:
    """The commands of the standard table (the hint agent and ``--honest`` at the pimc n)."""
    for game in GAMES:
        hint = game_class(game).info.hint_agent
        search_n = next(n for s, n in STANDARD[game] if s == "pimc")
        for spec, n in [*STANDARD[game], *((h, search_n) for h in (hint, *honest))]:
            args = ["run", game, spec, "-n", str(max(1, round(n * scale)))]
            print(shlex.join(["nice", "-n", "10", "python", "bench/bounds.py", *args]))


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    sub = p.add_subparsers(dest="command")  # none: the table (``make bench`` runs it so)
    run = sub.add_parser("run", help="play one cell again (into bench/results/rerun/)")
    run.add_argument("game", choices=GAMES)
    run.add_argument("spec")
    run.add_argument("-n", "--games", type=int, default=100)
    run.add_argument("--seed", type=int, default=0)
    run.add_argument("--code", default=BASE, help="label of the code version (see BASE)")
    run.add_argument("--into", type=Path, default=RERUN, help="results folder to play into")
    run.add_argument(
        "--resume", action="store_true", help="keep the cell's games already in --into"
    )
    run.add_argument("--first", type=int, default=0, help="the first game to play (0)")
    for name in ("table", "plan"):
        q = sub.add_parser(name)
        q.add_argument("--seed", type=int, default=0)
        q.add_argument("--honest", action="append", default=[], help="another honest spec")
        q.add_argument("--scale", type=float, default=1.0, help="plan: scale the game counts")
        q.add_argument("--code", default=BASE, help="table: the code version shown plainly")
        q.add_argument("--results", type=Path, default=RESULTS, help="table: results folder")
    args = p.parse_args(argv)
    if args.command is None:
        args = p.parse_args(["table"])
    if args.command == "run":
        run_cell(
            args.game,
            args.spec,
            args.games,
            args.seed,
            args.code,
            args.into,
            args.resume,
            args.first,
        )
    elif args.command == "table":
        FOLDER[0] = args.results
        print_tables(args.seed, args.honest, args.code)
    else:
        plan(args.honest, args.scale)


if __name__ == "__main__":
    main()
