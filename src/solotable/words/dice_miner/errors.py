"""Dice Miner's refusals in words: illegal moves, unreadable notation, bad dice files.

Registered on the game's formatter (``words/dice_miner/__init__.py`` imports this module). Refusals
of a move speak of the rules, not of notation; notation errors may quote notation, since
they answer what the player typed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.words.dice_miner.dice import face_words, type_die, type_name
from solotable.words.registry import N_, Formatter, Nn_
from solotable.words.tr import Tr


def register(words: Formatter) -> None:
    """Every refusal message of ``dice-miner``."""
    _illegal(words)
    _notation(words)
    _data(words)


def _illegal(w: Formatter) -> None:
    w.text(
        "illegal.draw",
        N_("dice leave the bag only while dice are rolled or the mountain is filled"),
    )
    w.plural(
        "illegal.recycle-first",
        Nn_(
            "first send %(n)s more die from the top of the mountain back to the bag",
            "first send %(n)s more dice from the top of the mountain back to the bag",
        ),
    )
    w.text("illegal.no-face-pending", N_("no starting Magic die is waiting for a face"))
    w.text("illegal.not-a-magic-face", N_("that is not a Magic face other than beer"))
    w.text(
        "illegal.choose-face-first",
        N_("first choose the face of the starting Magic die that rolled beer"),
    )
    w.text("illegal.empty-slot", N_("no die on %(slot)s"))
    w.text("illegal.no-free-chest", N_("no free chest to hide it in"))
    w.text("illegal.hide-not-treasure", N_("only Treasure dice can be hidden"))
    w.text("illegal.run", N_("a Tunnel %(n)s must extend a run that ends at %(below)s"))
    w.text("illegal.needs-shield", N_("a Danger die with dragons needs an unused shield"))
    w.text("illegal.needs-pickaxe", N_("a Danger die with cave-ins needs an unused pickaxe"))
    w.text("illegal.no-such-magic-face", N_("a Magic die has no such face"))
    w.text("illegal.empty-mountain", N_("the mountain is empty: there is nothing to recycle"))
    w.text(
        "illegal.recycle-after-spend",
        N_("dice are sent back to the bag only right after spending a Magic die"),
    )
    w.text("illegal.cannot-recycle", N_("that die cannot be sent back to the bag"))
    w.text("illegal.no-refill-left", N_("no refill left"))
    w.text("illegal.bag-empty", N_("the bag is empty"))
    w.text("illegal.mountain-full", N_("the mountain is full"))
    w.plural(
        "illegal.no-magic-die",
        Nn_(
            "no Magic die with %(n)s magic symbol in your collection",
            "no Magic die with %(n)s magic symbols in your collection",
        ),
    )

    @w.message("illegal.covered")
    def _covered(t: Tr, a: Mapping[str, Any]) -> str:
        return t._("the die on %(slot)s is covered by %(by)s", slot=a["slot"], by=t.join(a["by"]))

    @w.message("illegal.no-such-face")
    def _no_such_face(t: Tr, a: Mapping[str, Any]) -> str:
        return t._("this %(die)s has no such face", die=type_die(t, a["type"]))

    @w.message("illegal.not-beer")
    def _not_beer(t: Tr, a: Mapping[str, Any]) -> str:
        return t._(
            "the die on %(slot)s shows %(face)s; only beer is a joker",
            slot=a["slot"],
            face=face_words(t, a["symbols"]),
        )

    @w.message("illegal.beer-needs-face")
    def _beer_needs_face(t: Tr, a: Mapping[str, Any]) -> str:
        return t._("the die on %(slot)s shows beer: choose the face it counts as", slot=a["slot"])


def _notation(w: Formatter) -> None:
    w.text("notation.empty", N_("empty move; try 'take e1', 'spend magic2', 'refill' or 'stop'"))
    w.text("notation.not-text", N_("a move is text, such as 'take e1'"))
    w.text(
        "notation.unknown-verb",
        N_("unknown move; expected take, spend, face, recycle, refill, stop or draw"),
    )
    w.text("notation.no-argument", N_("'%(verb)s' takes no argument"))
    w.text("notation.magic-face", N_("'%(verb)s' needs one Magic face, e.g. '%(verb)s magic2'"))
    w.text("notation.recycle-slot", N_("'recycle' needs one slot, e.g. 'recycle e1'"))
    w.text("notation.take-slot", N_("'take' needs a slot, e.g. 'take e1' or 'take e1 as n3 hide'"))
    w.text("notation.take-form", N_("expected 'take SLOT', then optionally 'as FACE' and 'hide'"))
    w.text("notation.empty-slot", N_("slot %(slot)s is empty, so it has no faces"))
    w.text("notation.face-number", N_("face numbers go from #0 to #5"))
    w.text("notation.no-slot", N_("no mountain slot '%(word)s'; slots are %(first)s…%(last)s"))

    @w.message("notation.draw")
    def _draw(t: Tr, a: Mapping[str, Any]) -> str:
        return t._("'draw' needs a die type (%(types)s) and a face", types=", ".join(a["types"]))

    @w.message("notation.no-face")
    def _no_face(t: Tr, a: Mapping[str, Any]) -> str:
        return t._(
            "a %(type)s die has no face '%(word)s'; faces: %(faces)s",
            type=type_name(t, a["type"]),
            word=a["word"],
            faces=", ".join(a["faces"]),
        )


FACE_FORMS = {
    "tunnel": N_("a 'tunnel' face is {'n': 1..5}"),
    "treasure": N_("a 'treasure' face is {'gem': count >= 1}"),
    "magic": N_("a 'magic' face is {'magic': count >= 1}"),
    "hazard": N_("a 'hazard' face is {'dragon': count >= 1} or {'cavein': count >= 1}"),
    "tool": N_("a 'tool' face shows pickaxe, shield and/or chest symbols (counts >= 1)"),
}
"""What each type's faces look like in a dice file (its own keys: this is for designers)."""


