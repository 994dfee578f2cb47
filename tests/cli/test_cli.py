"""The CLI through Typer's runner, on the test-only toy game (issue 2 §5)."""

import json

from rich.console import Console
from typer.testing import CliRunner

import tests.toy_game  # noqa: F401
from solotable.cli.main import app, main
from solotable.cli.session import TerminalPlay
from solotable.core.record import load_record, replay
from solotable.session.session import GameSession, Seat
from solotable.session.store import Store

runner = CliRunner()


def test_simulate_json_has_the_promised_keys_and_is_reproducible():
    args = [
        "simulate",
        "toy-race",
        "--agents",
        "random,first",
        "--games",
        "30",
        "--seed",
        "4",
        "--json",
    ]
    r1 = runner.invoke(app, args)
    r2 = runner.invoke(app, [*args[:-1], "--jobs", "2", "--json"])
    assert r1.exit_code == 0, r1.output
    s1, s2 = json.loads(r1.stdout), json.loads(r2.stdout)
    assert s1 == s2
    assert s1["game"] == "toy-race" and s1["games"] == 30 and s1["seed"] == 4
    for agent in s1["agents"]:
        assert {"name", "wins", "losses", "draws", "mean_score"} <= set(agent)
        assert len(agent["mean_score"]["ci95"]) == 2


def test_simulate_writes_records_that_replay(tmp_path):
    r = runner.invoke(app, ["simulate", "toy-race", "-n", "2", "--records", str(tmp_path)])
    assert r.exit_code == 0, r.output
    for f in tmp_path.glob("*.json"):
        replay(load_record(f))


def test_replay_check_ok_and_mismatch(tmp_path):
    runner.invoke(app, ["simulate", "toy-race", "-n", "1", "--records", str(tmp_path)])
    (f,) = tmp_path.glob("*.json")
    ok = runner.invoke(app, ["replay", str(f), "--check"])
    assert ok.exit_code == 0 and "ok:" in ok.stdout
    doc = json.loads(f.read_text())
    doc["result"]["scores"] = [123, 0]
    f.write_text(json.dumps(doc))
    bad = runner.invoke(app, ["replay", str(f), "--check"])
    assert bad.exit_code == 1 and "result.scores" in bad.stdout


def test_user_errors_exit_2_with_a_message(capsys):
    for argv in (
        ["rules", "nope"],
        ["simulate", "toy-race", "--set", "target=zero"],
        ["simulate", "toy-race", "--agents", "wizard"],
    ):
        try:
            main(argv)
        except SystemExit as e:
            assert e.code == 2
        err = capsys.readouterr().err
        assert "error:" in err and "Traceback" not in err


def test_corrupt_record_is_reported(tmp_path, capsys):
    f = tmp_path / "bad.json"
    f.write_text('{"format": 1')
    try:
        main(["replay", str(f)])
    except SystemExit as e:
        assert e.code == 2
    assert "not valid JSON at line 1" in capsys.readouterr().err


def scripted(lines):
    it = iter(lines)

    def read(prompt):
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def terminal(game, options, seats, lines, tmp_path, seed=3, save=None, at_end="a"):
    store = Store(tmp_path / "store.db")
    session = GameSession.start(game, options, seats, seed=seed, store=store)
    console = Console(record=True, width=100)
    script = scripted(lines)

    def read(prompt):
        return at_end if prompt.startswith("play again") else script(prompt)

    front = TerminalPlay(session, console, read, save_path=save)
    return front, front.run(), console, store


def test_terminal_handles_bad_input_undo_save_and_finish(tmp_path):
    save = tmp_path / "game.json"
    lines = ["fly", "moves", "help", "info crab", "double", "take", "undo", "save"]
    lines += ["take"] * 20 + ["a"]
    front, choice, console, _ = terminal(
        "toy-race",
        {"target": 8, "skipping": True},
        [Seat(), Seat("first")],
        lines,
        tmp_path,
        save=save,
    )
    out = console.export_text()
    assert "cannot read 'fly'" in out and "legal moves" in out
    assert "no card text for 'crab'" in out
    assert "cannot undo" in out  # the opponent's roll was seen since
    assert front.session.is_over() and choice == "again"
    assert out.count(front.session.result().outcome) == 1  # the result is printed once
    assert "final scores: you " in out and " points" in out
    rec = load_record(save)  # a finished game is saved as a full record
    assert replay(rec).to_dict() == front.session.state.to_dict()


def test_quit_keeps_the_game_and_says_how_to_continue(tmp_path):
    front, choice, console, store = terminal(
        "toy-race",
        {"target": 20, "skipping": True},
        [Seat(), Seat("first")],
        ["take", "take", "quit"],
        tmp_path,
    )
    assert choice == "quit" and "solotable play --continue" in console.export_text()
    assert store.last_unfinished() == front.session.id
    again = GameSession.resume(store, front.session.id)
    assert again.state.to_dict() == front.session.state.to_dict()


def test_rules_and_assumptions_for_every_game():
    for name in ("mini-divercity", "dice-miner", "51st-state"):
        r = runner.invoke(app, ["rules", name])
        assert r.exit_code == 0, r.output
        a = runner.invoke(app, ["rules", name, "--assumptions"])
        assert a.exit_code == 0 and "assumed values" in a.stdout and "source:" in a.stdout


def test_forced_moves_are_played_for_the_human(tmp_path):
    # With doubling off, "take" is the only move: the session plays it unasked.
    front, _, console, _ = terminal(
        "toy-race", {"target": 4, "doubling": False}, [Seat(), Seat("first")], [], tmp_path, seed=1
    )
    assert front.session.is_over()
    assert "you (only legal move): take" in console.export_text()


def test_agent_lists_keep_parameters_with_their_agent():
    from solotable.cli.main import split_agents

    assert split_agents("alphabeta:depth=2,solve=8,greedy") == [
        "alphabeta:depth=2,solve=8",
        "greedy",
    ]
    assert split_agents("random, mcts:iterations=5") == ["random", "mcts:iterations=5"]


def test_compare_variants_reports_changes_against_the_baseline():
    r = runner.invoke(
        app,
        [
            "compare",
            "toy-race",
            "--agents",
            "random,first",
            "-n",
            "40",
            "--seed",
            "2",
            "-v",
            "default",
            "-v",
            "target=3",
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    base, other = doc["variants"]
    assert base["options"]["target"] == 7 and other["options"]["target"] == 3
    assert "mean_score_change" not in base
    change = other["mean_score_change"]
    # Racing to 3 instead of 7 must lower the mean score, and the interval says so.
    assert change["diff"] < 0 and change["ci95"][1] < 0


def test_compare_rejects_a_bad_variant_before_playing(capsys):
    try:
        main(["compare", "toy-race", "-v", "target=lots"])
    except SystemExit as e:
        assert e.code == 2
    assert "option 'target'" in capsys.readouterr().err
