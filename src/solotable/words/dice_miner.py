"""Dice Miner's words: its moves, events, refusals, outcome, options and statistics.

The game produces data (``games/dice_miner/``); this module says it, every string through the
``dice_miner`` catalog domain.
"""

from __future__ import annotations

from solotable.words.registry import Formatter

WORDS = Formatter("dice-miner", "dice_miner")
