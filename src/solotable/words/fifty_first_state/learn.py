"""51st State's guided first round: one sentence per step of ``web/tutorials/51st-state.json``,
in the rules page's words (French: the French rule text's terms — Pioche, rattacher,
conquérir, contacts, travailleurs).

The cards a step names are the card file's names said with ``t.term``, as the table says
them, so a lesson can never name a card otherwise than the card it points at (the French
lessons said "Crossroads" beside a table that will say "Carrefour"). ``CARDS`` are the names
of the cards the tutorial's moves play (its JSON gives their ids).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.words.fifty_first_state.base import name
from solotable.words.registry import N_, Formatter
from solotable.words.tr import Tr

CARDS = {
    "keep": "Crossroads",
    "build": "Crossroads",
    "play": "Punks",
    "opp": "Construction Vehicles",
    "raze": "Wrecked Tank",
}
"""The card each step with a card names (the data file's English name, a catalog term)."""


def _keep(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "Lookout: you draw a card and keep it, or discard it to take the next one, "
        "which you must keep. Keep %(name)s.",
        name=name(t, CARDS["keep"]),
    )


def _build(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "Production gave you workers, a grey contact and goods. Build a card by paying "
        "grey contacts equal to its distance: build %(name)s, and take its build bonus.",
        name=name(t, CARDS["build"]),
    )


def _play(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "Play the connection card you took: %(name)s gives 2 red contacts.",
        name=name(t, CARDS["play"]),
    )


def _opp(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "Send one worker to an open card of the virtual opponent to take its production: %(name)s.",
        name=name(t, CARDS["opp"]),
    )


def _raze(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "Raze a card from your hand by paying red contacts equal to its distance: "
        "it is discarded for its spoils. Raze %(name)s.",
        name=name(t, CARDS["raze"]),
    )


def register(words: Formatter) -> None:
    """Add the guided game's sentences (``51st-state.learn.<step>``)."""
    words.text(
        "learn.intro",
        N_(
            "Six rounds alone against a virtual opponent: each round you take cards, "
            "your faction produces, then you act until you pass. Score: VP tokens plus "
            "one per location in your state."
        ),
    )
    words.message("learn.keep")(_keep)
    words.text(
        "learn.refuse",
        N_("Refuse this one: it is discarded and you draw the next card, which you keep."),
    )
    words.message("learn.build")(_build)
    words.text(
        "learn.take",
        N_("Two workers take the face-up connection card of a colour: take the red one."),
    )
    words.message("learn.play")(_play)
    words.message("learn.opp")(_opp)
    words.message("learn.raze")(_raze)
    words.text(
        "learn.pass",
        N_(
            "Pass to end your actions: what is left in your supply is discarded at "
            "Cleanup, and the next round begins."
        ),
    )
    words.text(
        "learn.end",
        N_(
            "A new round, a new Lookout. You know the round now: play on to the end of "
            "round 6 and beat your best score."
        ),
    )
