"""Dice Miner's rule-based player (the solo game's default autoplayer and hint).

Why a package: an agent lives beside the others of its game (or, for the search
agents, beside the other game-agnostic searches), so the folder names what the old
file-name prefix did. ``solotable.agents`` imports every module below it, which registers
the agents; this ``__init__`` holds nothing itself.
"""
