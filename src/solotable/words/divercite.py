"""Divercité's words: its moves, events, refusals, outcome, options and statistics.

The game produces data (``games/divercite/``); this module says it, every string through the
``divercite`` catalog domain.
"""

from __future__ import annotations

from solotable.words.registry import Formatter

WORDS = Formatter("divercite", "divercite")
