"""How the CLI tests run ``solotable``: in this process, through ``main`` (exit code and both
streams, the way a shell sees them), or through Typer's runner for a command's output.

One copy for every test file, so they agree on what an exit code is.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from solotable.cli.main import app, main
from solotable.words import ENV

runner = CliRunner()
GAMES = ("divercite", "dice-miner", "mini-divercity", "51st-state")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """``solotable ARGV`` through ``main``: (exit code, stdout, stderr)."""
    try:
        main(argv)
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    out = capsys.readouterr()
    return code, out.out, out.err


def rules_output(game: str, lang: str, *flags: str, assumptions: bool = False) -> str:
    """``solotable [FLAGS] rules GAME [--assumptions]`` with ``SOLOTABLE_LANG=lang``."""
    tail = ["--assumptions"] if assumptions else []
    r = runner.invoke(app, [*flags, "rules", game, *tail], env={ENV: lang})
    assert r.exit_code == 0, r.output
    return r.output
