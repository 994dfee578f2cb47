"""A game's words for the report's tests: statistic labels, descriptions and category values
(what ``words/<game>.py`` registers for a real game)."""

from __future__ import annotations

from solotable.words.registry import N_, Formatter

WORDS = Formatter("lab-words-game", "solotable")
WORDS.stat("max_more_saves", N_("Species still savable"), N_("How many more could be saved."))
WORDS.stat("band", N_("Rating"), N_("The rating band of the final score."))
WORDS.text("stat.band.low", N_("Sunk"))
WORDS.text("stat.band.high", N_("Afloat"))
