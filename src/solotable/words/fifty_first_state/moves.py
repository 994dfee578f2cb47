"""51st State's moves, refusals and notation errors in words (``51st-state.action.*``,
``51st-state.illegal.*``, ``51st-state.notation.*``); see ``fifty_first_state.py``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.words.fifty_first_state.base import WORDS, amount, name
from solotable.words.registry import N_, Nn_
from solotable.words.tr import Tr

# -- moves -------------------------------------------------------------------------------------
WORDS.text("action.pass", N_("pass: end your actions for this round"))
WORDS.text("action.done", N_("discard the goods left in the supply and end the round"))


@WORDS.message("action.keep")
def _keep(t: Tr, a: Mapping[str, Any]) -> str:
    if a.get("name") is None:
        return t._("keep the card")
    return t._("keep %(name)s in hand", name=name(t, a["name"]))


@WORDS.message("action.refuse")
def _refuse(t: Tr, a: Mapping[str, Any]) -> str:
    card = name(t, a["name"]) if a.get("name") is not None else t._("the card")
    if int(a.get("step") or 0) >= 2:
        return t._("discard %(name)s and draw another card (spends a reroll)", name=card)
    return t._("discard %(name)s and draw another Lookout card", name=card)


@WORDS.message("action.draw")
def _draw(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("the deck gives %(name)s", name=name(t, a["name"]))


@WORDS.message("action.reveal")
def _reveal(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("the opponent reveals %(name)s", name=name(t, a["name"]))


@WORDS.message("action.flip")
def _flip(t: Tr, a: Mapping[str, Any]) -> str:
    if a["deck"] == "red":
        return t._("the red connection card %(name)s is turned face up", name=name(t, a["name"]))
    return t._("the blue connection card %(name)s is turned face up", name=name(t, a["name"]))


@WORDS.message("action.pick")
def _pick(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("you play %(faction)s", faction=name(t, a["name"]))


@WORDS.message("action.build")
def _build(t: Tr, a: Mapping[str, Any]) -> str:
    text = t._(
        "build %(name)s for %(cost)s: %(effect)s",
        name=name(t, a["name"]),
        cost=a["cost"],
        effect=a["effect"],
    )
    if a.get("bonus") is None:
        return text
    return t._("%(move)s, build bonus: %(bonus)s", move=text, bonus=a["bonus"])


@WORDS.message("action.deal")
def _deal(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "make a deal with %(name)s for %(cost)s: %(gain)s now and each round",
        name=name(t, a["name"]),
        cost=a["cost"],
        gain=a["gain"],
    )


@WORDS.message("action.raze")
def _raze(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "raze %(name)s from hand for %(cost)s: gain %(gain)s",
        name=name(t, a["name"]),
        cost=a["cost"],
        gain=a["gain"],
    )


@WORDS.message("action.develop")
def _develop(t: Tr, a: Mapping[str, Any]) -> str:
    args = {"name": name(t, a["name"]), "over": name(t, a["over_name"])}
    if a["token"]:
        return t._(
            "develop %(over)s into %(name)s for a development token: +1 VP, %(name)s is built",
            **args,
        )
    return t._(
        "develop %(over)s into %(name)s for 1 brick (or ammo): +1 VP, %(name)s is built", **args
    )


@WORDS.message("action.use")
def _use(t: Tr, a: Mapping[str, Any]) -> str:
    args = {"name": name(t, a["name"]), "effect": a["effect"]}
    mode = a.get("mode")
    if mode == "pay":
        return t._(
            "use %(name)s (%(effect)s), paying %(good)s", good=amount(t, a["good"], 1), **args
        )
    if mode == "take":
        return t._(
            "use %(name)s (%(effect)s), taking %(good)s", good=amount(t, a["good"], 1), **args
        )
    if mode == "deal":
        return t._(
            "use %(name)s (%(effect)s), giving up your %(deal)s deal",
            deal=name(t, a["deal_name"]),
            **args,
        )
    return t._("use %(name)s (%(effect)s)", **args)


@WORDS.message("action.faction")
def _faction(t: Tr, a: Mapping[str, Any]) -> str:
    if a.get("cost") is None:
        return t._("faction action %(n)s", n=a["n"])
    if a.get("discard") is not None:
        return t._(
            "faction action %(n)s: %(cost)s + discard %(card)s from hand → %(gain)s",
            n=a["n"],
            cost=a["cost"],
            card=name(t, a["discard_name"]),
            gain=a["gain"],
        )
    return t._(
        "faction action %(n)s: %(cost)s → %(gain)s", n=a["n"], cost=a["cost"], gain=a["gain"]
    )


@WORDS.message("action.work")
def _work(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("spend 2 workers to take %(good)s", good=amount(t, a["good"], 1))


@WORDS.message("action.take")
def _take(t: Tr, a: Mapping[str, Any]) -> str:
    card = name(t, a["name"]) if a.get("name") is not None else t._("the face-up card")
    if a["deck"] == "red":
        return t._("spend 2 workers to take %(name)s (red connection) into your hand", name=card)
    return t._("spend 2 workers to take %(name)s (blue connection) into your hand", name=card)


@WORDS.message("action.play")
def _play(t: Tr, a: Mapping[str, Any]) -> str:
    if a["cost"].args:
        return t._(
            "play %(name)s (paying %(cost)s): gain %(gain)s",
            name=name(t, a["name"]),
            cost=a["cost"],
            gain=a["gain"],
        )
    return t._("play %(name)s (free): gain %(gain)s", name=name(t, a["name"]), gain=a["gain"])


@WORDS.message("action.opp")
def _opp(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "send 1 worker to the opponent's %(name)s: %(effect)s",
        name=name(t, a["name"]),
        effect=a["effect"],
    )


@WORDS.message("action.store")
def _store(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("keep %(good)s on a storage card through Cleanup", good=amount(t, a["good"], 1))


# -- refusals --------------------------------------------------------------------------------------
WORDS.text("illegal.chance-outcome", N_("chance outcomes are not yours to choose"))
WORDS.text("illegal.cleanup", N_("Cleanup: store goods or say done"))
WORDS.text("illegal.no-lookout", N_("there is no Lookout card to keep or refuse now"))
WORDS.text("illegal.cleanup-only", N_("this is only possible during Cleanup"))
WORDS.text("illegal.no-token", N_("you have no development token"))
WORDS.text("illegal.develop-brick", N_("developing needs 1 brick (or ammo)"))
WORDS.text("illegal.not-now", N_("not possible now"))
WORDS.plural("illegal.workers", Nn_("this needs %(n)s worker", "this needs %(n)s workers"))
WORDS.text("illegal.faction-used", N_("faction action %(n)s was already used this round"))
WORDS.text(
    "illegal.faction-needs-card", N_("faction action %(n)s needs a card from your hand to discard")
)
WORDS.text("illegal.faction-no-card", N_("faction action %(n)s takes no card"))
WORDS.text("illegal.faction-cost", N_("faction action %(n)s costs %(cost)s"))


def _named(template: str) -> Any:
    """A message about one card: its name said in the player's language."""
    return lambda t, a: t._(template, **{**a, "name": name(t, a["name"])})


