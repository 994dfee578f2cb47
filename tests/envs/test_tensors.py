"""Observation tensors (issue 15 §1): fixed shape, named slices, built from the observation only."""

from __future__ import annotations

import json
import math

import pytest

import solotable
from solotable.core.rng import Rng
from solotable.core.tensor import TensorSpec

np = pytest.importorskip("numpy", reason="the rl extra (NumPy) is not installed")

from solotable.core.tensor import to_numpy  # noqa: E402

GAMES = ["divercite", "dice-miner", "mini-divercity", "51st-state"]
HIGH = 10.0  # the Gymnasium observation space's bound


def _decision_observations(game, seeds, every=1):
    """``(state, player, observation)`` at decision nodes of random games."""
    for seed in seeds:
        rng = Rng(seed)
        state = game.new_initial_state(seed)
        i = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance())
                continue
            p = state.current_player()
            if i % every == 0:
                yield state, p, state.observation(p)
            i += 1
            state.apply_action(rng.choice(state.legal_actions()))
        yield state, 0, state.observation(0)


@pytest.mark.parametrize("name", GAMES)
def test_every_observation_encodes_to_the_fixed_shape_within_bounds(name):
    game = solotable.load_game(name)
    spec = game.observation_tensor_spec()
    assert spec.size == sum(s.size for s in spec.slices)
    assert all(s.doc for s in spec.slices) and len(spec.describe().splitlines()) == len(spec.slices)
    seen = 0
    for _, _, obs in _decision_observations(game, range(3)):
        vec = to_numpy(game.observation_tensor(obs))
        assert vec.shape == (spec.size,) and vec.dtype == np.float32
        assert np.all(np.isfinite(vec)) and vec.min() >= 0.0 and vec.max() <= HIGH, vec.max()
        parts = spec.split(vec)
        assert [p.shape for p in parts.values()] == [s.shape for s in spec.slices]
        seen += 1
    assert seen > 10


@pytest.mark.parametrize("name", GAMES)
def test_the_encoding_is_read_from_the_observation_alone(name):
    """The same public view gives the same numbers, whatever the hidden cards are: states
    dealt by ``sample_state`` (hidden parts re-dealt) encode exactly like the true one, and
    the encoder needs nothing but the JSON observation (a parsed copy encodes the same)."""
    game = solotable.load_game(name)
    rng = Rng(5)
    redealt = 0
    for state, p, obs in _decision_observations(game, range(2), every=3):
        if state.is_terminal():
            continue
        vec = game.observation_tensor(obs)
        assert game.observation_tensor(json.loads(json.dumps(obs))) == vec
        other = game.sample_state(obs, p, rng)
        assert game.observation_tensor(other.observation(p)) == vec
        redealt += other.to_dict() != state.to_dict()
    if not game.info.perfect_information and name != "dice-miner":
        assert redealt > 0, "no sample differed from the true state: the test proves nothing"


@pytest.mark.parametrize("name", GAMES)
def test_the_encoding_tells_positions_apart(name):
    """Not a constant: consecutive different observations almost always encode differently."""
    game = solotable.load_game(name)
    previous = None
    pairs = same = 0
    for _, _, obs in _decision_observations(game, range(6)):
        view = {k: v for k, v in obs.items() if k not in ("log", "events_total", "outcome")}
        vec = game.observation_tensor(obs)
        if previous is not None and previous[0] != view:
            pairs += 1
            same += previous[1] == vec
        previous = (view, vec)
    assert pairs > 5 and same <= pairs // 5, (same, pairs)


def test_divercite_is_encoded_from_the_observers_side():
    """Either seat sees its own pieces in ``my_cities``: one network plays both colours."""
    game = solotable.load_game("divercite")
    state = game.new_initial_state(0)
    state.apply_action(state.legal_actions()[0])  # White places a city
    spec = game.observation_tensor_spec()
    white = spec.split(to_numpy(game.observation_tensor(state.observation(0))))
    black = spec.split(to_numpy(game.observation_tensor(state.observation(1))))
    assert white["my_cities"].sum() == 1 and white["their_cities"].sum() == 0
    assert black["their_cities"].sum() == 1 and black["my_cities"].sum() == 0
    assert white["flags"][0] == 0 and black["flags"][0] == 1  # Black to move


def test_writer_refuses_an_index_outside_its_slice():
    spec = TensorSpec.build([("a", (2, 3), "a plane"), ("b", (1,), "a flag")])
    w = spec.writer()
    w.set("a", 1.0, 1, 2)
    w.add("a", 1.0, 1, 2)
    assert w.values == [0, 0, 0, 0, 0, 2.0, 0]
    with pytest.raises(IndexError):
        w.set("a", 1.0, 2, 0)
    with pytest.raises(IndexError):
        w.set("b", 1.0, 0, 0)
    with pytest.raises(ValueError):
        w.fill("b", [1.0, 2.0])
    with pytest.raises(ValueError, match="unique"):
        TensorSpec.build([("a", (1,), ""), ("a", (1,), "")])
    assert math.isclose(spec.size, 7)


def test_games_without_an_encoding_say_so():
    import tests.toy_game  # noqa: F401

    game = solotable.load_game("toy-race")
    with pytest.raises(NotImplementedError, match="toy-race has no observation tensor"):
        game.observation_tensor_spec()
