"""The session's words: seats, moves in the log, undo refusals, the end of a game.

A play session (``session/session.py``) speaks in data — who moved (``core.seat``), what the
move does (its ``action_info`` message), why undo is refused — and these say it. Registered on
the core formatter (``words/core.py`` loads this module).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.words.registry import N_, Nn_
from solotable.words.shared import WORDS
from solotable.words.tr import Tr

LEVELS = {
    "easy": N_("easy"),
    "medium": N_("medium"),
    "hard": N_("hard"),
    "expert": N_("expert"),
    "master": N_("master"),
}
"""The AI levels players pick (``GameInfo.ai_levels``); other agent specs are shown as named."""


def level_name(t: Tr, agent: str) -> str:
    """An AI level in words (``easy`` → « facile »); another agent spec as it was typed."""
    text = LEVELS.get(agent)
    return t._(text) if text is not None else agent


def seat_name(t: Tr, game: str, seat: int, players: int) -> str:
    """A seat as its game names it (White, Black), else "player N"; "you" in a solo game."""
    from solotable.words import words

    if players == 1:
        return t._("you")
    return words(t.lang).seat_name(game, seat)


@WORDS.message("seat")
def _seat(t: Tr, a: Mapping[str, Any]) -> str:
    if a.get("you"):
        return t._("you")
    agent = a.get("agent")
    players = int(a.get("players") or 2)
    if players == 1:
        return t._("the AI (%(level)s)", level=level_name(t, agent)) if agent else t._("you")
    name = seat_name(t, str(a.get("game", "")), int(a.get("seat", 0)), players)
    if agent is None:
        return name
    return t._("%(seat)s (%(level)s)", seat=name, level=level_name(t, str(agent)))


# -- the log ------------------------------------------------------------------------------


def _action(a: Mapping[str, Any]) -> Any:
    """The move of an event: its message data (an older event: its words or notation)."""
    return a.get("action") or a.get("words") or a.get("notation", "")


@WORDS.message("event.move")
def _move(t: Tr, a: Mapping[str, Any]) -> str:
    who = a.get("who") or ""
    if a.get("hidden"):
        return t._("%(who)s made a move you cannot see", who=who)
    if a.get("forced"):
        return t._("%(who)s (only legal move): %(action)s", who=who, action=_action(a))
    return t._("%(who)s: %(action)s", who=who, action=_action(a))


@WORDS.message("event.chance")
def _chance(t: Tr, a: Mapping[str, Any]) -> str:
    return t.value(_action(a))


WORDS.plural("event.undo", Nn_("took back %(n)s move", "took back %(n)s moves"), "moves")


@WORDS.message("event.resign")
def _resign(t: Tr, a: Mapping[str, Any]) -> str:
    if is_you(a.get("who")):
        return t._("you resigned")
    return t._("%(who)s resigned", who=a.get("who", ""))


@WORDS.message("event.forfeit")
def _forfeit(t: Tr, a: Mapping[str, Any]) -> str:
    who = a.get("who") or ""
    reason = str(a.get("reason", ""))
    if reason == "ran out of time":
        return t._("%(who)s ran out of time", who=who)
    if "seconds" in a and "limit" in a:
        return t._(
            "%(who)s took %(seconds)s s for one move (limit %(limit)s s)",
            who=who,
            seconds=t.num(float(a["seconds"]), 2),
            limit=t.num(float(a["limit"]), 3),
        )
    return t._("%(who)s: %(reason)s", who=who, reason=reason)


@WORDS.message("event.end")
def _end(t: Tr, a: Mapping[str, Any]) -> str:
    from solotable.core.record import outcome_message

    return t.value(outcome_message(a.get("outcome", "")))


@WORDS.message("outcome.forfeit")
def _forfeit_outcome(t: Tr, a: Mapping[str, Any]) -> str:
    game, seat, players = str(a.get("game", "")), int(a.get("seat", 0)), int(a.get("players", 1))
    who = seat_name(t, game, seat, players)
    reason = str(a.get("reason", ""))
    if reason == "resigned":
        if players == 1:
            return t._("you resigned")
        if players == 2:
            winner = seat_name(t, game, 1 - seat, players)
            return t._("%(loser)s resigned: %(winner)s wins", loser=who, winner=winner)
        return t._("%(who)s resigned", who=who)
    if reason == "ran out of time":
        why = t._("ran out of time")
    elif "seconds" in a and "limit" in a:
        why = t._(
            "took %(seconds)s s for one move (limit %(limit)s s)",
            seconds=t.num(float(a["seconds"]), 2),
            limit=t.num(float(a["limit"]), 3),
        )
    else:
        why = reason
    return t._("%(who)s forfeits: %(why)s", who=who, why=why)


# -- refusals -----------------------------------------------------------------------------

WORDS.text("undo.refused", N_("cannot undo: %(reason)s"))
WORDS.text("undo.nothing", N_("you have made no move to take back"))
WORDS.text("undo.revealed", N_("since your move, a draw was revealed (%(what)s)"))
WORDS.text("undo.hidden-revealed", N_("hidden information was revealed since your move"))


def is_you(who: Any) -> bool:
    """Whether a ``core.seat`` message (or its JSON data) names the player themself."""
    args = who.args if hasattr(who, "args") else (who or {}).get("args", {})
    return bool(args.get("you"))


@WORDS.message("session.not-your-turn")
def _not_your_turn(t: Tr, a: Mapping[str, Any]) -> str:
    if is_you(a.get("who")):
        return t._("it is not your turn")
    return t._("it is not %(who)s's turn", who=a.get("who", ""))


WORDS.text("session.agent-seat", N_("that seat is played by %(who)s"))
WORDS.text("session.no-seat", N_("no seat %(seat)s in this game"))
WORDS.text("session.no-agent-to-move", N_("no AI is to move"))
WORDS.text("session.shown-only", N_("this game was opened to be shown, not played: no AI"))
WORDS.plural(
    "session.seat-count",
    Nn_("this game has %(n)s seat, got %(got)s", "this game has %(n)s seats, got %(got)s"),
)
WORDS.text(
    "session.unsealed-record", N_("the record of an unfinished game holds its secrets; seal it")
)
WORDS.text("agent-illegal", N_("agent %(agent)s: %(reason)s"))
WORDS.text("save.chance-differs", N_("move %(move)s: chance outcome differs from the seed's"))
WORDS.text("save.no-replay", N_("the saved game does not replay: %(reason)s"))
WORDS.text(
    "plugin.seat",
    N_(
        "seat %(seat)s is played by the plug-in agent '%(agent)s': plug-ins are imported only "
        "when the player names them, and this one was read from a file or the store"
    ),
)
