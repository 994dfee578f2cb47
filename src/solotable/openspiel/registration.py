"""Registering solotable games with OpenSpiel, and the per-game classes pickle names."""

from __future__ import annotations

from typing import Any

import pyspiel

from solotable.core.registry import game_names
from solotable.openspiel.params import game_type, short_name
from solotable.openspiel.state import SolotableSpielGame

CLASS_PREFIX = "Spiel_"
_classes: dict[str, type[SolotableSpielGame]] = {}


def game_class_for(name: str) -> type[SolotableSpielGame]:
    """The OpenSpiel game class of solotable game ``name``, built as ``cls(params)`` like
    OpenSpiel's own Python games and reachable as ``solotable.openspiel.Spiel_<name>`` (so
    that pickle finds it)."""
    cls = _classes.get(name)
    if cls is None:

        def __init__(self: SolotableSpielGame, params: dict[str, Any] | None = None) -> None:
            SolotableSpielGame.__init__(self, name, params)

        cls_name = CLASS_PREFIX + name.replace("-", "_")
        module = "solotable.openspiel"
        cls = type(cls_name, (SolotableSpielGame,), {"__init__": __init__, "__module__": module})
        _classes[name] = cls
    return cls


def register(names: list[str] | None = None) -> list[str]:
    """Register solotable games with OpenSpiel (all by default); returns their short names.

    Registering twice is harmless: OpenSpiel keeps the first factory, which builds the same game.
    """
    done = []
    for name in names or game_names():
        kind = game_type(name)
        if kind.short_name not in pyspiel.registered_names():
            pyspiel.register_game(kind, game_class_for(name))
        done.append(kind.short_name)
    return done


def game_named(attr_or_short_name: str) -> str | None:
    """The solotable game behind ``Spiel_<game>`` or ``python_solotable_<game>``, if any."""
    for name in game_names():
        if attr_or_short_name in (CLASS_PREFIX + name.replace("-", "_"), short_name(name)):
            return name
    return None


def register_short_name(name: str) -> None:
    """Register the solotable game OpenSpiel calls ``name`` (nothing if it is not one)."""
    found = game_named(name)
    if found is not None:
        register([found])
