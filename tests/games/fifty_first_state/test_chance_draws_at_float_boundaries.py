"""The connection flip and the opponent's reveal draw, for every random value, the outcome
the core's ``State.sample_chance`` draws from ``chance_outcomes`` (spec §3.3, §9 A2).

The playout path (``sample_flip``, ``sample_reveal``) skips the outcome list but promises
the same weights, the same floats and the same generator call, so that a seed deals the
same game either way. Weights proportional to the reference's (counts times the total,
counts over the total plus one, over the last count) draw the same card for almost every
random value, but not all: ``Rng.weighted_index`` compares the random value times the
floats' sum with their running sums, and a scaled weight rounds differently, so a
boundary between two cards can move by one step of 2⁻⁵³ (four blue cards of one kind and
one of the other: the reference's boundary is ``7205759403792794 / 2**53``, counts times
the total put it one step lower). Random games almost never meet such a value, so each
boundary is met here on purpose: the state's generator is set, through ``to_dict`` /
``state_from_dict`` and ``Rng.from_json``, to one whose next ``random()`` is a chosen
multiple of 2⁻⁵³ (Python's ``random()`` is two Mersenne Twister outputs, 27 and 26 bits).
"""

from __future__ import annotations

from itertools import accumulate, product
from pathlib import Path
from typing import Any

from solotable.core.game import State
from solotable.core.rng import Rng
from solotable.games.fifty_first_state.game import FiftyFirstStateGame
from solotable.games.fifty_first_state.state import FLIP, LK_REVEAL, FiftyFirstStateState

from .card_sets import card_file
from .helpers import game

STEPS = 1 << 53
"""``random()`` returns ``k / 2**53`` for an integer ``k`` in ``[0, 2**53)``."""


def _untemper(y: int) -> int:
    """The Mersenne Twister word whose tempered output is ``y`` (tempering inverted)."""
    y ^= y >> 18
    y ^= (y << 15) & 0xEFC60000
    x = y
    for _ in range(5):
        x = y ^ ((x << 7) & 0x9D2C5680)
    y = x & 0xFFFFFFFF
    x = y
    for _ in range(3):
        x = y ^ (x >> 11)
    return x & 0xFFFFFFFF


def drawing(k: int) -> list[Any]:
    """A generator state (``Rng.to_json``'s form) whose next ``random()`` is ``k / 2**53``:
    the last two words of the twister's state give the two outputs ``random()`` reads."""
    words = [0] * 624
    words[622] = _untemper((k >> 26) << 5)
    words[623] = _untemper((k & ((1 << 26) - 1)) << 6)
    return [3, [*words, 622], None]


def test_the_crafted_generator_draws_the_chosen_value() -> None:
    for k in (0, 1, 3002399751580331, 7205759403792794, STEPS - 1):
        assert Rng.from_json(drawing(k)).random() == k / STEPS


def _boundaries(probs: list[float]) -> list[int]:
    """For each outcome after the first, the least ``k`` that draws it or a later one
    (the reference: ``Rng.weighted_index`` over ``chance_outcomes``' probabilities)."""
    out = []
    for j in range(1, len(probs)):
        lo, hi = 0, STEPS
        while lo < hi:
            mid = (lo + hi) // 2
            if Rng.from_json(drawing(mid)).weighted_index(probs) >= j:
                hi = mid
            else:
                lo = mid + 1
        out.append(lo)
    return out


def _check_every_boundary(s: FiftyFirstStateState) -> int:
    """``sample_chance`` at ``s`` with the random value on both sides of each of the
    reference's boundaries (and at both ends) draws the reference's outcome; returns
    the number of boundaries."""
    g = s.game
    outcomes = s.chance_outcomes()
    probs = [p for _, p in outcomes]
    bounds = _boundaries(probs)
    # Each boundary sits where the probabilities' running sum says (to a few steps).
    for k, cum in zip(bounds, accumulate(probs), strict=False):
        assert abs(k / STEPS - cum) < 1e-15
    d = s.to_dict()
    for k in (0, STEPS - 1, *bounds, *(b - 1 for b in bounds)):
        d["rng"] = drawing(k)
        t = g.state_from_dict(d)
        ref = g.state_from_dict(d)
        expected = State.sample_chance(ref)
        assert expected == outcomes[Rng.from_json(drawing(k)).weighted_index(probs)][0]
        assert t.sample_chance() == expected, (k, probs)
        assert t.rng.to_json() == ref.rng.to_json()
    return len(bounds)


