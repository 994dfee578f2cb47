"""The web table's own messages: refusals of the table and the lobby, and hint reasons.

The web layer raises its errors with a :class:`~solotable.core.message.Msg` (``web.…``) and
``web.insight`` returns its hint reasons as messages, so both are said in the language of the
page that shows them, which may not be the language of the request that made them (a hint
asked in French is read in English after the switch). Words the templates hold themselves
(buttons, headings) are in the templates; this module is for what Python keeps between
requests. Everything here is in the shared ``solotable`` catalog domain.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.words.catalog import SHARED
from solotable.words.registry import N_, Formatter
from solotable.words.shared import learn as shared_learn
from solotable.words.tr import Tr

WORDS = Formatter("web", SHARED)

# -- the table refuses ---------------------------------------------------------------------
WORDS.text(
    "stale-page",
    N_(
        "this page was out of date (the game had moved on), so nothing was changed; "
        "here is the table as it is now"
    ),
)
WORDS.text("ai-thinking", N_("the AI is still thinking; wait for its move"))
WORDS.text("type-a-move", N_("type a move, e.g. one from the list of legal moves"))
WORDS.text("no-such-game", N_("no such game"))
WORDS.text("no-such-game-because", N_("no such game (%(reason)s)"))
WORDS.text(
    "no-human-seat", N_("this game has no human seat, so it cannot be played in the browser")
)
WORDS.text("origin", N_("this request did not come from the solotable page; reload the page"))
WORDS.text(
    "played-elsewhere",
    N_("this game was played in another window or terminal; here it is as saved"),
)
WORDS.text("agent-not-kept", N_("%(error)s; reload the page to let the AI try again"))
WORDS.text(
    "agent-failed",
    N_("the AI could not move (an error in its program, written to the server's log)"),
)
WORDS.text("unknown-game", N_("unknown game '%(name)s'"))
WORDS.text(
    "move-id", N_("a move is chosen by its number in the list of legal moves, not '%(given)s'")
)
WORDS.text("unknown-language", N_("unknown language '%(lang)s'"))

# -- the lobby refuses -----------------------------------------------------------------------
WORDS.text("lobby.seat", N_("seat must be between 0 and %(last)s, not '%(given)s'"))


@WORDS.message("lobby.level")
def _level(t: Tr, a: Mapping[str, Any]) -> str:
    levels = t.join((level_label(t, str(lv)) for lv in a["levels"]), style="or")
    return t._("AI level must be %(levels)s, not '%(given)s'", levels=levels, given=a["given"])


WORDS.text(
    "lobby.bad-seed",
    N_("a deal's seed is a whole number from 0 to 9223372036854775807, not '%(given)s'"),
)
WORDS.text("lobby.preset", N_("there is no variant '%(given)s'; choose one of the list"))


@WORDS.message("lobby.bad-value")
def _bad_value(t: Tr, a: Mapping[str, Any]) -> str:
    """A refused option value: the option's label and what it takes, in words."""
    from solotable.core.registry import game_class
    from solotable.words import words

    game, given = a["game"], a["given"]
    specs = {s.name: s for s in game_class(game).info.options}
    spec = specs[a["option"]]
    w = words(t.lang)
    label = w.option_label(game, spec)
    if spec.choices is not None:
        valid = t.join((w.choice_label(game, spec, c) for c in spec.choices), style="or")
        return t._(
            "%(option)s: choose %(valid)s, not '%(given)s'", option=label, valid=valid, given=given
        )
    if spec.type is bool:
        return t._("%(option)s: choose yes or no, not '%(given)s'", option=label, given=given)
    if spec.type in (int, float):
        lo, hi = spec.minimum, spec.maximum
        whole = spec.type is int
        if lo is not None and hi is not None:
            text = (
                t._("a whole number from %(lo)s to %(hi)s", lo=lo, hi=hi)
                if whole
                else t._("a number from %(lo)s to %(hi)s", lo=lo, hi=hi)
            )
        elif lo is not None:
            text = (
                t._("a whole number of at least %(lo)s", lo=lo)
                if whole
                else t._("a number of at least %(lo)s", lo=lo)
            )
        elif hi is not None:
            text = (
                t._("a whole number of at most %(hi)s", hi=hi)
                if whole
                else t._("a number of at most %(hi)s", hi=hi)
            )
        else:
            text = t._("a whole number") if whole else t._("a number")
        return t._(
            "%(option)s: give %(valid)s, not '%(given)s'", option=label, valid=text, given=given
        )
    return t._("%(option)s: '%(given)s' is not a possible value", option=label, given=given)


