"""``Rng`` draws the numbers ``random.Random`` draws, so records replay unchanged.

``below`` and ``choice`` run CPython's ``randrange`` loop themselves (over the public
``getrandbits``) to skip two Python frames on the playout path; they must give the
same numbers and leave the generator in the same state, for every size of range.
"""

from __future__ import annotations

import random

import pytest

from solotable.core.rng import Rng

SIZES = [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129]
SIZES += [255, 256, 257, 1000, 2**31 - 1, 2**31, 2**31 + 1, 2**32, 2**53 + 5, 2**70 + 3]


@pytest.mark.parametrize("seed", [0, 1, 12345])
def test_below_and_choice_draw_what_randrange_draws(seed: int) -> None:
    """Interleaved over ranges of every bit length (powers of two and one past them,
    where the rejection loop redraws most), the same numbers and the same state."""
    rng = Rng(seed)
    ref = random.Random(seed)
    redrawn = 0
    for i in range(3000):
        n = SIZES[i % len(SIZES)]
        if i % 3 == 0 and n < 2**62:  # len() of a larger range overflows
            seq = range(n)
            assert rng.choice(seq) == seq[ref.randrange(n)]
        else:
            before = ref.getstate()
            expected = ref.randrange(n)
            probe = random.Random()
            probe.setstate(before)
            redrawn += probe.getrandbits(n.bit_length()) != expected
            assert rng.below(n) == expected
        assert rng.to_json() == Rng.from_json([*ref.getstate()]).to_json()
    assert redrawn > 100


def test_weighted_choice_draws_as_randrange_over_the_counts() -> None:
    rng = Rng(7)
    ref = random.Random(7)
    counts = [3, 0, 5, 1, 0, 8]
    for _ in range(500):
        r = ref.randrange(17)
        expected = next(i for i, c in enumerate(counts) if (r := r - c) < 0)
        assert rng.weighted_choice(counts, 17) == expected


def test_an_empty_range_is_an_error() -> None:
    rng = Rng(1)
    with pytest.raises(ValueError):
        rng.below(0)
    with pytest.raises(ValueError):
        rng.choice([])
