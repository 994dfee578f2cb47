"""Hints and reviews in words: values with their spread and unit, reasons, verdicts.

The hint agents (``agents/search/pimc.py``, ``agents/search/ismcts.py``,
``agents/search/_playout.py``) and ``session/advice.py``/``session/review.py`` produce
data: numbers with their unit as a code (:data:`~solotable.core.agent.UNITS`) and reasons
as messages. These say them, numbers the
language's way (a win chance as a percentage, points with one decimal at most).
Registered on the core formatter (``words/core.py`` loads this module).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.core.agent import UNIT_AHEAD, UNIT_SCORE, UNIT_WIN
from solotable.words.registry import N_
from solotable.words.shared import WORDS
from solotable.words.tr import Tr


def percent(t: Tr, x: float) -> str:
    """``38%`` / « 38 % »: a chance, rounded to a whole percent."""
    from babel.numbers import format_percent

    return str(format_percent(x, locale="fr" if t.lang == "fr" else "en"))


def points(t: Tr, x: float) -> str:
    """``3.5`` points: one decimal at most."""
    return t.num(float(x), 1)


def count_of(x: float) -> int:
    """The number a plural form is chosen by: a fraction takes the plural ("1.5 points")."""
    return int(x) if float(x).is_integer() else 2


@WORDS.message("value")
def _value(t: Tr, a: Mapping[str, Any]) -> str:
    unit, value = str(a["unit"]), float(a["value"])
    if a["spread"] is None:  # a deterministic search: no interval to show
        return bare_value(t, unit, value)
    spread = float(a["spread"])
    if unit == UNIT_WIN:
        return t._(
            "%(value)s ± %(spread)s win chance", value=percent(t, value), spread=percent(t, spread)
        )
    if unit == UNIT_AHEAD:
        return t._(
            "%(value)s ± %(spread)s points ahead at the end",
            value=t.signed(value, 1),
            spread=points(t, spread),
        )
    if unit == UNIT_SCORE:
        return t._(
            "final score %(value)s ± %(spread)s", value=points(t, value), spread=points(t, spread)
        )
    return t._(
        "%(value)s ± %(spread)s %(unit)s",
        value=points(t, value),
        spread=points(t, spread),
        unit=unit,
    )


def bare_value(t: Tr, unit: str, value: float) -> str:
    """A value without an interval (an exact or deterministic search's)."""
    if unit == UNIT_WIN:
        return t._("%(value)s win chance", value=percent(t, value))
    if unit == UNIT_AHEAD:
        return t.ngettext(
            "%(value)s point ahead at the end",
            "%(value)s points ahead at the end",
            count_of(round(abs(value), 1)),
            value=t.signed(value, 1),
        )
    if unit == UNIT_SCORE:
        return t._("final score %(value)s", value=points(t, value))
    return t._("%(value)s %(unit)s", value=points(t, value), unit=unit)


@WORDS.message("amount")
def _amount(t: Tr, a: Mapping[str, Any]) -> str:
    x = float(a["x"])
    if a["unit"] == UNIT_WIN:
        return t._("%(chance)s win chance", chance=percent(t, x))
    return t.ngettext("%(n)s point", "%(n)s points", count_of(x), n=points(t, x))


WORDS.text("hint.as-good", N_("your move is as good as the best, within the search's precision"))
WORDS.text("hint.loses", N_("your move loses ≈ %(amount)s against the best"))
WORDS.text("hint.head", N_("hint: %(notation)s — %(action)s"))
WORDS.text("hint.candidate", N_("  %(rank)s. %(notation)s: %(value)s — %(reason)s"))
WORDS.text("hint.yours", N_("  yours: %(notation)s: %(value)s — %(reason)s"))
WORDS.text("hint.verdict", N_("  %(verdict)s"))
WORDS.text("hint.clear", N_("clearly best: the search told it apart from every other move"))
WORDS.text(
    "hint.about-as-good",
    N_("about as good as “%(other)s”: the search could not tell them apart"),
)

# -- reasons ------------------------------------------------------------------------------


@WORDS.message("reason.parts")
def _parts(t: Tr, a: Mapping[str, Any]) -> str:
    # TRANSLATORS: what separates the parts of a hint's reason ("score +2 now; final …")
    sep = t.pgettext("reason separator", "; ")
    return sep.join(t.value(p) for p in a["parts"])


@WORDS.message("reason.score-now")
def _score_now(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("score %(delta)s now", delta=t.signed(float(a["delta"]), 1))


WORDS.text("reason.no-points", N_("no points now"))
WORDS.text("reason.only-move", N_("the only legal move"))
WORDS.text("reason.not-explored", N_("not explored"))
WORDS.text("reason.rule-choice", N_("the rule-based player's choice"))
WORDS.text(
    "reason.rule-choice-among-equals",
    N_("first because the rule-based player prefers it among moves the deals could not tell apart"),
)


@WORDS.message("reason.versus")
def _versus(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "against “%(other)s”: %(diffs)s",
        other=t.value(a["other"]),
        diffs=t.join([t.value(d) for d in a["diffs"]]),
    )


@WORDS.message("reason.stat-diff")
def _stat_diff(t: Tr, a: Mapping[str, Any]) -> str:
    from solotable.words import words

    # TRANSLATORS: one of the game's statistics at the end and how much more or less of it a
    # move leads to on average ("Danger points +2.5")
    return t._(
        "%(stat)s %(delta)s",
        stat=words(t.lang).stat_label(str(a["game"]), str(a["stat"])),
        delta=t.signed(float(a["delta"]), 1),
    )


@WORDS.message("reason.final-score")
def _final_score(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "final score ≈ %(value)s ± %(spread)s",
        value=points(t, a["value"]),
        spread=points(t, a["spread"]),
    )


@WORDS.message("reason.risk")
def _risk(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "risk: %(low)s–%(high)s over %(sample)s",
        low=points(t, a["low"]),
        high=points(t, a["high"]),
        sample=a["sample"],
    )


@WORDS.message("reason.wins")
def _wins(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "wins %(wins)s of %(sample)s (≈ %(chance)s)",
        wins=a["wins"],
        sample=a["sample"],
        chance=percent(t, float(a["chance"])),
    )


@WORDS.message("reason.final-range")
def _final_range(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "final score ≈ %(value)s (%(low)s–%(high)s)",
        value=points(t, a["value"]),
        low=points(t, a["low"]),
        high=points(t, a["high"]),
    )


@WORDS.message("sample.deals")
def _deals(t: Tr, a: Mapping[str, Any]) -> str:
    return t.ngettext("%(n)s deal", "%(n)s deals", int(a["n"]))


@WORDS.message("sample.rollouts")
def _rollouts(t: Tr, a: Mapping[str, Any]) -> str:
    return t.ngettext(
        "%(n)s rollout on %(deals)s", "%(n)s rollouts on %(deals)s", int(a["n"]), deals=a["deals"]
    )


# -- review -------------------------------------------------------------------------------

WORDS.text("review.close", N_("best or close (%(reason)s)"))


@WORDS.message("review.best-was")
def _best_was(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "best: %(best)s, loses ≈ %(amount)s (± %(spread)s) — %(reason)s",
        best=a["best"],
        amount=a["amount"],
        spread=t.num(float(a["spread"]), 2),
        reason=a["reason"],
    )


WORDS.text("review.no-seat", N_("this game has seats 0–%(last)s, not %(seat)s"))
WORDS.text("review.cannot-analyse", N_("agent %(agent)s cannot analyse moves"))
WORDS.text(
    "review.unfinished", N_("%(path)s: the game is not finished; review needs a finished game")
)
