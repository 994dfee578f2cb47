"""A simulation that never loses finished games: streamed, journaled, resumable.

``simulate --records DIR`` makes ``DIR`` a *run folder*:

- ``<game>-<index>.json``: one record per game, written atomically;
- ``.solotable-run/run.json``: what the run is (game, options, agents, games, seed,
  time budget);
- ``.solotable-run/results.jsonl``: one line per finished game (what its summary
  needs), appended and flushed as each game finishes, after its record.

The bookkeeping is in a hidden folder so that ``DIR/*.json`` is still just the records.

A run killed at any moment (Ctrl-C, SIGTERM, a full disk, a power cut) keeps every
game whose journal line was written; ``--resume DIR`` reads the journal back into
the summary and plays only the missing games, with the same seeds as before, so
the final summary is the one an uninterrupted run would print. Memory stays flat:
results go to the accumulator and the disk, never into a list.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from types import FrameType
from typing import Any

from solotable.core.errors import SolotableError
from solotable.core.untrusted import finite, parse_json, read_json, shorten
from solotable.sim.results import ResultsError
from solotable.sim.simulation import (
    GameResult,
    WorkersLost,
    accumulate,
    iter_games,
    record_name,
    write_atomic,
)
from solotable.stats.accumulate import SummaryAccumulator
from solotable.stats.metrics import GAME_KEYS
from solotable.stats.metrics import LIMIT as METRIC_LIMIT

META = ".solotable-run"
MANIFEST = f"{META}/run.json"
JOURNAL = f"{META}/results.jsonl"
FORMAT = "solotable-run"
MAX_VALUE = 1e12
"""Returns and scores are small; a larger number in a journal is damage."""


class RunError(SolotableError):
    """A run folder that cannot be created, resumed or written."""


@dataclass(frozen=True)
class RunSpec:
    """Everything that decides a run's games: same spec, same games."""

    game: str
    options: dict[str, Any]
    agents: list[str]
    games: int
    seed: int
    time_budget: float | None = None

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "version": 1, **asdict(self)}, indent=1) + "\n"

    @classmethod
    def from_doc(cls, doc: Any, source: str) -> RunSpec:
        """Validate a manifest (a run folder may have been edited or damaged)."""
        if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("version") != 1:
            raise RunError(f"{source}: not a solotable run manifest")
        try:
            spec = cls(
                game=str(doc["game"]),
                options=dict(doc["options"]),
                agents=[str(a) for a in doc["agents"]],
                games=int(doc["games"]),
                seed=int(doc["seed"]),
                time_budget=None if doc.get("time_budget") is None else float(doc["time_budget"]),
            )
        except (KeyError, TypeError, ValueError) as e:
            raise RunError(f"{source}: damaged run manifest ({shorten(str(e))})") from None
        if not 1 <= spec.games <= 10**9 or not 0 <= spec.seed < 2**63 or not spec.agents:
            raise RunError(f"{source}: damaged run manifest (games, seed or agents)")
        if spec.time_budget is not None and not 0 < spec.time_budget <= 86_400:
            raise RunError(f"{source}: damaged run manifest (time budget)")
        return spec


def _result_from_line(line: str, source: str, games: int, agents: int) -> GameResult:
    doc = parse_json(line, source, RunError)
    try:
        r = GameResult(
            index=int(doc["index"]),
            seed=int(doc["seed"]),
            seats=[int(x) for x in doc["seats"]],
            returns=[finite(x, "returns", MAX_VALUE, RunError) for x in doc["returns"]],
            scores=[finite(x, "scores", MAX_VALUE, RunError) for x in doc["scores"]],
            outcome=str(doc["outcome"]),
            stats={str(k): v for k, v in dict(doc["stats"]).items()},
            plies=int(doc.get("plies", 0)),  # journals written before plies/seconds
            seconds=float(doc.get("seconds", 0.0)),
            metrics=_metrics(doc.get("metrics", {})),  # and before the game metrics
        )
    except (KeyError, TypeError, ValueError) as e:
        raise RunError(f"{source}: damaged journal line ({shorten(str(e))})") from None
    except RunError as e:
        raise RunError(f"{source}: damaged journal line ({e})") from None
    if not 0 <= r.index < games or not all(
        isinstance(v, str | int | float) for v in r.stats.values()
    ):
        raise RunError(f"{source}: damaged journal line (index or stats)")
    if (
        not 1 <= len(r.seats) <= 16
        or not len(r.seats) == len(r.returns) == len(r.scores)
        or not all(0 <= s < agents for s in r.seats)
    ):
        raise RunError(f"{source}: damaged journal line (seats, returns or scores)")
    return r


