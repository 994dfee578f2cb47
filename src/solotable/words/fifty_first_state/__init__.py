"""51st State's words: goods, card effects, whole cards, the outcome, options and statistics.

The game produces data (``games/fifty_first_state/``); this module and its two siblings
(``moves.py``: moves, refusals and notation errors;
``events.py``: what happened) say it, every string through the
``fifty_first_state`` catalog domain. Card, connection and faction names arrive as the card
file's names and are said with ``t.term`` (the catalog's French: the French rule text's or
the data file's ``name_fr`` where they give one, else a name of our own marked ``# ours:``
in the catalog, whose English the table shows on hover, ``english_tip``; a user's own card
file is shown as written).

The small helpers (``amount``, ``goods``, ``icon``, ``phase``, ``row``) are also what the web
page uses to label tokens and rows, so a good reads the same on every screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.words.fifty_first_state import learn as fifty_first_state_learn
from solotable.words.fifty_first_state.base import (
    AMOUNTS,
    DECKS,
    ICONS,
    LABELS,
    PHASES,
    ROWS,
    WORDS,
    amount,
    deck,
    goods,
    icon,
    icons,
    label,
    name,
    phase,
    row,
)
from solotable.words.registry import N_
from solotable.words.tr import Tr

fifty_first_state_learn.register(WORDS)

# -- effects and bonuses ---------------------------------------------------------------------
WORDS.text("effect.none", N_("no ongoing effect"))
WORDS.text("effect.produce", N_("produces %(gain)s"))


@WORDS.message("effect.per-icon")
def _per_icon(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "produces %(one)s per %(icon)s location (max %(max)s)",
        one=amount(t, a["good"], 1),
        icon=icon(t, a["icon"]),
        max=a["max"],
    )


@WORDS.message("effect.keep")
def _keep(t: Tr, a: Mapping[str, Any]) -> str:
    g, w = int(a["goods"]), int(a["workers"])
    goods_part = t.ngettext("%(n)s basic good", "%(n)s basic goods", g) if g else ""
    workers_part = amount(t, "worker", w) if w else ""
    kept = (
        t._("%(a)s and %(b)s", a=goods_part, b=workers_part)
        if g and w
        else goods_part or workers_part
    )
    return t._("Cleanup: keeps up to %(kept)s until the next Production", kept=kept)


@WORDS.message("effect.action")
def _action(t: Tr, a: Mapping[str, Any]) -> str:
    cost = [t.say(a["cost"])] if a["cost"].args else []
    if a["any"]:
        cost.append(t._("1 basic good of your choice"))
    if a["deal"]:
        cost.append(t._("1 of your deals"))
    gain = [t.say(a["gain"])] if a["gain"].args else []
    if a["choice"]:
        gain.append(t._("1 basic good of your choice"))
    plus = t._(" + ")
    text = t._(
        "%(cost)s → %(gain)s",
        cost=plus.join(cost) or t._("nothing"),
        gain=plus.join(gain) or t._("nothing"),
    )
    return t._("%(effect)s (twice per round)", effect=text) if a["uses"] == 2 else text


WORDS.text("bonus.gain", N_("gain %(gain)s"))
WORDS.text("bonus.store", N_("put %(goods)s on it (kept across rounds)"))


@WORDS.message("bonus.vp-per-icon")
def _vp_per_icon(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("1 VP per %(icon)s location (max %(max)s)", icon=icon(t, a["icon"]), max=a["max"])


# -- whole cards ---------------------------------------------------------------------------
def card_kind(t: Tr, a: Mapping[str, Any]) -> str:
    if a["open"]:
        return t._("open production location")
    return t._(
        {
            "production": N_("production location"),
            "feature": N_("feature location"),
            "action": N_("action location"),
        }.get(str(a["kind"]), str(a["kind"]))
    )


def solo_notes(t: Tr, a: Mapping[str, Any]) -> list[str]:
    """The solo variant's changes to a card, one line each."""
    out = []
    if a.get("deal_reroll"):
        out.append(t._("each deal with it lets you refuse the third Lookout card once a round"))
    if a.get("built_reroll"):
        out.append(t._("built, it lets you refuse the third Lookout card once a round"))
    if a.get("solo_changed"):
        out.append(t._("its effect is changed for the solo game (no other player to target)"))
    return out


@WORDS.message("card.location")
def _location_card(t: Tr, a: Mapping[str, Any]) -> str:
    d = a["distance"]
    head = t._(
        "%(name)s — %(kind)s, distance %(distance)s, icons %(icons)s (%(copies)s in the deck)",
        name=name(t, a["name"]),
        kind=card_kind(t, a),
        distance=d,
        icons=icons(t, a["icons"]) or t._("none"),
        copies=a["copies"],
    )
    lines = [head, "  " + t._("as a location: %(effect)s", effect=a["effect"])]
    if a.get("bonus") is not None:
        lines.append("  " + t._("build bonus: %(bonus)s", bonus=a["bonus"]))
    lines += [
        "  "
        + t._(
            "build: pay %(cost)s, or develop it over a location",
            cost=amount(t, "grey", d),
        ),
        "  "
        + t._(
            "deal: pay %(cost)s; then every Production gives %(gain)s",
            cost=amount(t, "blue", d),
            gain=a["deal"],
        ),
        "  "
        + t._("raze: pay %(cost)s; gain %(gain)s once", cost=amount(t, "red", d), gain=a["raze"]),
    ]
    lines += ["  " + t._("solo: %(note)s", note=n) for n in solo_notes(t, a)]
    return "\n".join(lines)


