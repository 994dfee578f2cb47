"""Full card texts for ``info CARD``: Divers, Corporation cards and species.

Counts and Corporation events come from the data file through the tables;
the Divers' powers are described here in our own words, after the rules
summary (``rules.md``), because the data file only names them.
"""

from __future__ import annotations

from solotable.games.mini_divercity.actions import corp_words
from solotable.games.mini_divercity.tables import Tables

DIVER_TEXT = {
    "captain": (
        "say first whether you draw 2 Species cards or 1 (before seeing any); discard one of "
        "them to improve its species by one space; the other goes back face up on the deck"
    ),
    "environmentalist": "turn one Hotel back into an Island",
    "explorer": "turn every face-down Ocean card face up",
    "swimmer": "discard one Ocean card, face up or not, to improve its species by one space",
    "communications": (
        "turn 2 face-down Ocean cards face up (you choose which when there are more), "
        "then turn the top Species card face up"
    ),
    "endurance": "improve one species still in play by one space, without a card",
    "diving": "improve one species still in play by one space, without a card",
    "visionary": (
        "take the next 4 Corporation cards (the discard is shuffled in if the deck runs out) "
        "and put them back in the order you choose, then turn 2 face-down Ocean cards face up"
    ),
}
DIVER_RULE = (
    "A Diver is used once per game, in the Divers phase (one special action per turn); "
    "afterwards you may look at the top Corporation card."
)
SPECIES_RULE = (
    "Its token starts on blue; each improvement moves it toward green, each harm toward red. "
    "Two steps up it is saved, two steps down eliminated; either way it leaves play and its "
    "cards no longer move anything."
)


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def card_text(t: Tables, name: str) -> str | None:
    """The text of a Diver, a Corporation card or a species, by id or name (any case)."""
    key = _key(name)
    for d, did in enumerate(t.diver_ids):
        if key in (_key(did), _key(t.diver_names[d])):
            return f"{t.diver_names[d]} — Diver\n  power: {DIVER_TEXT[did]}\n  {DIVER_RULE}"
    for c, cid in enumerate(t.corp_ids):
        if key == _key(cid):
            return (
                f"{cid} — Corporation card ({t.corp_copies[c]} in the deck of "
                f"{t.total_corp_cards})\n  when drawn: {corp_words(t, c)}"
            )
    for i, sid in enumerate(t.species_ids):
        if key in (_key(sid), _key(t.species_names[i])):
            return f"{t.species_names[i]} — species ({t.copies} Species cards)\n  {SPECIES_RULE}"
    return None
