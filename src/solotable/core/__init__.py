"""The game API that knows no game: Game/State, actions and notation, options, the RNG,
records, messages and errors, the Agent interface and the registry of games and agents.

Everything else (sessions, simulation, statistics, words, front ends) stands on it; it
imports nothing of theirs (tests/test_architecture.py).
"""

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
