"""``tools/mutation.py``'s verdicts on a run: which survivors need a test, which rows are stale.

The tool is what says a game meets issue 20's targets, so its bookkeeping is tested on made-up
outcomes (mutmut's exit codes per mutant) rather than trusted.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from tests.scripts import load_script


def _tool() -> ModuleType:
    return load_script("tools/mutation.py")


def test_survivors_timeouts_and_listed_equivalents_are_told_apart() -> None:
    tool = _tool()
    scope = tool.scopes()["mini_divercity"]
    p = scope.module_prefix
    outcome = {
        p + "rules.a__mutmut_1": 1,  # a test failed: killed
        p + "rules.a__mutmut_2": 0,  # survived, not listed: needs a test
        p + "rules.a__mutmut_3": 0,  # survived, listed: equivalent
        p + "rules.a__mutmut_4": 24,  # over the time limit, listed: still equivalent
        p + "rules.a__mutmut_5": 1,  # listed, but a test fails on it: a stale row
        p + "observation.b__mutmut_1": 152,  # over the time limit, not listed: killed
        p + "observation.b__mutmut_2": 33,  # no test calls it: a survivor
    }
    listed = {p + f"rules.a__mutmut_{i}" for i in (3, 4, 5)} | {"solotable.games.other.x__mutmut_1"}
    s = tool.summarise(scope, outcome, listed)
    assert s["generated"] == 7
    assert s["killed"] == 3  # 1, 5 and observation 1; the listed time-out is not a kill
    assert s["equivalent"] == 2 and s["equivalent_timed_out"] == [p + "rules.a__mutmut_4"]
    assert s["unexplained"] == [p + "observation.b__mutmut_2", p + "rules.a__mutmut_2"]
    assert s["no_tests"] == [p + "observation.b__mutmut_2"]
    assert s["stale_equivalents"] == [p + "rules.a__mutmut_5"]
    assert s["by_area"] == {"rules": [5, 2, 3], "observation": [2, 1, 0]}


def test_try_refuses_a_name_the_run_did_not_generate(tmp_path, monkeypatch) -> None:
    """A misspelt or short mutant name switches no mutant on: every test would pass and the
    mutant would be reported alive. ``--try`` names it and stops before starting a trial."""
    import json

    import pytest

    tool = _tool()
    scope = tool.scopes()["mini_divercity"]
    p = scope.module_prefix
    meta = tmp_path / scope.name / "mutants" / "src" / "x.py.meta"
    meta.parent.mkdir(parents=True)
    verdicts = {p + "rules.divers.x_peek__mutmut_2": 0, p + "rules.divers.x_peek__mutmut_3": None}
    meta.write_text(json.dumps({"exit_code_by_key": verdicts}), "utf-8")
    monkeypatch.setattr(tool, "BUILD", tmp_path)
    assert tool.mutant_names(
        scope, ["rules.divers.x_peek__mutmut_3", p + "rules.divers.x_peek__mutmut_2"]
    ) == [
        p + "rules.divers.x_peek__mutmut_3",
        p + "rules.divers.x_peek__mutmut_2",
    ]
    with pytest.raises(SystemExit, match=r"not a mutant of the last run: .*x_peek__mutmut_9"):
        tool.mutant_names(scope, ["rules.divers.x_peek__mutmut_9"])
    with pytest.raises(SystemExit, match="not a mutant of the last run"):
        tool.try_kills(scope, ["x_peek__mutmut_2", "tests/games/mini_divercity/test_x.py::t"])


def test_every_scope_names_files_and_tests_that_exist() -> None:
    """A scope whose paths went stale (a module moved, issue 36) would mutate nothing or run
    no test, and report a clean result: each pattern must match a file, each test path exist."""
    tool = _tool()
    root = Path(__file__).resolve().parent.parent
    for scope in tool.scopes().values():
        for pattern in scope.files:
            assert list(root.glob(pattern)), (scope.name, pattern)
        for arg in scope.tests:
            path = arg.removeprefix("--ignore=")
            if path.startswith("tests/"):
                assert (root / path).exists(), (scope.name, arg)
