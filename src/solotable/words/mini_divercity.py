"""Mini DiverCity's words: its moves, refusals, outcome, options and statistics.

The game produces data (``games/mini_divercity/``): ids of species, Divers, colours, slots and
Corporation cards; this module and its two companions say it, every string through the
``mini_divercity`` catalog domain — ``mini_divercity_log.py`` (events, the log, prompts, end
screens) and ``mini_divercity_cards.py`` (Diver powers, Corporation cards, ``info`` texts).
Names come from the data file (its English name is the key of the term's translation,
``Tr.term``); French game terms follow the French solo rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from solotable.words.registry import N_, Formatter, Nn_
from solotable.words.tr import Tr

WORDS = Formatter("mini-divercity", "mini_divercity")
WORDS.title = N_("Mini DiverCity — digital solo mode")
WORDS.summary = N_(
    "Save 7 reef species before the Corporations eliminate 5 or turn all 6 Islands into "
    "Hotels; a hand of 2 Lagoon cards and 3 hidden Ocean cards, and 3 Divers to help."
)

# -- names -------------------------------------------------------------------------------


@cache
def catalog() -> Mapping[tuple[str, str], Mapping[str, Any]]:
    """The game's cards by (type, id), from its data file (``Game.card_catalog``)."""
    from solotable.core.registry import load_game

    return {(c["type"], c["id"]): c for c in load_game("mini-divercity").card_catalog()}


def _term(t: Tr, kind: str, ident: Any) -> str:
    card = catalog().get((kind, str(ident)))
    return t.term(str(card["name"])) if card is not None else str(ident)


def species(t: Tr, sid: Any) -> str:
    """A species by its id, in the player's language."""
    return _term(t, "species", sid)


def diver(t: Tr, did: Any) -> str:
    """A Diver by its id, in the player's language."""
    return _term(t, "diver", did)


COLOURS = {
    "red": N_("red"),
    "green": N_("green"),
    "blue": N_("blue"),
    "orange": N_("orange"),
    "purple": N_("purple"),
    "yellow": N_("yellow"),
}
"""Island colours as nouns (a chip, a list)."""
ISLANDS = {
    "red": N_("the red Island"),
    "green": N_("the green Island"),
    "blue": N_("the blue Island"),
    "orange": N_("the orange Island"),
    "purple": N_("the purple Island"),
    "yellow": N_("the yellow Island"),
}
HOTELS = {
    "red": N_("the red Hotel"),
    "green": N_("the green Hotel"),
    "blue": N_("the blue Hotel"),
    "orange": N_("the orange Hotel"),
    "purple": N_("the purple Hotel"),
    "yellow": N_("the yellow Hotel"),
}
"""An Island/Hotel card named by its colour, on either side (French agrees the colour)."""
SLOTS = {
    "l1": N_("Lagoon 1"),
    "l2": N_("Lagoon 2"),
    "o1": N_("Ocean 1"),
    "o2": N_("Ocean 2"),
    "o3": N_("Ocean 3"),
}
PLACES = {
    "eliminated": N_("eliminated"),
    "red": N_("red"),
    "blue": N_("blue"),
    "green": N_("green"),
    "saved": N_("saved"),
}
"""Where a species' token stands, as a short word (a card's state, a scale cell)."""
ON = {
    "red": N_("on red"),
    "blue": N_("on blue"),
    "green": N_("on green"),
}
"""A token's space on the scale after a move."""


def _from(t: Tr, table: Mapping[str, str], key: Any) -> str:
    text = table.get(str(key))
    return t._(text) if text is not None else str(key)


def colour(t: Tr, c: Any) -> str:
    return _from(t, COLOURS, c)


def island(t: Tr, c: Any) -> str:
    return _from(t, ISLANDS, c)


def hotel(t: Tr, c: Any) -> str:
    return _from(t, HOTELS, c)


def slot(t: Tr, s: Any) -> str:
    return _from(t, SLOTS, s)


def place(t: Tr, p: Any) -> str:
    return _from(t, PLACES, p)


@WORDS.message("colour")
def _colour(t: Tr, a: Mapping[str, Any]) -> str:
    return colour(t, a.get("colour"))


@WORDS.message("island")
def _island(t: Tr, a: Mapping[str, Any]) -> str:
    return island(t, a.get("colour"))


