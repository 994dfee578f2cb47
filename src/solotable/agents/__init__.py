"""Agents, registered by name. Importing this package registers them all.

Every module of this package calls ``register_agent`` at import (found with
pkgutil, so adding an agent never means editing a shared list). Game-specific
agents name their game and see it only through the core API: observations,
legal actions, notation and ``game.sample_state``.
"""

import importlib
import pkgutil

for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if not _info.name.startswith("_"):
        importlib.import_module(f"{__name__}.{_info.name}")
