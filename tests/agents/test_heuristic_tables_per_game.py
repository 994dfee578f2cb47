"""The rule-based players of Dice Miner and 51st State read the game's tables once per game
object, not once per agent: the hint makes a new agent for every rollout, and reading the
card catalog and dealing states to name moves took most of a late-game hint's time
(51st State: 2.05 → 0.58 CPU s on one position, the same hint).

Sharing is right only if what is shared does not depend on the state: the moves' names are
checked against the true state's notation all along whole games."""

from __future__ import annotations

from typing import Any

import pytest

import solotable.agents  # noqa: F401  (registers the agents)
from solotable.core.agent import Turn
from solotable.core.registry import load_game, make_agent
from solotable.core.runner import advance_chance


def counted_catalog(game: Any) -> list[int]:
    calls = [0]
    real = game.card_catalog

    def catalog() -> list[dict[str, Any]]:
        calls[0] += 1
        out: list[dict[str, Any]] = real()
        return out

    game.card_catalog = catalog
    return calls


@pytest.mark.parametrize("name", ["dice-miner", "51st-state"])
def test_the_catalog_is_read_once_per_game_object(name: str) -> None:
    game = load_game(name)
    calls = counted_catalog(game)
    for seed in range(5):
        make_agent("heuristic", game, 0, seed)
    assert calls[0] == 1
    other = load_game(name)  # another game object (it could hold a user's card file)
    other_calls = counted_catalog(other)
    make_agent("heuristic", other, 0, 0)
    assert other_calls[0] == 1


@pytest.mark.parametrize("name", ["dice-miner", "51st-state"])
def test_shared_move_names_are_the_true_states_notation_all_game_long(name: str) -> None:
    game = load_game(name)
    warm = make_agent("heuristic", game, 0, 1)
    for seed in range(3):
        state = game.new_initial_state(seed)
        advance_chance(state)
        while not state.is_terminal():
            turn = Turn.for_state(state, 0)
            if len(turn.legal_actions) > 1:
                names = (
                    warm._moves(turn.observation, turn.legal_actions)  # type: ignore[attr-defined]
                    if name == "dice-miner"
                    else warm._names(turn)  # type: ignore[attr-defined]
                )
                assert names == {a: state.action_to_string(a) for a in turn.legal_actions}
                fresh = make_agent("heuristic", load_game(name), 0, seed)
                assert fresh.act(turn) == warm.act(turn)  # a cold table decides the same
            state.apply_action(warm.act(turn))
            advance_chance(state)
