"""The skip check of tests/conftest.py: listed skips pass, any other one is reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ALLOWED_SKIPS, read_allowed_skips, unexpected_skips


def test_the_allow_list_parses_and_every_entry_gives_a_reason() -> None:
    entries = read_allowed_skips(ALLOWED_SKIPS)
    assert entries and all(len(reason) > 20 for _, _, reason in entries)
    # Nothing may be skipped by `make test` itself.
    assert not [e for e in entries if e[0] == "main"]


def test_an_unlisted_skip_is_reported_and_a_listed_one_is_not() -> None:
    allowed = [("floors", "tests/sim/test_ray_backend.py::*", "no ray there")]
    skipped = ["tests/sim/test_ray_backend.py::test_a", "tests/cli/test_lab.py::test_b"]
    assert unexpected_skips(skipped, "floors", allowed) == ["tests/cli/test_lab.py::test_b"]
    # The same skip outside its context is not allowed.
    assert unexpected_skips(skipped, "main", allowed) == skipped


def test_an_entry_without_a_reason_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "allowed.txt"
    bad.write_text("floors | tests/x.py::*\n")
    with pytest.raises(ValueError, match="REASON"):
        read_allowed_skips(bad)


def test_a_run_with_an_unlisted_skip_fails(pytester: pytest.Pytester, monkeypatch) -> None:
    """End to end: a suite with one skipped test fails when the check is on."""
    monkeypatch.setenv("CI", "true")
    monkeypatch.setenv("SOLOTABLE_SKIP_CONTEXT", "main")
    pytester.makeconftest((Path(__file__).parent / "conftest.py").read_text("utf-8"))
    (pytester.path / "allowed_skips.txt").write_text("# nothing\n")
    pytester.makepyfile(
        test_one="import pytest\n\ndef test_ok():\n    pass\n\n"
        "def test_away():\n    pytest.skip('not here')\n"
    )
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.stdout.fnmatch_lines(["skipped tests: 1", "*not allowed*", "*test_one.py::test_away*"])
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    monkeypatch.delenv("CI")
    monkeypatch.delenv("SOLOTABLE_REQUIRE_BROWSER", raising=False)
    assert pytester.runpytest("-p", "no:cacheprovider").ret == pytest.ExitCode.OK
