"""51st State's guided first round: one sentence per step of ``web/tutorials/51st-state.json``,
in the rules page's words (French: the French rule text's terms — Pioche, rattacher,
conquérir, contacts, travailleurs)."""

from __future__ import annotations

from solotable.words.registry import N_, Formatter


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
    words.text(
        "learn.keep",
        N_(
            "Lookout: you draw a card and keep it, or discard it to take the next one, "
            "which you must keep. Keep Crossroads."
        ),
    )
    words.text(
        "learn.refuse",
        N_("Refuse this one: it is discarded and you draw the next card, which you keep."),
    )
    words.text(
        "learn.build",
        N_(
            "Production gave you workers, a grey contact and goods. Build a card by paying "
            "grey contacts equal to its distance: build Crossroads, and take its build bonus."
        ),
    )
    words.text(
        "learn.take",
        N_("Two workers take the face-up connection card of a colour: take the red one."),
    )
    words.text(
        "learn.play",
        N_("Play the connection card you took: Punks give 2 red contacts."),
    )
    words.text(
        "learn.opp",
        N_(
            "Send one worker to an open card of the virtual opponent to take its "
            "production: Construction Vehicles."
        ),
    )
    words.text(
        "learn.raze",
        N_(
            "Raze a card from your hand by paying red contacts equal to its distance: "
            "it is discarded for its spoils. Raze Wrecked Tank."
        ),
    )
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
