"""51st State's guided first round: one sentence per step of ``web/tutorials/51st-state.json``,
in the rules page's words (French: the French rule text's terms — Pioche, rattacher,
conquérir, contacts, travailleurs).

The cards a step names are the card file's names said with ``t.term``, as the table says
them, so a lesson can never name a card otherwise than the card it points at (the French
lessons said "Crossroads" beside a table that will say "Carrefour"). ``NAMING`` holds the names
of the cards the tutorial's moves play (its JSON gives their ids).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from solotable.words.fifty_first_state.base import name
from solotable.words.registry import N_, Formatter
from solotable.words.tr import Tr

NAMING: dict[str, tuple[str, str]] = {
    "keep": (
        N_(
            "Lookout: you draw a card and keep it, or discard it to take the next one, "
            "which you must keep. Keep %(name)s."
        ),
        "Crossroads",
    ),
    "build": (
        N_(
            "Production gave you workers, a grey contact and goods. Build a card by paying "
            "grey contacts equal to its distance: build %(name)s, and take its build bonus."
        ),
        "Crossroads",
    ),
    "play": (
        N_("Play the connection card you took: %(name)s gives 2 red contacts."),
        "Punks",
    ),
    "opp": (
        N_(
            "Send one worker to an open card of the virtual opponent to take its "
            "production: %(name)s."
        ),
        "Construction Vehicles",
    ),
    "raze": (
        N_(
            "Raze a card from your hand by paying red contacts equal to its distance: "
            "it is discarded for its spoils. Raze %(name)s."
        ),
        "Wrecked Tank",
    ),
}
"""The steps that name a card: their sentence and the card (the data file's English name, a
catalog term)."""


def _naming(text: str, card: str) -> Callable[[Tr, Mapping[str, Any]], str]:
    """A step's sentence with its card's name in the player's language."""
    return lambda t, a: t._(text, name=name(t, card))


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
    words.message("learn.keep")(_naming(*NAMING["keep"]))
    words.text(
        "learn.refuse",
        N_("Refuse this one: it is discarded and you draw the next card, which you keep."),
    )
    words.message("learn.build")(_naming(*NAMING["build"]))
    words.text(
        "learn.take",
        N_("Two workers take the face-up connection card of a colour: take the red one."),
    )
    words.message("learn.play")(_naming(*NAMING["play"]))
    words.message("learn.opp")(_naming(*NAMING["opp"]))
    words.message("learn.raze")(_naming(*NAMING["raze"]))
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
