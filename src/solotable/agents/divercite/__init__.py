"""Divercité's players: greedy, alpha-beta with iterative deepening, the AI levels, and
the move advice built on that search.

Why a package: an agent lives beside the others of its game (or, for the search
agents, beside the other game-agnostic searches), so the folder names what the old
file-name prefix did. ``solotable.agents`` imports every module below it, which registers
the agents; this ``__init__`` holds nothing itself.
"""
