"""Property tests over random legal games (issue 5): card conservation across every
zone, no good ever negative, replay reproduces the game."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solotable.core.record import record_of, replay
from solotable.core.rng import Rng
from solotable.games.fifty_first_state.rules.deck import pile_cards

from .helpers import card_total, conn_total, game

FACTIONS = ("random", "new-york", "appalachian", "mutants", "merchants")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), faction=st.sampled_from(FACTIONS))
def test_cards_conserved_and_goods_never_negative(seed: int, faction: str) -> None:
    g = game(faction)
    s = g.new_initial_state(seed)
    rng = Rng(seed)
    copies = list(g.cards.copies)
    conns = list(g.cards.conn_copies)
    while not s.is_terminal():
        a = s.sample_chance() if s.current_player() < 0 else rng.choice(s.legal_actions())
        s.apply_action(a)
        assert card_total(s) == copies
        assert conn_total(s) == conns
        assert min(s.goods) >= 0 and min(s.st) >= 0
        assert all(min(loc.stored) >= 0 for loc in s.locs)
        assert s.vp >= 0
        assert s.pile_n == sum(s.pile) and s.opp_n == sum(s.opp_deck)
        # The sampling list of draws, when built, is the pile's cards in order.
        assert s.pile_cards is None or s.pile_cards == pile_cards(s.pile)
    assert 1 <= s.round <= 6


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_replay_reproduces_final_state(seed: int) -> None:
    g = game("random")
    s = g.new_initial_state(seed)
    rng = Rng(seed + 1)
    while not s.is_terminal():
        a = s.sample_chance() if s.current_player() < 0 else rng.choice(s.legal_actions())
        s.apply_action(a)
    again = replay(record_of(s, seed))
    assert again.to_dict() == s.to_dict()
