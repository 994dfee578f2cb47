"""solotable's games as OpenSpiel Python games (the ``rl`` extra).

    import pyspiel
    import solotable.openspiel
    solotable.openspiel.register()                       # every solotable game
    game = pyspiel.load_game("python_solotable_divercite", {"neutral_first": True})

The names are ``python_solotable_`` + the game's name with ``-`` as ``_``
(``python_solotable_dice_miner``, ``python_solotable_51st_state``, …); the game's options are
OpenSpiel parameters with the same names and defaults (string values escaped so that OpenSpiel's
game strings parse back: ``params.py``). The API already has OpenSpiel's shape, so each method
forwards to solotable's ``State``: chance nodes are explicit (OpenSpiel's algorithms sample
``chance_outcomes`` themselves), chance outcomes share the action space (``max_chance_outcomes``
is the number of actions), and ``returns`` are 0 until the end (a terminal reward model), then
solotable's ``returns()`` (the final score in Dice Miner and 51st State, 1 for a win and 0 for
a loss in Mini DiverCity, ±1 or 0 in Divercité).

- **Observations** (string and tensor) come from ``observation(player)`` through the game's
  encoding, never from the true state.
- **Information states** are perfect-recall: every observation the player has had, in order,
  with the player's own moves between them (``recall.py``), as a string and a tensor.
- **resample_from_infostate** deals the hidden parts with the game's own sampler
  (``Game.sample_state``), so OpenSpiel's Python ``ISMCTSBot``
  (``open_spiel.python.algorithms.ismcts``) plays the solo games. OpenSpiel's C++
  ``pyspiel.ISMCTSBot`` cannot call a Python game's resampler: use the Python one.
- **Serialization and pickling**: ``pyspiel.serialize_game_and_state`` /
  ``deserialize_game_and_state`` and ``pickle`` work for games and states; a state travels as
  plain data (origin, actions) and is rebuilt by replaying them (``state.py``). OpenSpiel's
  format still unpickles its ``__dict__`` part: read serialized states only from sources you
  trust, as with any pickle.

Importing this module registers nothing; :func:`register` does. Unpickling a game or a state
registers its game itself (a game pickles as its class, ``solotable.openspiel.Spiel_<game>``).
"""

from __future__ import annotations

from typing import Any

import solotable
from solotable.openspiel.params import PREFIX, short_name
from solotable.openspiel.recall import observations_from_string, recall_plies
from solotable.openspiel.state import (
    CLASS_PREFIX,
    SolotableSpielGame,
    SolotableSpielState,
    game_class_for,
    game_named,
    register,
)


def __getattr__(attr: str) -> Any:
    """``Spiel_<game>`` classes on demand: an unpickler asks for them by name in a process
    that has not registered the game yet, so this registers it too."""
    name = game_named(attr) if attr.startswith(CLASS_PREFIX) else None
    if name is None:
        raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")
    register([name])
    return game_class_for(name)


__all__ = [
    "PREFIX",
    "SolotableSpielGame",
    "SolotableSpielState",
    "game_class_for",
    "observations_from_string",
    "recall_plies",
    "register",
    "short_name",
    "solotable",
]
