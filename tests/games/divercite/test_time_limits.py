"""Time limits: a total per player or a limit per move (seed: the timing advice; spec §7)."""

from __future__ import annotations

from solotable import load_game


def test_clock_option_forfeit_through_runner():
    """FR-text 'temps total': a player who runs out of time loses (runner clocks)."""
    import time

    from solotable.core.agent import Agent, Turn
    from solotable.core.runner import play_game

    class Slow(Agent):
        def act(self, turn: Turn) -> int:
            time.sleep(0.02)
            return turn.legal_actions[0]

    class Fast(Agent):
        def act(self, turn: Turn) -> int:
            return turn.legal_actions[0]

    game = load_game("divercite", clock=0.05)
    clock = game.clock_seconds()
    assert clock is not None
    _, record = play_game(game, [Fast(game, 0), Slow(game, 1)], 0, clocks=[clock, clock])
    assert record.forfeit == {"player": 1, "reason": "ran out of time"}
    assert record.result is not None and record.result["returns"] == [1.0, -1.0]


def test_move_clock_option_forfeit_through_simulation():
    """FR-text: the time between moves may be limited; a move over the limit loses."""
    from solotable.sim.simulation import play_one

    game = load_game("divercite", move_clock=0.001)
    assert game.move_seconds() == 0.001
    assert load_game("divercite").move_seconds() is None
    result = play_one("divercite", {"move_clock": 0.001}, ["hard", "random"], 0, 0)
    assert "forfeits: took" in result.outcome and "limit 0.001 s" in result.outcome
    assert result.returns == [-1.0, 1.0]
