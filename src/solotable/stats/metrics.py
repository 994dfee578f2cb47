"""Game metrics: what the play itself looks like, measured from the games ``simulate`` plays.

A designer asks more than "who wins": how many choices a turn offers, how often the move is
forced, how long a game lasts, whether the lead changes hands, how early the winner is known,
whether the first player is favoured. Ludii's evaluation metrics (Browne; Stephenson et al.)
answer those for any game; the ones that make sense here are defined in docs/balance.md
("Game metrics"), each with its source.

Two halves, so that the hot loop stays cheap and the summary stays exact:

- :class:`DecisionTally` is filled by ``core.runner.play_to_end`` once per decision (counts
  and a few integers, no per-move object), and :meth:`DecisionTally.values` turns it into
  the game's ``metric.*`` values: the numbers of the results file and the run journal.
- :class:`MetricsAccumulator` sums those per-game values (exactly, as ``stats.accumulate``)
  into the run's metrics with 95% intervals; ``simulate``, ``metrics`` and the report all
  use it, so the terminal and the page agree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from solotable.stats.intervals import mean_interval, wilson
from solotable.stats.moments import Moments

BUCKETS = ("1", "2", "3-4", "5-8", "9-16", "17-32", "33-64", "65-128", "129-256", "257+")
"""Legal moves per decision, in powers of two: the distribution's bins (``legal_<bin>``)."""
GAME_KEYS = (
    "branching",
    "branching_max",
    "decision_factor",
    "forced",
    "first_seat",
    "lead_changes",
    "behind",
    "drama",
    "settled",
    *(f"legal_{b}" for b in BUCKETS),
)
"""The per-game values (``metric.<key>`` columns), always all of them (None: not defined)."""
LIMIT = 1e12
"""A per-game metric larger than this in a journal or results file is damage."""
SOLO_SETTLED = ("out_of_reach_turn", "turns")
"""The statistics through which a solo game gives its point of no return: the turn from
which the win was out of reach (0: never) and the game's turns (Mini DiverCity has both)."""


class DecisionTally:
    """Per-decision counts of one game, kept by the runner (cheap: a few integer updates).

    ``decision(player, legal)`` before each decision; in a two-player game
    ``position(scores)`` after each decision's action is applied (the score lead).
    """

    __slots__ = (
        "behind",
        "choice_sum",
        "decisions",
        "first_seat",
        "forced",
        "gap",
        "hist",
        "last_led",
        "lead_changes",
        "leader",
        "legal_max",
        "legal_sum",
        "track_lead",
    )

    def __init__(self, players: int) -> None:
        self.decisions = 0
        self.legal_sum = 0
        self.legal_max = 0
        self.choice_sum = 0
        self.forced = 0
        self.hist = [0] * len(BUCKETS)
        self.first_seat = -1
        self.track_lead = players == 2
        """Leads are followed in two-player games (a score lead needs an opponent)."""
        self.leader = -1
        """The seat that last led strictly (-1: nobody yet); a level score keeps it."""
        self.lead_changes = 0
        self.last_led = [0, 0]
        """Per seat: the last decision (1-based) after which it led strictly (0: never)."""
        self.behind = [0, 0]
        """Per seat: decisions after which it was strictly behind."""
        self.gap = [0.0, 0.0]
        """Per seat: the points it was behind, summed over decisions."""

    def decision(self, player: int, legal: int) -> None:
        """A decision of ``player`` among ``legal`` legal moves."""
        self.decisions += 1
        if self.first_seat < 0:
            self.first_seat = player
        self.legal_sum += legal
        if legal > self.legal_max:
            self.legal_max = legal
        if legal <= 1:
            self.forced += 1
        else:
            self.choice_sum += legal
        b = (legal - 1).bit_length()
        self.hist[b if b < 9 else 9] += 1

    def position(self, scores: Sequence[float]) -> None:
        """The scores after the decision just applied (two-player games)."""
        a, b = scores[0], scores[1]
        if a == b:
            return
        lead, trail = (0, 1) if a > b else (1, 0)
        self.behind[trail] += 1
        self.gap[trail] += abs(a - b)
        self.last_led[lead] = self.decisions
        if lead != self.leader:
            if self.leader >= 0:
                self.lead_changes += 1
            self.leader = lead

    def values(self, returns: Sequence[float]) -> dict[str, float | None]:
        """The game's ``metric.*`` values (None where one is not defined: no decision, a
        solo game's lead, a drawn game's winner)."""
        d = self.decisions
        out: dict[str, float | None] = dict.fromkeys(GAME_KEYS)
        if d:
            out["branching"] = self.legal_sum / d
            out["branching_max"] = float(self.legal_max)
            out["forced"] = self.forced / d
            if d > self.forced:
                out["decision_factor"] = self.choice_sum / (d - self.forced)
            out["first_seat"] = float(self.first_seat)
        for name, count in zip(BUCKETS, self.hist, strict=True):
            out[f"legal_{name}"] = float(count)
        if self.track_lead and len(returns) == 2:
            out["lead_changes"] = float(self.lead_changes)
            if d and returns[0] != returns[1]:
                w = 0 if returns[0] > returns[1] else 1
                out["behind"] = self.behind[w] / d
                out["drama"] = self.gap[w] / d
                out["settled"] = self.last_led[1 - w] / d
        return out


