"""Issue 35, items 15 and 18: every usage error is one line and exit 2, in one style.

Typer drew its own errors (a bad ``--jobs``, ``--seed``, ``--lang``…) as a boxed, multi-line
panel under a usage line, beside the project's ``error: …`` lines; and a count too large for
SQLite (``history -n 99999999999999999999``) went through unchecked to an internal error
(exit 3). These run the real entry point (``main``), as the installed script does.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import typer

from solotable.cli.main import app
from tests.cli.running import run

HUGE = "99999999999999999999"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SOLOTABLE_LANG", "en")
    return tmp_path / "home"


def assert_usage_line(code: int, err: str) -> None:
    """The project's style: one ``error: …`` line, exit 2, no box, no usage block."""
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: "), err
    assert not any(c in err for c in "╭╰│─"), err
    assert "Usage:" not in err and "Traceback" not in err, err
    assert len(lines[0]) < 600, err


COUNT_OPTIONS = [
    ["history", "-n"],
    ["history", "--limit"],
    ["simulate", "dice-miner", "-n"],
    ["simulate", "dice-miner", "--jobs"],
    ["simulate", "dice-miner", "--seed"],
    ["metrics", "dice-miner", "-n"],
    ["metrics", "dice-miner", "--jobs"],
    ["compare", "dice-miner", "--agents", "random,heuristic", "-n"],
    ["compare", "dice-miner", "--agents", "random,heuristic", "--jobs"],
    ["sweep", "dice-miner", "--agents", "random", "--vary", "seats=1", "-n"],
    ["play", "dice-miner", "--seed"],
]


@pytest.mark.parametrize("value", [HUGE, "-1", "0", "2.5", "many"])
@pytest.mark.parametrize("option", COUNT_OPTIONS, ids=" ".join)
def test_every_count_option_is_range_checked_where_it_is_parsed(
    option: list[str], value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if value == "0" and option[-1] == "--seed":
        return  # seed 0 is a seed
    code, _, err = run([*option, value], capsys)
    assert_usage_line(code, err)
    assert option[-1] in err, err  # the line names the option


def test_history_with_a_count_beyond_sqlite_is_a_usage_line_not_an_internal_error(
    capsys: pytest.CaptureFixture[str], home: Path
) -> None:
    code, _, err = run(["history", "-n", HUGE], capsys)
    assert_usage_line(code, err)
    assert "internal error" not in err
    assert not (home / "logs").exists()  # no crash log written


def _options(command: typer.main.TyperGroup | object) -> list[tuple[str, object]]:
    """Every option of every command, with the command's path."""
    found: list[tuple[str, object]] = []
    todo = [("solotable", command)]
    while todo:
        path, cmd = todo.pop()
        found += [(path, p) for p in getattr(cmd, "params", [])]
        todo += [(f"{path} {n}", c) for n, c in getattr(cmd, "commands", {}).items()]
    return found


CHECKED_AFTER = {"--seat", "--port", "--time"}
"""Numbers checked with their own sentence once the game is known (``--seat`` must name one
of its seats) or by the command (``--port``): they may not be counts, but stay one line
(see ``test_numbers_checked_after_parsing_are_one_line_too``)."""


def test_every_number_option_of_every_command_has_both_bounds() -> None:
    unbounded = []
    for path, p in _options(typer.main.get_command(app)):
        kind = getattr(getattr(p, "type_descriptor", None), "annotation", None)
        name = max(getattr(p, "opts", [""]), key=len)
        bounded = getattr(p, "min", None) is not None and getattr(p, "max", None) is not None
        if kind in (int, float) and name not in CHECKED_AFTER and not bounded:
            unbounded.append(f"{path} {name}")
    assert not unbounded, unbounded


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "divercite", "--seat", HUGE],
        ["serve", "--port", HUGE, "--no-browser"],
        ["simulate", "dice-miner", "-n", "1", "--time", "nan"],
    ],
    ids=" ".join,
)
def test_numbers_checked_after_parsing_are_one_line_too(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(argv, capsys)
    assert_usage_line(code, err)


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "dice-miner", "--jobs", "0"],
        ["history", "-n", "-1"],
        ["play", "dice-miner", "--seed", "-1"],
        ["compare", "dice-miner", "--agents", "random,heuristic", "--precision", "nan"],
        ["compare", "dice-miner", "--agents", "random,heuristic", "--precision", "inf"],
        ["compare", "dice-miner", "--agents", "random,heuristic", "--rate-precision", "inf"],
        ["--lang", "../../x", "games"],
        ["history", "--no-such-option"],
        ["rules"],  # a missing argument
        ["no-such-command"],
        ["games", "extra", "arguments"],
    ],
    ids=" ".join,
)
def test_typer_usage_errors_are_the_projects_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(argv, capsys)
    assert_usage_line(code, err)


def test_the_line_says_where_help_is_and_french_frames_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(["simulate", "dice-miner", "--jobs", "0"], capsys)
    assert_usage_line(code, err)
    assert "--jobs" in err and "solotable simulate --help" in err, err
    monkeypatch.setenv("SOLOTABLE_LANG", "fr")
    code, _, err = run(["simulate", "dice-miner", "--jobs", "0"], capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert err.startswith("erreur") and "solotable simulate --help" in err, err


def test_help_version_and_no_arguments_still_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["--version"], capsys)
    assert code == 0 and out.startswith("solotable "), (out, err)
    code, out, err = run(["history", "--help"], capsys)
    assert code == 0 and "--limit" in out, (out, err)
    code, out, err = run([], capsys)  # no arguments: the help, as before
    assert code == 2 and "history" in out + err and "error:" not in err, (out, err)
    code, out, err = run(["history"], capsys)
    assert code == 0 and "error" not in err, (out, err)
