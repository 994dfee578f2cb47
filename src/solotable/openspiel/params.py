"""Game options as OpenSpiel parameters that survive OpenSpiel's own game strings.

OpenSpiel writes a game as ``name(key=value,…)`` (``str(game)``, serialization, pickling) and
reads it back with its own parser, which guesses each value's type from its text: a value of
digits and ``-`` is read as an integer (Dice Miner's ``rows=6-5-4-3-2`` fails to parse),
``True`` as a boolean, and ``,`` ``=`` ``(`` ``)`` split the string. String parameters are
therefore written with a small escape that the parser leaves alone: ``%`` and those four
characters become ``%XX`` (their hexadecimal code), and so does the first character of a
value the parser would read as something else than that string (``rows=%36-5-4-3-2``).
Values needing nothing stay as they are (``first_player=white``). Parameters given
unescaped (``pyspiel.load_game(name, {"rows": "6-5-4-3-2"})``) are accepted as well.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pyspiel

from solotable.core.game import Game
from solotable.core.registry import game_class, load_game
from solotable.openspiel.recall import recall_plies

PREFIX = "python_solotable_"

_ALWAYS = "%,=()"
_ESCAPED = re.compile(r"%([0-9A-F]{2})")


def short_name(name: str) -> str:
    """The OpenSpiel name of solotable game ``name``."""
    return PREFIX + name.replace("-", "_")


_NUMERIC = frozenset("+-0123456789.eE")


def _read_as_string(text: str) -> bool:
    """Whether OpenSpiel's parser would read ``key=text`` as a string (it reads ``True``,
    ``false`` and anything made of digits, signs, dots and exponents as something else)."""
    return text.lower() not in ("true", "false") and not set(text) <= _NUMERIC


def encode(value: str) -> str:
    """``value`` written so that OpenSpiel's game-string parser gives it back."""
    out = "".join(f"%{ord(c):02X}" if c in _ALWAYS else c for c in value)
    if out and not _read_as_string(out):
        out = f"%{ord(out[0]):02X}" + out[1:]
    return out


def decode(text: str) -> str:
    """The value :func:`encode` wrote (text without ``%`` is returned as it is)."""
    return _ESCAPED.sub(lambda m: chr(int(m.group(1), 16)), text)


def solotable_options(name: str, params: dict[str, Any] | None) -> dict[str, Any]:
    """The solotable options named by OpenSpiel ``params`` (unknown keys are OpenSpiel's)."""
    names = {o.name for o in game_class(name).info.options}
    return {
        k: decode(v) if isinstance(v, str) else v for k, v in (params or {}).items() if k in names
    }


def spiel_params(game: Game) -> dict[str, Any]:
    """``game``'s options as OpenSpiel parameters (every option of a plain type, encoded)."""
    return {
        k: encode(v) if isinstance(v, str) else v
        for k, v in game.options.items()
        if isinstance(v, bool | int | float | str)
    }


@cache
def game_type(name: str) -> Any:
    """The ``pyspiel.GameType`` of solotable game ``name``.

    Every game declares a perfect-recall information state (string, and tensor when the game
    has an observation tensor): ``recall.py`` builds it from the player's observations.
    """
    info = game_class(name).info
    default = load_game(name)
    try:
        default.observation_tensor_spec()
        tensors = recall_plies(default) > 0
    except NotImplementedError:
        tensors = False
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
            pyspiel.GameType.Utility.ZERO_SUM
            if info.num_players == 2
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.num_players,
        min_num_players=info.num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=tensors,
        provides_observation_string=True,
        provides_observation_tensor=tensors,
        parameter_specification=spiel_params(default),
    )
