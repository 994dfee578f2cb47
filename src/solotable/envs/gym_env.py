"""A solotable game as a Gymnasium environment (one learning seat; the rest is the env's).

The learner sees ``{"observation": float32 vector, "action_mask": int8 vector}``: the
vector is the game's own encoding of ``observation(seat)`` (``Game.observation_tensor``,
written by ``Game.observation_tensor_into``), so the environment shows exactly what a
player at the table sees. Everything that is not
the learner's decision happens inside ``step``: chance nodes are resolved with the state's
own seeded RNG (``sample_chance``) and, in two-player games, the opponent (a built-in agent
named like ``--agents``: ``"greedy"``, ``"alphabeta:depth=2"``) moves.

Rewards (``reward=``):

- ``"score"`` (the default for solo games): the change of the seat's score
  (``State.scores()``) since the learner's previous decision, so an episode's rewards add
  up to the final score (Dice Miner and 51st State points, species saved in Mini DiverCity);
- ``"outcome"`` (the default for two-player games): 0 until the end, then ``returns()``
  (+1 win, -1 loss, 0 draw; Mini DiverCity 1 for a win, 0 for a loss).

An illegal action never raises (``illegal=``): ``"terminate"`` (default) ends the episode
with ``illegal_penalty`` (default -1) as its reward; ``"ignore"`` leaves the state as it
was, gives ``illegal_penalty`` and truncates after ``max_illegal`` illegal actions in a row.
``info["illegal"]`` holds the game's reason either way.

Episode ends, and the final observation's ``action_mask``:

- ``terminated=True`` when the game is over (or an illegal action ended it): after a finished
  game the mask is all zeros (nothing is legal); after an illegal action with
  ``illegal="terminate"`` it is still the position's legal actions;
- ``truncated=True`` at the registered step limit (``max_episode_steps``, Gymnasium's
  ``TimeLimit``; :data:`solotable.envs.MAX_EPISODE_STEPS`) or after ``max_illegal`` ignored
  illegal actions: the game is not over, the mask holds its legal actions, and a learner should
  bootstrap from the final observation's value.

With autoreset (Gymnasium's vector environments, Stable-Baselines3's ``VecEnv``) that final
observation is not followed by another decision: a vector environment in Gymnasium's default
``NEXT_STEP`` mode returns it and ignores the action of its next ``step`` (which resets), so an
all-zero mask there must not be fed to a masked sampler as is; SB3 hands it over in
``info["terminal_observation"]`` and returns the next game's first observation, whose mask is
never empty. ``action_masks()`` (what sb3-contrib's MaskablePPO calls) always describes the
environment's current position: after a finished game, all False until ``reset``.

Rendering (``render_mode``): ``"ansi"`` returns the table as text, ``"human"`` prints it after
every ``reset`` and ``step``, ``"rgb_array"`` returns an ``H×W×3`` ``uint8`` image of it
(:mod:`solotable.envs.render`), always from the learner's observation.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from solotable.core.agent import Agent, Turn
from solotable.core.game import Game, State
from solotable.core.players import CHANCE, TERMINAL
from solotable.core.registry import load_game, make_agent
from solotable.envs.render import TableView

ObsDict = dict[str, npt.NDArray[Any]]


class SolotableEnv(gym.Env[ObsDict, np.int64]):
    """One solotable game; options of the game are keyword arguments (``gymnasium.make``)."""

    metadata = {"render_modes": list(TableView.MODES), "render_fps": 4}  # noqa: RUF012

    OBS_HIGH = 10.0
    """Upper bound of every encoded value: encodings scale counts to about [0, 1] (tested)."""

    def __init__(
        self,
        game: str,
        *,
        seat: int = 0,
        opponent: str = "greedy",
        reward: str | None = None,
        illegal: str = "terminate",
        illegal_penalty: float = -1.0,
        max_illegal: int = 100,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game: Game = load_game(game, **options)
        n = self.game.num_players()
        if not 0 <= seat < n:
            raise ValueError(f"seat must be in 0..{n - 1}, got {seat}")
        reward = reward or ("score" if n == 1 else "outcome")
        if reward not in ("score", "outcome"):
            raise ValueError(f"reward must be 'score' or 'outcome', got {reward!r}")
        if illegal not in ("terminate", "ignore"):
            raise ValueError(f"illegal must be 'terminate' or 'ignore', got {illegal!r}")
        self.view = TableView(self.game, render_mode)
        self.seat, self.opponent_spec, self.reward_kind = seat, opponent, reward
        self.illegal, self.illegal_penalty, self.max_illegal = illegal, illegal_penalty, max_illegal
        self.render_mode = render_mode
        self.spec_tensor = self.game.observation_tensor_spec()
        self.num_actions = self.game.num_distinct_actions()
        self._tensor_size = self.spec_tensor.size
        self._write = self.game.observation_tensor_into
        self.observation_space = spaces.Dict(  # type: ignore[assignment]
            {
                "observation": spaces.Box(0.0, self.OBS_HIGH, (self.spec_tensor.size,), np.float32),
                "action_mask": spaces.MultiBinary(self.num_actions),
            }
        )
        self.action_space = spaces.Discrete(self.num_actions)
        self.state: State | None = None
        self.opponents: dict[int, Agent] = {}
        self._last_score = 0.0
        self._illegal_run = 0
        self._legal: list[int] = []
        self._terminal = False

    # -- the loop ---------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ObsDict, dict[str, Any]]:
        """A new game whose seed is drawn from the env's generator (``seed`` reseeds it).

        ``options={"game_seed": n}`` plays game seed ``n`` instead (the seed ``solotable
        simulate`` and ``core.runner.play_game`` use), so an evaluation meets exactly the deals
        and draws other agents met (chance comes from the game's own seeded generator).
        """
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        if options and "game_seed" in options:
            game_seed = int(options["game_seed"])
        self.state = self.game.new_initial_state(game_seed)
        self.opponents = {
            p: make_agent(
                self.opponent_spec,
                self.game,
                p,
                game_seed + 7919 * (p + 1),
                allow_plugins=True,  # the caller's own argument, not read from a file
            )
            for p in range(self.game.num_players())
            if p != self.seat
        }
        self._illegal_run = 0
        self._advance()
        self._last_score = self.state.scores()[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observe(), {}

    def step(
        self, action: np.int64 | int
    ) -> tuple[ObsDict, SupportsFloat, bool, bool, dict[str, Any]]:
        state = self.state
        if state is None:
            raise RuntimeError("call reset() before step()")
        if state.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        a = int(action)
        if a not in self._legal:  # the list _advance computed: no second legality test
            return self._illegal_step(state, a)
        self._illegal_run = 0
        state.apply_legal_action(a)
        self._advance()
        terminated = self._terminal
        score = state.scores()[self.seat]
        if self.reward_kind == "score":
            reward = score - self._last_score
        else:
            reward = state.returns()[self.seat] if terminated else 0.0
        self._last_score = score
        if self.render_mode == "human":
            self.render()
        return self._observe(), float(reward), terminated, False, {}

    def _illegal_step(
        self, state: State, action: int
    ) -> tuple[ObsDict, SupportsFloat, bool, bool, dict[str, Any]]:
        info = {"illegal": str(state.illegal_reason(action) or "outside the action space")}
        self._illegal_run += 1
        terminated = self.illegal == "terminate"
        truncated = not terminated and self._illegal_run >= self.max_illegal
        return self._observe(), self.illegal_penalty, terminated, truncated, info

    def _advance(self) -> None:
        """Play chance and the other seats until the learner must decide (or the end)."""
        state = self.state
        assert state is not None
        seat = self.seat
        player = state.current_player()  # once per ply: the loop runs at every step
        while player != seat and player != TERMINAL:
            if player == CHANCE:
                state.apply_legal_action(state.sample_chance())
            else:
                state.apply_legal_action(self.opponents[player].act(Turn.for_state(state, player)))
            player = state.current_player()
        self._terminal = player == TERMINAL
        self._legal = [] if self._terminal else state.legal_actions()

    # -- views ----------------------------------------------------------------------------
    def _observe(self) -> ObsDict:
        """Fresh arrays every step (a learner may keep them), filled without Python lists:
        the game writes its non-zero values straight into a zeroed ``float32`` array
        (``Game.observation_tensor_into``), the mask is set at the legal indices."""
        assert self.state is not None
        vector = np.zeros(self._tensor_size, dtype=np.float32)
        self._write(self.state, self.seat, vector)
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if self._legal:
            mask[self._legal] = 1
        return {"observation": vector, "action_mask": mask}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as booleans (the name sb3-contrib's MaskablePPO looks for)."""
        mask = np.zeros(self.num_actions, dtype=np.bool_)
        mask[self._legal] = True
        return mask

    def legal_actions(self) -> list[int]:
        return list(self._legal)

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The table from the seat's observation: its text (``ansi``), an ``H×W×3`` image
        (``rgb_array``), or printed (``human``, also after every ``reset`` and ``step``)."""
        if self.state is None:
            return None
        return self.view.render(self.state.observation(self.seat))
