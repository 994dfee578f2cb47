"""Hints and reviews in words: values with their uncertainty, and what a move gives up.

Shared by the terminal's ``hint`` and ``solotable review`` so both say "loses ≈ X"
the same way, and so a loss within the search's own noise is not called a loss.
"""

from __future__ import annotations

from collections.abc import Callable

from solotable.core.agent import Candidate
from solotable.core.session import Hint


def value_text(c: Candidate) -> str:
    """``+2.5 ± 1 points ahead at the end``, ``38% ± 18% win chance``."""
    if c.unit == "win chance":
        return f"{c.value:.0%} ± {c.spread:.0%} {c.unit}"
    sign = "+" if c.unit.startswith("points ahead") else ""
    return f"{c.value:{sign}.1f} ± {c.spread:.1f} {c.unit}"


def amount(x: float, unit: str) -> str:
    """A difference in the candidates' unit: ``3.5 points``, ``25% win chance``."""
    return f"{x:.0%} win chance" if unit == "win chance" else f"{x:.1f} points"


def loss_text(best: Candidate, mine: Candidate) -> str:
    """ "your move loses ≈ X against the best", unless it is within the search's noise."""
    loss = best.value - mine.value
    noise = max(best.spread, mine.spread)
    if mine.action == best.action or loss <= noise:
        return "your move is as good as the best, within the search's precision"
    return f"your move loses ≈ {amount(loss, best.unit)} against the best"


def hint_lines(hint: Hint, notation: Callable[[int], str]) -> list[str]:
    """Plain lines: the hint, its next best moves with values and reasons, and the verdict
    on the player's own move."""
    lines = [f"hint ({hint.agent}): {hint.notation} — {hint.words}"]
    for i, c in enumerate(hint.candidates, 1):
        lines.append(f"  {i}. {notation(c.action)}: {value_text(c)} — {c.reason}")
    if hint.mine is not None and hint.candidates:
        c = hint.mine
        lines.append(f"  yours: {notation(c.action)}: {value_text(c)} — {c.reason}")
        lines.append(f"  {loss_text(hint.candidates[0], c)}")
    return lines
