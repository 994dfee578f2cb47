"""The built-in games. Each package registers its Game class when imported;
here they are only declared, so loading one game never imports the others."""

from solotable.core.registry import declare_game_module

BUILTIN_GAMES = {
    "divercite": "solotable.games.divercite",
    "mini-divercity": "solotable.games.mini_divercity",
    "dice-miner": "solotable.games.dice_miner",
    "51st-state": "solotable.games.fifty_first_state",
}

for _name, _module in BUILTIN_GAMES.items():
    declare_game_module(_name, _module)