@WORDS.message("lobby.data-file")
def _data_file(t: Tr, a: Mapping[str, Any]) -> str:
    from solotable.core.registry import game_class
    from solotable.words import words

    specs = {s.name: s for s in game_class(a["game"]).info.options}
    label = words(t.lang).option_label(a["game"], specs[a["option"]])
    return t._(
        "%(option)s: choose a file from the list (the table reads no path), not '%(given)s'",
        option=label,
        given=a["given"],
    )


WORDS.text("lobby.unknown-ai", N_("unknown AI '%(given)s'; choose one of the listed levels"))
WORDS.text(
    "lobby.finished-kept",
    N_("this game is finished: it stays in your history and your scores, it is not deleted"),
)

# -- hint reasons (web.insight) ------------------------------------------------------------
WORDS.text("hint.solo-score", N_("score %(delta)s now"))
WORDS.text("hint.solo-nothing", N_("no points now; it sets up later"))


@WORDS.message("hint.value")
def _value(t: Tr, a: Mapping[str, Any]) -> str:
    """A searched move's value in its unit, with the search's own uncertainty."""
    unit, value = a["unit"], float(a["value"])
    if a["spread"] is None:  # a deterministic search: no interval
        return _bare_value(t, unit, value)
    spread = float(a["spread"])
    if unit == "win chance":
        return t._(
            "%(value)s%% ± %(spread)s%% chance of winning",
            value=t.num(round(value * 100)),
            spread=t.num(round(spread * 100)),
        )
    shown, plus = t.num(round(value, 1), 1), t.num(round(spread, 1), 1)
    # A whole number of points takes the language's plural; a fraction reads as plural.
    n = int(abs(value)) if float(round(value, 1)).is_integer() else 2
    if unit == "points ahead at the end":
        return t.ngettext(
            "%(value)s ± %(spread)s point ahead at the end",
            "%(value)s ± %(spread)s points ahead at the end",
            n,
            value=t.signed(round(value, 1), 1),
            spread=plus,
        )
    if unit == "final score":
        return t._("final score about %(value)s ± %(spread)s", value=shown, spread=plus)
    return t._("%(value)s ± %(spread)s", value=shown, spread=plus)


def _bare_value(t: Tr, unit: str, value: float) -> str:
    if unit == "win chance":
        return t._("%(value)s%% chance of winning", value=t.num(round(value * 100)))
    shown = t.num(round(value, 1), 1)
    n = int(abs(value)) if float(round(value, 1)).is_integer() else 2
    if unit == "points ahead at the end":
        return t.ngettext(
            "%(value)s point ahead at the end",
            "%(value)s points ahead at the end",
            n,
            value=t.signed(round(value, 1), 1),
        )
    if unit == "final score":
        return t._("final score about %(value)s", value=shown)
    return shown


@WORDS.message("hint.swing")
def _swing(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "%(me)s %(mine)s, %(opponent)s %(theirs)s",
        me=seat_name(t, a["game"], a["seat"]),
        mine=t.signed(a["mine"]),
        opponent=seat_name(t, a["game"], a["opponent"]),
        theirs=t.signed(a["theirs"]),
    )


@WORDS.message("hint.reply")
def _reply(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "%(opponent)s's best reply afterwards: %(gain)s (%(move)s)",
        opponent=seat_name(t, a["game"], a["opponent"]),
        gain=t.signed(a["gain"]),
        move=a["move"],
    )


@WORDS.message("hint.blocks")
def _blocks(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "it blocks %(move)s, worth %(gain)s to %(opponent)s",
        opponent=seat_name(t, a["game"], a["opponent"]),
        gain=t.signed(a["gain"]),
        move=a["move"],
    )


@WORDS.message("hint.parts")
def _parts(t: Tr, a: Mapping[str, Any]) -> str:
    # TRANSLATORS: joins the parts of a hint's reason ("White +3, Black −1; it blocks …").
    sep = t._("; ")
    return sep.join(t.say(p) for p in a["parts"])


def seat_name(t: Tr, game: str, seat: int) -> str:
    """How ``game`` names ``seat`` (White, Black), in ``t``'s language."""
    from solotable.words import words

    return words(t.lang).seat_name(game, int(seat))


# -- AI levels -------------------------------------------------------------------------------
LEVELS: dict[str, str] = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
    "master": N_("master"),
    "random": N_("random moves"),
    "heuristic": N_("rule-based"),
}
"""Opponent levels and the common built-in agents, as players call them."""


def level_label(t: Tr, level: str) -> str:
    """An AI level in words; another agent (a plug-in's) by its registered name."""
    name = level.partition(":")[0]
    text = LEVELS.get(name)
    return t._(text) if text is not None else name


# -- learn to play (web.learn): refusals of a tutorial file -----------------------------------
shared_learn.register(WORDS)
