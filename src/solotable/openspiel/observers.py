"""OpenSpiel's PyObservers for solotable states: the observation and the information state.

OpenSpiel asks a Python game for an observer (``make_py_observer``) and fills its ``tensor``
(and named views of it, ``dict``) or asks it for a string, for a state and a player. The
observation comes from ``observation(player)`` through the game's encoding; the information
state from the state's perfect-recall trail (``recall.py``). Neither reads the true state.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from solotable.core.game import Game, Observation
from solotable.openspiel.params import game_type
from solotable.openspiel.recall import RecallLayout, Trail


class SolotableObserver:
    """OpenSpiel's PyObserver: the game's tensor and JSON text of ``observation(player)``."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}
        if game_type(game.name).provides_observation_tensor:
            spec = game.observation_tensor_spec()
            self.tensor = np.zeros(spec.size, np.float32)
            self.dict = spec.split(self.tensor)

    def set_from(self, state: Any, player: int) -> None:
        if self.tensor.size:
            self.tensor[:] = self.game.observation_tensor(state.inner.observation(player))

    def string_from(self, state: Any, player: int) -> str:
        return _text(state.inner.observation(player))


class RecallObserver:
    """OpenSpiel's PyObserver for the perfect-recall information state (``recall.py``)."""

    def __init__(self, game: Game) -> None:
        self.layout: RecallLayout | None = None
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}
        if game_type(game.name).provides_information_state_tensor:
            self.layout = RecallLayout(game)
            self.tensor = np.zeros(self.layout.size, np.float32)
            self.dict = self.layout.views(self.tensor)

    def set_from(self, state: Any, player: int) -> None:
        trail: Trail = state.recall()
        entries = trail.entries(player)
        if self.layout is not None:
            self.layout.fill(self.tensor, entries)

    def string_from(self, state: Any, player: int) -> str:
        trail: Trail = state.recall()
        return trail.string(player)


def _text(observation: Observation) -> str:
    return json.dumps(observation, sort_keys=True, ensure_ascii=False)
