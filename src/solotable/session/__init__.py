"""Play sessions and what they keep: one game with its seats, clocks and history, its saves
and reviews, and the SQLite play store under it.

Why a package of its own: everything here is about a *person playing* (hints, undo, seals on
the secrets of a save, the store of finished games, the statistics over them). The game API in
``core`` knows none of it, and the front ends (``cli``, ``web``) share it through here. Only
``core`` and ``stats`` are imported from here (``tests/test_architecture.py``).
"""
