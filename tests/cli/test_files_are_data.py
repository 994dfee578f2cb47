"""Issue 19: files are data, never code.

A record's ``players``, a save's ``seats[].agent``, a stored game's seats and a run folder's
manifest used to reach the agent factory, which imports ``module:attr`` and calls it: a
received record opened with ``replay`` ran code of the sender's choosing. Now files name
registered agents only (parameters checked), replaying needs no agent at all, and a
plug-in is imported only when the player names it on the command line.

Every test plants a module that writes a marker file when it is imported, and checks that
the marker is absent and the module is not in ``sys.modules`` afterwards.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import tests.toy_game  # noqa: F401  (registers toy-race)
from solotable.cli.main import main
from solotable.core import registry
from solotable.core.errors import PluginRefusedError, UnknownNameError
from solotable.core.record import record_of, record_to_json
from solotable.core.registry import load_game, make_agent
from solotable.session.savefile import save_text
from solotable.session.session import GameSession, Seat
from solotable.session.store import Store
from solotable.sim.run import MANIFEST, RunFolder, RunSpec

ROOT = Path(__file__).resolve().parents[2]

PLANTED = """
import pathlib
pathlib.Path({marker!r}).write_text("imported")
from solotable.core import Agent

class Bot(Agent):
    name = "bot"
    def act(self, turn):
        return turn.legal_actions[0]

class Boom(Agent):
    def __init__(self, game, player, seed=0):
        raise RuntimeError("the constructor failed")
    def act(self, turn):
        return 0

def build(game, player, seed, params):
    return Bot(game, player, seed)

def not_an_agent(*args):
    return 42

def called(*args, **kwargs):
    pathlib.Path({marker!r} + ".called").write_text("called")
    return Bot(*args[:3])

def make_bot(game, player, seed, params):
    return Bot(game, player, seed)
