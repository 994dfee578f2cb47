"""Divercité's options, presets, statistics, piece descriptions and hint reasons.

Registered on the formatter of ``words/divercite/terms.py`` when the formatter module
(``words/divercite/__init__.py``) loads.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.words.divercite.terms import WORDS, seat
from solotable.words.registry import N_
from solotable.words.tr import Tr

# -- options and presets -------------------------------------------------------------------

WORDS.option(
    "first_player",
    N_("First player"),
    N_("Who places the first piece and, at the end, the neutral token."),
)
WORDS.choice("first_player", "white", N_("White"))
WORDS.choice("first_player", "black", N_("Black"))
WORDS.option(
    "neutral_first",
    N_("Neutral token first"),
    N_(
        "Variant: the first player opens by placing the neutral token on any resource square; "
        "the other player then places the first piece."
    ),
)
WORDS.option(
    "clock",
    N_("Thinking time per player (seconds)"),
    N_("Total thinking time for each player's whole game; 0 means no clock. Running out loses."),
)
WORDS.option(
    "move_clock",
    N_("Thinking time per move (seconds)"),
    N_("Time allowed for each single move; 0 means no limit. A slower move loses."),
)
WORDS.option(
    "tiebreak",
    N_("Equal scores"),
    N_("What happens when both players end with the same score."),
)
WORDS.choice(
    "tiebreak",
    "shared",
    N_("Shared result"),
    N_("As the rules say: nobody wins; play again with the other player starting."),
)
WORDS.choice(
    "tiebreak",
    "course",
    N_("Tie-break"),
    N_(
        "More Divercités wins, then more cities with 4, 3, then 2 matching resources; still "
        "equal, the first player wins."
    ),
)
WORDS.preset(
    "course",
    N_("15-minute game"),
    N_("15 minutes of thinking time each, and equal scores go to the tie-break."),
)
WORDS.preset("blitz", N_("Blitz"), N_("5 minutes of thinking time each."))

# -- statistics --------------------------------------------------------------------------------

WORDS.stat(
    "winning seat",
    N_("Winning seat"),
    N_("Whether the player who started or the other one won."),
)
WORDS.stat("White points", N_("White's points"), N_("White's final score."))
WORDS.stat("Black points", N_("Black's points"), N_("Black's final score."))
WORDS.stat(
    "White Divercités",
    N_("White's Divercités"),
    N_("White's cities surrounded by four different colours."),
)
WORDS.stat(
    "Black Divercités",
    N_("Black's Divercités"),
    N_("Black's cities surrounded by four different colours."),
)
WORDS.stat("margin", N_("Margin"), N_("The difference between the two scores."))
WORDS.text("stat.winning seat.first player", N_("the first player"))
WORDS.text("stat.winning seat.second player", N_("the second player"))
WORDS.text("stat.winning seat.draw", N_("nobody (shared result)"))
WORDS.text("stat.winning seat.unfinished", N_("not played to the end"))

# -- the pieces (``info``: Divercité has no cards) ---------------------------------------------

WORDS.text(
    "piece.city",
    N_(
        "City: each player has 8 (2 per colour) and places them on the city squares "
        "(columns B, D, F, H; rows 2, 4, 6, 8). A city scores 1 point per neighbouring "
        "resource of its own colour, or 5 points (a Divercité) when its four neighbours show "
        "four different colours."
    ),
)
WORDS.text(
    "piece.resource",
    N_(
        "Resource: each player has 12 (3 per colour) and places them on the resource squares "
        "(columns A, C, E, G, I; rows 1, 3, 5, 7, 9). Once placed it belongs to the board and "
        "counts for every city it touches, whoever owns the city."
    ),
)
WORDS.text(
    "piece.neutral",
    N_(
        "Neutral token: placed last on the one resource square left (or first, in the variant). "
        "It has no colour: a city touching it gets nothing for that square and cannot make a "
        "Divercité."
    ),
)
WORDS.text(
    "piece.divercite",
    N_(
        "Divercité: a city whose four neighbouring resources are four different colours scores "
        "5 points instead of 1 per resource of its colour."
    ),
)

# -- hint reasons (``agents/divercite/advice.py``) -----------------------------------------------


@WORDS.message("hint.reason")
def _reason(t: Tr, a: Mapping[str, Any]) -> str:
    """The parts of a reason, each a message, joined as the language punctuates."""
    said = [t.say(part) for part in a["parts"]]
    text = said[-1] if said else ""
    for part in reversed(said[:-1]):
        text = t._("%(reason)s; %(more)s", reason=part, more=text)
    return text


@WORDS.message("hint.swing")
def _swing(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "%(seat)s %(gain)s, %(other)s %(other_gain)s",
        seat=seat(t, a["seat"]),
        gain=t.signed(a["gain"]) if a["gain"] else "+0",
        other=seat(t, 1 - a["seat"]),
        other_gain=t.signed(a["other_gain"]) if a["other_gain"] else "+0",
    )


@WORDS.message("hint.completes")
def _completes(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("completes a Divercité for %(seat)s", seat=seat(t, a["seat"]))


@WORDS.message("hint.reply")
def _reply(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "%(seat)s's best reply: %(move)s (%(net)s net)",
        seat=seat(t, a["seat"]),
        move=t.say(a["move"]),
        net=t.signed(a["net"]),
    )


@WORDS.message("hint.blocks")
def _blocks(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "it blocks %(move)s, worth %(net)s net to %(seat)s",
        seat=seat(t, a["seat"]),
        move=t.say(a["move"]),
        net=t.signed(a["net"]),
    )
