"""Issue 12: every reproduction of the issue gives one line and exit 2, or is handled.

Each test names the reproduction it covers. Subprocess tests use the real entry point,
so they also check that no traceback reaches the screen.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest
from rich.console import Console

import solotable
import tests.toy_game  # noqa: F401
from solotable.cli.main import main
from solotable.cli.session import TerminalPlay
from solotable.core.errors import DataFileError, NotationError, RecordError
from solotable.core.record import record_of, record_to_json
from solotable.session.session import GameSession, Seat

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("divercite", "mini-divercity", "dice-miner", "51st-state")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def cli(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'src'}:{ROOT}"}
    code = "from solotable.cli.main import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
    )


def run_main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    try:
        main(argv)
    except SystemExit as e:
        code = int(e.code or 0)
    else:
        code = 0
    return code, capsys.readouterr().err


def assert_one_line_error(code: int, err: str) -> None:
    assert code == 2, err
    assert err.startswith("error:") and "Traceback" not in err
    assert len(err.strip()) < 600


def finished_record(game: str = "dice-miner", seed: int = 3) -> dict:
    g = solotable.load_game(game)
    s = g.new_initial_state(seed)
    while not s.is_terminal():
        s.apply_action(s.sample_chance() if s.is_chance_node() else s.legal_actions()[0])
    return json.loads(record_to_json(record_of(s, seed)))


# -- typed input --------------------------------------------------------------------------


def front(game: str) -> tuple[TerminalPlay, Console]:
    g = solotable.load_game(game)
    seats = [Seat()] + [Seat(g.info.default_agent)] * (g.num_players() - 1)
    session = GameSession.start(game, {}, seats, seed=1)
    console = Console(record=True, width=100)
    return TerminalPlay(session, console, lambda prompt: ""), console


@pytest.mark.parametrize("game", GAMES)
def test_moves_and_info_with_markup_are_shown_not_parsed(game):
    """Repro: `moves [/]` (Rich markup error, every game)."""
    tp, console = front(game)
    ply = tp.session.ply
    for line in ("moves [/]", "info [/]", "[/]", "moves [bold]", "save ."):
        tp.handle(line, 0)
    out = console.export_text()
    assert "no legal move starts with '[/]'" in out
    assert "give a file name, not a folder" in out  # Repro: `save .` (empty name)
    assert tp.session.ply == ply


def test_dice_miner_superscript_digit_is_a_notation_error():
    """Repro: `spend #²` in Dice Miner (`int('²')`; `str.isdigit` accepts superscripts)."""
    state = solotable.load_game("dice-miner").new_initial_state(1)
    while state.is_chance_node():
        state.apply_action(state.sample_chance())
    before = state.to_dict()
    for text in ("spend #²", "take a1 as #²", "take a1 as ²", "spend #٣"):
        with pytest.raises(NotationError):
            state.string_to_action(text)
    assert state.to_dict() == before


def test_save_refuses_a_device(tmp_path):
    """Found while testing `save FILE`: the atomic rename replaced /dev/full itself."""
    tp, console = front("dice-miner")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    tp.handle(f"save {fifo}", 0)
    assert "not a regular file" in console.export_text()
    assert fifo.is_fifo()


# -- data files ---------------------------------------------------------------------------


def test_card_file_with_markup_in_an_icon_name_is_refused(tmp_path):
    """Repro: a card file whose icon name is `[/]` crashes rendering."""
    base = resources.files("solotable.games.fifty_first_state").joinpath("data", "base_deck.json")
    doc = json.loads(base.read_text("utf-8"))
    card = next(c for c in doc["cards"] if c.get("icons"))
    card["icons"] = ["[/]"]
    f = tmp_path / "cards.json"
    f.write_text(json.dumps(doc))
    with pytest.raises(DataFileError, match=r"icons\[0\].*not allowed in names"):
        solotable.load_game("51st-state", cards=str(f))


@pytest.mark.parametrize("option", ["dice=/dev/zero", "dice=/dev/null/x", "dice=\x00"])
def test_set_dice_device_or_bad_path_is_one_line(option, capsys):
    """Repro: `"dice": "/dev/zero"` via `--set` reads until memory runs out."""
    code, err = run_main(["simulate", "dice-miner", "-n", "1", "--set", option], capsys)
    assert_one_line_error(code, err)


def test_set_dice_named_pipe_does_not_hang(tmp_path):
    """Repro: a named pipe as a data file hangs for ever."""
    fifo = tmp_path / "dice.fifo"
    os.mkfifo(fifo)
    r = cli("simulate", "dice-miner", "-n", "1", "--set", f"dice={fifo}", timeout=30)
    assert r.returncode == 2 and "not a regular file" in r.stderr
    assert "Traceback" not in r.stderr


def test_deep_dice_file_is_refused(tmp_path, capsys):
    """Repro: `'['*1000+']'*1000` in the dice and card loaders (RecursionError)."""
    f = tmp_path / "deep.json"
    f.write_text("[" * 1000 + "]" * 1000)
    for option in (f"dice={f}",):
        code, err = run_main(["simulate", "dice-miner", "-n", "1", "--set", option], capsys)
        assert_one_line_error(code, err)
        assert "nested deeper" in err
    with pytest.raises(DataFileError, match="nested deeper"):
        solotable.load_game("51st-state", cards=str(f))


def test_a_dice_file_is_named_by_content_hash_in_records(tmp_path, home, capsys):
    """Design: a record names a data file by content hash, never by path."""
    builtin = resources.files("solotable.games.dice_miner").joinpath("data", "dice.json")
    f = tmp_path / "my-dice.json"
    f.write_text(builtin.read_text("utf-8"))
    out = tmp_path / "runs"
    code, err = run_main(
        ["simulate", "dice-miner", "-n", "1", "--set", f"dice={f}", "--records", str(out)], capsys
    )
    assert code == 0, err
    (rec,) = out.glob("*.json")
    doc = json.loads(rec.read_text())
    assert doc["options"]["dice"].startswith("sha256:") and str(tmp_path) not in rec.read_text()
    f.unlink()  # the record no longer needs the original file
    assert run_main(["replay", str(rec), "--check"], capsys)[0] == 0
    # On a machine without the file: one line saying how to import it.
    for kept in (home / "datafiles").iterdir():
        kept.unlink()
    code, err = run_main(["replay", str(rec), "--check"], capsys)
    assert_one_line_error(code, err)
    assert "not in your data folder" in err


# -- records ------------------------------------------------------------------------------

RECORD_REPROS = {
    "deep nesting": "[" * 1000 + "]" * 1000,
    "4,301-digit seed": None,
    "preset [1]": None,
    "score 10**400": None,
    "score 1e400": None,
    "dice NUL": None,
    "dice /dev/zero": None,
}


def record_repro(name: str) -> str:
    if RECORD_REPROS[name] is not None:
        return str(RECORD_REPROS[name])
    d = finished_record()
    if name == "4,301-digit seed":
        return json.dumps(d).replace('"seed": 3', '"seed": ' + "9" * 4301)
    if name == "preset [1]":
        d["options"] = {"preset": [1]}
    elif name == "score 10**400":
        d["result"]["scores"] = [10**400]
    elif name == "score 1e400":
        return json.dumps(d).replace(json.dumps(d["result"]["scores"]), "[1e400]")
    elif name == "dice NUL":
        d["options"]["dice"] = "\u0000"
    elif name == "dice /dev/zero":
        d["options"]["dice"] = "/dev/zero"
    return json.dumps(d)


@pytest.mark.parametrize("name", sorted(RECORD_REPROS))
@pytest.mark.parametrize("command", [["replay"], ["replay", "--check"], ["play", "--load"]])
def test_hostile_records_are_one_line_errors(name, command, tmp_path, capsys):
    """Repro: records with deep nesting, a huge seed, a list preset, huge scores, a path."""
    f = tmp_path / "bad.json"
    f.write_text(record_repro(name))
    argv = [*command, str(f)] if command[0] != "play" else ["play", "--load", str(f)]
    if command == ["replay", "--check"]:
        argv = ["replay", str(f), "--check"]
    code, err = run_main(argv, capsys)
    assert_one_line_error(code, err)


def test_check_mismatch_of_a_well_formed_record_is_still_1(tmp_path, capsys):
    d = finished_record()
    d["result"]["scores"] = [d["result"]["scores"][0] + 1]
    f = tmp_path / "r.json"
    f.write_text(json.dumps(d))
    code, _ = run_main(["replay", str(f), "--check"], capsys)
    assert code == 1


def test_record_loader_rejects_out_of_range_fields():
    from solotable.core.record import record_from_json

    d = finished_record()
    for key, value in (("seed", -1), ("seed", 2**63), ("players", ["x" * 500])):
        bad = {**d, key: value}
        with pytest.raises(RecordError):
            record_from_json(json.dumps(bad))


# -- agents and simulate ------------------------------------------------------------------


@pytest.mark.parametrize(
    "agents", ["alphabeta:time=nan,greedy", "alphabeta:time=inf,greedy", "alphabeta:depth=²"]
)
def test_nan_time_agent_parameter_is_refused(agents, capsys):
    """Repro: `simulate divercite --agents alphabeta:time=nan,greedy` hangs."""
    code, err = run_main(["simulate", "divercite", "-n", "1", "--agents", agents], capsys)
    assert_one_line_error(code, err)


def test_simulate_records_into_a_file_fails_before_any_game(tmp_path, capsys):
    """Repro: `simulate … --records FILE-THAT-EXISTS`: traceback after all games ran."""
    f = tmp_path / "exists"
    f.write_text("x")
    code, err = run_main(["simulate", "toy-race", "-n", "5", "--records", str(f)], capsys)
    assert_one_line_error(code, err)
    assert "is a file, not a folder" in err and f.read_text() == "x"


def test_internal_error_is_status_3_with_a_log_not_a_traceback(home, capsys, monkeypatch):
    import solotable.cli.main as m

    def boom(*args, **kwargs):
        raise ZeroDivisionError("simulated bug")

    monkeypatch.setattr(m, "load_game", boom)
    code, err = run_main(["rules", "divercite"], capsys)
    assert code == 3
    assert "please report" in err and "Traceback" not in err
    (log,) = (home / "logs").iterdir()
    assert "ZeroDivisionError: simulated bug" in log.read_text()


def test_divercite_square_with_a_huge_row_is_a_notation_error():
    """Found building the fuzzers: `int()` of a 5,000-digit row raised ValueError."""
    state = solotable.load_game("divercite").new_initial_state(1)
    with pytest.raises(NotationError):
        state.string_to_action("CR A" + "9" * 5000)


def test_a_sealed_zlib_bomb_is_refused_without_inflating_it():
    """Found building the fuzzers: a save's sealed part was inflated without a limit."""
    import base64
    import zlib

    from solotable.session import seal

    bomb = zlib.compress(b"[" + b" " * (64 * 2**20) + b"]", 9)
    text = "st1:" + base64.b64encode(seal._xor(bomb)).decode("ascii")
    with pytest.raises(RecordError, match="too large"):
        seal.unseal(text)
