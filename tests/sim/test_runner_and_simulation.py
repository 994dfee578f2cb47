"""The game loop, clocks, and reproducible simulation summaries."""

import time

import pytest

import solotable
import tests.toy_game
from solotable.core.agent import Agent
from solotable.core.errors import UnknownNameError
from solotable.core.record import replay
from solotable.core.runner import play_game
from solotable.sim.simulation import mean_ci, run_games, summarize, wilson


def test_play_game_produces_a_replayable_record():
    g = solotable.load_game("toy-race")
    agents = [solotable.make_agent("random", g, p, p) for p in range(2)]
    state, rec = play_game(g, agents, seed=11)
    assert state.is_terminal()
    assert replay(rec).to_dict() == state.to_dict()


class Sleeper(Agent):
    def act(self, turn):
        time.sleep(0.02)
        return turn.legal_actions[0]


def test_running_out_of_clock_loses():
    g = solotable.load_game("toy-race", target=50)
    agents = [Sleeper(g, 0), solotable.make_agent("random", g, 1)]
    state, rec = play_game(g, agents, seed=1, clocks=[0.05, 10.0])
    assert rec.forfeit == {"player": 0, "reason": "ran out of time"}
    assert rec.result and rec.result["returns"] == [-1.0, 1.0]
    assert replay(rec).to_dict() == state.to_dict()


def test_unknown_agent_lists_known_ones():
    g = solotable.load_game("toy-race")
    with pytest.raises(UnknownNameError, match=r"known agents: first, .*random") as e:
        solotable.make_agent("wizard", g, 0)
    assert "unknown agent 'wizard' for toy-race" in str(e.value)


def test_summary_is_reproducible_and_independent_of_jobs():
    a = run_games("toy-race", {}, ["random", "first"], 40, seed=5, jobs=1)
    b = run_games("toy-race", {}, ["random", "first"], 40, seed=5, jobs=2)
    sa = summarize("toy-race", ["random", "first"], 5, a, 2)
    sb = summarize("toy-race", ["random", "first"], 5, b, 2)
    assert sa == sb
    ag = sa["agents"]
    assert ag[0]["wins"] + ag[0]["losses"] + ag[0]["draws"] == 40
    assert ag[0]["wins"] == ag[1]["losses"]
    # seats alternate: each agent moved first in half of the games
    assert sum(v["wins"] + v["losses"] + v["draws"] for v in ag[0]["by_seat"].values()) == 40
    assert ag[0]["by_seat"]["0"]["wins"] + ag[0]["by_seat"]["0"]["losses"] == 20
    assert set(sa["categories"]["winner"]) <= {"first", "second"}
    assert sa["numbers"]["total"]["n"] == 40


def test_records_written_per_game(tmp_path):
    run_games("toy-race", {}, ["random", "random"], 3, seed=1, records_dir=tmp_path)
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == [f"toy-race-0000{i}.json" for i in range(3)]


def test_confidence_intervals():
    m = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m["mean"] == 2.5 and m["ci95"][0] < 2.5 < m["ci95"][1]
    w = wilson(0, 10)
    assert w["rate"] == 0 and w["ci95"][0] == 0 and 0.2 < w["ci95"][1] < 0.35


def test_simulation_reports_forfeits_on_time():
    """A game clock (Game.clock_seconds) is enforced by simulate too."""
    from solotable.sim.simulation import play_one

    class Clocked(tests.toy_game.ToyGame):
        def clock_seconds(self):
            return 0.0001

    import solotable.sim.simulation as sim

    original = sim.load_game
    sim.load_game = lambda name, **o: Clocked(**o)
    try:
        r = play_one("toy-race", {"target": 90}, ["mcts:iterations=200", "random"], 1, 0)
    finally:
        sim.load_game = original
    assert "forfeits: ran out of time" in r.outcome


def test_a_move_over_the_per_move_limit_loses():
    g = solotable.load_game("toy-race", target=50)
    agents = [solotable.make_agent("random", g, 0), Sleeper(g, 1)]
    state, rec = play_game(g, agents, seed=1, move_limit=0.01)
    assert rec.forfeit and rec.forfeit["player"] == 1
    assert "limit 0.01 s" in rec.forfeit["reason"]
    assert replay(rec).to_dict() == state.to_dict()


def test_turn_budget_takes_the_tightest_limit():
    from solotable.core.runner import turn_budget

    assert turn_budget(None, None, None) is None
    assert turn_budget(2.0, 100.0, None) == 2.0
    assert turn_budget(None, 5.0, None) == 0.5
    assert turn_budget(5.0, None, 1.0) == 0.8


def test_difference_interval():
    from solotable.sim.simulation import difference_ci

    d = difference_ci([0.0, 1.0] * 50, [1.0, 2.0] * 50)
    assert d["diff"] == 1.0 and d["ci95"][0] > 0.7 and d["ci95"][1] < 1.3
    assert difference_ci([1.0], [2.0])["diff"] is None
