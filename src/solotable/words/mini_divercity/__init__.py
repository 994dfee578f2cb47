"""Mini DiverCity's words: its moves, refusals, outcome and options.

The game produces data (``games/mini_divercity/``): ids of species, Divers, colours, slots and
Corporation cards; this module and its companions say it, every string through the
``mini_divercity`` catalog domain — ``terms.py`` (the formatter and names),
``cards.py`` (Diver powers, Corporation cards, ``info`` texts, statistics) and
``log.py`` (events, the log, prompts, end screens).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.words.mini_divercity import learn as mini_divercity_learn
from solotable.words.mini_divercity import log as mini_divercity_log  # noqa: F401  (registers the events)
from solotable.words.mini_divercity.cards import corp_effect
from solotable.words.mini_divercity.terms import (
    WORDS,
    card_in,
    counts,
    diver,
    hotel,
    island,
    slot,
    species,
)
from solotable.words.registry import N_, Nn_
from solotable.words.tr import Tr

__all__ = ["WORDS"]
mini_divercity_learn.register(WORDS)

# -- moves -------------------------------------------------------------------------------


def _slotted(template: str) -> Any:
    """A move on a hand slot: ``template`` with ``slot`` and ``card`` filled in, and the
    extra discards a Lagoon card costs (``extra_discards``) said before the click."""

    def say(t: Tr, a: Mapping[str, Any]) -> str:
        text = t._(template, slot=slot(t, a.get("slot")), card=card_in(t, a))
        extra = a.get("extra_discards")
        if not extra:
            return text
        cost = t.ngettext("costs %(n)s more discard", "costs %(n)s more discards", int(extra))
        return t._("%(move)s — %(cost)s", move=text, cost=cost)

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
    return t._("Corporation card drawn: %(effect)s", effect=corp_effect(t, a.get("card")))


@WORDS.message("action.visionary-order")
def _vis_order(t: Tr, a: Mapping[str, Any]) -> str:
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
WORDS.option(
    "species",
    N_("Species deck"),
    N_("For designers: a species deck file to play with instead of the game's own deck."),
)
WORDS.option(
    "corporations",
    N_("Corporation deck"),
    N_("For designers: a Corporation deck file to play with instead of the game's own deck."),
)
WORDS.preset("hard", N_("Hard"), N_("Lose at 4 eliminated species instead of 5."))
WORDS.preset(
    "expert", N_("Expert"), N_("Lose at 4 eliminated species, and save 8 species instead of 7.")
)