def _number(v: Any) -> float | None:
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else None


class MetricsAccumulator:
    """The run's game metrics, one game at a time (exact sums: any order, same result).

    ``add`` takes what a results row or a journal line holds: the seats' returns, the
    decisions (``plies``), the ``metric.*`` values (empty for files written before them)
    and the game's ``stats()``.
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.n = 0
        self.with_tally = 0
        self.moments: dict[str, Moments] = {
            k: Moments()
            for k in (
                "duration",
                "branching",
                "decision_factor",
                "forced",
                "lead_changes",
                "behind",
                "drama",
                "decisiveness",
                "seat_difference",
                "point_of_no_return",
            )
        }
        self.branching_max = 0.0
        self.hist = [0.0] * len(BUCKETS)
        self.draws = 0
        self.first_known = 0
        self.first_wins = 0
        self.losses = 0
        self.settled_early = 0

    def add(
        self,
        returns: Sequence[float],
        plies: int,
        metrics: Mapping[str, Any],
        stats: Mapping[str, Any],
    ) -> None:
        self.n += 1
        m = self.moments
        m["duration"].add(plies)
        branching = _number(metrics.get("branching"))
        if branching is not None:
            self.with_tally += 1
            m["branching"].add(branching)
            self.branching_max = max(self.branching_max, _number(metrics.get("branching_max")) or 0)
            for k, name in enumerate(BUCKETS):
                self.hist[k] += _number(metrics.get(f"legal_{name}")) or 0.0
        for key, target in (
            ("decision_factor", "decision_factor"),
            ("forced", "forced"),
            ("lead_changes", "lead_changes"),
            ("behind", "behind"),
            ("drama", "drama"),
            ("settled", "decisiveness"),
        ):
            v = _number(metrics.get(key))
            if v is not None:
                m[target].add(v)
        if self.players == 2 and len(returns) == 2:
            self._two_player(returns, _number(metrics.get("first_seat")))
        elif self.players == 1:
            self._solo(stats)

    def _two_player(self, returns: Sequence[float], first: float | None) -> None:
        wins = [1 if r > 0 else 0 for r in returns]
        if not any(wins):
            self.draws += 1
        self.moments["seat_difference"].add(wins[0] - wins[1])
        if first is not None and first in (0.0, 1.0):
            self.first_known += 1
            self.first_wins += wins[int(first)]

    def _solo(self, stats: Mapping[str, Any]) -> None:
        if stats.get("result") != "loss":
            return
        reach, turns = (_number(stats.get(k)) for k in SOLO_SETTLED)
        if reach is None or turns is None or turns <= 0:
            return
        self.losses += 1
        settled = reach if reach > 0 else turns
        self.moments["point_of_no_return"].add(settled / turns)
        self.settled_early += settled < turns

    def summary(self) -> dict[str, Any]:
        """Every metric this run can give, in the order docs/balance.md defines them; a
        metric the games cannot give (a lead in a solo game) is left out."""
        m = {k: _Clamped(v, k) for k, v in self.moments.items()}
        out: dict[str, Any] = {"games": self.n, "duration": m["duration"].ci()}
        if self.with_tally:
            out["branching"] = m["branching"].ci()
            out["branching_max"] = {"value": self.branching_max, "n": self.with_tally}
            if m["decision_factor"].n:
                out["decision_factor"] = m["decision_factor"].ci()
            out["forced"] = m["forced"].ci()
            total = sum(self.hist)
            if total:
                out["legal_distribution"] = {
                    name: count / total for name, count in zip(BUCKETS, self.hist, strict=True)
                }
        if self.players == 2:
            for key in ("lead_changes", "drama", "behind", "decisiveness"):
                if m[key].n:
                    out[key] = m[key].ci()
            out["drawishness"] = wilson(self.draws, self.n)
            if self.first_known:
                out["first_player"] = wilson(self.first_wins, self.first_known)
            out["balance"] = _balance(self.moments["seat_difference"])
        if self.players == 1 and self.losses:
            out["point_of_no_return"] = m["point_of_no_return"].ci()
            out["settled_early"] = wilson(self.settled_early, self.losses)
        return out


class _Clamped:
    """A metric's t interval kept within the metric's range: no count below 0, no share
    above 1 (a t interval on a skewed sample can reach past them)."""

    def __init__(self, moments: Moments, key: str) -> None:
        self.moments, self.key = moments, key

    @property
    def n(self) -> int:
        return self.moments.n

    def ci(self) -> dict[str, Any]:
        ci = self.moments.ci()
        lo, hi = ci["ci95"]
        if lo is not None and hi is not None:
            top = 1.0 if self.key in SHARES else hi
            ci["ci95"] = [max(0.0, lo), min(top, hi)]
        return ci


def _balance(diff: Moments) -> dict[str, Any]:
    """Ludii's Balance for two seats: 1 − |win rate of seat 0 − win rate of seat 1|, with the
    interval carried over from the t interval of the per-game difference of the wins."""
    ci = diff.ci()
    mean = ci["mean"]
    if mean is None:
        return {"mean": None, "ci95": [None, None], "n": 0, "note": ci.get("note")}
    lo, hi = ci["ci95"]
    out: dict[str, Any] = {"mean": 1.0 - abs(mean), "ci95": [None, None], "n": ci["n"]}
    if lo is not None and hi is not None:
        far = max(abs(lo), abs(hi))
        near = 0.0 if lo <= 0.0 <= hi else min(abs(lo), abs(hi))
        out["ci95"] = [max(0.0, 1.0 - far), 1.0 - near]
    if ci.get("note"):
        out["note"] = ci["note"]
    return out


METRIC_ORDER = (
    "duration",
    "branching",
    "branching_max",
    "decision_factor",
    "forced",
    "legal_distribution",
    "lead_changes",
    "drama",
    "behind",
    "decisiveness",
    "drawishness",
    "first_player",
    "balance",
    "point_of_no_return",
    "settled_early",
)
"""Every aggregate metric, in the order the docs, ``metrics`` and the report show them."""
RATES = frozenset({"forced", "behind", "decisiveness", "drawishness", "first_player", "balance"})
"""Metrics that are shares (shown as percentages); ``point_of_no_return`` and
``settled_early`` are shares too."""
SHARES = RATES | {"point_of_no_return", "settled_early"}


def mean_of(values: Sequence[float]) -> dict[str, Any]:
    """A mean with its t interval, for callers holding a list (tests, the report)."""
    m = Moments()
    for v in values:
        m.add(v)
    return mean_interval(m.n, m.mean(), m.variance())


__all__ = [
    "BUCKETS",
    "GAME_KEYS",
    "LIMIT",
    "METRIC_ORDER",
    "SHARES",
    "DecisionTally",
    "MetricsAccumulator",
]
