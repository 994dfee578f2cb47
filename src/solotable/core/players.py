"""Special player ids, with the same meaning (and values) as OpenSpiel's."""

from __future__ import annotations

from typing import Final

CHANCE: Final = -1
"""``current_player()`` at a chance node: the state's own RNG picks the outcome."""

TERMINAL: Final = -4
"""``current_player()`` once the game is over."""
