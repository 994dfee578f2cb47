"""Mass simulation: seeded games between agents, run in a crash-proof local pool or on Ray,
streamed to a journal and results files, and the comparisons and matrices built on them.

Why a package of its own: this is the designer's and researcher's machinery (thousands of
games, workers that must never hang or outlive the run), not the game API (``core``) nor a
person's play (``session``). It uses ``core`` and the statistics of ``stats`` only.
"""
