"""Divercité's words: its moves, events, refusals, outcome, options and statistics.

The game produces data (``games/divercite/``); this module says it, every string through the
``divercite`` catalog domain. Seats, colours and pieces are said by the helpers of
``divercite_terms`` (the French comes from the seed's vocabulary); the options, presets,
statistics, piece texts and hint reasons are registered by ``divercite_more``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.core.message import Msg
from solotable.words.divercite import learn as divercite_learn
from solotable.words.divercite.terms import WORDS, colour, seat
from solotable.words.registry import N_
from solotable.words.tr import Tr

divercite_learn.register(WORDS)

__all__ = ["WORDS"]

# -- moves ----------------------------------------------------------------------------------


@WORDS.message("action.city")
def _city(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "place a %(colour)s city on %(square)s", colour=colour(t, a["colour"]), square=a["square"]
    )


@WORDS.message("action.resource")
def _resource(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "place a %(colour)s resource on %(square)s",
        colour=colour(t, a["colour"]),
        square=a["square"],
    )


WORDS.text("action.neutral", N_("place the neutral token on %(square)s"))


@WORDS.message("placed")
def _placed(t: Tr, a: Mapping[str, Any]) -> str:
    """A piece on a square, as a noun phrase ("a red city on D6"): hint reasons name moves so."""
    if a.get("kind") == "city":
        return t._(
            "a %(colour)s city on %(square)s", colour=colour(t, a["colour"]), square=a["square"]
        )
    if a.get("kind") == "resource":
        return t._(
            "a %(colour)s resource on %(square)s",
            colour=colour(t, a["colour"]),
            square=a["square"],
        )
    return t._("the neutral token on %(square)s", square=a["square"])


# -- notation errors (what the player typed is quoted by the core's message) -----------------

WORDS.text("notation.not-text", N_("a move is text, such as CR D6"))
WORDS.text("notation.empty", N_("empty move; try for example CR D6 (a red city on D6)"))
WORDS.text(
    "notation.shape",
    N_(
        "expected a piece then a square: CR D6 is a red city on D6, RG C7 a green resource on "
        "C7, N E3 the neutral token on E3 (colours R G B Y)"
    ),
)
WORDS.text("notation.off-board", N_("%(square)s is off the board (columns A–I, rows 1–9)"))
WORDS.text(
    "notation.no-square",
    N_(
        "%(square)s is not a square: city squares are B/D/F/H × 2/4/6/8, resource squares "
        "A/C/E/G/I × 1/3/5/7/9"
    ),
)
WORDS.text(
    "notation.neutral-on-city",
    N_("%(square)s is a city square; the neutral token goes on a resource square"),
)
WORDS.text(
    "notation.city-on-resource",
    N_("%(square)s is a resource square; cities go on B/D/F/H × 2/4/6/8"),
)
WORDS.text(
    "notation.resource-on-city",
    N_("%(square)s is a city square; resources go on A/C/E/G/I × 1/3/5/7/9"),
)

# -- refusals ------------------------------------------------------------------------------


@WORDS.message("illegal.neutral-first")
def _neutral_first(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "in the neutral-token-first variant %(seat)s must first place the neutral token on a "
        "resource square",
        seat=seat(t, a["seat"]),
    )


@WORDS.message("illegal.neutral-last")
def _neutral_last(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "all pieces are placed: %(seat)s must put the neutral token on the last free square, "
        "%(square)s",
        seat=seat(t, a["seat"]),
        square=a["square"],
    )


@WORDS.message("illegal.neutral-not-now")
def _neutral_not_now(t: Tr, a: Mapping[str, Any]) -> str:
    if a.get("variant"):
        return t._("the neutral token is placed only as the first move")
    return t._("the neutral token is placed only as the last move of the game")


@WORDS.message("illegal.occupied")
def _occupied(t: Tr, a: Mapping[str, Any]) -> str:
    square = a["square"]
    piece = a.get("piece")
    if piece == "city":
        return t._(
            "%(square)s is already occupied (%(seat)s's %(colour)s city)",
            square=square,
            seat=seat(t, a["owner"]),
            colour=colour(t, a["colour"]),
        )
    if piece == "resource":
        return t._(
            "%(square)s is already occupied (a %(colour)s resource)",
            square=square,
            colour=colour(t, a["colour"]),
        )
    if piece == "neutral":
        return t._("%(square)s is already occupied (the neutral token)", square=square)
    return t._("%(square)s is already occupied", square=square)


@WORDS.message("illegal.none-left")
def _none_left(t: Tr, a: Mapping[str, Any]) -> str:
    who, hue = seat(t, a["seat"]), colour(t, a["colour"])
    if a["piece"] == "city":
        return t._("%(seat)s has no %(colour)s city left", seat=who, colour=hue)
    return t._("%(seat)s has no %(colour)s resource left", seat=who, colour=hue)


WORDS.text("sample.other-options", N_("this observation comes from a game with different options"))
WORDS.text("sample.mismatch", N_("this observation's board does not match its list of moves"))

# -- the outcome -----------------------------------------------------------------------------


def _tally(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "%(white)s–%(black)s (Divercités %(white_divercites)s–%(black_divercites)s)",
        white=a["white"],
        black=a["black"],
        white_divercites=a["white_divercites"],
        black_divercites=a["black_divercites"],
    )


@WORDS.message("outcome.in-progress")
def _in_progress(t: Tr, a: Mapping[str, Any]) -> str:
    return t.ngettext(
        "in progress after %(n)s ply: White %(white)s, Black %(black)s; %(seat)s to move",
        "in progress after %(n)s plies: White %(white)s, Black %(black)s; %(seat)s to move",
        int(a["ply"]),
        white=a["white"],
        black=a["black"],
        seat=seat(t, a["to_move"]),
    )


@WORDS.message("outcome.win")
def _win(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "%(seat)s wins %(tally)s: more points once the board is full",
        seat=seat(t, a["winner"]),
        tally=_tally(t, a),
    )


@WORDS.message("outcome.tiebreak")
def _tiebreak(t: Tr, a: Mapping[str, Any]) -> str:
    by = a.get("by")
    if by == "divercites":
        why = t._("more Divercités")
    elif by == "matches":
        why = t._("more cities with %(n)s matching resources", n=a["matches"])
    else:
        why = t._("the first player wins a perfect tie")
    return t._(
        "%(seat)s wins a %(tally)s tie on the tie-break: %(why)s",
        seat=seat(t, a["winner"]),
        tally=_tally(t, a),
        why=why,
    )


@WORDS.message("outcome.shared")
def _shared(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "shared result: both players scored %(score)s (%(tally)s); rematch with %(seat)s starting",
        score=a["white"],
        tally=_tally(t, a),
        seat=seat(t, a["starter"]),
    )


# -- events ------------------------------------------------------------------------------------


def _gains(t: Tr, gains: list[int], scores: list[int]) -> str:
    parts = [
        t.ngettext(
            "%(seat)s +%(n)s point (now %(total)s)",
            "%(seat)s +%(n)s points (now %(total)s)",
            int(g),
            seat=seat(t, p),
            total=scores[p],
        )
        for p, g in enumerate(gains)
        if g
    ]
    return t.join(parts)


@WORDS.message("event.score")
def _score(t: Tr, a: Mapping[str, Any]) -> str:
    piece = a["piece"]
    gains = _gains(t, list(a["gains"]), list(a["scores"]))
    if piece.get("piece") == "city":
        return t._(
            "a %(colour)s city on %(square)s scores: %(gains)s",
            colour=colour(t, piece["colour"]),
            square=a["square"],
            gains=gains,
        )
    if piece.get("piece") == "resource":
        return t._(
            "a %(colour)s resource on %(square)s scores: %(gains)s",
            colour=colour(t, piece["colour"]),
            square=a["square"],
            gains=gains,
        )
    return t._("the piece on %(square)s scores: %(gains)s", square=a["square"], gains=gains)


@WORDS.message("event.divercite")
def _divercite(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "Divercité! %(seat)s's %(colour)s city on %(square)s has four different colours "
        "around it: 5 points",
        seat=seat(t, a["owner"]),
        colour=colour(t, a["colour"]),
        square=a["square"],
    )


def _action_of(a: Mapping[str, Any]) -> Msg | None:
    """The move of a session's ``move`` event as a message, from its notation (the one
    language-neutral form a record and the store keep)."""
    from solotable.core.errors import NotationError
    from solotable.games.divercite.actions import action_info, string_to_action

    notation = a.get("notation")
    if not isinstance(notation, str):
        return None
    try:
        return action_info(string_to_action(notation)).message
    except NotationError:
        return None


@WORDS.message("event.move")
def _move(t: Tr, a: Mapping[str, Any]) -> str:
    action = _action_of(a)
    what = t.say(action) if action is not None else str(a.get("notation", ""))
    if a.get("seat") is None:
        return what
    who = seat(t, a["seat"])
    if a.get("forced"):
        return t._("%(seat)s (only legal move): %(move)s", seat=who, move=what)
    return t._("%(seat)s: %(move)s", seat=who, move=what)


@WORDS.message("event.resign")
def _resign(t: Tr, a: Mapping[str, Any]) -> str:
    if a.get("seat") is None:
        return t._("a player resigned")
    return t._("%(seat)s resigned", seat=seat(t, a["seat"]))


@WORDS.message("event.forfeit")
def _forfeit(t: Tr, a: Mapping[str, Any]) -> str:
    if a.get("seat") is None:
        return t._("a player lost on time")
    return t._("%(seat)s lost on time", seat=seat(t, a["seat"]))


@WORDS.message("event.end")
def _end(t: Tr, a: Mapping[str, Any]) -> str:
    """The end of a game, from the session's result (scores, returns, forfeit)."""
    scores = [int(x) for x in a.get("scores") or (0, 0)]
    returns = list(a.get("returns") or (0, 0))
    winner = 0 if returns[0] > returns[1] else 1 if returns[1] > returns[0] else None
    forfeit = a.get("forfeit")
    if isinstance(forfeit, Mapping) and winner is not None:
        if forfeit.get("reason") == "resigned":
            return t._(
                "%(loser)s resigned: %(seat)s wins",
                loser=seat(t, 1 - winner),
                seat=seat(t, winner),
            )
        return t._(
            "%(loser)s lost on time: %(seat)s wins",
            loser=seat(t, 1 - winner),
            seat=seat(t, winner),
        )
    if winner is None:
        return t._(
            "game over: shared result, %(white)s–%(black)s", white=scores[0], black=scores[1]
        )
    return t._(
        "game over: %(seat)s wins, %(white)s–%(black)s",
        seat=seat(t, winner),
        white=scores[0],
        black=scores[1],
    )


from solotable.words.divercite import more as divercite_more  # noqa: E402, F401  (options, stats, hints)
