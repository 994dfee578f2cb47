"""Dice Miner's words: its moves, events, refusals, outcome, options and statistics.

The game produces data (``games/dice_miner/``: ``info.py`` for moves, ``events.py`` for
events, ``Msg`` reasons and outcome); this module says it, every string through the
``dice_miner`` catalog domain. Dice are said by ``dice.py``, refusals registered by
``errors.py``. The terminal view and the web page say dice through the messages
``dice-miner.die``, ``dice-miner.face``, ``dice-miner.face-short``, ``dice-miner.type``,
``dice-miner.type-short`` and ``dice-miner.type-letter`` (arguments as ``DiceTable.die``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from typing import Any

from solotable.words.dice_miner import errors as dice_miner_errors
from solotable.words.dice_miner import learn as dice_miner_learn
from solotable.words.dice_miner.dice import (
    beer_use,
    card_type,
    die_words,
    face_short,
    face_words,
    type_abbreviation,
    type_die,
    type_letter,
    type_name,
)
from solotable.words.registry import N_, Formatter, Nn_
from solotable.words.tr import Tr

WORDS = Formatter("dice-miner", "dice_miner")
WORDS.title = N_("Dice Miner (solo)")
WORDS.summary = N_(
    "Dig dice out of a mountain: neutralise dangers, hide gems, complete tunnel runs."
)
dice_miner_errors.register(WORDS)
dice_miner_learn.register(WORDS)
A = Mapping[str, Any]


# -- dice, for the terminal view and the web page ------------------------------------------
@WORDS.message("die")
def _die(t: Tr, a: A) -> str:
    return die_words(t, a)


@WORDS.message("face")
def _face(t: Tr, a: A) -> str:
    words = face_words(t, a["symbols"])
    weight = int(a.get("weight", 1))
    return t._("%(face)s ×%(n)s", face=words, n=weight) if weight > 1 else words


WORDS.messages["dice-miner.face-short"] = lambda t, a: face_short(t, a["symbols"])
WORDS.messages["dice-miner.type"] = lambda t, a: type_name(t, a["type"])
WORDS.messages["dice-miner.type-short"] = lambda t, a: type_abbreviation(t, a["type"])
WORDS.messages["dice-miner.type-letter"] = lambda t, a: type_letter(t, a["type"])


# -- moves (``State.action_info``) ----------------------------------------------------------
@WORDS.message("action.take")
def _take(t: Tr, a: A) -> str:
    slot = a["slot"]
    if a.get("type") is None:
        return t._("take from the empty slot %(slot)s", slot=slot)
    if a.get("beer"):
        face = face_words(t, a["symbols"])
        die = type_die(t, a["type"])
        if a.get("hide"):
            return t._(
                "take the %(die)s showing beer on %(slot)s as %(face)s and hide it in a chest",
                die=die,
                slot=slot,
                face=face,
            )
        return t._(
            "take the %(die)s showing beer on %(slot)s as %(face)s", die=die, slot=slot, face=face
        )
    if a.get("hide"):
        return t._(
            "take the %(die)s on %(slot)s and hide it in a chest", die=die_words(t, a), slot=slot
        )
    return t._("take the %(die)s on %(slot)s", die=die_words(t, a), slot=slot)


@WORDS.message("action.spend")
def _spend(t: Tr, a: A) -> str:
    return t.ngettext(
        "spend a Magic die (%(face)s): send %(n)s die from the top of the mountain back to the bag",
        "spend a Magic die (%(face)s): send %(n)s dice from the top of the mountain "
        "back to the bag",
        int(a["n"]),
        face=face_words(t, a["symbols"]),
    )


@WORDS.message("action.face")
def _face_choice(t: Tr, a: A) -> str:
    return t._(
        "the starting Magic die that rolled beer counts as %(face)s",
        face=face_words(t, a["symbols"]),
    )


@WORDS.message("action.recycle")
def _recycle(t: Tr, a: A) -> str:
    if a.get("type") is None:
        return t._("send back nothing: %(slot)s is empty", slot=a["slot"])
    return t._("send the %(die)s on %(slot)s back to the bag", die=die_words(t, a), slot=a["slot"])


WORDS.plural(
    "action.refill",
    Nn_(
        "refill the mountain from the bag (%(left)s refill left after this one)",
        "refill the mountain from the bag (%(left)s refills left after this one)",
    ),
    "left",
)
WORDS.text("action.stop", N_("stop digging and score"))


@WORDS.message("action.draw")
def _draw(t: Tr, a: A) -> str:
    face = face_words(t, a["symbols"])
    if a.get("start"):
        return t._("a starting Magic die rolls %(face)s", face=face)
    if a.get("slot"):
        return t._(
            "a %(die)s lands on %(slot)s showing %(face)s",
            die=type_die(t, a["type"]),
            slot=a["slot"],
            face=face,
        )
    return t._("a %(die)s leaves the bag showing %(face)s", die=type_die(t, a["type"]), face=face)


# -- events (``events.py``) -----------------------------------------------------------------
@WORDS.message("event.beer")
def _beer(t: Tr, a: A) -> str:
    # A game stored by an older version gives the die as "tunnel beer" (no type, no start).
    type_ = a.get("type") or str(a.get("die", "")).partition(" ")[0]
    if a.get("start") or a.get("slot") is None:
        return t._("a starting Magic die rolled beer: choose the face it counts as")
    return t._(
        "a %(die)s lands on %(slot)s showing beer: take it as any %(type)s face",
        die=type_die(t, type_),
        slot=a["slot"],
        type=type_name(t, type_),
    )


def _rolled(dice: Any) -> list[tuple[Any, int]]:
    """(symbols, count) of each face rolled; an older version stored ``{"magic2": 1}``."""
    if isinstance(dice, Mapping):
        return [([["magic", int(label.lstrip("magic") or 0)]], int(n)) for label, n in dice.items()]
    return [(d["symbols"], int(d["n"])) for d in dice]


@WORDS.message("event.roll")
def _roll(t: Tr, a: A) -> str:
    faces = []
    for symbols, n in _rolled(a["dice"]):
        words = face_words(t, symbols)
        faces.append(t._("%(face)s ×%(n)s", face=words, n=n) if n > 1 else words)
    symbols = a.get("symbols")
    if symbols is None:  # an older version's event: count them from the faces
        symbols = sum(int(s[0][1]) * n for s, n in _rolled(a["dice"]) if s)
    return t.ngettext(
        "starting Magic dice rolled: %(dice)s (%(n)s magic symbol)",
        "starting Magic dice rolled: %(dice)s (%(n)s magic symbols)",
        int(symbols),
        dice=", ".join(faces),
    )


@WORDS.message("event.fill")
def _fill(t: Tr, a: A) -> str:
    n = len(a["mountain"])
    types = ", ".join(f"{type_name(t, k)} {t.num(v)}" for k, v in a["types"].items())
    if a.get("refill"):
        text = t.ngettext(
            "the mountain is refilled: %(n)s die (%(types)s)",
            "the mountain is refilled: %(n)s dice (%(types)s)",
            n,
            types=types,
        )
    else:
        text = t.ngettext(
            "the mountain is filled: %(n)s die (%(types)s)",
            "the mountain is filled: %(n)s dice (%(types)s)",
            n,
            types=types,
        )
    parts = [text]
    if a["beer"]:
        parts.append(t._("beer on %(slots)s", slots=t.join(a["beer"])))
    if a["empty"]:
        parts.append(
            t.ngettext(
                "the bag ran out, %(n)s slot stays empty",
                "the bag ran out, %(n)s slots stay empty",
                int(a["empty"]),
            )
        )
    parts.append(
        t.ngettext("%(n)s die left in the bag", "%(n)s dice left in the bag", int(a["bag"]))
    )
    return t._("; ").join(parts)


def _end_why(t: Tr, reason: Any) -> str:
    if reason == "stopped":
        return t._("you stopped digging")
    return t._("no move was left, so the game ended by itself")


def _points(t: Tr, score: Any, band: Any) -> str:
    return t.ngettext(
        "%(n)s point (%(band)s)", "%(n)s points (%(band)s)", int(score), band=t.term(str(band))
    )


@WORDS.message("event.over")
def _over(t: Tr, a: A) -> str:
    """The final score; why the game ended (``reason``, kept in the data) is the outcome's
    to say, once (the session's end event and the table's status line say it)."""
    return t._("the game is over: %(points)s", points=_points(t, a["score"], a["band"]))


@WORDS.message("outcome")
def _outcome(t: Tr, a: A) -> str:
    if a.get("end") is None:
        return t.ngettext(
            "in progress: %(n)s point so far", "in progress: %(n)s points so far", int(a["score"])
        )
    return t._(
        "%(points)s: %(why)s",
        points=_points(t, a["score"], a["band"]),
        why=_end_why(t, a["end"]),
    )


# -- ``info`` texts (``Game.card_text``) ----------------------------------------------------
WORDS.messages["dice-miner.card.type"] = card_type
WORDS.messages["dice-miner.card.beer"] = lambda t, a: beer_use(t)


@WORDS.message("card.face")
def _card_face(t: Tr, a: A) -> str:
    return t._("%(face)s is a face of this die:", face=t.say(a["face"])) + "\n" + t.say(a["of"])


WORDS.messages["dice-miner.card.faces"] = lambda t, a: "\n\n".join(t.say(m) for m in a["texts"])


# -- options, presets, statistics -------------------------------------------------------------
WORDS.option(
    "magic_dice",
    N_("Starting Magic dice"),
    N_("How many Magic dice start your collection: fewer is harder."),
)
WORDS.option("refills", N_("Refills"), N_("How many times you may refill the mountain."))
WORDS.option(
    "rows",
    N_("Mountain rows"),
    N_("Dice in each row of the mountain, bottom row first, joined by dashes (6-5-4-3-2)."),
)
WORDS.option(
    "dice",
    N_("Dice table file"),
    N_("A JSON file giving the dice's counts and faces; empty for the game's own dice."),
)
WORDS.preset("hard", N_("Hard"), N_("Two starting Magic dice instead of three."))
WORDS.preset("harder", N_("Harder"), N_("One starting Magic die instead of three."))
WORDS.preset("hardest", N_("Hardest"), N_("No starting Magic die."))

WORDS.stat("score", N_("Score"), N_("Points at the end of the game."))
WORDS.stat("band", N_("Rating"), N_("The rating band the score falls in."))
WORDS.stat("danger_points", N_("Danger points"), N_("Points from neutralised Danger dice."))
WORDS.stat("treasure_points", N_("Treasure points"), N_("Points from Treasure dice left visible."))
WORDS.stat(
    "hidden_treasure_points",
    N_("Hidden treasure points"),
    N_("Points from Treasure dice hidden in chests (gems count double)."),
)
WORDS.stat("tunnel_points", N_("Tunnel points"), N_("Points from Tunnel runs that reached 5."))
WORDS.stat("full_runs", N_("Full runs"), N_("Tunnel runs that reached 5."))
WORDS.stat("refills_used", N_("Refills used"), N_("How many times the mountain was refilled."))
WORDS.stat("magic_spent", N_("Magic dice spent"), N_("Magic dice spent to send dice back."))
WORDS.stat("end", N_("End"), N_("How the game ended."))
WORDS.text("stat.end.stopped", N_("stopped digging"))
WORDS.text("stat.end.stuck", N_("no move was left"))
WORDS.text("stat.end.running", N_("not finished"))


@cache
def _band_names() -> tuple[str, ...]:
    """The rating bands' names, read from the game's data file (data, never code)."""
    ref = resources.files("solotable.games.dice_miner").joinpath("data", "ratings.json")
    doc = json.loads(ref.read_text("utf-8"))
    return tuple(str(b["name"]) for b in doc["bands"])


def _band(name: str) -> Callable[[Tr, A], str]:
    return lambda t, a: t.term(name)


for _name in _band_names():
    WORDS.messages[f"dice-miner.stat.band.{_name}"] = _band(_name)
