"""A fingerprint of 300 random 51st State games, to show a speed change changes no result.

Records replay bit for bit only if the rules, the move lists and the generator calls stay
the same. This plays 300 games (five faction options, 60 seeds each; one game in five
through ``apply_action``, the others through the playout path ``apply_legal_action``)
and hashes, at every ply, the legal list, the current player and the chance flag, then
each game's final ``to_dict`` and returns. Run it on the tree before and after a change:
the two lines must be equal (issue 23's passes printed
``44685 ce91c882638ea2de1cf10756ea73bdd0dffe85dcb139168d58d5683130945997``)::

    PYTHONPATH=<tree>/src python bench/fifty_first_state_fingerprint.py
"""

from __future__ import annotations

import hashlib
import json

from solotable.core.registry import load_game
from solotable.core.rng import Rng

FACTIONS = ("random", "new-york", "appalachian", "mutants", "merchants")


def fingerprint(games_per_faction: int = 60) -> tuple[int, str]:
    """The number of plies played and the SHA-256 of what they showed."""
    h = hashlib.sha256()
    plies = 0
    for i, faction in enumerate(FACTIONS):
        game = load_game("51st-state", faction=faction)
        for seed in range(games_per_faction):
            s = game.new_initial_state(seed + 1000 * i)
            rng = Rng(seed + 7)
            use_apply = seed % 5 == 0
            while not s.is_terminal():
                legal = s.legal_actions()
                h.update(repr(legal).encode())
                h.update(repr(s.current_player()).encode())
                h.update(repr(s.is_chance_node()).encode())
                a = s.sample_chance() if s.is_chance_node() else rng.choice(legal)
                if use_apply:
                    s.apply_action(a)
                else:
                    s.apply_legal_action(a)
                plies += 1
            h.update(json.dumps(s.to_dict(), sort_keys=True).encode())
            h.update(repr(s.returns()).encode())
    return plies, h.hexdigest()


def main() -> None:
    plies, digest = fingerprint()
    print(plies, digest)


if __name__ == "__main__":
    main()