@WORDS.message("hotel")
def _hotel(t: Tr, a: Mapping[str, Any]) -> str:
    return hotel(t, a.get("colour"))


@WORDS.message("slot")
def _slot(t: Tr, a: Mapping[str, Any]) -> str:
    return slot(t, a.get("slot"))


@WORDS.message("place")
def _place(t: Tr, a: Mapping[str, Any]) -> str:
    return place(t, a.get("place"))


def card_in(t: Tr, a: Mapping[str, Any], key: str = "species") -> str:
    """The card a move uses: its species and token when face up, else "face down"."""
    sid = a.get(key)
    if sid is None:
        return t._("face down")
    if a.get("place") is None or key != "species":
        return species(t, sid)
    return t._("%(species)s, %(place)s", species=species(t, sid), place=place(t, a["place"]))


def longest_word(name: str) -> int:
    """The length of a name's longest word (long ones get a smaller type on a card)."""
    return max((len(w) for w in name.split()), default=0)


def marks(names: Mapping[str, str]) -> dict[str, str]:
    """A short, distinct mark for each name (a token on the scale, an Island chip).

    Initials first ("HS" for Hammerhead Shark); names whose marks clash take more letters
    of their first word ("Oc" and "Oy" for Octopus and Oyster, "Or" for the orange Island),
    so no two marks on the table are alike, in any language."""
    words = {k: [w for w in n.replace("-", " ").split() if w] or [k] for k, n in names.items()}

    def mark(k: str, level: int) -> str:
        ws = words[k]
        if level == 0:
            return "".join(w[0] for w in ws[:2]).upper()
        first = ws[0]
        return first[0].upper() + first[1 : 1 + level].lower()

    level = dict.fromkeys(names, 0)
    for _ in range(12):
        got = {k: mark(k, level[k]) for k in names}
        seen: dict[str, int] = {}
        for m in got.values():
            seen[m] = seen.get(m, 0) + 1
        clash = [k for k in names if seen[got[k]] > 1]
        if not clash:
            return got
        for k in clash:
            level[k] += 1
    return {k: f"{i + 1}" for i, k in enumerate(names)}


# -- moves -------------------------------------------------------------------------------


def _slotted(template: str) -> Any:
    """A move on a hand slot: ``template`` with ``slot`` and ``card`` filled in."""

    def say(t: Tr, a: Mapping[str, Any]) -> str:
        return t._(template, slot=slot(t, a.get("slot")), card=card_in(t, a))

    return say


WORDS.messages["mini-divercity.action.oil"] = _slotted(
    N_("Oil Platform: discard the %(slot)s card (%(card)s)")
)
WORDS.messages["mini-divercity.action.pay"] = _slotted(
    N_("extra cost: discard the %(slot)s card (%(card)s)")
)
WORDS.messages["mini-divercity.action.identify"] = _slotted(
    N_("Identify: discard the %(slot)s card (%(card)s) to improve its species")
)


@WORDS.message("action.swimmer")
def _swimmer(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "%(diver)s: discard the %(slot)s card (%(card)s) to improve its species",
        diver=diver(t, "swimmer"),
        slot=slot(t, a.get("slot")),
        card=card_in(t, a),
    )


@WORDS.message("action.close")
def _close(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "Close a Hotel: close %(hotel)s, discarding the %(slot)s card (%(card)s)",
        hotel=hotel(t, a.get("colour")),
        slot=slot(t, a.get("slot")),
        card=card_in(t, a),
    )


@WORDS.message("action.swap")
def _swap(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "swap the %(lagoon)s card (%(a)s) with the %(ocean)s card (%(b)s); both end face up",
        lagoon=slot(t, a.get("lagoon")),
        ocean=slot(t, a.get("ocean")),
        a=card_in(t, a, "lagoon_species"),
        b=card_in(t, a, "ocean_species"),
    )


