"""The seeded random generator owned by each state.

All randomness of a game must come from here so that ``(game, options, seed,
actions)`` replays bit for bit. It wraps :class:`random.Random` (Mersenne
Twister: stable across CPython versions for ``random()``, ``randrange`` and
``shuffle``) and clones cheaply with the state.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import MutableSequence, Sequence
from itertools import accumulate
from typing import Any, TypeVar

T = TypeVar("T")


class Rng:
    """A small, cloneable PRNG facade; games call only these methods."""

    __slots__ = ("_r",)

    def __init__(self, seed: int | None = 0, *, state: tuple[Any, ...] | None = None) -> None:
        """Seeded with ``seed``, or set to ``state`` (a ``getstate()``) without seeding.

        Not ``random.Random()`` then ``setstate``: its __init__ seeds the new generator
        from the OS, five times the cost of the copy; sessions clone states for every
        chance outcome they test (a hidden deal: one clone per card).
        """
        if state is None:
            self._r = random.Random(seed)
        else:
            r = random.Random.__new__(random.Random)
            r.setstate(state)
            self._r = r

    def clone(self) -> Rng:
        return Rng(state=self._r.getstate())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its generator's state: the same whether this module runs compiled
        or not (a compiled class is not made by ``__new__`` alone: ``solotable.accel``)."""
        return (_restore, (self._r.getstate(),))

    def to_json(self) -> list[Any]:
        """The generator's exact state as JSON (``[version, [ints…], gauss]``).

        States put this in ``to_dict`` so that two positions compare equal only
        when their future draws are equal too; ``from_json`` reads it back.
        """
        version, internal, gauss = self._r.getstate()
        return [version, list(internal), gauss]

    @classmethod
    def from_json(cls, data: Any) -> Rng:
        """A generator restored from ``to_json`` output (ValueError if malformed)."""
        try:
            version, internal, gauss = data
            return cls(state=(int(version), tuple(int(x) for x in internal), gauss))
        except (TypeError, ValueError) as e:
            raise ValueError(f"not a generator state: {e}") from None

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (ValueError if ``n <= 0``).

        CPython's ``randrange(n)`` draws ``n.bit_length()`` bits with the public
        ``getrandbits`` until they fall below ``n``; this is that loop, written here,
        so the numbers are the same as ``randrange``'s (records made before replay
        unchanged; ``tests/core/test_rng.py`` compares them) without its two Python
        frames (argument checks, then ``_randbelow``) on the hot path of playouts.
        It also fixes the algorithm on our side: a future ``randrange`` could not
        change what a recorded seed deals.
        """
        if n <= 0:
            raise ValueError("empty range for below()")
        k = n.bit_length()
        bits = self._r.getrandbits
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r

    def random(self) -> float:
        return self._r.random()

    def choice(self, seq: Sequence[T]) -> T:
        """An element drawn uniformly: ``seq[below(len(seq))]``."""
        if not seq:
            raise ValueError("cannot choose from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        self._r.shuffle(seq)

    def weighted_index(self, weights: Sequence[float]) -> int:
        """An index drawn with probability proportional to ``weights``.

        One ``random()`` call and a bisection over the running sums; indices
        of weight 0 are never drawn.
        """
        cumulative = list(accumulate(weights))
        x = self._r.random() * cumulative[-1]
        i = bisect_right(cumulative, x)
        # x can round up to the total: the last index then (a conditional, not min(): this
        # is on every playout's path)
        return i if i < len(cumulative) else len(cumulative) - 1

    def weighted_choice(self, counts: Sequence[int], total: int) -> int:
        """An index drawn with probability ``counts[i] / total`` (integer weights).

        The fast path for drawing from a deck kept as counts per card type.
        """
        r = self.below(total)
        for i, c in enumerate(counts):
            if r < c:
                return i
            r -= c
        raise ValueError("total exceeds the sum of counts")

    def spawn(self) -> Rng:
        """An independent generator derived from this one (for sub-seeding)."""
        return Rng(self._r.getrandbits(64))


def _restore(state: tuple[Any, ...]) -> Rng:
    """An unpickled ``Rng`` (``Rng.__reduce__``)."""
    return Rng(state=state)
