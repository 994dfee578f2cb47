"""Mini DiverCity, digital solo mode (game name ``mini-divercity``).

Importing the package registers the game.
"""

from solotable.games.mini_divercity.game import MiniDiverCityGame

__all__ = ["MiniDiverCityGame"]