@WORDS.message("action.flip")
def _flip(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("turn the %(slot)s card face up", slot=slot(t, a.get("slot")))


@WORDS.message("action.deal-diver")
def _deal_diver(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("Diver dealt: %(diver)s", diver=diver(t, a.get("diver")))


@WORDS.message("action.draw")
def _draw(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("Species card drawn: %(species)s", species=species(t, a.get("species")))


@WORDS.message("action.pick")
def _pick(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "card picked from the Species discard: %(species)s", species=species(t, a.get("species"))
    )


@WORDS.message("action.corp-draw")
def _corp_draw(t: Tr, a: Mapping[str, Any]) -> str:
    from solotable.words.mini_divercity_cards import corp_effect

    return t._("Corporation card drawn: %(effect)s", effect=corp_effect(t, a.get("card")))


@WORDS.message("action.visionary-order")
def _vis_order(t: Tr, a: Mapping[str, Any]) -> str:
    from solotable.words.mini_divercity_cards import corp_effect

    return t._(
        "%(diver)s: put this card next: %(effect)s",
        diver=diver(t, "visionary"),
        effect=corp_effect(t, a.get("card")),
    )


@WORDS.message("action.captain-keep")
def _cap_keep(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "%(diver)s: discard the %(species)s card to improve that species",
        diver=diver(t, "captain"),
        species=species(t, a.get("species")),
    )


@WORDS.message("action.environmentalist")
def _env(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "%(diver)s: close %(hotel)s",
        diver=diver(t, "environmentalist"),
        hotel=hotel(t, a.get("colour")),
    )


def _improve(did: str) -> Any:
    def say(t: Tr, a: Mapping[str, Any]) -> str:
        return t._(
            "%(diver)s: improve %(species)s (no card needed)",
            diver=diver(t, did),
            species=species(t, a.get("species")),
        )

    return say


WORDS.messages["mini-divercity.action.endurance"] = _improve("endurance")
WORDS.messages["mini-divercity.action.diving"] = _improve("diving")


def _diver_move(did: str, template: str) -> Any:
    def say(t: Tr, a: Mapping[str, Any]) -> str:
        return t._(template, diver=diver(t, did))

    return say


for _kind, _text in (
    ("captain", N_("%(diver)s: draw up to 2 Species cards")),
    ("explorer", N_("%(diver)s: turn every face-down Ocean card face up")),
    (
        "communications",
        N_("%(diver)s: turn 2 Ocean cards face up, then the top Species card"),
    ),
    ("visionary", N_("%(diver)s: put the next 4 Corporation cards in your order")),
):
    WORDS.messages[f"mini-divercity.action.{_kind}"] = _diver_move(_kind, _text)
WORDS.messages["mini-divercity.action.captain-two"] = _diver_move(
    "captain", N_("%(diver)s: draw 2 cards")
)
WORDS.messages["mini-divercity.action.captain-one"] = _diver_move(
    "captain", N_("%(diver)s: draw only 1 card")
)
WORDS.text("action.peek", N_("look at the top Corporation card"))
WORDS.text("action.no-peek", N_("do not look at the top Corporation card"))
WORDS.text("action.quick", N_("Quick Exploration: discard both Lagoon cards, turn the Ocean up"))
WORDS.text("action.explore", N_("Explore: turn the Ocean cards face up (ends the turn)"))
WORDS.text("action.no-swap", N_("keep the hand as it is (no swap)"))
WORDS.text("action.resign", N_("give up (the game is lost)"))


@WORDS.message("action.look")
def _look(t: Tr, a: Mapping[str, Any]) -> str:
    if a.get("pile") == "corporation":
        return t._("look through the Corporation discard (once a game)")
    return t._("look through the Species discard (once a game)")


# -- refusals ----------------------------------------------------------------------------

WORDS.text("illegal.looked-already", N_("that discard pile was already looked through"))
WORDS.text("illegal.look-once", N_("each discard pile may be looked through only once a game"))
WORDS.text(
    "illegal.other-decision",
    N_("that move answers another decision (an Oil Platform or an extra cost)"),
)
WORDS.text("illegal.quick-done", N_("Quick Exploration was already done this turn"))
WORDS.text("illegal.quick-no-diver", N_("Quick Exploration needs at least one unused Diver"))
WORDS.text(
    "illegal.quick-no-face-down", N_("Quick Exploration needs a face-down Ocean card to explore")
)
WORDS.text("illegal.quick-no-lagoon", N_("Quick Exploration needs two Lagoon cards"))
WORDS.text("illegal.one-special", N_("only one Diver special action a turn"))
WORDS.text("illegal.no-target", N_("that special action has nothing to act on now"))
WORDS.text("illegal.not-divers-phase", N_("that move is not one of the Divers phase"))


@WORDS.message("illegal.slot-empty")
def _slot_empty(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("%(slot)s is empty", slot=slot(t, a.get("slot")))


@WORDS.message("illegal.not-a-hotel")
def _not_a_hotel(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("%(island)s is not a Hotel", island=island(t, a.get("colour")))


@WORDS.message("illegal.diver-not-dealt")
def _not_dealt(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("%(diver)s is not one of your Divers this game", diver=diver(t, a.get("diver")))


@WORDS.message("illegal.diver-used")
def _used(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("%(diver)s was already used this game", diver=diver(t, a.get("diver")))


WAITING = {
    "oil": N_("an Oil Platform is being resolved: choose the card to discard first"),
    "pay": N_("pay the extra discards first"),
    "swap": N_("a Hotel was just closed: swap a Lagoon and an Ocean card, or don't, first"),
    "peek": N_("say first whether you look at the top Corporation card"),
    "flip": N_("choose first the face-down Ocean card to turn up"),
    "visionary": N_("the Visionary is putting the Corporation cards back: finish first"),
    "captain": N_("the Captain must first discard one of the drawn cards"),
    "captain_draw": N_("the Captain must first say whether to draw 2 cards or 1"),
}


@WORDS.message("illegal.waiting")
def _waiting(t: Tr, a: Mapping[str, Any]) -> str:
    text = WAITING.get(str(a.get("decision")))
    return t._(text) if text is not None else t._("that move is not possible now")


WORDS.text("notation.not-text", N_("a move is text"))
WORDS.text(
    "notation.unknown",
    N_("unknown move; the moves are written %(forms)s ('moves' lists the legal ones)"),
)
WORDS.text("observation.bad", N_("the observation does not fit this game (%(what)s)"))

# -- outcome -----------------------------------------------------------------------------

WORDS.plural("outcome.saved", Nn_("Won: %(n)s species saved", "Won: %(n)s species saved"), "goal")
WORDS.plural(
    "outcome.eliminated",
    Nn_("Lost: %(n)s species eliminated", "Lost: %(n)s species eliminated"),
    "limit",
)
WORDS.text("outcome.hotels", N_("Lost: all 6 Islands became Hotels"))
WORDS.plural(
    "outcome.impossible",
    Nn_(
        "Lost: saving %(n)s species became impossible",
        "Lost: saving %(n)s species became impossible",
    ),
    "goal",
)
WORDS.text("outcome.resigned", N_("Lost: resigned"))


@WORDS.message("outcome.in-progress")
def _in_progress(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("in progress: %(counts)s, turn %(turn)s", counts=counts(t, a), turn=a.get("turn", 0))


def counts(t: Tr, a: Mapping[str, Any]) -> str:
    """Where a game stands: 3 saved, 1 eliminated and 2 Hotels."""
    return t.join(
        [
            t.ngettext("%(n)s saved", "%(n)s saved", int(a.get("saved", 0))),
            t.ngettext("%(n)s eliminated", "%(n)s eliminated", int(a.get("eliminated", 0))),
            t.ngettext("%(n)s Hotel", "%(n)s Hotels", int(a.get("hotels", 0))),
        ]
    )


# -- options, presets, seats ------------------------------------------------------------------

WORDS.option(
    "save_goal",
    N_("Species to save"),
    N_("How many species you must save to win (7 in the rules)."),
)
WORDS.option(
    "eliminated_limit",
    N_("Eliminations that lose"),
    N_("The game is lost when this many species are eliminated (5 in the rules)."),
)
WORDS.option(
    "end_when_impossible",
    N_("Stop once the win is out of reach"),
    N_(
        "End the game as a loss as soon as saving enough species has become impossible; "
        "off, you play on to the end."
    ),
)
WORDS.preset("hard", N_("Hard"), N_("Lose at 4 eliminated species instead of 5."))
WORDS.preset(
    "expert", N_("Expert"), N_("Lose at 4 eliminated species, and save 8 species instead of 7.")
)

from solotable.words import mini_divercity_cards, mini_divercity_log  # noqa: E402, F401

# The two modules above register the events, prompts, end screens, cards and statistics.
