"""51st State (Portal Games), solo variant: importing registers the game."""

from solotable.games.fifty_first_state.game import FiftyFirstStateGame
from solotable.games.fifty_first_state.state import FiftyFirstStateState

__all__ = ["FiftyFirstStateGame", "FiftyFirstStateState"]
