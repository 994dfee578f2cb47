"""Plug-ins: agents and games from outside solotable, by module path or entry point (#15 §6)."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tests.toy_game  # noqa: F401  (registers toy-race)
from solotable.cli.main import app
from solotable.core import registry
from solotable.core.errors import UnknownNameError
from solotable.core.registry import agent_names, game_names, load_game, make_agent

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()

OUTSIDE_AGENT = textwrap.dedent(
    '''
    from solotable.core import Agent

    class Last(Agent):
        """Always the last legal action; ``offset`` counts back from it."""

        name = "last"
        param_defaults = {"offset": 0}

        def __init__(self, game, player, seed=0, offset=0):
            super().__init__(game, player, seed)
            self.offset = offset

        def act(self, turn):
            return turn.legal_actions[max(0, len(turn.legal_actions) - 1 - self.offset)]

    def build_first(game, player, seed, params):
        return Last(game, player, seed, offset=10**9)
    '''
)


@pytest.fixture
def outside(tmp_path, monkeypatch):
    """A package that solotable has never heard of, importable like any installed module."""
    pkg = tmp_path / "outsidebots"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "simple.py").write_text(OUTSIDE_AGENT)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))  # forget plug-in games after
    monkeypatch.setattr(registry, "_NAMED_PLUGINS", set())  # and the plug-ins named here
    yield tmp_path
    for name in [m for m in sys.modules if m.split(".")[0] == "outsidebots"]:
        del sys.modules[name]


def test_a_plugin_agent_from_an_outside_module_plays_through_simulate(outside):
    args = ["simulate", "toy-race", "--games", "6", "--json", "--seed", "3"]
    r = runner.invoke(app, [*args, "--agents", "outsidebots.simple:Last:offset=0,random"])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert summary["agents"][0]["name"] == "outsidebots.simple:Last:offset=0"
    assert summary["games"] == 6
    # it really is that agent playing: the same seeds with another first seat differ
    other = runner.invoke(app, [*args, "--agents", "random,random"])
    assert json.loads(other.stdout)["agents"][0] != summary["agents"][0]


def test_module_path_specs_build_classes_and_factories_with_typed_params(outside):
    game = load_game("toy-race")
    agent = make_agent("outsidebots.simple:Last:offset=2", game, 0, 1, allow_plugins=True)
    assert type(agent).__name__ == "Last" and agent.offset == 2  # type: ignore[attr-defined]
    built = make_agent("outsidebots.simple:build_first", game, 1, 1, allow_plugins=True)
    assert built.offset == 10**9  # type: ignore[attr-defined]


def test_bad_plugin_specs_say_what_is_wrong(outside):
    game = load_game("toy-race")

    def make_agent(spec: str, game, player: int):  # named on the command line
        return registry.make_agent(spec, game, player, allow_plugins=True)

    with pytest.raises(UnknownNameError, match=r"unknown parameter.*offst.*valid: offset"):
        make_agent("outsidebots.simple:Last:offst=1", game, 0)
    with pytest.raises(
        UnknownNameError, match="bad parameter value offset: expected a whole number"
    ):
        make_agent("outsidebots.simple:Last:offset=many", game, 0)
    with pytest.raises(UnknownNameError, match="has no 'Nope'"):
        make_agent("outsidebots.simple:Nope", game, 0)
    with pytest.raises(UnknownNameError, match=r"cannot import agent module 'outsidebots\.gone'"):
        make_agent("outsidebots.gone:Last", game, 0)
    with pytest.raises(UnknownNameError, match="not a solotable Agent"):
        make_agent("pathlib:Path", game, 0)
    with pytest.raises(UnknownNameError, match="is not key=value"):  # built-ins unchanged
        make_agent("random:seed", game, 0)


def _install_entry_points(root: Path, text: str) -> None:
    """A minimal installed distribution (dist-info on sys.path) declaring entry points."""
    info = root / "outsidebots-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: outsidebots\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(text)


def test_entry_point_agents_are_listed_and_built_by_name(outside):
    _install_entry_points(outside, "[solotable.agents]\nlastbot = outsidebots.simple:Last\n")
    assert "lastbot" in dict(agent_names("toy-race"))
    agent = make_agent("lastbot:offset=1", load_game("toy-race"), 0)
    assert type(agent).__name__ == "Last" and agent.offset == 1  # type: ignore[attr-defined]
    r = runner.invoke(app, ["simulate", "toy-race", "--agents", "lastbot,random", "-n", "2"])
    assert r.exit_code == 0, r.output


def test_entry_point_games_are_listed_and_loaded(outside):
    (outside / "outsidebots" / "toygame.py").write_text(
        "import dataclasses\n"
        "from tests.toy_game import ToyGame\n\n"
        "class PluginToy(ToyGame):  # not decorated: the entry point registers it\n"
        "    info = dataclasses.replace(ToyGame.info, name='plugin-toy')\n"
    )
    _install_entry_points(
        outside, "[solotable.games]\nplugin-toy = outsidebots.toygame:PluginToy\n"
    )
    assert "plugin-toy" in game_names()
    game = load_game("plugin-toy")
    assert type(game).__name__ == "PluginToy"
    r = runner.invoke(app, ["simulate", "plugin-toy", "-n", "2", "--json"])
    assert r.exit_code == 0, r.output
    with pytest.raises(UnknownNameError, match="unknown game 'plugin-toy2'"):
        load_game("plugin-toy2")
