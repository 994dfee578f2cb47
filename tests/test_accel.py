"""The compiled rules (solotable.accel, tools/compile_rules.py): in use when current, never
when stale, and the same games as the sources."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

import solotable.games.fifty_first_state.state as fifty_state
from solotable import accel
from solotable.core.registry import load_game
from solotable.core.rng import Rng

ROOT = Path(__file__).resolve().parents[1]
FINGERPRINT = ROOT / "bench" / "fifty_first_state_fingerprint.py"


def _env(pure: bool) -> dict[str, str]:
    """This process's environment, importing from this tree, with or without the build."""
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'src'}"}
    env.pop("SOLOTABLE_PURE", None)
    if pure:
        env["SOLOTABLE_PURE"] = "1"
    return env


def _stdout(args: list[str], pure: bool) -> str:
    """What ``python ARGS`` prints, run from this tree with or without the build."""
    out = subprocess.run(
        [sys.executable, *args],
        env=_env(pure),
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return out.stdout.strip()


def test_the_compiled_rules_are_in_use():
    """``make test`` builds them first: a run without them would measure and test the
    sources only (CI fails on this skip: tests/allowed_skips.txt does not list it)."""
    if accel.STATE == "pure":
        pytest.skip("SOLOTABLE_PURE is set: the sources run")
    if accel.STATE == "not built":
        pytest.skip("compiled rules not built (python tools/compile_rules.py)")
    assert accel.STATE == "compiled"
    assert not fifty_state.__file__.endswith(".py")


def test_compiled_and_interpreted_rules_play_the_same_300_games():
    """Every legal list, chance flag, sampled outcome, history and final position of 300
    random games (bench/fifty_first_state_fingerprint.py), both ways, equal the line its
    docstring records."""
    recorded = FINGERPRINT.read_text(encoding="utf-8").split("printed\n``")[1].split("``")[0]
    assert _stdout([str(FINGERPRINT)], pure=True) == recorded
    assert _stdout([str(FINGERPRINT)], pure=False) == recorded


def random_games_digest(name: str, games: int) -> str:
    """SHA-256 of ``games`` random games of ``name``: at every ply the legal list (or the
    chance outcome drawn), then each game's final ``to_dict`` and returns."""
    h = hashlib.sha256()
    game = load_game(name)
    pick = Rng(99)
    for seed in range(games):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            if state.current_player() < 0:
                a = state.sample_chance()
                h.update(b"c%d" % a)
            else:
                legal = state.legal_actions()
                h.update(repr(legal).encode())
                a = pick.choice(legal)
            state.apply_legal_action(a)
            if len(state.history) > 3000:
                break
        h.update(json.dumps(state.to_dict(), sort_keys=True).encode())
        h.update(repr(state.returns()).encode())
    return h.hexdigest()


@pytest.mark.parametrize("name", ["mini-divercity", "dice-miner", "divercite"])
def test_every_game_plays_the_same_games_compiled_and_interpreted(name):
    """The generator is compiled for every game, Divercité's and Mini DiverCity's rules
    too: 40 random games give the same digest both ways."""
    code = (
        "import sys; from tests.test_accel import random_games_digest as d; "
        "print(d(sys.argv[1], 40))"
    )
    digests = [_stdout(["-c", code, name], pure) for pure in (True, False)]
    assert len(digests[0]) == 64
    assert digests[0] == digests[1]


def _fake_package(tmp_path: Path) -> Path:
    package = tmp_path / "solotable"
    for rel in accel.COMPILED_MODULES:
        (package / rel).parent.mkdir(parents=True, exist_ok=True)
        (package / rel).write_text(f"# {rel}\n", encoding="utf-8")
    return package


def test_a_build_counts_only_while_every_source_is_the_one_compiled(tmp_path, monkeypatch):
    monkeypatch.delenv("SOLOTABLE_PURE", raising=False)
    package = _fake_package(tmp_path)
    assert accel.build_state(package) == "not built"
    src = package / accel.COMPILED_MODULES[1]
    src.with_name(src.stem + ".cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    assert accel.build_state(package) == "stale"  # no manifest
    manifest = package / accel.MANIFEST
    manifest.write_text(json.dumps({"sources": accel.source_digests(package)}), "utf-8")
    assert accel.build_state(package) == "compiled"
    (package / accel.COMPILED_MODULES[-1]).write_text("# edited\n", encoding="utf-8")
    assert accel.build_state(package) == "stale"
    manifest.write_text("not json", "utf-8")
    assert accel.build_state(package) == "stale"
    monkeypatch.setenv("SOLOTABLE_PURE", "1")
    assert accel.build_state(package) == "pure"


def test_a_hidden_build_imports_the_source_beside_it(tmp_path):
    """A broken extension module beside ``m.py``: imported as is it fails; once the
    package's folders are hidden, the source is what runs."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "m.py").write_text("WHERE = 'source'\n", encoding="utf-8")
    suffix = accel.EXTENSION_SUFFIXES[0]
    (package / f"m{suffix}").write_bytes(b"not a shared library")
    code = (
        "import sys; from pathlib import Path; from solotable import accel\n"
        f"sys.path.insert(0, {str(tmp_path)!r})\n"
        "if sys.argv[1] == 'hide': accel.hide_compiled(Path({!r}))\n"
        "import pkg.m; print(pkg.m.WHERE)\n"
    ).replace("{!r}", repr(str(package)))

    def run(mode: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", code, mode], env=_env(False), capture_output=True, text=True
        )

    plain = run("plain")
    assert plain.returncode != 0 and "ImportError" in plain.stderr
    hidden = run("hide")
    assert hidden.returncode == 0, hidden.stderr
    assert hidden.stdout.strip() == "source"


@pytest.mark.parametrize("name", ["51st-state", "mini-divercity", "dice-miner", "divercite"])
def test_game_and_state_pickle_and_copy_to_the_same_position(name):
    """Compiled classes are not made by ``__new__`` alone: states pickle as their game
    and ``to_dict``, games without what they derive from their data (51st State's move
    tables); Mini DiverCity's handler table holds module functions only."""
    game = load_game(name)
    state = game.new_initial_state(11)
    rng = Rng(5)
    while not state.is_terminal() and len(state.history) < 80:
        if state.current_player() < 0:
            state.apply_legal_action(state.sample_chance())
        else:
            state.apply_legal_action(rng.choice(state.legal_actions()))
    for again in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), state.clone()):
        assert again is not state
        assert again.to_dict() == state.to_dict()
        assert again.legal_actions() == state.legal_actions()
    game2 = pickle.loads(pickle.dumps(game))
    assert game2.options == game.options
    fresh = game2.new_initial_state(11)
    assert fresh.to_dict() == game.new_initial_state(11).to_dict()
    assert fresh.legal_actions() == game.new_initial_state(11).legal_actions()
