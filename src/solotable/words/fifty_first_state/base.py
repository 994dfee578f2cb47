"""51st State's words, the shared part: the formatter and how goods, icons, phases, rows and
names are said.

``fifty_first_state.py`` (cards, outcome, options), ``fifty_first_state_moves.py`` and
``fifty_first_state_events.py`` build on these helpers; keeping them here lets those modules
import them without importing each other (no import cycle).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from solotable.words.registry import N_, Formatter, Nn_
from solotable.words.tr import Tr

WORDS = Formatter("51st-state", "fifty_first_state")
WORDS.title = N_("51st State — solo variant")
WORDS.summary = N_("Build a post-apocalyptic state in 6 rounds against a virtual opponent deck.")

# -- goods -----------------------------------------------------------------------------------
AMOUNTS: dict[str, tuple[str, str]] = {
    "fuel": Nn_("%(n)s fuel", "%(n)s fuel"),
    "gun": Nn_("%(n)s gun", "%(n)s guns"),
    "iron": Nn_("%(n)s iron", "%(n)s iron"),
    "brick": Nn_("%(n)s brick", "%(n)s bricks"),
    "ammo": Nn_("%(n)s ammo", "%(n)s ammo"),
    "worker": Nn_("%(n)s worker", "%(n)s workers"),
    "grey": Nn_("%(n)s grey contact", "%(n)s grey contacts"),
    "blue": Nn_("%(n)s blue contact", "%(n)s blue contacts"),
    "red": Nn_("%(n)s red contact", "%(n)s red contacts"),
    "universal": Nn_("%(n)s universal contact", "%(n)s universal contacts"),
    "development": Nn_("%(n)s development token", "%(n)s development tokens"),
    "vp": Nn_("%(n)s VP", "%(n)s VP"),
    "card": Nn_("%(n)s card", "%(n)s cards"),
}
"""How many of a good, per good (goods that are mass nouns keep one form in English)."""

LABELS: dict[str, str] = {
    "fuel": N_("fuel"),
    "gun": N_("gun"),
    "iron": N_("iron"),
    "brick": N_("brick"),
    "ammo": N_("ammo (replaces any basic good)"),
    "worker": N_("worker"),
    "grey": N_("grey contact (build)"),
    "blue": N_("blue contact (deal)"),
    "red": N_("red contact (raze)"),
    "universal": N_("universal contact (any colour)"),
    "development": N_("development token"),
    "vp": N_("victory point"),
    "card": N_("card"),
}
"""A good's name on its own (a token's tooltip)."""

ICONS: dict[str, str] = {
    "fuel": N_("fuel"),
    "gun": N_("gun"),
    "iron": N_("iron"),
    "brick": N_("brick"),
    "ammo": N_("ammo"),
    "worker": N_("worker"),
    "card": N_("card"),
    "vp": N_("VP"),
    "contact": N_("contact"),
    "liberty": N_("liberty"),
    "toxic": N_("toxic"),
}
"""Type icons printed on the cards (an icon a card file invents is shown as written)."""

PHASES: dict[str, str] = {
    "faction": N_("faction"),
    "setup": N_("setup"),
    "lookout": N_("lookout"),
    "production": N_("production"),
    "actions": N_("actions"),
    "cleanup": N_("cleanup"),
    "end": N_("end"),
}
ROWS: dict[str, str] = {
    "production": N_("production"),
    "feature": N_("feature"),
    "action": N_("action"),
    "connection": N_("connection"),
}
DECKS: dict[str, str] = {"blue": N_("blue"), "red": N_("red")}


def amount(t: Tr, good: str, n: int) -> str:
    """``2 guns``, ``1 grey contact``, ``3 VP`` (a good a card file invents: ``2 name``)."""
    forms = AMOUNTS.get(good)
    if forms is None:
        return t._("%(n)s %(good)s", n=n, good=good)
    return t.ngettext(forms[0], forms[1], n)


def goods(t: Tr, items: Mapping[str, Any]) -> str:
    """A cost or reward: ``2 guns + 1 VP`` (``nothing`` when empty)."""
    parts = [amount(t, g, int(n)) for g, n in items.items() if n]
    return t._(" + ").join(parts) if parts else t._("nothing")


def label(t: Tr, good: str) -> str:
    return t._(LABELS[good]) if good in LABELS else good


def icon(t: Tr, name: str) -> str:
    return t._(ICONS[name]) if name in ICONS else name


def icons(t: Tr, names: Iterable[str]) -> str:
    return "/".join(icon(t, n) for n in names)


def phase(t: Tr, code: str) -> str:
    return t._(PHASES[code]) if code in PHASES else code


def row(t: Tr, code: str) -> str:
    return t._(ROWS[code]) if code in ROWS else code


def deck(t: Tr, code: str) -> str:
    return t._(DECKS[code]) if code in DECKS else code


def name(t: Tr, value: Any) -> str:
    """A card, connection or faction name from the card file, in the player's language."""
    return t.term(str(value))


@WORDS.message("goods")
def _goods(t: Tr, a: Mapping[str, Any]) -> str:
    return goods(t, a)


@WORDS.message("icon")
def _icon(t: Tr, a: Mapping[str, Any]) -> str:
    return icon(t, str(a["icon"]))
