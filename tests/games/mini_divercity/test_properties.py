"""Whole-game properties: API conformance and replay."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solotable.core import Rng
from solotable.core.conformance import check_replay, check_state, random_playout

from .helpers import (
    game,
    long_playout,
)

G = game()


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**31))
def test_conformance_every_state(seed):
    """Core contract on every state: notation, illegal actions, clones, JSON."""
    random_playout(G, seed, Rng(seed + 1), check_state)
    long_playout(G, seed, check_state)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**31))
def test_replay_reproduces_the_game(seed):
    """Determinism: the record (game, options, seed, actions) replays bit for bit."""
    check_replay(G, seed, Rng(seed + 2))


def test_replay_with_preset_options():
    """Determinism with options: the options travel in the record."""
    check_replay(game(preset="expert"), 11, Rng(3))


def test_an_observation_shares_no_dict_with_the_next():
    """The log entries and pending steps are cached inside the game; a caller that edits
    its observation (an agent, a front end) must not change what the next one says."""
    rng = Rng(5)
    s = G.new_initial_state(5)
    while not s.is_terminal() and s.turn < 3:
        s.apply_action(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
    first = s.observation(0)
    assert first["log"] and first["pending"]
    for entry in first["log"] + first["pending"]:
        entry["kind"] = entry["step"] = "edited"
    second = s.observation(0)
    assert "edited" not in str(second)