def _at(g: FiftyFirstStateGame, phase: int) -> FiftyFirstStateState:
    """The first position of seed 0 at a ``phase`` chance node with no card to draw."""
    s = g.new_initial_state(0)
    while not (s.phase == phase and s.is_chance_node() and s.pending_draws == 0):
        s.apply_action(s.sample_chance() if s.is_chance_node() else s.legal_actions()[0])
    return s


def _flip_with(s: FiftyFirstStateState, deck: int, counts: tuple[int, ...]) -> FiftyFirstStateState:
    """``s`` turning up a card of ``deck`` (0 blue, 1 red) from a pile of ``counts`` of
    that deck's connection cards, in card order; the rest are in its discard."""
    d = s.to_dict()
    d["flip_idx"] = deck
    conns = [i for i, x in enumerate(s.cs.conn_deck) if x == deck]
    for i, c in zip(conns, counts, strict=True):
        assert c <= d["conn_pile"][i] + d["conn_discard"][i]
        d["conn_discard"][i] += d["conn_pile"][i] - c
        d["conn_pile"][i] = c
    return s.game.state_from_dict(d)


def test_flips_of_the_master_set_decks() -> None:
    """Every pile either deck can hold (4 and 2 copies of its two cards)."""
    s = _at(game(), FLIP)
    assert s.conn_pile == [4, 2, 4, 2]
    checked = 0
    for deck, (a, b) in product((0, 1), product(range(5), range(3))):
        if a + b:
            checked += _check_every_boundary(_flip_with(s, deck, (a, b)))
    assert checked == 2 * 4 * 2


def test_flips_of_a_deck_with_five_copies_of_a_card(tmp_path: Path) -> None:
    """Another card set (``--set cards=FILE``) prints five Junk Trains: piles such as two
    Merchants and five Junk Trains, where weights over the last count would round apart."""
    cards = card_file(tmp_path, {}, connection_change={"junk-train": {"copies": 5}})
    s = _at(game(cards=cards), FLIP)
    assert s.conn_pile == [4, 5, 4, 2]
    checked = 0
    for a, b in product(range(5), range(6)):
        if a + b:
            checked += _check_every_boundary(_flip_with(s, 0, (a, b)))
    assert checked == 4 * 5


def _reveal_with(s: FiftyFirstStateState, counts: tuple[int, ...]) -> FiftyFirstStateState:
    """``s`` revealing an opponent card from a deck of ``counts`` cards, in card order, of
    the first card types with that many copies in the draw pile (the opponent's deck put
    back first)."""
    d = s.to_dict()
    for t, c in enumerate(d["opp_deck"]):
        d["pile"][t] += c
        d["opp_deck"][t] = 0
    t = -1
    for c in counts:
        t = next(u for u, p in enumerate(d["pile"]) if p >= c and u > t)
        d["pile"][t] -= c
        d["opp_deck"][t] = c
    d["pile_n"] = sum(d["pile"])
    d["opp_n"] = sum(counts)
    return s.game.state_from_dict(d)


def test_reveals_of_small_opponent_decks() -> None:
    """Opponent decks of two to four card types, one or two copies each (three for
    the three-copy cards), in every order: (1, 2, 2), (3, 1, 1), (2, 2, 1, 1)… are among
    them."""
    s = _at(game(), LK_REVEAL)
    checked = 0
    for n in (2, 3, 4):
        for counts in product((1, 2), repeat=n):
            t = _reveal_with(s, counts)
            assert [c for c in t.opp_deck if c] == list(counts)
            checked += _check_every_boundary(t)
    for counts in ((3, 1, 1), (1, 3, 1), (2, 3, 2), (3, 2, 1)):
        t = _reveal_with(s, counts)
        assert [c for c in t.opp_deck if c] == list(counts)
        checked += _check_every_boundary(t)
    assert checked == 4 * 1 + 8 * 2 + 16 * 3 + 4 * 2
