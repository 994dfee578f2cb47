"""Divercité's guided first game: one sentence per step of ``web/tutorials/divercite.json``,
in the rules page's words (French: the French rule text's terms — cité, ressource, case de
pavés, Divercité)."""

from __future__ import annotations

from solotable.words.registry import N_, Formatter


def register(words: Formatter) -> None:
    """Add the guided game's sentences (``divercite.learn.<step>``)."""
    words.text(
        "learn.intro",
        N_(
            "You play White against the AI. Each turn you place one of your pieces: a city "
            "on a city square or a resource on a resource square. Cities score from the four "
            "resource squares on their diagonals."
        ),
    )
    words.text(
        "learn.city",
        N_(
            "Choose your red city in your supply, then the highlighted city square D6: "
            "it touches C7, E7, C5 and E5."
        ),
    )
    words.text(
        "learn.same-colour",
        N_(
            "A city scores 1 point per neighbouring resource of its own colour. Choose a "
            "red resource and place it on C7."
        ),
    )
    words.text(
        "learn.other-colour",
        N_(
            "Four resources of four different colours around a city make a Divercité, worth "
            "5 points. Start one: a green resource on C5."
        ),
    )
    words.text(
        "learn.shared",
        N_(
            "Resources belong to the board: they count for every city they touch, yours and "
            "the AI's. Place a blue resource on E7."
        ),
    )
    words.text(
        "learn.divercite",
        N_("The fourth colour completes the Divercité: a yellow resource on E5."),
    )
    words.text(
        "learn.end",
        N_(
            "Your red city on D6 now scores 5 points. Play on: when every piece is placed, "
            "the higher total wins."
        ),
    )
