"""Divercité (Grégoire Boulland, 2019): importing this package registers the game."""

from solotable.games.divercite.game import DiverciteGame
from solotable.games.divercite.state import DiverciteState

__all__ = ["DiverciteGame", "DiverciteState"]
