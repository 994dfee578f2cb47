"""The chance nodes' outcome lists with their probabilities (spec §3.3, §9 A2, A8).

A deck draw lists each card type in the draw pile with its count over the pile's size;
the opponent's reveal each card type of its deck over the deck's size; the faction pick
each faction at one in four. A player decision has no outcome list: asking for one is
refused with "not a chance node".
"""

from __future__ import annotations

import pytest

from solotable.games.fifty_first_state.state import LK_REVEAL, PICK

from .helpers import game, staged


def test_a_deck_draw_lists_each_card_of_the_pile_by_its_count() -> None:
    g = game()
    for seed in (0, 1, 2):
        s = g.new_initial_state(seed)
        assert s.is_chance_node()
        outcomes = s.chance_outcomes()
        in_pile = [(t, c) for t, c in enumerate(s.pile) if c]
        assert [a for a, _ in outcomes] == [s.L.DRAW + t for t, _ in in_pile]
        assert [p for _, p in outcomes] == pytest.approx(
            [c / s.pile_n for _, c in in_pile], rel=1e-12
        )
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert s.pile_n == sum(s.pile) > 60


def test_a_draw_from_a_small_pile_in_exact_fractions() -> None:
    """Two cards of one type and one of another: 2/3 and 1/3."""
    s = staged()
    d = s.to_dict()
    first = next(t for t, c in enumerate(d["pile"]) if c >= 2)
    kept = [first, next(t for t, c in enumerate(d["pile"]) if c and t > first)]
    for t, c in enumerate(d["pile"]):
        d["discard"][t] += c
        d["pile"][t] = 0
    for t, c in zip(kept, (2, 1), strict=True):
        d["pile"][t] = c
        d["discard"][t] -= c
    assert min(d["discard"]) >= 0
    d["pile_n"] = 3
    d["pending_draws"] = 1
    t = s.game.state_from_dict(d)
    assert t.is_chance_node()
    outcomes = t.chance_outcomes()
    assert [a for a, _ in outcomes] == [t.L.DRAW + kept[0], t.L.DRAW + kept[1]]
    assert [p for _, p in outcomes] == pytest.approx([2 / 3, 1 / 3], rel=1e-15)


def test_the_opponents_reveal_lists_its_deck_by_counts() -> None:
    g = game()
    s = g.new_initial_state(0)
    while not (s.phase == LK_REVEAL and s.is_chance_node() and s.pending_draws == 0):
        s.apply_action(s.sample_chance() if s.is_chance_node() else s.legal_actions()[0])
    outcomes = s.chance_outcomes()
    in_deck = [(t, c) for t, c in enumerate(s.opp_deck) if c]
    assert [a for a, _ in outcomes] == [s.L.REVEAL + t for t, _ in in_deck]
    assert [p for _, p in outcomes] == pytest.approx([c / s.opp_n for _, c in in_deck])


def test_the_random_faction_is_one_of_four_at_a_quarter_each() -> None:
    s = game("random").new_initial_state(0)
    while s.phase != PICK:
        s.apply_action(s.sample_chance() if s.is_chance_node() else s.legal_actions()[0])
    assert s.chance_outcomes() == [(s.L.PICK + i, 0.25) for i in range(4)]


def test_a_player_decision_has_no_chance_outcomes() -> None:
    s = staged()
    assert not s.is_chance_node()
    with pytest.raises(ValueError) as refused:
        s.chance_outcomes()
    assert str(refused.value) == "not a chance node"
