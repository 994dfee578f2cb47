"""Invariants over random legal games (Hypothesis), make/unmake, records and the core
conformance checks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solotable import load_game
from solotable.core.conformance import (
    check_every_action,
    check_replay,
    check_state,
    random_playout,
)
from solotable.core.errors import (
    RecordError,
)
from solotable.core.record import record_from_json, record_of, record_to_json, replay
from solotable.core.rng import Rng
from solotable.games.divercite import DiverciteState

from .helpers import OPTION_SETS


def _placed_pieces(obs):
    counts = {"city": 0, "resource": 0, "neutral": 0}
    for piece in obs["board"].values():
        counts[piece["piece"]] += 1
    return counts


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), opts=st.sampled_from(OPTION_SETS))
def test_invariants_hold_at_every_ply(seed, opts):
    """Piece counts, incremental == recomputed scores, one empty resource square before the
    neutral token and none after it (issue §6)."""
    game = load_game("divercite", **opts)
    state = game.new_initial_state(seed)
    assert isinstance(state, DiverciteState)
    rng = Rng(seed)
    while True:
        obs = state.observation(0)
        placed = _placed_pieces(obs)
        in_supply = sum(n for s in obs["supply"] for k in s.values() for n in k.values())
        assert placed["city"] + placed["resource"] + in_supply == 40
        assert placed["city"] + sum(sum(s["cities"].values()) for s in obs["supply"]) == 16
        assert state.recomputed_scores() == obs["scores"]
        assert all(v >= 0 for s in obs["supply"] for k in s.values() for v in k.values())
        if state.is_terminal():
            break
        if state.is_neutral_turn() and not game.neutral_first:
            empty_res = 25 - placed["resource"] - placed["neutral"]
            assert empty_res == 1 and len(state.legal_actions()) == 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert _placed_pieces(state.observation(0)) == {"city": 16, "resource": 24, "neutral": 1}
    assert len(state.history) == 41


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), opts=st.sampled_from(OPTION_SETS))
def test_make_unmake_restores_the_position(seed, opts):
    """The search interface: unmake undoes make exactly (board, scores, move order)."""
    state = load_game("divercite", **opts).new_initial_state(seed)
    assert isinstance(state, DiverciteState)
    rng = Rng(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        before = state.to_dict()
        for a in (legal[0], legal[-1], rng.choice(legal)):
            diff = state.score_diff()
            gain = state.gain(a)
            state.make(a)
            assert -state.score_diff() == diff + gain
            state.unmake(a)
            assert state.to_dict() == before
            assert state.legal_actions() == legal
        state.apply_action(rng.choice(legal))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), opts=st.sampled_from(OPTION_SETS))
def test_record_replay_reproduces_the_game(seed, opts):
    game = load_game("divercite", **opts)
    final = random_playout(game, seed, Rng(seed + 1))
    record = record_from_json(record_to_json(record_of(final, seed)))
    assert len(record.actions) == 41
    assert replay(record).to_dict() == final.to_dict()


def test_conformance_checks_over_many_random_games():
    for i, opts in enumerate(OPTION_SETS * 3):
        game = load_game("divercite", **opts)
        random_playout(game, i, Rng(100 + i), check_state)
        check_replay(game, i, Rng(200 + i))


def test_corrupted_record_is_reported_at_the_first_bad_move():
    game = load_game("divercite")
    final = random_playout(game, 5, Rng(5))
    record = record_of(final, 5)
    record.actions[3] = record.actions[1]  # the square of move 1 is taken again
    with pytest.raises(RecordError, match=r"actions\[3\].*already occupied"):
        replay(record)
    record = record_of(final, 5)
    assert record.result is not None
    record.result["scores"] = [99, 0]
    with pytest.raises(RecordError, match=r"result\.scores"):
        replay(record)
    record = record_of(final, 5)
    record.actions = record.actions[:-1]  # the forced neutral token is missing
    with pytest.raises(RecordError, match="do not finish the game"):
        replay(record)


def test_every_action_id_has_a_reason_exactly_when_illegal():
    """The fast ``is_legal`` and the reasons agree with ``legal_actions`` on all 189 ids,
    at every ply of random games (both starters, the variant, the neutral turn, the end)."""
    for i, opts in enumerate(OPTION_SETS * 2):
        state = load_game("divercite", **opts).new_initial_state(i)
        rng = Rng(300 + i)
        while True:
            check_every_action(state)
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
