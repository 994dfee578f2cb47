"""OpenSpiel registration (issue 15 §4, issue 23): OpenSpiel's random simulation test with
serialization, game strings that parse back, pickling of games and states."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (OpenSpiel) is not installed")

import solotable.openspiel as so  # noqa: E402
from solotable.core.rng import Rng  # noqa: E402
from solotable.openspiel.params import decode, encode  # noqa: E402

# 51st State's games are long (hundreds of steps, each checked by OpenSpiel from every angle,
# serialized and its information-state tensor built for every state).
SIMS = {"divercite": 4, "dice-miner": 3, "mini-divercity": 2, "51st-state": 1}


@pytest.mark.parametrize("name", list(SIMS))
def test_openspiels_random_simulation_test_passes_with_serialization(name):
    so.register()
    game = pyspiel.load_game(so.short_name(name))
    pyspiel.random_sim_test(game, num_sims=SIMS[name], serialize=True, verbose=False)


def _random_states(game, seed, every=1):
    """States of a random game through OpenSpiel (chance from the solotable state's RNG)."""
    rng = Rng(seed)
    state = game.new_initial_state(seed)
    i = 0
    while not state.is_terminal():
        if i % every == 0:
            yield state
        i += 1
        if state.is_chance_node():
            state.apply_action(state.inner.sample_chance())
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    yield state


@pytest.mark.parametrize("name", list(SIMS))
def test_games_and_states_pickle_and_serialize_to_the_same_position(name):
    """Every state of a random game (and a resampled one) comes back with the same position,
    generator, history and information state, through pickle and through OpenSpiel."""
    so.register()
    game = pyspiel.load_game(so.short_name(name))
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and type(again) is type(game)
    checked = 0
    for state in _random_states(game, 4, every=7 if name == "51st-state" else 3):
        p = max(state.current_player(), 0)
        copies = [
            pickle.loads(pickle.dumps(state)),
            pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
        ]
        if not state.is_terminal() and not state.is_chance_node():
            resampled = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0, 1))
            back = pickle.loads(pickle.dumps(resampled))
            assert back.inner.to_dict() == resampled.inner.to_dict()
            assert back.information_state_string(p) == state.information_state_string(p)
        for copy in copies:
            assert copy.inner.to_dict() == state.inner.to_dict()  # RNG included
            assert copy.history() == state.history()
            assert copy.information_state_string(p) == state.information_state_string(p)
            checked += 1
    assert checked > 10


def test_a_pickled_state_loads_in_a_fresh_process_without_registering():
    """Unpickling finds the game's class (``solotable.openspiel.Spiel_dice_miner``) and
    registers the game itself."""
    so.register(["dice-miner"])
    game = pyspiel.load_game("python_solotable_dice_miner", {"rows": "4-3-2-1"})
    state = game.new_initial_state(3)
    while state.is_chance_node():
        state.apply_action(state.inner.sample_chance())
    state.apply_action(state.legal_actions()[0])
    code = (
        "import pickle, sys; game, state = pickle.loads(sys.stdin.buffer.read()); "
        "print(type(game).__name__, state.get_game(), len(state.history()), "
        "state.inner.to_dict()['position'])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=pickle.dumps((game, state)),
        capture_output=True,
        check=True,
    )
    out = done.stdout.decode()
    assert out.startswith("Spiel_dice_miner python_solotable_dice_miner(")
    assert "rows=%34-3-2-1" in out
    assert out.split()[2] == str(len(state.history()))
    assert str(state.inner.to_dict()["position"]).replace(" ", "") in out.replace(" ", "")


@pytest.mark.parametrize(
    "value", ["6-5-4-3-2", "", "white", "True", "1.5", "-", "a,b=c(d)%41", "sha256:0f"]
)
def test_string_options_survive_openspiels_game_strings(value):
    text = encode(value)
    parsed = pyspiel.game_parameters_from_string(f"g(v={text})")
    assert parsed.get("v", "") == text and decode(text) == value


def test_game_strings_parse_back_with_the_same_options():
    so.register(["dice-miner"])
    game = pyspiel.load_game("python_solotable_dice_miner", {"rows": "4-3-2-1", "magic_dice": 2})
    assert game.inner.options["rows"] == "4-3-2-1"
    again = pyspiel.load_game(str(game))
    assert again.inner.options == game.inner.options
    assert pyspiel.load_game("python_solotable_dice_miner").inner.options["rows"] == "6-5-4-3-2"


def test_options_are_openspiel_parameters_and_the_api_forwards():
    assert "python_solotable_divercite" in so.register(["divercite"])
    game = pyspiel.load_game("python_solotable_divercite", {"neutral_first": True})
    assert game.get_type().parameter_specification["neutral_first"] is False
    assert game.inner.options["neutral_first"] is True
    state = game.new_initial_state()
    first = state.legal_actions()[0]
    assert state.action_to_string(first).startswith("N ")  # the neutral token goes first
    clone = state.clone()
    clone.apply_action(first)
    assert state.move_number() == 0 and clone.move_number() == 1  # clones are independent
    assert clone.current_player() == 1 and state.returns() == [0.0, 0.0]
    assert len(clone.observation_tensor(0)) == game.inner.observation_tensor_spec().size
    assert '"neutral_first": true' in clone.observation_string(1)
    with pytest.raises(Exception, match=r"illegal|not a legal"):
        clone.apply_action(first)  # the square is taken


def test_chance_is_explicit_in_openspiel_too():
    so.register(["dice-miner"])
    state = pyspiel.load_game("python_solotable_dice_miner").new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9


def test_solo_games_return_their_final_score():
    so.register(["mini-divercity"])
    game = pyspiel.load_game("python_solotable_mini_divercity")
    *_, last = _random_states(game, 2)
    assert last.is_terminal()
    assert last.returns() == [float(last.inner.scores()[0])]  # species saved, not only a win
