"""The playout path (``apply_legal_action``, written out in one function, and the move
lists ``legal_actions`` joins without testing each colour) agrees with the rules everywhere.

The reference is ``is_legal``, which reads the board and the supplies directly, and ``make``
(the search's placement, written in smaller functions)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from solotable import load_game
from solotable.core.rng import Rng
from solotable.games.divercite import DiverciteState
from solotable.games.divercite.actions import NUM_ACTIONS

from .helpers import OPTION_SETS


def _brute_force_legal(state: DiverciteState) -> list[int]:
    return [a for a in range(NUM_ACTIONS) if state.is_legal(a)]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), opts=st.sampled_from(OPTION_SETS))
def test_apply_legal_action_equals_make_and_the_move_list_equals_the_rules(seed, opts):
    game = load_game("divercite", **opts)
    fast = game.new_initial_state(seed)
    slow = game.new_initial_state(seed)
    assert isinstance(fast, DiverciteState) and isinstance(slow, DiverciteState)
    rng = Rng(seed)
    while not fast.is_terminal():
        legal = fast.legal_actions()
        assert legal == _brute_force_legal(fast)
        assert slow.legal_actions() == legal
        a = rng.choice(legal)
        fast.apply_legal_action(a)
        slow.make(a)
        slow.history.append(a)
        assert fast.to_dict() == slow.to_dict()
    assert fast.legal_actions() == slow.legal_actions() == []


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), opts=st.sampled_from(OPTION_SETS))
def test_move_lists_survive_clone_and_deep_make_unmake(seed, opts):
    """Several makes then their unmakes (a search's path), from a clone, leave lists that
    ``apply_legal_action`` can keep using: a colour run out of and given back reappears."""
    game = load_game("divercite", **opts)
    state = game.new_initial_state(seed)
    assert isinstance(state, DiverciteState)
    rng = Rng(seed)
    while not state.is_terminal():
        copy = state.clone()
        path = []
        while len(path) < 12 and not copy.is_terminal():
            a = rng.choice(copy.legal_actions())
            copy.make(a)
            path.append(a)
            assert copy.legal_actions() == _brute_force_legal(copy)
        for a in reversed(path):
            copy.unmake(a)
            assert copy.legal_actions() == _brute_force_legal(copy)
        assert copy.to_dict() == state.to_dict()
        a = rng.choice(copy.legal_actions())
        copy.apply_legal_action(a)
        state.apply_legal_action(a)
        assert copy.legal_actions() == state.legal_actions() == _brute_force_legal(state)


def test_sample_state_replays_canonical_and_other_notations_alike():
    """``sample_state`` replays canonical moves through a table; other spellings the parser
    accepts still rebuild the same position."""
    game = load_game("divercite")
    state = game.state_after(["CR D6", "RG C7", "RB E5"])
    obs = state.observation(0)
    twin = game.sample_state(obs, 0, Rng(1))
    assert twin.to_dict() | {"seed": 0} == state.to_dict() | {"seed": 0}
    obs["moves"] = ["city red d6", "resource green c7", "rb-e5"]
    twin = game.sample_state(obs, 0, Rng(1))
    assert twin.to_dict() | {"seed": 0} == state.to_dict() | {"seed": 0}
