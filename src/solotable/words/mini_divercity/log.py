"""Mini DiverCity's log in words: events (``event.<kind>``), prompts and end screens.

A log entry of the observation and the event made from it share a kind and data
(``games/mini_divercity/log.py``), so one message says both: the web table's "this turn"
list, the terminal's recent lines and the session's event log read alike. Kinds an older
version stored with other data (``species``, ``hotel``…) are left to their stored text.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.core.message import Msg
from solotable.words.mini_divercity.cards import corp_effect, power
from solotable.words.mini_divercity.terms import (
    ON,
    WORDS,
    counts,
    diver,
    hotel,
    island,
    slot,
    species,
)
from solotable.words.registry import N_, Nn_
from solotable.words.tr import Tr


def _say(template: str, **fields: str) -> Any:
    """A message whose arguments are ids said by ``fields`` (arg name → kind of id)."""
    sayers = {"species": species, "diver": diver, "slot": slot, "island": island, "hotel": hotel}

    def say(t: Tr, a: Mapping[str, Any]) -> str:
        args = {name: sayers[kind](t, a.get(src)) for name, (kind, src) in _fields(fields)}
        return t._(template, **args)

    return say


def _fields(fields: Mapping[str, str]) -> list[tuple[str, tuple[str, str]]]:
    """``name="kind"`` or ``name="kind:source"`` (the data key when it differs)."""
    out = []
    for name, spec in fields.items():
        kind, _, src = spec.partition(":")
        out.append((name, (kind, src or name)))
    return out


def event(kind: str, template: str, **fields: str) -> None:
    WORDS.messages[f"mini-divercity.event.{kind}"] = _say(template, **fields)


WORDS.text("event.turn", N_("— turn %(turn)s —"))
WORDS.plural(
    "event.reshuffle",
    Nn_(
        "the Corporation discard (%(n)s card) is shuffled into a new deck",
        "the Corporation discard (%(n)s cards) is shuffled into a new deck",
    ),
    "count",
)
event("discard", N_("discarded from %(slot)s: %(species)s"), slot="slot", species="species")
event("hotel-built", N_("%(island)s becomes a Hotel"), island="island:colour")
event("hotel-already", N_("%(island)s is already a Hotel: no change"), island="island:colour")
event("hotel-closed", N_("%(hotel)s is closed: an Island again"), hotel="hotel:colour")
event(
    "dynamite-deck",
    N_("Dynamite Fishers hit the top Species card: %(species)s"),
    species="species",
)
event(
    "dynamite-discard",
    N_("Dynamite Fishers (empty deck) hit a card picked from the discard: %(species)s"),
    species="species",
)
WORDS.text("event.dynamite-none", N_("Dynamite Fishers find no card at all"))
event("special-action", N_("special action: %(diver)s"), diver="diver")
event("diver", N_("special action: %(diver)s"), diver="diver")  # stored by older versions
WORDS.text("event.oil-empty", N_("Oil Platform: the hand is empty, no effect"))
event("deck-top", N_("the top Species card is turned face up: %(species)s"), species="species")
WORDS.text("event.quick-exploration", N_("Quick Exploration: both Lagoon cards discarded"))
WORDS.text("event.explored", N_("Explore: the Ocean cards are turned face up"))
event(
    "swapped",
    N_("%(lagoon)s and %(ocean)s swapped (both face up)"),
    lagoon="slot",
    ocean="slot",
)
event(
    "captain-return",
    N_("Captain: %(species)s goes back face up on the Species deck"),
    species="species",
)
event("captain-draw", N_("Captain draws %(species)s"), species="species")
event("captain-discard", N_("Captain: %(species)s goes to the discard"), species="species")
event("flip", N_("%(slot)s turned face up: %(species)s"), slot="slot", species="species")
WORDS.plural(
    "event.extra-cost",
    Nn_(
        "that costs %(n)s more discard from the hand",
        "that costs %(n)s more discards from the hand",
    ),
    "count",
)
WORDS.plural(
    "event.visionary-ordered",
    Nn_(
        "Visionary: %(n)s Corporation card put back in the chosen order",
        "Visionary: %(n)s Corporation cards put back in the chosen order",
    ),
    "count",
)


@WORDS.message("event.corp-card")
def _corp_card(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("Corporations: %(effect)s", effect=corp_effect(t, a.get("card")))


@WORDS.message("event.corp-peek")
def _corp_peek(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "the top Corporation card is turned face up: %(effect)s",
        effect=corp_effect(t, a.get("card")),
    )


@WORDS.message("event.harmed")
def _harmed(t: Tr, a: Mapping[str, Any]) -> str:
    sp = species(t, a.get("species"))
    to = str(a.get("to"))
    if to in ON:
        return t._(
            "%(species)s moves toward extinction: now %(place)s", species=sp, place=t._(ON[to])
        )
    return t._("%(species)s is eliminated", species=sp)


@WORDS.message("event.improved")
def _improved(t: Tr, a: Mapping[str, Any]) -> str:
    sp = species(t, a.get("species"))
    to = str(a.get("to"))
    if to in ON:
        return t._("%(species)s improves: now %(place)s", species=sp, place=t._(ON[to]))
    return t._("%(species)s is saved", species=sp)


@WORDS.message("event.no-effect")
def _no_effect(t: Tr, a: Mapping[str, Any]) -> str:
    sp = species(t, a.get("species"))
    if a.get("at") == "saved":
        return t._("%(species)s is already saved: no effect", species=sp)
    if a.get("at") == "eliminated":
        return t._("%(species)s is already eliminated: no effect", species=sp)
    return t._("%(species)s: no effect", species=sp)


@WORDS.message("event.look")
def _looked(t: Tr, a: Mapping[str, Any]) -> str:
    if a.get("pile") == "corporation":
        return t._("the Corporation discard is looked through")
    return t._("the Species discard is looked through")


OVER = {
    "saved": N_("game over: enough species are saved"),
    "eliminated": N_("game over: too many species are eliminated"),
    "hotels": N_("game over: every Island is a Hotel"),
    "impossible": N_("game over: the win is out of reach"),
    "resigned": N_("game over: you resigned"),
}


@WORDS.message("event.over")
def _over(t: Tr, a: Mapping[str, Any]) -> str:
    text = OVER.get(str(a.get("cause")))
    return t._(text) if text is not None else t._("game over")


@WORDS.message("event.out-of-reach")
def _out_of_reach(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "the win is now out of reach: %(need)s more species needed, at most %(most)s can "
        "still be saved (play goes on)",
        need=a.get("more_needed", 0),
        most=a.get("max_more_saves", 0),
    )


@WORDS.message("event.deal")
def _deal(t: Tr, a: Mapping[str, Any]) -> str:
    where = slot(t, a.get("slot"))
    if a.get("species") is None:
        return t._("a card is dealt face down to %(slot)s", slot=where)
    return t._(
        "%(species)s is dealt face up to %(slot)s",
        species=species(t, a.get("species")),
        slot=where,
    )


@WORDS.message("event.diver-dealt")
def _diver_dealt(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "Diver dealt: %(diver)s — %(power)s",
        diver=diver(t, a.get("diver")),
        power=power(t, a.get("diver"), short=True),
    )


WORDS.messages["mini-divercity.event.divers"] = WORDS.messages[
    "mini-divercity.event.diver-dealt"
]  # stored by older versions

# -- prompts -------------------------------------------------------------------------------

WORDS.text(
    "prompt.divers",
    N_(
        "Divers phase: a Diver's special action and Quick Exploration if you wish, then one "
        "main action: explore, close a Hotel or identify a species"
    ),
)
WORDS.text(
    "prompt.oil",
    N_("Oil Platform: choose the card of your hand to discard; its species moves toward red"),
)
WORDS.plural(
    "prompt.pay",
    Nn_(
        "extra cost: discard a card of your choice (%(n)s left)",
        "extra cost: discard a card of your choice (%(n)s left)",
    ),
    "left",
)
WORDS.text("prompt.swap", N_("a Hotel was closed: you may swap a Lagoon card with an Ocean card"))
WORDS.text("prompt.peek", N_("special action done: look at the top Corporation card?"))
WORDS.plural(
    "prompt.flip",
    Nn_(
        "choose a face-down Ocean card to turn face up (%(n)s left)",
        "choose a face-down Ocean card to turn face up (%(n)s left)",
    ),
    "left",
)
WORDS.text("prompt.visionary", N_("Visionary: choose the next Corporation card, top first"))
WORDS.text("prompt.captain", N_("Captain: discard one of the drawn cards to improve its species"))
WORDS.text("prompt.captain_draw", N_("Captain: draw 2 cards or only 1 (you see them once drawn)"))

# -- the end ---------------------------------------------------------------------------------


@WORDS.message("end")
def _end(t: Tr, a: Mapping[str, Any]) -> str:
    """The terminal's end sentence: the outcome, the counts, and why the win was out of
    reach (the web's end screen says the outcome and folds :func:`_end_why`).

    Arguments: the observation's ``result`` (result, cause, saved, eliminated, hotels), its
    ``goal`` (goal, limit), ``turn`` and ``win`` (more_needed, max_more_saves, since)."""
    outcome = t.say(Msg(f"mini-divercity.outcome.{a.get('cause')}", a))
    text = t._(
        "%(outcome)s; %(counts)s, turn %(turn)s",
        outcome=outcome,
        counts=counts(t, a),
        turn=a.get("turn", 0),
    )
    if a.get("cause") == "impossible":
        text += " " + t._(
            "(%(need)s more were needed, but at most %(most)s could still reach Saved: the "
            "other species in play have too few cards left outside the discard, even with the "
            "unused free Diver moves)",
            need=a.get("more_needed", 0),
            most=a.get("max_more_saves", 0),
        )
    if a.get("since"):
        text += " " + t._("(the win was out of reach from turn %(turn)s)", turn=a["since"])
    return text


@WORDS.message("end.why")
def _end_why(t: Tr, a: Mapping[str, Any]) -> str:
    """Why the game ended as it did, beyond its one-line outcome: the end screen says the
    outcome ("Lost: saving 7 species became impossible") and folds this under "Why?"
    (issue 35: the two together made a 50-word sentence). The counts are not repeated:
    the end screen's table shows them. Empty when there is nothing more to say.

    Arguments: as :func:`end_args` gives them (cause, more_needed, max_more_saves, since)."""
    parts = []
    if a.get("cause") == "impossible":
        parts.append(
            t._(
                "%(need)s more species were needed, but at most %(most)s could still reach "
                "Saved: the other species in play have too few cards left outside the discard, "
                "even with the free Diver moves not yet used.",
                need=a.get("more_needed", 0),
                most=a.get("max_more_saves", 0),
            )
        )
    if a.get("since"):
        parts.append(t._("The win was out of reach from turn %(turn)s.", turn=a["since"]))
    return " ".join(parts)


def end_args(obs: Mapping[str, Any]) -> dict[str, Any]:
    """The ``end`` message's arguments from a finished game's observation."""
    res, goal, win = obs["result"] or {}, obs["goal"], obs["win"]
    return {
        **res,
        "goal": goal["save"],
        "limit": goal["eliminated_limit"],
        "turn": obs["turn"],
        "more_needed": win["more_needed"],
        "max_more_saves": win["max_more_saves"],
        "since": win["out_of_reach_since"],
    }
