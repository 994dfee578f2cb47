"""Dice Miner, solo mode (Atlas Games): importing the package registers the game."""

from solotable.games.dice_miner.game import DiceMinerGame

__all__ = ["DiceMinerGame"]
