"""Agents, registered by name. Importing this package registers them all.

Every module of this package and of its subpackages calls ``register_agent`` at
import (found with pkgutil, walking the subpackages, so adding an agent never means
editing a shared list). A game's agents live in ``agents/<game>/``, the game-agnostic
search agents in ``agents/search/``, the random agent here. Game-specific agents name
their game and see it only through the core API: observations, legal actions,
notation and ``game.sample_state``. A name starting with ``_`` (a helper such as
``search/_playout.py``) registers nothing and is imported only by who uses it.
"""

import importlib
import pkgutil

for _info in sorted(pkgutil.walk_packages(__path__, f"{__name__}."), key=lambda m: m.name):
    if not any(part.startswith("_") for part in _info.name.split(".")[2:]):
        importlib.import_module(_info.name)
