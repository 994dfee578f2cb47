"""The core's messages: generic move refusals, notation errors, the generic events.

Games' own messages live in one module each (``words/<game>.py``); these are the ones the
engine says for every game. The session's, the errors' and the hints' words register on the same
formatter (``words/shared/__init__.py``) from their own modules, loaded at the end of this one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.words.registry import N_, Nn_
from solotable.words.shared import WORDS
from solotable.words.tr import Tr

WORDS.text("illegal-action", N_("illegal action %(action)s: %(reason)s"))
WORDS.text("notation", N_("cannot read '%(text)s': %(reason)s"))
WORDS.text("illegal.game-over", N_("the game is over"))
WORDS.text("illegal.outside", N_("outside the game's action space"))
WORDS.text(
    "illegal.chance", N_("a chance event is being resolved; only its outcomes can be applied")
)
WORDS.text("illegal.not-now", N_("not a legal action in this position"))
WORDS.text("illegal.not-int", N_("an action is an int (use string_to_action)"))
WORDS.text("action.move", N_("%(notation)s"))
WORDS.text("event.round", N_("round %(new)s"))
WORDS.plural(
    "event.hidden", Nn_("a card is dealt face down", "%(n)s cards are dealt face down"), "count"
)


@WORDS.message("event.score")
def _score(t: Tr, a: Mapping[str, Any]) -> str:
    if a.get("seat") is None:
        return t._("score %(old)s → %(new)s", old=a["old"], new=a["new"])
    return t._(
        "player %(seat)s: score %(old)s → %(new)s",
        seat=int(a["seat"]) + 1,
        old=a["old"],
        new=a["new"],
    )


@WORDS.message("event.phase")
def _phase(t: Tr, a: Mapping[str, Any]) -> str:
    return t._("phase: %(new)s", new=a["new"])


# The session's, the errors' and the hints' words register on the same formatter.
from solotable.words.shared import advice as shared_advice  # noqa: E402, F401
from solotable.words.shared import errors as shared_errors  # noqa: E402, F401
from solotable.words.shared import session as shared_session  # noqa: E402, F401