def _metrics(doc: Any) -> dict[str, float | None]:
    """A journal line's ``metrics``: known keys only, each a finite number or null."""
    if not isinstance(doc, dict) or not set(doc) <= set(GAME_KEYS):
        raise RunError("metrics: not the game metrics of this version")
    return {
        k: None if v is None else finite(v, f"metrics.{k}", METRIC_LIMIT, RunError)
        for k, v in doc.items()
    }


class RunFolder:
    """The files of one run; see the module docstring."""

    def __init__(self, path: Path, spec: RunSpec) -> None:
        self.path = path
        self.spec = spec
        self._journal: Any = None

    @classmethod
    def create(cls, path: Path, spec: RunSpec) -> RunFolder:
        """A new run in ``path`` (created if needed); refuses a folder holding a run."""
        if (path / MANIFEST).exists():
            raise RunError(
                f"--records {path}: the folder holds a run already; continue it with "
                f"--resume {path}, or choose another folder"
            )
        try:
            (path / META).mkdir(parents=True, exist_ok=True)
            write_atomic(path / MANIFEST, spec.to_json())
        except OSError as e:
            raise RunError(f"--records {path}: cannot write there ({e.strerror or e})") from None
        return cls(path, spec)

    @classmethod
    def open(cls, path: Path) -> RunFolder:
        manifest = path / MANIFEST
        if not manifest.is_file():
            raise RunError(f"--resume {path}: no {MANIFEST} there (not a --records folder)")
        return cls(
            path, RunSpec.from_doc(read_json(manifest, "run manifest", RunError), str(manifest))
        )

    def finished(self) -> Iterator[GameResult]:
        """The games the journal holds (a line cut short by a kill is ignored)."""
        journal = self.path / JOURNAL
        if not journal.exists():
            return
        seen: set[int] = set()
        try:
            with journal.open("r", encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    if not line.endswith("\n"):
                        break  # the write a kill interrupted: that game is played again
                    where = f"{journal}:{n}"
                    r = _result_from_line(line, where, self.spec.games, len(self.spec.agents))
                    if r.index not in seen:
                        seen.add(r.index)
                        yield r
        except (OSError, UnicodeDecodeError) as e:
            why = e.strerror if isinstance(e, OSError) else "not UTF-8 text"
            raise RunError(f"--resume {self.path}: cannot read the journal ({why})") from None

    def keep(self, r: GameResult) -> None:
        """Write ``r``'s record, then its journal line (flushed): a game is done once
        its line is complete (a SIGKILL between the two leaves a record that
        ``--resume`` replays to the same bytes)."""
        try:
            if r.record_json is not None:
                name = record_name(self.spec.game, r.index, self.spec.games)
                write_atomic(self.path / name, r.record_json)
            if self._journal is None:
                self._cut_torn_line()
                self._journal = (self.path / JOURNAL).open("a", encoding="utf-8")
            line = {k: v for k, v in asdict(r).items() if k != "record_json"}
            self._journal.write(json.dumps(line, ensure_ascii=False) + "\n")
            self._journal.flush()
        except OSError as e:
            raise RunError(f"--records {self.path}: cannot write ({e.strerror or e})") from None

    def _cut_torn_line(self) -> None:
        """Drop a last journal line that a kill cut short (``finished`` ignored it, and its
        game is played again) before appending: written after it, the next line would
        join it into one damaged line that the following ``--resume`` refuses."""
        journal = self.path / JOURNAL
        if not journal.exists():
            return
        with journal.open("rb+") as f:
            size = f.seek(0, os.SEEK_END)
            if size == 0:
                return
            f.seek(size - 1)
            if f.read(1) == b"\n":
                return
            end = size  # look back, a block at a time, for the last complete line's end
            while end > 0:
                start = max(0, end - 65536)
                f.seek(start)
                cut = f.read(end - start).rfind(b"\n")
                if cut >= 0:
                    end = start + cut + 1
                    break
                end = start
            f.truncate(end)
            f.flush()
            os.fsync(f.fileno())

    def close(self) -> None:
        if self._journal is not None:
            with contextlib.suppress(OSError):
                self._journal.close()
            self._journal = None


@dataclass
class RunOutcome:
    """How a run ended: the summary so far and why it stopped, if it did."""

    summary: dict[str, Any]
    done: int
    planned: int
    stopped_by: int | None = None
    """The signal (SIGINT, SIGTERM) that stopped the run early, if one did."""
    error: SolotableError | None = None
    """A write that failed (full disk…): the run stopped, the games before it kept."""


class _Stop(KeyboardInterrupt):
    """SIGTERM, delivered the way Ctrl-C is so that one path handles both."""


def run(
    spec: RunSpec,
    *,
    num_players: int,
    jobs: int | None = 1,
    folder: RunFolder | None = None,
    progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> RunOutcome:
    """Play the run's missing games, streaming each into the summary (and the folder).

    ``on_result`` sees every game of the run, those of the journal of a resumed run
    first (``--out``: the results file holds the whole run).

    Ctrl-C or SIGTERM stops it: the games in hand are finished and kept, and the
    outcome says which signal stopped it; the caller prints the partial summary.
    ``backend``, ``address`` and ``jobs`` say where the games are played
    (:func:`~solotable.sim.simulation.iter_games`); they do not change the games.
    """
    acc = SummaryAccumulator(spec.game, spec.agents, spec.seed, num_players)
    done: set[int] = set()
    if folder is not None:
        for r in folder.finished():
            if len(r.seats) != num_players:
                raise RunError(f"--resume {folder.path}: the journal is not of a {spec.game} run")
            accumulate(acc, r)
            done.add(r.index)
            if on_result is not None:
                on_result(r)
        if progress and done:
            progress(len(done))
    todo = [i for i in range(spec.games) if i not in done]
    outcome = RunOutcome({}, len(done), spec.games)

    # A signal that arrives while a game is being kept and counted waits until that is
    # done, so a stop never leaves a record the journal and the summary do not count. (The
    # handler always runs in the main thread, whichever thread the kernel chose.)
    # The signals received, in order: a library the run calls (Ray) may re-raise the
    # interrupt as a plain KeyboardInterrupt, so the type of the exception is not enough.
    busy = [False]
    held: list[int] = []
    received: list[int] = []

    me = os.getpid()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        if os.getpid() != me:
            # A pool worker forked a moment ago, before its own set-up replaced this handler
            # (``sim.workerlife``): it leaves Ctrl-C to the run and ends at once on SIGTERM,
            # touching no lock another thread may have held when it was forked.
            if signum == signal.SIGTERM:
                os._exit(128 + signum)
            return
        received.append(signum)
        if busy[0]:
            held.append(signum)
            return
        raise _Stop() if signum == signal.SIGTERM else KeyboardInterrupt()

    old = signal.signal(signal.SIGTERM, on_signal)
    old_int = signal.signal(signal.SIGINT, on_signal)
    try:
        for r in iter_games(
            spec.game,
            spec.options,
            spec.agents,
            todo,
            spec.seed,
            jobs=jobs,
            time_budget=spec.time_budget,
            keep_record=folder is not None,
            backend=backend,
            address=address,
        ):
            busy[0] = True
            try:
                if folder is not None:
                    folder.keep(r)
                accumulate(acc, r)
                if on_result is not None:
                    on_result(r)
                outcome.done += 1
            finally:
                busy[0] = False
            if held:
                raise _Stop() if held[0] == signal.SIGTERM else KeyboardInterrupt()
            if progress:
                progress(1)
    except KeyboardInterrupt as e:
        if received:
            outcome.stopped_by = received[0]
        else:
            outcome.stopped_by = signal.SIGTERM if isinstance(e, _Stop) else signal.SIGINT
    except (RunError, ResultsError, WorkersLost) as e:  # a failed write, a killed worker
        outcome.error = e
    finally:
        signal.signal(signal.SIGTERM, old)
        signal.signal(signal.SIGINT, old_int)
        if folder is not None:
            folder.close()
    outcome.summary = acc.summary()
    if outcome.done < spec.games:
        outcome.summary["partial"] = True
        outcome.summary["games_planned"] = spec.games
    return outcome
