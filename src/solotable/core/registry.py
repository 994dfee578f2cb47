"""Name → game class, and name → agent factory.

``core`` knows no game: game packages register themselves when imported, and
``solotable.games`` lists the built-in packages to import lazily (so the CLI
starts fast and a broken game cannot break the others).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from solotable.core.agent import Agent
from solotable.core.errors import UnknownNameError
from solotable.core.game import Game

_GAMES: dict[str, type[Game]] = {}
_LAZY_GAMES: dict[str, str] = {}
AgentFactory = Callable[[Game, int, int, dict[str, str]], Agent]
"""``factory(game, player, seed, params) -> Agent``."""
_AGENTS: dict[tuple[str | None, str], tuple[AgentFactory, str]] = {}


def register_game(cls: type[Game]) -> type[Game]:
    """Class decorator for a game; its ``info.name`` becomes loadable."""
    _GAMES[cls.info.name] = cls
    return cls


def declare_game_module(name: str, module: str) -> None:
    """Announce that importing ``module`` registers the game ``name``."""
    _LAZY_GAMES.setdefault(name, module)


def game_names() -> list[str]:
    return sorted(set(_GAMES) | set(_LAZY_GAMES))


def game_class(name: str) -> type[Game]:
    if name not in _GAMES and name in _LAZY_GAMES:
        module = _LAZY_GAMES[name]
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name is None or not module.startswith(e.name):
                raise
            raise UnknownNameError(f"game {name!r} is not available ({module} missing)") from e
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownNameError(
            f"unknown game {name!r}; known games: {', '.join(game_names())}"
        ) from None


def load_game(name: str, **options: Any) -> Game:
    """A game with validated options (unknown option → OptionError)."""
    return game_class(name)(**options)


def register_agent(name: str, factory: AgentFactory, summary: str, game: str | None = None) -> None:
    """Register an agent for one game (``game=name``) or for every game (None)."""
    _AGENTS[(game, name)] = (factory, summary)


def agent_names(game: str) -> list[tuple[str, str]]:
    """``(name, summary)`` of the agents that can play ``game``."""
    names: dict[str, str] = {}
    for (g, n), (_, summary) in _AGENTS.items():
        if g is None or g == game:
            names[n] = summary
    return sorted(names.items())


def make_agent(spec: str, game: Game, player: int, seed: int = 0) -> Agent:
    """Build an agent from ``name`` or ``name:key=value,key=value``."""
    name, _, rest = spec.partition(":")
    params: dict[str, str] = {}
    if rest:
        for item in rest.split(","):
            k, sep, v = item.partition("=")
            if not sep:
                raise UnknownNameError(f"agent parameter {item!r} is not key=value")
            params[k.strip()] = v.strip()
    entry = _AGENTS.get((game.name, name)) or _AGENTS.get((None, name))
    if entry is None:
        known = ", ".join(n for n, _ in agent_names(game.name))
        raise UnknownNameError(f"unknown agent {name!r} for {game.name}; known agents: {known}")
    return entry[0](game, player, seed, params)
