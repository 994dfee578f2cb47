"""How a run's games are cut into tasks, for the local pool and for Ray.

Guided self-scheduling: each batch takes a share of what is *left* (``remaining / (4 ×
workers)``), capped. Early batches are big, so a task's fixed cost (a process hop, building
the game, Ray's dispatch) is spread over many games; the last ones shrink to a few games,
so the run does not end with one worker finishing a long batch while the others wait. With
fixed batches of ``b`` games that wait averages half a batch — for 2,000 51st State games on
2 processes and ``b = 50``, ~0.75 s of a 30 s run (2.5%); here it is about one game.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

SHARE = 4
"""A batch is at most 1 / (SHARE × workers) of the games left."""


def guided_batches(
    indices: Sequence[int], workers: int, cap: int, floor: int = 1
) -> Iterator[list[int]]:
    """Consecutive batches of ``indices``: ``remaining // (SHARE × workers)`` games each,
    within ``[floor, cap]`` (the last batch may be smaller than ``floor``)."""
    i, n = 0, len(indices)
    per = SHARE * max(1, workers)
    while i < n:
        size = max(floor, min(cap, (n - i) // per), 1)
        yield list(indices[i : i + size])
        i += size


__all__ = ["guided_batches"]
