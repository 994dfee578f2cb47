"""Scoring: Divercités, matching colours, resources shared by all cities (seed: Décompte des
points; spec §5; rules/scoring.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solotable import load_game
from solotable.core.rng import Rng
from solotable.games.divercite import DiverciteState

from .helpers import OPTION_SETS, WORKED_EXAMPLE, play


def test_worked_example_spec_5_1_is_scored_6_to_2():
    """Spec §5.1 test vector: D6 Divercité 5, F6 two blue 2, D4 one green 1 (neutral E3)."""
    state = play(WORKED_EXAMPLE, neutral_first=True)
    board = state.observation(0)["board"]
    assert board["D6"]["points"] == 5
    assert board["F6"]["points"] == 2
    assert board["D4"]["points"] == 1
    assert state.scores() == [6.0, 2.0]
    assert state.recomputed_scores() == [6, 2]


def test_divercite_scores_5_four_different_colours():
    """FR-text 'Décompte': four different colours around a city = 5."""
    state = play(["CG D6", "RR C7", "RB E7", "RY C5"])
    assert state.scores() == [0.0, 0.0]
    state.apply_action(state.parse_move("RG E5"))
    assert state.scores() == [5.0, 0.0]


def test_non_divercite_scores_one_per_matching_neighbour():
    """FR-text: otherwise 1 point per adjacent resource of the city's colour (0–4)."""
    state = play(["CY D6", "RY C7", "CY H2", "RY E7", "RR C5", "RY E5"])
    assert state.scores() == [3.0, 0.0]
    state = play(["CY D6", "RY C7", "RR E7", "RY C5", "RY E5"])
    # Three yellow neighbours and a red one, two of the yellows placed by White itself.
    assert state.scores() == [3.0, 0.0]


def test_four_matching_neighbours_score_4():
    state = play(["CY D6", "RY C7", "RY E7", "RY C5", "CR H2", "RY E5"])
    assert state.observation(0)["board"]["D6"]["points"] == 4
    assert state.scores() == [4.0, 0.0]


def test_city_placed_after_resources_scores_at_once():
    """Spec §5 incremental rule: a city placed among resources counts them immediately."""
    state = play(["RR C7", "RG E7", "RB C5", "RY E5", "CR D6"])
    assert state.scores() == [5.0, 0.0]


def test_resources_count_for_every_adjacent_city_whoever_placed_them():
    """FR-text: resources belong to the board and profit every city around them."""
    # White red city D6, Black red city F6: E7 touches both. Black places the red resource.
    state = play(["CR D6", "CR F6", "CG H2", "RR E7"])
    assert state.scores() == [1.0, 1.0]
    board = state.observation(0)["board"]
    assert board["D6"]["points"] == 1 and board["F6"]["points"] == 1


def test_resource_gift_example_gives_opponent_a_divercite():
    """FR-text example: Black's red resource scores his red cities but completes White's
    blue city's Divercité (+5)."""
    # White blue city on D6 with green C7, yellow E7, blue C5; Black red cities on B4, D4.
    moves = ["CB D6", "CR B4", "RG C7", "CR D4", "RY E7", "RB A5", "RB C5"]
    state = play(moves)
    before = state.scores()
    assert state.current_player() == 1
    state.apply_action(state.parse_move("RR E5"))  # touches D6 and D4 (and F6, F4 empty)
    after = state.scores()
    assert after[0] - before[0] == 5 - 1  # D6 had 1 blue point, now a Divercité
    assert after[1] - before[1] == 1  # D4 red gains 1


def test_seed_scoring_examples_black_divercite_and_white_two_yellows() -> None:
    """FR-text 'Décompte' examples: Black's green city with four colours scores 5; White's
    yellow city with two yellow neighbours scores 2, its other neighbours nothing."""
    moves = ["CY F6", "CG D6", "RR C7", "RY E7", "RB C5", "RG E5", "RY G7", "RR G5"]
    state = play(moves)
    board = state.observation(0)["board"]
    assert board["D6"] == {"piece": "city", "colour": "green", "owner": 1, "points": 5}
    assert board["F6"] == {"piece": "city", "colour": "yellow", "owner": 0, "points": 2}
    assert state.scores() == [2.0, 5.0]


def test_seed_red_resource_example_pays_each_red_city_and_completes_the_blue_one() -> None:
    """FR-text example: a red resource brings Black 1 point per adjacent red city, and at once
    makes the adjacent blue city of White a Divercité."""
    moves = ["CB D6", "CR D4", "RG C7", "CR F4", "RY E7", "RB C5", "CY H8"]
    state = play(moves)
    assert state.current_player() == 1
    assert state.scores() == [1.0, 0.0]  # White's D6 has one blue neighbour so far
    state.apply_action(state.parse_move("RR E5"))  # E5 touches D6, F6, D4 and F4
    board = state.observation(0)["board"]
    assert board["D4"]["points"] == 1 and board["F4"]["points"] == 1
    assert board["D6"]["points"] == 5
    assert state.scores() == [5.0, 2.0]


def test_neutral_is_not_a_colour_no_divercite():
    """FR-text: the neutral token scores nothing and prevents a Divercité."""
    state = play(["N E5", "CR D6", "RG C7", "RB E7", "RY C5"], neutral_first=True)
    assert state.observation(0)["board"]["D6"]["points"] == 0
    state = play(["N E5", "CR D6", "RR C7", "RR E7", "RR C5"], neutral_first=True)
    assert state.observation(0)["board"]["D6"]["points"] == 3


def test_spoiling_a_divercite_with_a_duplicate_colour():
    state = play(["CB D6", "RG C7", "RY E7", "RG C5"])
    state.apply_action(state.parse_move("RR E5"))
    assert state.observation(0)["board"]["D6"]["points"] == 0


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), opts=st.sampled_from(OPTION_SETS))
def test_fast_move_scoring_agrees_with_gain(seed, opts):
    """``scored_moves`` and ``best_gain`` (used by search) equal ``gain`` over legal moves,
    and ``gain`` equals the score change that ``apply_action`` really makes."""
    state = load_game("divercite", **opts).new_initial_state(seed)
    assert isinstance(state, DiverciteState)
    rng = Rng(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        gains = {a: state.gain(a) for a in legal}
        assert sorted(state.scored_moves()) == sorted((g, a) for a, g in gains.items())
        if not state.is_neutral_turn():
            assert state.best_gain() == max(gains.values())
        a = rng.choice(legal)
        p = state.current_player()
        before = state.scores()
        state.apply_action(a)
        after = state.scores()
        assert (after[p] - before[p]) - (after[1 - p] - before[1 - p]) == gains[a]
