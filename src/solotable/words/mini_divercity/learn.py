"""Mini DiverCity's guided first game: one sentence per step of
``web/tutorials/mini-divercity.json``, in the rules page's words (French: the French rule
text's terms — Lagon, Océan, Plateforme pétrolière, Plongeur, Identifier, Explorer)."""

from __future__ import annotations

from solotable.words.registry import N_, Formatter


def register(words: Formatter) -> None:
    """Add the guided game's sentences (``mini-divercity.learn.<step>``)."""
    words.text(
        "learn.intro",
        N_(
            "Save 7 species before 5 are eliminated or every Island becomes a Hotel. Each "
            "turn a Corporation card is resolved, then you may use a Diver, then you take "
            "one main action."
        ),
    )
    words.text(
        "learn.explore",
        N_(
            "Your hand holds two Lagoon cards, face up, and three Ocean cards, face down. "
            "Explore turns the Ocean cards face up and ends your turn: click Explore."
        ),
    )
    words.text(
        "learn.oil",
        N_(
            "An Oil Platform came up: you discard a card of your choice and its species "
            "moves one space toward red. Choose the first Ocean card."
        ),
    )
    words.text(
        "learn.identify",
        N_(
            "A new turn. Identify: discard an Ocean card to move its species one space "
            "toward green (with a Lagoon card, 2 more cards go too). Click the third Ocean "
            "card and choose Identify."
        ),
    )
    words.text(
        "learn.oil-again",
        N_("Another Oil Platform: give up the second Ocean card this time."),
    )
    words.text(
        "learn.diver",
        N_(
            "Each Diver can be used once a game, before the main action. The Communications "
            "Specialist turns 2 face-down Ocean cards up: click it."
        ),
    )
    words.text("learn.flip", N_("Choose the first Ocean card to turn face up."))
    words.text("learn.flip-again", N_("And then the second Ocean card."))
    words.text(
        "learn.peek",
        N_(
            "After a Diver you may look at the top Corporation card, to prepare for it. "
            "Click Look at the top card."
        ),
    )
    words.text(
        "learn.end",
        N_(
            "Now take your main action: Explore, Identify or Close a Hotel. You know the "
            "turn: play on, and watch the scale."
        ),
    )
