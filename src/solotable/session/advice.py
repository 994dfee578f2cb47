"""Hints and reviews as data: values with their uncertainty, and what a move gives up.

Shared by the terminal's ``hint``, the web table and ``solotable review`` so all say
"loses ≈ X" the same way, and so a loss within the search's own noise is not called a
loss. Everything here is a :class:`~solotable.core.message.Msg` (numbers with their unit as
a code, :data:`~solotable.core.agent.UNITS`); ``solotable.words`` says it in the player's
language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from solotable.core.agent import Candidate
from solotable.core.message import Msg, Text, msg
from solotable.session.parts import info_words
from solotable.session.session import Hint


def value_msg(c: Candidate) -> Msg:
    """A candidate's value with its spread and unit (``+2.5 ± 1 points ahead at the end``);
    bare when the estimate has no interval (a deterministic search)."""
    return msg("core.value", value=c.value, spread=c.spread if c.interval else None, unit=c.unit)


def verdict_msg(candidates: Sequence[Candidate], other: Text) -> Msg | None:
    """ "clearly best", or "about as good as ``other``" (the second candidate, said by the
    caller: notation in the terminal, words on the table); None with a single candidate."""
    if len(candidates) < 2:
        return None
    if candidates[1].close_to(candidates[0]):
        return msg("core.hint.about-as-good", other=other)
    return msg("core.hint.clear")


def value_text(c: Candidate) -> str:
    """:func:`value_msg` in English (transitional: front ends say ``value_msg``)."""
    return str(value_msg(c))


def amount(x: float, unit: str) -> Msg:
    """A difference in the candidates' unit: ``3.5 points``, ``25% win chance``."""
    return msg("core.amount", x=x, unit=unit)


def loss_msg(best: Candidate, mine: Candidate) -> Msg:
    """ "your move loses ≈ X against the best", unless it is within the search's noise."""
    loss = best.value - mine.value
    if mine.close_to(best):
        return msg("core.hint.as-good")
    return msg("core.hint.loses", amount=amount(loss, best.unit))


def hint_lines(hint: Hint, notation: Callable[[int], str]) -> list[Msg]:
    """The hint's lines: the move, its next best moves with values and reasons, and the
    verdict on the player's own move (each a message; the terminal prints one a line)."""
    action = info_words(hint.info, hint.words)
    lines = [msg("core.hint.head", notation=hint.notation, action=action)]
    if len(hint.candidates) > 1:
        verdict = verdict_msg(hint.candidates, notation(hint.candidates[1].action))
        lines.append(msg("core.hint.verdict", verdict=verdict))
    for i, c in enumerate(hint.candidates, 1):
        lines.append(
            msg(
                "core.hint.candidate",
                rank=i,
                notation=notation(c.action),
                value=value_msg(c),
                reason=c.reason,
            )
        )
    if hint.mine is not None and hint.candidates:
        c = hint.mine
        lines.append(
            msg("core.hint.yours", notation=notation(c.action), value=value_msg(c), reason=c.reason)
        )
        lines.append(msg("core.hint.verdict", verdict=loss_msg(hint.candidates[0], c)))
    return lines
