"""The State contract: legality, errors leave the state untouched, determinism."""

import pytest

import solotable
import tests.toy_game  # noqa: F401
from solotable.core import CHANCE, TERMINAL, IllegalActionError, NotationError, Rng
from solotable.core.conformance import check_replay, check_state, random_playout


def test_chance_then_player_then_terminal():
    s = solotable.load_game("toy-race", target=2).new_initial_state(1)
    assert s.current_player() == CHANCE
    s.apply_action(s.string_to_action("roll2"))
    assert s.current_player() == 0
    s.apply_action(s.parse_move("take"))
    assert s.current_player() == TERMINAL and s.returns() == [1.0, -1.0]


def test_illegal_action_raises_with_reason_and_changes_nothing():
    s = solotable.load_game("toy-race").new_initial_state(1)
    s.apply_action(1)  # roll a 2
    before = s.to_dict()
    with pytest.raises(IllegalActionError, match="only a roll of 1 can be doubled"):
        s.apply_action(4)
    with pytest.raises(IllegalActionError, match="outside the game's action space"):
        s.apply_action(99)
    with pytest.raises(IllegalActionError, match="is an int"):
        s.apply_action("take")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="double"):
        s.parse_move("double")
    with pytest.raises(NotationError, match="expected take"):
        s.parse_move("jump")
    assert s.to_dict() == before


def test_same_seed_same_game_bit_for_bit():
    g = solotable.load_game("toy-race")
    a = random_playout(g, 42, Rng(7))
    b = random_playout(g, 42, Rng(7))
    assert a.to_dict() == b.to_dict()
    c = random_playout(g, 43, Rng(7))
    assert c.to_dict() != a.to_dict()


def test_conformance_checks_pass_on_toy():
    g = solotable.load_game("toy-race")
    for seed in range(5):
        random_playout(g, seed, Rng(seed), check_state)
        check_replay(g, seed, Rng(seed + 100))


def test_rng_clone_is_independent_and_reproducible():
    r = Rng(5)
    c = r.clone()
    assert [r.below(100) for _ in range(5)] == [c.below(100) for _ in range(5)]
    assert r.weighted_index([0, 0, 1]) == 2


def test_weighted_draws_follow_the_weights_and_skip_zeros():
    r = Rng(3)
    picks = [r.weighted_index([0, 1, 0, 3]) for _ in range(4000)]
    assert set(picks) == {1, 3}
    assert 0.2 < picks.count(1) / 4000 < 0.3
    counts = [r.weighted_choice([2, 0, 2], 4) for _ in range(2000)]
    assert set(counts) == {0, 2}
