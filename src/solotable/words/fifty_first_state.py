"""51st State's words: its moves, events, refusals, outcome, options and statistics.

The game produces data (``games/fifty_first_state/``); this module says it, every string through the
``fifty_first_state`` catalog domain.
"""

from __future__ import annotations

from solotable.words.registry import Formatter

WORDS = Formatter("51st-state", "fifty_first_state")