def english_tip(t: Tr, english: str) -> str:
    """A card name's tooltip on a table not in English: its English name, the one players'
    aids and the English rules use (most French names are ours: no French edition's card
    list was at hand). Empty where the name reads the same or has no translation."""
    if name(t, english) == english:
        return ""
    return t._("English name: %(name)s", name=english)


def connection_title(t: Tr, code: str) -> str:
    """``blue connection card`` (the deck a connection card comes from)."""
    if code == "red":
        return t._("red connection card")
    if code == "blue":
        return t._("blue connection card")
    return t._("connection card")


@WORDS.message("card.connection")
def _connection_card(t: Tr, a: Mapping[str, Any]) -> str:
    head = t._(
        "%(name)s — %(kind)s (%(copies)s in the deck)",
        name=name(t, a["name"]),
        kind=connection_title(t, a["deck"]),
        copies=a["copies"],
    )
    return head + "\n  " + connection_use(t, a)


def connection_use(t: Tr, a: Mapping[str, Any]) -> str:
    if a["cost"].args:
        return t._(
            "play it from your hand to gain %(gain)s, paying %(cost)s",
            gain=a["gain"],
            cost=a["cost"],
        )
    return t._("play it from your hand to gain %(gain)s (free)", gain=a["gain"])


# -- where the game stands ---------------------------------------------------------------------
@WORDS.message("outcome.playing")
def _playing(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "round %(round)s of %(rounds)s, %(phase)s phase",
        round=a["round"],
        rounds=a["rounds"],
        phase=phase(t, a["phase"]),
    )


@WORDS.message("outcome.final")
def _final(t: Tr, a: Mapping[str, Any]) -> str:
    points = t.ngettext("%(n)s point", "%(n)s points", int(a["score"]))
    return t._(
        "%(faction)s: %(points)s after %(rounds)s rounds (%(vp)s VP + %(locations)s for locations)",
        faction=name(t, a["name"]),
        points=points,
        rounds=a["rounds"],
        vp=a["vp"],
        locations=a["locations"],
    )


WORDS.text("bad-observation", N_("the observation does not fit 51st State: %(error)s"))

# -- options, statistics -------------------------------------------------------------------------
FACTIONS = {
    "new-york": N_("New York"),
    "appalachian": N_("Appalachian Federation"),
    "mutants": N_("Mutants Union"),
    "merchants": N_("Merchants Guild"),
}
WORDS.option("faction", N_("Faction"), N_("Your faction board; Random lets chance deal one."))
WORDS.choice("faction", "random", N_("Random"), N_("chance deals a faction"))
for _fid, _fname in FACTIONS.items():
    WORDS.choice("faction", _fid, _fname)
    WORDS.text(f"stat.faction.{_fid}", _fname)
WORDS.option(
    "cards",
    N_("Card file"),
    N_("Another card set as a JSON file, for designers; empty: the Master Set Base deck."),
)

for _key, _label, _help in (
    ("faction", N_("Faction"), N_("The faction played.")),
    ("score", N_("Score"), N_("VP tokens plus one per location at the end.")),
    ("vp", N_("VP tokens"), N_("Victory points won during the game.")),
    ("locations", N_("Locations"), N_("Locations in your state at the end.")),
    ("deals", N_("Deals"), N_("Deals in place at the end.")),
    ("built", N_("Built"), N_("Locations built (developing counts too).")),
    ("deals_made", N_("Deals made"), N_("Deals made during the game.")),
    ("razed", N_("Razed"), N_("Cards razed from the hand.")),
    ("developed", N_("Developed"), N_("Locations developed into another card.")),
    ("reshuffles", N_("Reshuffles"), N_("Times the discard pile became the draw pile.")),
    ("location_uses", N_("Location uses"), N_("Action locations used.")),
    ("opponent_uses", N_("Opponent cards used"), N_("Workers sent to the opponent's cards.")),
    ("opponent_cards", N_("Opponent cards"), N_("Cards the opponent revealed.")),
):
    WORDS.stat(_key, _label, _help)

from solotable.words.fifty_first_state import events as fifty_first_state_events  # noqa: E402
from solotable.words.fifty_first_state import moves as fifty_first_state_moves  # noqa: E402

__all__ = [
    "AMOUNTS",
    "DECKS",
    "ICONS",
    "LABELS",
    "PHASES",
    "ROWS",
    "WORDS",
    "amount",
    "deck",
    "english_tip",
    "fifty_first_state_events",
    "fifty_first_state_moves",
    "goods",
    "icon",
    "icons",
    "label",
    "name",
    "phase",
    "row",
]
