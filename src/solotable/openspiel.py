"""solotable's games as OpenSpiel Python games (the ``rl`` extra).

    import pyspiel
    import solotable.openspiel
    solotable.openspiel.register()                       # every solotable game
    game = pyspiel.load_game("python_solotable_divercite", {"neutral_first": True})

The names are ``python_solotable_`` + the game's name with ``-`` as ``_``
(``python_solotable_dice_miner``, ``python_solotable_51st_state``, …); the game's options are
OpenSpiel parameters with the same names and defaults. The API already has OpenSpiel's shape,
so each method forwards to solotable's ``State``: chance nodes are explicit (OpenSpiel's
algorithms sample ``chance_outcomes`` themselves), chance outcomes share the action space
(``max_chance_outcomes`` is the number of actions), and ``returns`` are 0 until the end (a
terminal reward model), then solotable's ``returns()``. Observations (string and tensor) come
from ``observation(player)`` through the game's encoding, never from the true state; the
imperfect-information games do not claim an information-state (perfect-recall) view.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import numpy as np
import pyspiel

import solotable
from solotable.core.game import Game, State
from solotable.core.registry import game_class, game_names, load_game

PREFIX = "python_solotable_"
SOLO_UTILITY = 1000.0
"""Solo games return their final score: a bound no game's score reaches."""


def short_name(name: str) -> str:
    """The OpenSpiel name of solotable game ``name``."""
    return PREFIX + name.replace("-", "_")


def _game_type(name: str) -> Any:
    info = game_class(name).info
    two = info.num_players == 2
    params = {
        o.name: o.default for o in info.options if isinstance(o.default, bool | int | float | str)
    }
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"solotable {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if info.has_chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if info.perfect_information
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if two else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.num_players,
        min_num_players=info.num_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class SolotableSpielGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game around one solotable ``Game`` (options from OpenSpiel params)."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        game_type = _game_type(name)
        defaults = game_type.parameter_specification
        options = {k: v for k, v in (params or {}).items() if k in defaults}
        self.inner: Game = load_game(name, **options)
        n = self.inner.num_players()
        utility = 1.0 if n == 2 else SOLO_UTILITY
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.inner.num_distinct_actions(),
            max_chance_outcomes=self.inner.num_distinct_actions()
            if self.inner.info.has_chance
            else 0,
            num_players=n,
            min_utility=-utility,
            max_utility=utility,
            utility_sum=0.0 if n == 2 else None,
            max_game_length=self.inner.max_game_length(),
        )
        super().__init__(game_type, game_info, params or {})

    def new_initial_state(self, seed: int = 0) -> SolotableSpielState:
        return SolotableSpielState(self, self.inner.new_initial_state(seed))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SolotableObserver:
        return SolotableObserver(self.inner)


class SolotableSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state forwarding to a solotable ``State`` (player ids are the same)."""

    def __init__(self, game: SolotableSpielGame, inner: State) -> None:
        super().__init__(game)
        self.inner = inner

    def current_player(self) -> int:
        return int(self.inner.current_player())  # CHANCE -1 and TERMINAL -4, as in OpenSpiel

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.inner.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.inner.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.inner.action_to_string(int(action))

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        if not self.inner.is_terminal():
            return [0.0] * self.inner.game.num_players()
        return [float(r) for r in self.inner.returns()]

    def __deepcopy__(self, memo: dict[int, Any]) -> SolotableSpielState:
        """OpenSpiel clones Python states by deep copy: use solotable's own ``clone``."""
        other = copy.copy(self)
        other.inner = self.inner.clone()
        return other

    def __str__(self) -> str:
        return str(self.inner.outcome()) or repr(self.inner.history[-10:])


class SolotableObserver:
    """OpenSpiel's PyObserver: the game's tensor and JSON text of ``observation(player)``."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.spec = game.observation_tensor_spec()
        self.tensor = np.zeros(self.spec.size, np.float32)
        self.dict = self.spec.split(self.tensor)

    def set_from(self, state: SolotableSpielState, player: int) -> None:
        self.tensor[:] = self.game.observation_tensor(state.inner.observation(player))

    def string_from(self, state: SolotableSpielState, player: int) -> str:
        return json.dumps(state.inner.observation(player), sort_keys=True, ensure_ascii=False)


def _game_class(name: str) -> type[SolotableSpielGame]:
    """A class per game, built as ``cls(params)`` like OpenSpiel's own Python games."""

    def __init__(self: SolotableSpielGame, params: dict[str, Any] | None = None) -> None:
        SolotableSpielGame.__init__(self, name, params)

    cls_name = "Spiel_" + name.replace("-", "_")
    return type(cls_name, (SolotableSpielGame,), {"__init__": __init__})


def register(names: list[str] | None = None) -> list[str]:
    """Register solotable games with OpenSpiel (all by default); returns their short names.

    Registering twice is harmless: OpenSpiel keeps the first factory, which builds the same game.
    """
    done = []
    for name in names or game_names():
        game_type = _game_type(name)

        if game_type.short_name not in pyspiel.registered_names():
            pyspiel.register_game(game_type, _game_class(name))
        done.append(game_type.short_name)
    return done


__all__ = ["SolotableSpielGame", "SolotableSpielState", "register", "short_name", "solotable"]
