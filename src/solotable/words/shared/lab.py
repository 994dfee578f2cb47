"""The balance lab's words: game metrics, skill and luck, and how their numbers are written.

``stats.metrics`` defines each metric as data (a key, a number with its interval); this module
names and explains them for ``solotable metrics``, ``compare`` and the report, in the
``solotable`` catalog domain (docs/balance.md defines every metric and gives its source).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.words.registry import N_
from solotable.words.tr import Tr

METRICS: dict[str, tuple[str, str]] = {
    "duration": (
        N_("Duration"),
        N_("Player decisions per game (chance steps not counted)."),
    ),
    "branching": (
        N_("Branching factor"),
        N_("Legal moves per decision: each game's mean, averaged over the games."),
    ),
    "branching_max": (
        N_("Widest choice"),
        N_("The most legal moves any decision offered."),
    ),
    "decision_factor": (
        N_("Decision factor"),
        N_("Legal moves per decision, counting only decisions with two moves or more."),
    ),
    "forced": (
        N_("Forced moves"),
        N_("Share of decisions with a single legal move."),
    ),
    "legal_distribution": (
        N_("Choices per decision"),
        N_("Share of all decisions by their number of legal moves."),
    ),
    "lead_changes": (
        N_("Lead changes"),
        N_("Times per game the lead on points passed from one player to the other."),
    ),
    "drama": (
        N_("Drama"),
        N_("Points the eventual winner was behind, averaged over the game's decisions."),
    ),
    "behind": (
        N_("Winner behind"),
        N_("Share of decisions after which the eventual winner was behind on points."),
    ),
    "decisiveness": (
        N_("Settled at"),
        N_("How far into the game the eventual loser last led (share of its decisions)."),
    ),
    "drawishness": (
        N_("Draws"),
        N_("Share of games that end in a draw."),
    ),
    "first_player": (
        N_("First player wins"),
        N_("Share of games won by the player who made the first decision."),
    ),
    "balance": (
        N_("Balance"),
        N_("1 minus the gap between the seats' win rates: 1 when both seats win as often."),
    ),
    "point_of_no_return": (
        N_("Point of no return"),
        N_("Lost games: how far into the game the win went out of reach (share of its turns)."),
    ),
    "settled_early": (
        N_("Lost before the end"),
        N_("Share of lost games whose win was out of reach before their last turn."),
    ),
}
"""``stats.metrics.METRIC_ORDER`` key → (label, one-line description)."""


def metric_label(t: Tr, key: str) -> str:
    texts = METRICS.get(key)
    return t._(texts[0]) if texts else key


def metric_help(t: Tr, key: str) -> str:
    texts = METRICS.get(key)
    return t._(texts[1]) if texts else ""


def fixed(t: Tr, x: float, places: int = 2) -> str:
    """``x`` with exactly ``places`` decimals, the language's way (``3.50``, ``3,50``): the
    figures of one table line up."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * places if places else "")
    text = str(format_decimal(x, format=pattern, locale="fr" if t.lang == "fr" else "en"))
    return text.replace("-", "−") if t.lang == "fr" else text


def pct(t: Tr, share: float) -> str:
    """A share as a percentage with one decimal: ``52.0%`` (``52,0 %`` in French)."""
    return t._("%(value)s%%", value=fixed(t, 100.0 * share, 1))


def interval(t: Tr, entry: Mapping[str, Any], share: bool = False) -> str:
    """``41.20 [40.10, 42.30]``; a value without spread says "no variation seen", a sample too
    small for an interval says so (never a zero-width or missing interval in silence)."""
    value = entry.get("mean", entry.get("rate"))
    if value is None:
        return "—"

    def show(x: float) -> str:
        return pct(t, x) if share else fixed(t, x, 2)

    note = entry.get("note")
    if note == "no variation seen":
        return t._("%(value)s (no variation seen)", value=pct(t, value) if share else t.num(value))
    lo, hi = entry.get("ci95", [None, None])
    if lo is None or hi is None or note:
        return t._("%(value)s (too few games for an interval)", value=show(value))
    return t._("%(value)s [%(low)s, %(high)s]", value=show(value), low=show(lo), high=show(hi))


def metric_value(t: Tr, key: str, entry: Any, share: bool) -> str:
    """One metric of a ``stats.metrics`` summary, as the terminal and the report write it."""
    if key == "legal_distribution":
        return ", ".join(
            t._("%(moves)s: %(share)s", moves=name, share=pct(t, v))
            for name, v in entry.items()
            if v
        )
    if key == "branching_max":
        return t.num(entry["value"])
    return interval(t, entry, share)


SKILL: dict[str, tuple[str, str]] = {
    "agent": (
        N_("Player (skill)"),
        N_("Share of the spread explained by which agent played: the same deals, other play."),
    ),
    "deal": (
        N_("Deal (luck)"),
        N_("Share of the spread explained by the deal: the same agents, another seed."),
    ),
    "interaction": (
        N_("Interaction and chance play"),
        N_(
            "The rest: deals that suit one agent more than another, and the agents' own "
            "random choices."
        ),
    ),
}
"""The parts of the skill-versus-luck decomposition (``stats.skill``)."""


def skill_label(t: Tr, part: str) -> str:
    return t._(SKILL[part][0])


def skill_help(t: Tr, part: str) -> str:
    return t._(SKILL[part][1])


__all__ = [
    "METRICS",
    "SKILL",
    "fixed",
    "interval",
    "metric_help",
    "metric_label",
    "metric_value",
    "pct",
    "skill_help",
    "skill_label",
]