def _data(w: Formatter) -> None:
    w.text("data.at", N_("%(source)s: %(where)s: %(reason)s"))
    w.text("data.not-object", N_("%(source)s: the top level must be a JSON object"))
    w.text("data.missing", N_("%(source)s: missing key %(name)s"))
    w.text("data.count", N_("must be an integer >= %(least)s, got %(got)s"))
    w.text("data.dice-object", N_("must be an object of die type -> {count, faces}"))
    w.text("data.missing-type", N_("missing die type %(type)s"))
    w.text("data.entry-object", N_("must be an object with 'count' and 'faces'"))
    w.text("data.missing-key", N_("missing key %(name)s"))
    w.text("data.unknown-key", N_("unknown key %(name)s"))
    w.text("data.six-faces", N_("must list exactly %(n)s faces, got %(got)s"))
    w.text("data.all-beer", N_("needs at least one face that is not beer"))
    w.text("data.face-object", N_("a face must be a non-empty object, got %(got)s"))
    w.text("data.symbol-count", N_("symbol %(symbol)s needs a count >= 1, got %(got)s"))
    w.text("data.beer-alone", N_("a beer face is exactly {'beer': 1}, alone"))
    w.text(
        "data.shield-and-pickaxe",
        N_(
            "bad face %(face)s: a Tool die neutralises one Danger die, so a face shows "
            "shields or pickaxes, not both"
        ),
    )
    w.text("data.sum", N_("the counts sum to %(sum)s (%(detail)s), not total %(total)s"))

    @w.message("data.unknown-type")
    def _unknown_type(t: Tr, a: Mapping[str, Any]) -> str:
        return t._(
            "unknown die type %(type)s; known: %(known)s",
            type=a["type"],
            known=", ".join(a["known"]),
        )

    @w.message("data.unknown-symbol")
    def _unknown_symbol(t: Tr, a: Mapping[str, Any]) -> str:
        return t._(
            "unknown symbol %(symbol)s; known: %(known)s",
            symbol=a["symbol"],
            known=", ".join(a["known"]),
        )

    @w.message("data.bad-face")
    def _bad_face(t: Tr, a: Mapping[str, Any]) -> str:
        form = FACE_FORMS.get(str(a["type"]))
        how = t._(form) if form is not None else ""
        return t._("bad face %(face)s: %(how)s", face=a["face"], how=how)

    w.text(
        "option.magic-dice",
        N_("%(n)s starting Magic dice, but the dice table (%(source)s) has only %(count)s"),
    )
