"""Mini DiverCity's words: its moves, events, refusals, outcome, options and statistics.

The game produces data (``games/mini_divercity/``); this module says it, every string through the
``mini_divercity`` catalog domain.
"""

from __future__ import annotations

from solotable.words.registry import Formatter

WORDS = Formatter("mini-divercity", "mini_divercity")
