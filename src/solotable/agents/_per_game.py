"""Tables an agent reads once per game object, not once per agent.

Search agents make a new rule-based agent for every rollout (``spimc``, ``pimc``), so
whatever that agent derives from the game alone — its card catalog, the notation of its
moves — is built once per ``Game`` and shared. Weak keys: a game that is no longer used
takes its tables with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar
from weakref import WeakKeyDictionary

from solotable.core.game import Game

T = TypeVar("T")


def per_game(cache: WeakKeyDictionary[Game, T], game: Game, build: Callable[[Game], T]) -> T:
    """``cache[game]``, built by ``build(game)`` the first time."""
    found = cache.get(game)
    if found is None:
        found = cache[game] = build(game)
    return found
