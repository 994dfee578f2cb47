"""The game-agnostic core: the Game/State API, options, RNG, records, agents."""

from solotable.core.agent import Agent, Turn
from solotable.core.errors import (
    DataFileError,
    IllegalActionError,
    NotationError,
    OptionError,
    RecordError,
    SolotableError,
    UnknownNameError,
)
from solotable.core.game import Assumption, Game, GameInfo, Observation, State
from solotable.core.options import OptionSpec
from solotable.core.players import CHANCE, TERMINAL
from solotable.core.registry import load_game, make_agent, register_agent, register_game
from solotable.core.rng import Rng

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Agent",
    "Assumption",
    "DataFileError",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "NotationError",
    "Observation",
    "OptionError",
    "OptionSpec",
    "RecordError",
    "Rng",
    "SolotableError",
    "State",
    "Turn",
    "UnknownNameError",
    "load_game",
    "make_agent",
    "register_agent",
    "register_game",
]
