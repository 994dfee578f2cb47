"""The clairvoyant research agent: it plans on the real future, so it is an upper bound.

Its playouts run on clones of the true state, generator included: the value it
expects of its plan is the score it then gets, exactly, and it never ends below
the rule-based policy it plays out with (that policy's own game is one of the
sequences it weighs). Both would fail with a sampled (honest) future.
"""

from __future__ import annotations

import pytest

import solotable.agents  # noqa: F401
from solotable.agents.search.clairvoyant import ClairvoyantAgent
from solotable.core.registry import load_game, make_agent
from solotable.core.runner import play_game
from solotable.sim.simulation import play_one


@pytest.mark.parametrize(("game", "index"), [("dice-miner", i) for i in range(4)])
def test_clairvoyant_scores_at_least_the_heuristic_on_the_same_seed(game: str, index: int) -> None:
    seer = play_one(game, {}, ["clairvoyant:rollouts=1"], 7, index)
    heuristic = play_one(game, {}, ["heuristic"], 7, index)
    assert seer.seed == heuristic.seed
    assert seer.scores[0] >= heuristic.scores[0]


@pytest.mark.parametrize("seed", [2, 11])
def test_mini_divercity_clairvoyant_wins_when_the_heuristic_does(seed: int) -> None:
    game = load_game("mini-divercity")
    seer = make_agent("clairvoyant:rollouts=1", game, 0, 5, research=True)
    state, _ = play_game(game, [seer], seed)
    plain, _ = play_game(game, [make_agent("heuristic", game, 0, 5)], seed)
    assert state.returns()[0] >= plain.returns()[0]


@pytest.mark.parametrize("seed", [3, 8])
def test_the_plan_it_expects_is_the_score_it_gets(seed: int) -> None:
    """Dice Miner: the real draws of its chosen sequence are the ones it simulated, so its
    best playout's value is realised exactly; no alternative it evaluated ended higher."""
    game = load_game("dice-miner")
    seer = make_agent("clairvoyant:rollouts=2", game, 0, 1, research=True)
    assert isinstance(seer, ClairvoyantAgent)
    expected: list[float] = []

    def watch(state: object, action: int) -> None:
        if seer.expected is not None:
            expected.append(seer.expected[1])

    state, _ = play_game(game, [seer], seed, on_action=watch)
    final = state.scores()[0]
    assert expected, "it never searched"
    assert seer.playouts > 0
    assert final == expected[-1]
    assert final >= max(expected)  # never below any playout it had seen
    assert expected == sorted(expected)  # the plan only ever improves


def test_fixed_budget_runs_are_reproducible() -> None:
    a = play_one("dice-miner", {}, ["clairvoyant:rollouts=2"], 3, 1)
    b = play_one("dice-miner", {}, ["clairvoyant:rollouts=2"], 3, 1)
    assert a.scores == b.scores and a.stats == b.stats


def test_clairvoyant_is_for_solo_games_only() -> None:
    from solotable.core.errors import UnknownNameError

    with pytest.raises(UnknownNameError):
        make_agent("clairvoyant", load_game("divercite"), 0, research=True)
