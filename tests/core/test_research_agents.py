"""The labelled path for research agents: only they get the true state, only where allowed.

Honest agents get a plain ``Turn`` (no state); a research agent (its class says
``sees_true_state``) gets a ``ResearchTurn`` with a clone of the true state,
and ``make_agent`` builds one only with ``research=True`` (simulate, compare).
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

import solotable.agents  # noqa: F401
from solotable.core.agent import Agent, ResearchAgent, ResearchTurn, Turn, is_research
from solotable.core.errors import ResearchAgentError, SolotableError
from solotable.core.game import Game, State
from solotable.core.registry import (
    agent_names,
    is_research_spec,
    load_game,
    make_agent,
    research_agent_names,
)
from solotable.core.runner import play_game
from solotable.session.session import GameSession, Seat
from solotable.sim.simulation import play_one
from tests.hint_agents import use_hint_agent

SOLO = ("dice-miner", "51st-state", "mini-divercity")


class Recorder(Agent):
    """An honest plug-in that keeps every turn it is given (and claims, on the instance
    only, to see the true state: that must not be enough)."""

    name = "recorder"
    turns: ClassVar[list[Turn]] = []

    def __init__(self, game: Game, player: int, seed: int = 0) -> None:
        super().__init__(game, player, seed)
        self.sees_true_state = True  # type: ignore[misc]  # an instance cannot opt in
        Recorder.turns = []

    def act(self, turn: Turn) -> int:
        Recorder.turns.append(turn)
        return turn.legal_actions[0]


class Peeker(ResearchAgent):
    """A research plug-in: plays the first legal move, keeping the states it saw."""

    name = "peeker"
    seen: ClassVar[list[State]] = []

    def plan(self, state: State, turn: Turn) -> int:
        Peeker.seen.append(state)
        return turn.legal_actions[0]


class Vandal(ResearchAgent):
    """A research plug-in that plays its copy of the state to the end before answering."""

    name = "vandal"
    spoiled = 0

    def plan(self, state: State, turn: Turn) -> int:
        first = turn.legal_actions[0]
        while not state.is_terminal():
            p = state.current_player()
            state.apply_action(state.legal_actions()[0] if p >= 0 else state.sample_chance())
        Vandal.spoiled += 1
        return first


class SneakyFlag(Agent):
    """A plug-in that sets the class flag without deriving from ResearchAgent."""

    name = "sneaky"
    sees_true_state = True

    def act(self, turn: Turn) -> int:
        return turn.legal_actions[0]


HERE = __name__


def test_honest_agents_get_a_turn_without_the_state() -> None:
    game = load_game("dice-miner")
    agent = make_agent(f"{HERE}:Recorder", game, 0, 1, allow_plugins=True)
    assert not is_research(agent)
    play_game(game, [agent], 5)
    assert Recorder.turns
    for turn in Recorder.turns:
        assert type(turn) is Turn
        assert not hasattr(turn, "state")


def test_research_agents_get_a_clone_of_the_true_state() -> None:
    game = load_game("dice-miner")
    agent = make_agent(f"{HERE}:Peeker", game, 0, 1, research=True, allow_plugins=True)
    Peeker.seen = []
    truth: list[dict[str, Any]] = []

    def watch(state: State, action: int) -> None:
        if state.current_player() == 0:
            truth.append(state.to_dict())

    play_game(game, [agent], 5, on_action=watch)
    assert len(Peeker.seen) == len(truth) > 0
    for seen, real in zip(Peeker.seen, truth, strict=True):
        assert seen.to_dict() == real  # the true state, generator included
    # A clone: an agent that plays its copy to the end changes nothing in the game.
    _, calm = play_game(
        game, [make_agent(f"{HERE}:Peeker", game, 0, 1, research=True, allow_plugins=True)], 9
    )
    _, wild = play_game(
        game, [make_agent(f"{HERE}:Vandal", game, 0, 1, research=True, allow_plugins=True)], 9
    )
    assert calm.actions == wild.actions and Vandal.spoiled


def test_a_research_agent_refuses_a_plain_turn() -> None:
    game = load_game("dice-miner")
    agent = make_agent("clairvoyant", game, 0, 1, research=True)
    state = game.new_initial_state(3)
    while state.current_player() < 0:
        state.apply_action(state.sample_chance())
    with pytest.raises(ResearchAgentError):
        agent.act(Turn.for_state(state, 0))
    assert isinstance(ResearchTurn(state.clone(), 0, state.legal_actions()), Turn)


@pytest.mark.parametrize("game_name", SOLO)
def test_player_listings_never_show_research_agents(game_name: str) -> None:
    assert "clairvoyant" not in dict(agent_names(game_name))
    assert "clairvoyant" in dict(research_agent_names(game_name))
    assert "clairvoyant" not in dict(research_agent_names("divercite"))


@pytest.mark.parametrize(
    "spec", ["clairvoyant", "clairvoyant:rollouts=1", f"{HERE}:Peeker", f"{HERE}:SneakyFlag"]
)
def test_make_agent_refuses_research_agents_unless_asked(spec: str) -> None:
    game = load_game("dice-miner")
    with pytest.raises(ResearchAgentError, match="research agent"):
        make_agent(spec, game, 0, allow_plugins=True)
    assert is_research(make_agent(spec, game, 0, research=True, allow_plugins=True))
    assert is_research_spec(spec, game, allow_plugins=True)


def test_an_honest_search_cannot_nest_a_research_agent() -> None:
    game = load_game("dice-miner")
    with pytest.raises(ResearchAgentError):
        make_agent("pimc:base=clairvoyant", game, 0, research=True)
    with pytest.raises(ResearchAgentError):
        make_agent("mcts:rollout=clairvoyant", game, 0, research=True)


def test_sessions_refuse_research_seats_and_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    for spec in ("clairvoyant", f"{HERE}:Peeker"):
        with pytest.raises(ResearchAgentError):
            GameSession.start("dice-miner", {}, [Seat(spec)], seed=1, plugins=[spec])
    session = GameSession.start("dice-miner", {}, [Seat()], seed=1)
    use_hint_agent(monkeypatch, "dice-miner", "clairvoyant")
    with pytest.raises(SolotableError, match="research agent"):
        session.hint(0)
    assert session.hints == 0


def test_simulations_may_run_research_agents() -> None:
    r = play_one("dice-miner", {}, [f"{HERE}:Peeker"], 0, 0)
    assert r.scores and Peeker.seen


def test_the_gym_environment_refuses_a_research_opponent() -> None:
    gym = pytest.importorskip("gymnasium", reason="the rl extra (Gymnasium) is not installed")
    import solotable.envs  # noqa: F401

    env = gym.make("solotable/Divercite-v0", opponent=f"{HERE}:Peeker")
    with pytest.raises(ResearchAgentError):
        env.reset(seed=1)
