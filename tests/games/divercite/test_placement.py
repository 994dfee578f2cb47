"""Placement: where pieces go, the neutral token, the end of play (seed: Ordre du tour;
spec §3, §4, §6; rules/placement.py)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solotable import load_game
from solotable.core.errors import (
    IllegalActionError,
)
from solotable.core.message import msg
from solotable.core.players import TERMINAL
from solotable.core.rng import Rng
from solotable.games.divercite import DiverciteState

from .helpers import play


def test_first_move_has_164_choices_cities_on_city_squares_resources_on_dotted():
    """Spec §2.3 / §3: 4 colours × 16 city squares + 4 colours × 25 resource squares."""
    state = load_game("divercite").new_initial_state(0)
    legal = state.legal_actions()
    assert len(legal) == 164
    texts = {state.action_to_string(a) for a in legal}
    assert "CR D6" in texts and "RG C7" in texts
    assert not any(t.startswith("N ") for t in texts)
    # A city cannot go on a resource square, nor a resource on a city square: no notation.
    for bad in ("CR C7", "RG D6"):
        with pytest.raises(Exception, match="square"):
            state.parse_move(bad)


def test_free_placement_no_adjacency_needed_and_turns_alternate():
    """FR-text 'Ordre du tour': any empty square of the right kind; then the other player."""
    state = play(["CR B8", "RY I1", "CG H2"])
    board = state.observation(0)["board"]
    assert board["B8"] == {"piece": "city", "colour": "red", "owner": 0, "points": 0}
    assert board["I1"] == {"piece": "resource", "colour": "yellow"}
    assert board["H2"]["owner"] == 0
    assert state.current_player() == 1


def test_occupied_square_rejected_with_reason_state_unchanged():
    """FR-text: the square played must be empty."""
    state = play(["CR D6"])
    before = state.to_dict()
    with pytest.raises(IllegalActionError, match="D6 is already occupied"):
        state.apply_action(state.string_to_action("CB D6"))
    assert state.to_dict() == before
    state = play(["RR C7"])
    with pytest.raises(IllegalActionError, match=r"C7 is already occupied \(a red resource"):
        state.parse_move("RG C7")


def test_supply_exhausted_colour_cannot_be_placed():
    """Spec §1: 2 cities and 3 resources of each colour per player."""
    state = play(["CR B8", "CR D8", "CR F8", "CR H8"])  # each player placed both red cities
    with pytest.raises(IllegalActionError, match="White has no red city left"):
        state.parse_move("CR B6")
    assert all(not t.startswith("CR") for t, _ in state.legal_moves_text())
    state = play(["RB A9", "RR C9", "RB E9", "RR G9", "RB I9"])
    assert state.current_player() == 1
    state.apply_action(state.parse_move("RR A7"))
    with pytest.raises(IllegalActionError, match="White has no blue resource left"):
        state.parse_move("RB C7")


def test_illegal_action_ids_rejected_state_unchanged():
    state = play(["CR D6", "RG C7"])
    before = state.to_dict()
    for bad, reason in ((-1, "action space"), (189, "action space"), (True, "an int")):
        with pytest.raises(IllegalActionError, match=reason):
            state.apply_action(bad)
    with pytest.raises(IllegalActionError, match="already occupied"):
        state.apply_action(state.string_to_action("CR D6"))
    assert state.to_dict() == before


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), neutral_first=st.booleans())
def test_placed_pieces_never_move_and_city_points_never_drop(
    seed: int, neutral_first: bool
) -> None:
    """FR-text 'Ordre du tour': a placed piece stays put to the end; spec §5: a city's points
    so far never decrease. Spec §3: the move count is Σ colours in supply × empty squares."""
    game = load_game("divercite", neutral_first=neutral_first)
    state = game.new_initial_state(seed)
    assert isinstance(state, DiverciteState)
    rng = Rng(seed)
    before: dict[str, dict[str, Any]] = {}
    while True:
        obs = state.observation(0)
        board = obs["board"]
        for square, piece in before.items():
            now = board[square]
            assert {k: v for k, v in now.items() if k != "points"} == {
                k: v for k, v in piece.items() if k != "points"
            }
            assert now.get("points", 0) >= piece.get("points", 0)
        if state.is_terminal():
            break
        if not state.is_neutral_turn():
            supply = obs["supply"][obs["to_move"]]
            empty_cities = 16 - sum(1 for p in board.values() if p["piece"] == "city")
            empty_res = 25 - sum(1 for p in board.values() if p["piece"] != "city")
            expected = empty_cities * sum(1 for n in supply["cities"].values() if n)
            expected += empty_res * sum(1 for n in supply["resources"].values() if n)
            assert len(state.legal_actions()) == expected > 0
        before = board
        state.apply_action(rng.choice(state.legal_actions()))


def test_end_after_40_placements_then_forced_neutral_by_first_player():
    """FR-text: when all pieces are placed the starter puts the neutral token on the last
    free square, which ends the game (spec §4)."""
    for first in ("white", "black"):
        game = load_game("divercite", first_player=first)
        f = 0 if first == "white" else 1
        state = game.new_initial_state(3)
        rng = Rng(3)
        for ply in range(40):
            assert state.current_player() == f ^ (ply & 1)
            legal = state.legal_actions()
            assert legal, "no passing: a placement always exists"
            state.apply_action(rng.choice(legal))
        assert state.current_player() == f
        legal = state.legal_actions()
        assert len(legal) == 1
        text = state.action_to_string(legal[0])
        assert text.startswith("N ")
        obs = state.observation(f)
        assert all(sum(s[k].values()) == 0 for s in obs["supply"] for k in s)
        scores = state.scores()
        with pytest.raises(IllegalActionError, match="neutral token"):
            state.apply_action(0)
        state.apply_action(legal[0])
        assert state.is_terminal() and state.current_player() == TERMINAL
        assert state.scores() == scores  # the neutral token scores nothing
        assert state.legal_actions() == []
        assert state.observation(0)["board"][text.split()[1]] == {"piece": "neutral"}
        with pytest.raises(IllegalActionError, match="game is over"):
            state.apply_action(legal[0])


def test_neutral_token_is_not_playable_mid_game():
    state = play(["CR D6"])
    with pytest.raises(IllegalActionError, match="neutral token is placed only"):
        state.parse_move("N E3")


def test_variant_neutral_first():
    """FR-text variant: the first player places the neutral token anywhere, then the other
    player plays first (spec §6: on a resource square; the token placer places the 40th)."""
    game = load_game("divercite", neutral_first=True)
    state = game.new_initial_state(0)
    assert state.current_player() == 0
    legal = state.legal_actions()
    assert len(legal) == 25
    assert all(state.action_to_string(a).startswith("N ") for a in legal)
    with pytest.raises(IllegalActionError, match="neutral-token-first variant") as refused:
        state.parse_move("CR D6")
    assert refused.value.reason == msg("divercite.illegal.neutral-first", seat=0)
    with pytest.raises(Exception, match="city square"):
        state.parse_move("N D6")
    state.apply_action(state.parse_move("N A9"))
    assert state.current_player() == 1
    rng = Rng(1)
    movers = []
    while not state.is_terminal():
        movers.append(state.current_player())
        a = rng.choice(state.legal_actions())
        assert not state.action_to_string(a).startswith("N ")
        state.apply_action(a)
    assert len(movers) == 40 and movers[0] == 1 and movers[-1] == 0
    obs = state.observation(0)
    assert len(obs["board"]) == 41 and obs["board"]["A9"] == {"piece": "neutral"}
