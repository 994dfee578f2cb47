"""How the report writes its numbers and names, in the report's language.

Every word of the page comes from the ``solotable`` catalog (``words``), every statistic's
name and description from its game's catalog (``Words.stat_label``/``stat_help``/
``stat_value``), and numbers are written the language's way (``52.0%``, ``52,0 %``). A value
without spread is never printed as a zero-width interval: it says "no variation seen".
"""

from __future__ import annotations

import math

from solotable.lab.stats import Estimate
from solotable.stats import intervals as stats
from solotable.words import Words, words
from solotable.words.shared.lab import fixed


class Say:
    """The report's wording in one language (``en``, ``fr``, or the test pseudo-locale)."""

    def __init__(self, lang: str | None = "en") -> None:
        self.words: Words = words(lang)
        self.t = self.words.shared
        self.lang = self.words.lang

    def _(self, message: str, /, **args: object) -> str:
        return self.t._(message, **args)

    def num(self, x: float, pct: bool = False) -> str:
        """As many decimals as the number's size deserves (3 significant digits or so;
        percentages and percentage points with one decimal)."""
        if not math.isfinite(x):
            return "—"
        a = abs(x)
        digits = 1 if a >= 100 or pct else 2 if a >= 1 else 3
        text = fixed(self.t, x, digits)
        return "0" if text.strip("-−0.,") == "" else text

    def signed(self, x: float, pct: bool = False) -> str:
        text = self.num(x, pct)
        return text if text.startswith(("-", "−")) or text == "0" else "+" + text

    def value(self, e: Estimate, rate: bool, interval: bool = True) -> str:
        """``52.0% [48.1, 55.9]`` for a rate, ``12.3 [11.9, 12.8]`` for a mean; a sample
        without spread: ``41 (no variation seen)``."""
        if e.n == 0:
            return "—"
        k = 100.0 if rate else 1.0
        body = (
            self._("%(value)s%%", value=self.num(k * e.value, True)) if rate else self.num(e.value)
        )
        if not interval:
            return body
        if e.note == stats.NO_SPREAD:
            return self._("%(value)s (no variation seen)", value=body)
        if e.lo is None or e.hi is None:
            return body
        return self._(
            "%(value)s [%(low)s, %(high)s]",
            value=body,
            low=self.num(k * e.lo, rate),
            high=self.num(k * e.hi, rate),
        )

    def change(self, e: Estimate, rate: bool) -> str:
        """``+3.2 pts [+1.0, +5.4]`` for a rate, ``−1.25 [−2.10, −0.40]`` for a mean."""
        k = 100.0 if rate else 1.0
        body = self.signed(k * e.value, rate)
        if rate:
            body = self._("%(change)s pts", change=body)
        if e.note == stats.NO_SPREAD:
            return self._("%(change)s in every pair (no variation seen: no interval)", change=body)
        if e.lo is None or e.hi is None:
            return self._("%(change)s (too few games for an interval)", change=body)
        return self._(
            "%(change)s [%(low)s, %(high)s]",
            change=body,
            low=self.signed(k * e.lo, rate),
            high=self.signed(k * e.hi, rate),
        )


__all__ = ["Say"]