"""


@dataclass
class Planted:
    module: str
    marker: Path

    def imported(self) -> bool:
        return self.marker.exists() or self.module in sys.modules


@pytest.fixture
def planted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Planted]:
    """A module on ``sys.path`` that leaves a marker file when imported; the store in tmp."""
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path / "home"))
    name = f"planted_{uuid.uuid4().hex[:12]}"
    marker = tmp_path / "IMPORTED"
    folder = tmp_path / "path"
    folder.mkdir()
    (folder / f"{name}.py").write_text(PLANTED.format(marker=str(marker)))
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setattr(registry, "_NAMED_PLUGINS", set())
    yield Planted(name, marker)
    sys.modules.pop(name, None)


def hostile(mod: str) -> list[str]:
    """Specs that name code: modules, standard-library callables, nested specs."""
    return [
        "os:system",
        "subprocess:Popen",
        "builtins:eval",
        "builtins:print",
        "os.path:join",
        f"{mod}:Bot",
        f"{mod}:build",
        f"{mod}:Bot:x=1",
        f"pimc:base={mod}:Bot",
        "pimc:base=os:system",
        f"mcts:rollout={mod}:Bot",
        "mcts:rollout=subprocess:Popen",
        f"ismcts:base={mod}:Bot",
        f"pimc:base=mcts:rollout={mod}:Bot",
        f"pimc:samples=2,base={mod}:build",
    ]


ODD = [
    "random:" + "x=1," * 80,  # over-long
    "random:x=1",  # a parameter random does not take
    "pimc:samples=99999999999",  # out of range
    "pimc:samples=²",  # not ASCII digits
    "random:\x1b[31m=1",  # a control character
    "[bold]random",  # markup
    "pimc:=3",  # no parameter name
    "",
]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        main(argv)
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def one_line_error(code: int, err: str) -> None:
    assert code == 2, err
    assert err.startswith("error:") and "Traceback" not in err


def divercite_record(players: list[str], plies: int | None = None) -> dict:
    """A real Divercité game between random players, cut after ``plies`` (unfinished)."""
    game = load_game("divercite")
    state = game.new_initial_state(7)
    a, b = make_agent("random", game, 0, 1), make_agent("random", game, 1, 2)
    from solotable.core.agent import Turn

    while not state.is_terminal() and (plies is None or len(state.history) < plies):
        p = state.current_player()
        state.apply_action((a if p == 0 else b).act(Turn.for_state(state, p)))
    doc = json.loads(record_to_json(record_of(state, 7, players)))
    return doc


def divercite_save(agent: str) -> str:
    """A session save of an unfinished game against ``agent`` (written with ``random``)."""
    session = GameSession.start("divercite", {}, [Seat(), Seat("random")], seed=5, clocks=False)
    session.play(0, session.legal_moves(0)[0][0])
    session.step_agent()
    doc = json.loads(save_text(session))
    doc["seats"][1]["agent"] = agent
    return json.dumps(doc)


# -- the factory ----------------------------------------------------------------------------


def test_the_factory_imports_nothing_unless_asked(planted: Planted) -> None:
    game = load_game("divercite")
    for spec in hostile(planted.module):
        with pytest.raises(UnknownNameError):
            make_agent(spec, game, 0)
    for spec in ODD:
        with pytest.raises(UnknownNameError):
            make_agent(spec, game, 0)
    assert not planted.imported()
    with pytest.raises(PluginRefusedError):
        make_agent(f"{planted.module}:Bot", game, 0)
    # Named on the command line, the same specs build (nested ones too).
    assert make_agent(f"{planted.module}:Bot", game, 0, allow_plugins=True).name == "bot"
    nested = make_agent(f"pimc:samples=2,base={planted.module}:Bot", game, 0, allow_plugins=True)
    assert nested.label() == f"pimc({planted.module}:Bot)"
    assert planted.imported()


# -- records: labels only -------------------------------------------------------------------


@pytest.mark.parametrize("finished", [True, False])
def test_replaying_a_record_that_names_code_imports_nothing(
    planted: Planted, tmp_path: Path, capsys: pytest.CaptureFixture[str], finished: bool
) -> None:
    warm = tmp_path / "warm.json"  # the first run imports the command line's own modules
    warm.write_text(json.dumps(divercite_record(["random", "human"], None if finished else 6)))
    assert run(["replay", str(warm)], capsys)[0] == run(["replay", "--check", str(warm)], capsys)[0]
    short = [s for s in ODD if len(s) <= 200]  # a longer label is not a record of ours
    for i, spec in enumerate([*hostile(planted.module), *short]):
        doc = divercite_record([spec, "human"], None if finished else 6)
        path = tmp_path / f"r{i}.json"
        path.write_text(json.dumps(doc))
        before = set(sys.modules)
        code, out, err = run(["replay", str(path)], capsys)
        assert code == 0, err
        assert ("wins" in out) == finished
        code, out, err = run(["replay", "--check", str(path)], capsys)
        assert code == 0 and out.startswith("ok:"), err
        assert not planted.imported(), spec
        # Nothing imported but Rich's width tables for the odd characters it printed.
        assert not {m for m in set(sys.modules) - before if not m.startswith("rich._unicode")}


def test_playing_on_a_record_that_names_a_module_is_refused(
    planted: Planted, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for i, spec in enumerate(hostile(planted.module)):
        path = tmp_path / f"r{i}.json"
        path.write_text(json.dumps(divercite_record(["human", spec], 6)))
        code, _, err = run(["play", "--load", str(path)], capsys)
        one_line_error(code, err)
        assert "plug-in" in err and "--ai" in err, err
    assert not planted.imported()
    assert Store().history() == []  # nothing was kept of the refused games


# -- saves and stored games ------------------------------------------------------------------


@pytest.mark.parametrize("command", [["play", "--load"], ["replay"], ["replay", "--check"]])
def test_a_save_that_names_code_imports_nothing(
    planted: Planted, tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    for i, spec in enumerate(hostile(planted.module)):
        path = tmp_path / f"s{i}.json"
        path.write_text(divercite_save(spec))
        code, _, err = run([*command, str(path)], capsys)
        if command[0] == "play":
            one_line_error(code, err)
            assert "plug-in" in err and "--ai" in err, err
        else:  # shown with its label, no agent built
            assert code == 0, err
    assert not planted.imported()


@pytest.mark.parametrize("spec", ODD)
def test_a_save_with_odd_agent_parameters_is_one_line(
    planted: Planted, tmp_path: Path, capsys: pytest.CaptureFixture[str], spec: str
) -> None:
    path = tmp_path / "odd.json"
    path.write_text(divercite_save(spec))
    code, _, err = run(["play", "--load", str(path)], capsys)
    one_line_error(code, err)


def test_a_save_against_a_plugin_resumes_when_the_player_names_it(
    planted: Planted, tmp_path: Path
) -> None:
    spec = f"{planted.module}:Bot"
    path = tmp_path / "s.json"
    path.write_text(divercite_save(spec))
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(planted.marker.parent / "path"), str(ROOT / "src")]),
    }
    code = "from solotable.cli.main import main; main()"

    def play(*extra: str) -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, "-c", code, "play", "--load", str(path), *extra]
        return subprocess.run(argv, input="quit\n", capture_output=True, text=True, env=env)

    refused = play()
    assert refused.returncode == 2 and f"--ai {spec}" in refused.stderr
    assert not planted.marker.exists()
    other = play("--ai", f"{planted.module}:build")  # another spec is not this one
    assert other.returncode == 2 and not planted.marker.exists()
    named = play("--ai", spec)
    assert named.returncode == 0, named.stderr
    assert "game kept" in named.stdout and planted.marker.exists()


def _plant_seat(store: Store, game_id: str, spec: str) -> None:
    path = store.path
    store.close()
    with sqlite3.connect(path) as conn:
        seats = json.dumps([{"agent": None}, {"agent": spec}])
        conn.execute("UPDATE games SET seats = ? WHERE id = ?", (seats, game_id))
    conn.close()


def test_a_stored_game_that_names_code_does_not_continue(
    planted: Planted, capsys: pytest.CaptureFixture[str]
) -> None:
    for spec in hostile(planted.module):
        store = Store()
        session = GameSession.start("divercite", {}, [Seat(), Seat("random")], store=store)
        _plant_seat(store, session.id, spec)
        code, _, err = run(["play", "--continue"], capsys)
        one_line_error(code, err)
        assert "--ai" in err, err
        with pytest.raises(PluginRefusedError):
            GameSession.resume(Store(), session.id)
        exported = planted.marker.parent / "e.json"
        code, _, err = run(["export", session.id, str(exported)], capsys)
        assert code == 0, err  # written as it is: exporting builds no agent
        assert json.loads(exported.read_text())["seats"][1]["agent"] == spec
    assert not planted.imported()
    store = Store()
    again = GameSession.resume(store, session.id, plugins=[spec])  # named: it plays
    assert again.seats[1].agent == spec and planted.imported()


# -- simulate --resume: the run manifest is a file too ---------------------------------------


def test_resuming_a_run_whose_manifest_names_code(
    planted: Planted, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    runs = tmp_path / "runs"
    RunFolder.create(runs, RunSpec("toy-race", {}, ["random", "first"], 3, 1))
    manifest = json.loads((runs / MANIFEST).read_text())
    for spec in hostile(planted.module):
        manifest["agents"] = ["random", spec]
        (runs / MANIFEST).write_text(json.dumps(manifest))
        code, _, err = run(["simulate", "--resume", str(runs)], capsys)
        one_line_error(code, err)
        assert "--agents" in err, err
        code, _, err = run(["simulate", "--resume", str(runs), "--agents", "random,first"], capsys)
        one_line_error(code, err)  # naming other agents does not name these
    assert not planted.imported()
    spec = f"{planted.module}:Bot"
    manifest["agents"] = ["random", spec]
    (runs / MANIFEST).write_text(json.dumps(manifest))
    code, _, err = run(["simulate", "--resume", str(runs), "--agents", f"random,{spec}"], capsys)
    assert code == 0, err
    assert planted.imported()


# -- plug-ins named on the command line: every mistake is one line ---------------------------


def test_plugin_mistakes_on_the_command_line_are_one_line(
    planted: Planted, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (planted.marker.parent / "path" / "broken_on_import.py").write_text("1 / 0\n")
    mod = planted.module
    for spec, words in [
        ("os:system", "neither an Agent subclass nor a factory"),
        ("subprocess:Popen", "not a solotable Agent"),
        ("builtins:eval", "neither an Agent subclass nor a factory"),
        ("nosuchmodule_xyz:Bot", "cannot import"),
        (f"{mod}:Nope", "has no 'Nope'"),
        (f"{mod}:not_an_agent", "neither an Agent subclass nor a factory"),
        (f"{mod}:Boom", "RuntimeError: the constructor failed"),
        ("broken_on_import:Bot", "ZeroDivisionError"),
    ]:
        argv = ["simulate", "toy-race", "-n", "1", "--agents", f"{spec},random"]
        code, _, err = run(argv, capsys)
        one_line_error(code, err)
        assert words in err, (spec, err)
        code, _, err = run(["play", "divercite", "--ai", spec], capsys)
        one_line_error(code, err)
    sys.modules.pop("broken_on_import", None)


# -- plug-ins named on the command line: checked before anything is called (issue 35) ------


def test_a_plugin_spec_must_name_an_agent_class_or_a_documented_factory(
    planted: Planted, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--agents os:system`` imported ``os`` and called ``system(game, player, seed,
    params)``: any callable was taken for a factory. Now it must be an ``Agent`` subclass or
    a function ``f(game, player, seed, params)`` (docs/agents.md), checked before the call."""
    calls: list[tuple[object, ...]] = []
    monkeypatch.setattr(os, "system", lambda *a: calls.append(a) or 0)  # a spy
    mod = planted.module
    for spec in ("os:system", "builtins:eval", f"{mod}:called", f"{mod}:not_an_agent",
                 "shutil:rmtree", "subprocess:call", "os:getcwd", "math:pi"):  # fmt: skip
        for argv in (["simulate", "toy-race", "-n", "1", "--agents", f"{spec},random"],
                     ["play", "divercite", "--ai", spec]):  # fmt: skip
            code, _, err = run(argv, capsys)
            one_line_error(code, err)
            assert "Agent subclass" in err and "(game, player, seed, params)" in err, (spec, err)
            assert len(err.strip().splitlines()) == 1, err
    assert calls == []
    assert not Path(str(planted.marker) + ".called").exists()
    game = load_game("toy-race")
    built = make_agent(f"{mod}:make_bot", game, 0, 1, allow_plugins=True)  # the documented one
    assert type(built).__name__ == "Bot"
