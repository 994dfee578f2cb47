"""Invariants over random legal games (issue: property tests; core conformance)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solotable.core.conformance import (
    check_every_action,
    check_replay,
    check_sampling,
    check_state,
    random_playout,
)
from solotable.core.game import State
from solotable.core.players import CHANCE
from solotable.core.record import record_from_json, record_of, record_to_json, replay
from solotable.core.rng import Rng
from solotable.games.dice_miner.state import DiceMinerState
from tests.games.dice_miner.helpers import bottom, game, position

GAMES = {
    "default": game(),
    "small": game(rows="4-3-1", magic_dice=1, refills=3),
    "hardest": game(preset="hardest"),
}


def invariants(state: State) -> None:
    assert isinstance(state, DiceMinerState)
    g = state.game
    pos = state.position()
    on_mountain = sum(1 for d in pos["mountain"] if d)
    in_bag = sum(pos["bag"].values())
    collected = sum(pos["collection"].values())
    # Dice conservation: bag + mountain + collection + removed = all dice.
    assert in_bag + on_mountain + collected + pos["removed"] == g.table.total == 60
    for t, n in pos["bag"].items():
        assert n >= 0, t
    # Support rule: every die above the bottom row rests on two dice.
    m = state.mountain
    for s, c in enumerate(m):
        if c >= 0:
            assert all(m[x] >= 0 for x in g.mtn.supports[s]), g.mtn.names[s]
    # Tool bookkeeping never goes negative.
    assert min(state.free_shield, state.free_pickaxe, state.free_chest) >= 0
    # The observation rebuilds the same position (nothing is hidden but the RNG).
    obs = state.observation(0)
    rebuilt = g.sample_state(obs, 0, Rng(1))
    assert rebuilt.position() == pos
    assert rebuilt.current_player() == state.current_player()
    assert sorted(rebuilt.legal_actions()) == sorted(state.legal_actions())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), which=st.sampled_from(sorted(GAMES)))
def test_random_games_keep_the_invariants(seed: int, which: str) -> None:
    g = GAMES[which]
    final = random_playout(g, seed, Rng(seed + 1), invariants)
    assert final.is_terminal()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_long_games_without_stopping_keep_the_invariants(seed: int) -> None:
    final = long_game(seed, invariants)
    # Never stopping, the game can only end because nothing is left to do.
    assert isinstance(final, DiceMinerState) and final.stats()["end"] == "stuck"
    assert final.history.count(final.game.layout.refill) <= 2


def long_game(seed: int, check: Callable[[State], None]) -> State:
    """Random play that never stops voluntarily, so refills, recycles and the stuck end occur."""
    g = GAMES["default"]
    rng = Rng(seed)
    s = g.new_initial_state(seed)
    stop = g.layout.stop
    while not s.is_terminal():
        check(s)
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance())
            continue
        legal = [a for a in s.legal_actions() if a != stop] or [stop]
        s.apply_action(rng.choice(legal))
    check(s)
    return s


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_conformance_and_replay_in_long_games(seed: int) -> None:
    """core.conformance checks on every state of a full-length game, then a replay."""
    final = long_game(seed, check_state)
    record = record_from_json(record_to_json(record_of(final, seed)))
    assert replay(record).to_dict() == final.to_dict()
    assert record.result is not None and record.result["scores"] == final.scores()


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_conformance_on_every_state(seed: int) -> None:
    random_playout(GAMES["default"], seed, Rng(seed), check_state)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), which=st.sampled_from(sorted(GAMES)))
def test_replay_reproduces_the_game(seed: int, which: str) -> None:
    check_replay(GAMES[which], seed, Rng(seed))


def test_observation_does_not_depend_on_the_hidden_rng() -> None:
    """Hidden info: two states differing only in their RNG observe the same."""
    g = game()
    a = g.new_initial_state(1)
    b = g.new_initial_state(2)
    for s in (a, b):
        for face in ("magic magic1", "magic magic2", "magic magic3"):
            s.apply_action(s.string_to_action(f"draw {face}"))
    assert a.to_dict() != b.to_dict()
    assert a.observation(0) == b.observation(0)
    assert "rng" not in str(a.observation(0).keys())


def consistent(true: State, sampled: State) -> None:
    """Perfect recall: a sampled state agrees with everything the player has seen.

    The dice still in the bag are the same multiset of types; the Treasure dice
    under chests (the only dice set aside face-down in spirit) and the free
    chests, shields and pickaxes are the same; so are the mountain, the
    collection and the spent Magic dice. Only the RNG may differ.
    """
    assert isinstance(true, DiceMinerState) and isinstance(sampled, DiceMinerState)
    assert sampled.bag == true.bag and sampled.bag_total == true.bag_total
    assert sampled.hidden == true.hidden and sampled.free_chest == true.free_chest
    assert (sampled.free_shield, sampled.free_pickaxe) == (true.free_shield, true.free_pickaxe)
    assert sampled.mountain == true.mountain and sampled.coll == true.coll
    assert sampled.runs == true.runs and sampled.removed == true.removed
    assert sampled.position() == true.position()


def every_action_and_sampling(state: State) -> None:
    check_every_action(state)
    if not state.is_terminal():
        check_sampling(state, 0, Rng(len(state.history)), samples=2, consistent=consistent)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), which=st.sampled_from(sorted(GAMES)))
def test_every_action_id_has_a_reason_exactly_when_illegal(seed: int, which: str) -> None:
    """core.conformance.check_every_action and check_sampling on every state of random games."""
    final = random_playout(GAMES[which], seed, Rng(seed + 2), every_action_and_sampling)
    assert final.is_terminal()


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_action_and_sampling_in_long_games(seed: int) -> None:
    """The same on games that never stop early, so recycles, refills and the stuck end occur."""
    long_game(seed, every_action_and_sampling)


def test_sampled_states_keep_the_bag_and_the_hidden_treasure() -> None:
    """The consistency callback fails on a sampled state whose bag or chests differ."""
    s = position(game(), bottom("treasure gem3"), {"tool chest1": 1})
    s.apply_action(s.parse_move("take a1 hide"))
    other = s.clone()
    other.bag[0] -= 1
    other.bag[1] += 1
    with pytest.raises(AssertionError):
        consistent(s, other)
    other = s.clone()
    other.hidden = [0] * len(s.hidden)
    with pytest.raises(AssertionError):
        consistent(s, other)
    consistent(s, s.game.sample_state(s.observation(0), 0, Rng(3)))


def test_every_chance_outcome_is_public_as_the_state_promises() -> None:
    """Dice Miner deals nothing face down: at every chance node of random games, each outcome
    shows the player something different, so the session's fast path equals its clone test."""
    from solotable.core.rng import Rng as _Rng

    g = game()
    checked = 0
    for seed in range(4):
        s = g.new_initial_state(seed)
        r = _Rng(seed)
        while not s.is_terminal():
            if s.is_chance_node():
                assert s.chance_outcomes_are_public()
                seen = []
                for a, _ in s.chance_outcomes():
                    probe = s.clone()
                    probe.apply_legal_action(a)
                    seen.append(json.dumps(probe.observation(0), sort_keys=True))
                assert len(set(seen)) == len(seen), "two outcomes look the same to the player"
                checked += 1
                s.apply_legal_action(s.sample_chance())
            else:
                s.apply_legal_action(r.choice(s.legal_actions()))
    assert checked > 50
