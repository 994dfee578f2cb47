"""Every statistic a game's ``stats()`` gives has a label and a one-line description in its
catalog, so that the report never shows a column name (``max_more_saves``).

Each game's labels live in its formatter (``words/<game>.py``), read here as the report and
the terminal read them.
"""

from __future__ import annotations

import pytest

import solotable.games  # noqa: F401  (registers the games)
from solotable.core.registry import load_game
from solotable.sim.simulation import play_one
from solotable.words import words
from solotable.words.registry import formatter_of

GAMES = ("divercite", "dice-miner", "mini-divercity", "51st-state")


@pytest.mark.parametrize("game", GAMES)
def test_every_statistic_has_a_label_and_a_description(game):
    players = load_game(game).num_players()
    r = play_one(game, {}, ["random"] * players, 0, 0)
    assert r.stats
    f = formatter_of(game)
    assert f is not None
    missing = sorted(k for k in r.stats if k not in f.stats)
    assert missing == [], f"{game}: no WORDS.stat(...) for {missing}"
    w = words("en")
    for key in r.stats:
        assert w.stat_label(game, key) and w.stat_help(game, key)
