"""51st State (Portal Games), solo variant: importing registers the game."""

from solotable.games.fifty_first_state.game import FiftyFirstStateGame

__all__ = ["FiftyFirstStateGame"]