for _key, _template in (
    ("lookout-first", N_("Lookout: keep or refuse %(name)s first")),
    ("not-in-hand", N_("you have no %(name)s in hand")),
    ("not-in-state", N_("you have no %(name)s in your state")),
    ("not-action", N_("%(name)s is not an action location")),
    ("no-use-left", N_("%(name)s has no use left this round")),
    (
        "use-needs-payment",
        N_("%(name)s needs a good to pay: fuel, gun, iron, brick or ammo"),
    ),
    ("use-needs-choice", N_("%(name)s needs the good to take: fuel, gun, iron or brick")),
    ("use-needs-deal", N_("%(name)s needs one of your deals to give up")),
    ("no-deal", N_("you have no %(name)s deal")),
    ("use-no-argument", N_("%(name)s takes no extra choice")),
    ("use-cost", N_("you cannot pay for %(name)s: %(effect)s")),
    ("connection-cost", N_("%(name)s costs %(cost)s")),
    ("no-opponent-card", N_("the opponent has no unused %(name)s this round")),
):
    WORDS.messages[f"51st-state.illegal.{_key}"] = _named(_template)


@WORDS.message("illegal.no-room")
def _no_room(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "no room for %(good)s on your storage cards, or none in the supply",
        good=amount(t, a["good"], 1),
    )


@WORDS.message("illegal.contacts")
def _contacts(t: Tr, a: Mapping[str, Any]) -> str:
    what = {"build": N_("building"), "deal": N_("a deal with"), "raze": N_("razing")}
    return t._(
        "%(use)s %(name)s needs %(cost)s (universal contacts count)",
        use=t._(what.get(str(a["use"]), str(a["use"]))),
        name=name(t, a["name"]),
        cost=amount(t, a["colour"], int(a["n"])),
    )


@WORDS.message("illegal.no-shared-icon")
def _no_icon(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(
        "%(name)s and %(over)s share no type icon (use a development token)",
        name=name(t, a["name"]),
        over=name(t, a["over_name"]),
    )


@WORDS.message("illegal.no-face-up")
def _no_face_up(t: Tr, a: Mapping[str, Any]) -> str:
    if a["deck"] == "red":
        return t._("no red connection card is face up")
    return t._("no blue connection card is face up")


# -- notation ----------------------------------------------------------------------------------
WHAT = {
    "card": (N_("missing card name"), N_("unknown card %(word)s")),
    "connection": (N_("missing connection card name"), N_("unknown connection card %(word)s")),
    "faction": (N_("missing faction name"), N_("unknown faction %(word)s")),
    "card-or-good": (N_("missing card or good"), N_("unknown card or good %(word)s")),
}


@WORDS.message("notation.missing")
def _missing(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(WHAT.get(str(a["what"]), WHAT["card"])[0])


@WORDS.message("notation.unknown-name")
def _unknown(t: Tr, a: Mapping[str, Any]) -> str:
    return t._(WHAT.get(str(a["what"]), WHAT["card"])[1], word=repr(a["word"]))


@WORDS.message("notation.ambiguous")
def _ambiguous(t: Tr, a: Mapping[str, Any]) -> str:
    shown = ", ".join(a["matches"]) + (", …" if a["more"] else "")
    return t._("%(word)s is ambiguous: %(matches)s", word=repr(a["word"]), matches=shown)


WORDS.text("notation.empty", N_("empty move"))
WORDS.text("notation.not-text", N_("a move is text, such as 'pass'"))
WORDS.text(
    "notation.unknown-chance",
    N_("unknown chance outcome; expected draw:, reveal:, flip: or faction:"),
)
WORDS.text("notation.no-argument", N_("'%(verb)s' takes no argument"))
WORDS.text("notation.expected", N_("expected '%(form)s'"))


@WORDS.message("notation.unknown-move")
def _unknown_move(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("unknown move; expected one of %(verbs)s", verbs=", ".join(a["verbs"]))
