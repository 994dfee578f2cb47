"""solotable's games as PettingZoo AEC environments: Divercité for two learners, and the solo
games (Dice Miner, Mini DiverCity, 51st State) for one.

    from solotable.envs.pettingzoo import env
    e = env(neutral_first=True)              # Divercité; game options as keyword arguments
    e = env(game="dice-miner", magic_dice=2) # a solo game: one agent, player_0
    e.reset(seed=0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else policy(obs["observation"], obs["action_mask"])
        e.step(action)

Agents are ``player_0`` (seat 0: White in Divercité, the player in a solo game) and
``player_1``. Each observes the game's encoding of *its own* ``observation(seat)``
(observer-relative planes) with an ``action_mask``. Rewards (``reward=``) are as in the
Gymnasium environment: ``"outcome"`` (two-player default) gives ``returns()`` at the end (+1
win, -1 loss, 0 draw); ``"score"`` (solo default) gives each step the change of the seat's
score, so an episode's rewards add up to the final score. An illegal action ends the game:
the offender gets ``illegal_penalty`` (default -1), the others 0, and ``infos`` carry the
reason. Chance nodes are resolved with the state's seeded RNG, whose seed ``reset(seed=)``
draws. ``render_mode`` is ``"ansi"``, ``"human"`` or ``"rgb_array"`` (``envs/render.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from solotable.core.game import Game, State
from solotable.core.registry import load_game
from solotable.envs.render import TableView


class SolotableAECEnv(AECEnv):  # type: ignore[misc]
    """A solotable game, one PettingZoo agent per seat."""

    metadata = {  # noqa: RUF012  (PettingZoo's convention)
        "render_modes": list(TableView.MODES),
        "name": "solotable_divercite_v0",
        "is_parallelizable": False,
        "render_fps": 4,
    }
    OBS_HIGH = 10.0

    def __init__(
        self,
        game: str = "divercite",
        *,
        illegal_penalty: float = -1.0,
        reward: str | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game: Game = load_game(game, **options)
        reward = reward or ("score" if self.game.num_players() == 1 else "outcome")
        if reward not in ("score", "outcome"):
            raise ValueError(f"reward must be 'score' or 'outcome', got {reward!r}")
        self.reward_kind = reward
        self.metadata = {
            **self.metadata,
            "name": f"solotable_{self.game.name.replace('-', '_')}_v0",
        }
        self.view = TableView(self.game, render_mode)
        self.render_mode = render_mode
        self.illegal_penalty = illegal_penalty
        self.possible_agents = [f"player_{p}" for p in range(self.game.num_players())]
        self.seat = {a: p for p, a in enumerate(self.possible_agents)}
        size = self.game.observation_tensor_spec().size
        n = self.game.num_distinct_actions()
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, self.OBS_HIGH, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.state: State | None = None
        self._seed_rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game whose seed is drawn from the env's generator (``seed`` reseeds it);
        ``options={"game_seed": n}`` plays game seed ``n``, as in the Gymnasium env."""
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        game_seed = int(self._seed_rng.integers(2**62))
        if options and "game_seed" in options:
            game_seed = int(options["game_seed"])
        self.state = self.game.new_initial_state(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._resolve_chance()
        self._scores = list(self.state.scores())
        self.agent_selection = self.possible_agents[self.state.current_player()]
        if self.render_mode == "human":
            self.render()

    def _resolve_chance(self) -> None:
        assert self.state is not None
        while self.state.is_chance_node():
            self.state.apply_legal_action(self.state.sample_chance())

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.state is not None
        seat = self.seat[agent]
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if not self.state.is_terminal() and self.state.current_player() == seat:
            mask[self.state.legal_actions()] = 1
        vector = self.game.observation_tensor(self.state.observation(seat))
        return {"observation": np.asarray(vector, dtype=np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None and action is not None
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        a = int(action)
        reason = state.illegal_reason(a)
        if reason is not None:
            self.rewards[agent] = self.illegal_penalty
            self.infos[agent] = {"illegal": str(reason)}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            state.apply_legal_action(a)
            self._resolve_chance()
            if self.reward_kind == "score":
                scores = state.scores()
                self.rewards = {
                    x: float(scores[self.seat[x]] - self._scores[self.seat[x]]) for x in self.agents
                }
                self._scores = list(scores)
            elif state.is_terminal():
                returns = state.returns()
                self.rewards = {x: float(returns[self.seat[x]]) for x in self.agents}
            if state.is_terminal():
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self.agent_selection = self.possible_agents[state.current_player()]
        if all(self.terminations.values()):
            self.agent_selection = self.possible_agents[(self.seat[agent] + 1) % len(self.agents)]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Any:
        """The table from the selected agent's seat: text (``ansi``), an image
        (``rgb_array``), or printed (``human``, also after every ``reset`` and ``step``)."""
        if self.state is None:
            return None
        return self.view.render(self.state.observation(self.seat[self.agent_selection]))

    def close(self) -> None:
        pass


def raw_env(**kwargs: Any) -> SolotableAECEnv:
    """The environment without PettingZoo's wrappers (Divercité unless ``game=`` says)."""
    return SolotableAECEnv(**kwargs)


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's usual safety wrappers (order and bounds checks)."""
    wrapped: Any = wrappers.AssertOutOfBoundsWrapper(raw_env(**kwargs))
    return wrappers.OrderEnforcingWrapper(wrapped)
