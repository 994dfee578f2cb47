"""The play screen (issue: Play) and the agents (issue: Agents)."""

from __future__ import annotations

from rich.console import Console

import solotable.agents  # noqa: F401  (registers the agents)
from solotable.core.registry import agent_names, make_agent
from solotable.core.runner import play_game
from tests.games.dice_miner.helpers import draw, game, position


def plain(markup: str) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(markup)
    return console.export_text()


def test_play_screen_shows_pyramid_collection_refills_and_magic() -> None:
    g = game(magic_dice=2)
    s = g.new_initial_state(5)
    draw(s, "magic magic2", "magic magic3")
    for _ in range(20):
        draw(s, "tunnel n1")
    text = plain(g.render(s.observation(0)))
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 100
    # Top row first, exposed dice starred, covered ones not.
    e_line = next(i for i, line in enumerate(lines) if "e1:" in line)
    a_line = next(i for i, line in enumerate(lines) if "a1:" in line)
    assert e_line < a_line
    assert "*e1:TUN 1" in text and "*e2:TUN 1" in text
    assert "*a1" not in text
    assert "Refills left: 2" in text
    assert "5 magic symbols available" in text
    assert "take SLOT [as FACE] [hide]" in text


def test_collection_is_grouped_by_type() -> None:
    g = game()
    s = position(
        g,
        {"a1": "tunnel n1"},
        {
            "tunnel n1": 2,
            "tunnel n2": 1,
            "treasure gem3": 1,
            "treasure gem1": 1,
            "tool chest1": 1,
            "hazard dragon4": 1,
            "tool shield1": 1,
        },
        hidden={"treasure gem3": 1},
    )
    text = plain(g.render(s.observation(0)))
    assert "open: 1 ending at 1, 1 ending at 2" in text
    assert "Treasure: 1 gem   hidden (×2): 3 gems" in text
    assert "Dangers neutralised: 4 dragons" in text
    assert "Tunnels: 0 full runs 1–5" in text
    assert "shields 0/1 free" in text and "chests 0/1 free" in text


def test_heuristic_is_registered_and_beats_random() -> None:
    g = game()
    assert "heuristic" in dict(agent_names("dice-miner"))
    totals = {}
    for name in ("random", "heuristic"):
        total = 0.0
        for seed in range(30):
            final, record = play_game(g, [make_agent(name, g, 0, seed)], seed)
            assert final.is_terminal() and record.result is not None
            total += final.scores()[0]
        totals[name] = total / 30
    assert totals["heuristic"] > totals["random"] + 10
