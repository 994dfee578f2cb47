"""Suite-wide settings: Hypothesis profiles and the check that no test is quietly skipped.

Hypothesis profiles (``--hypothesis-profile=NAME``; ``ci`` is the default):

* ``ci`` — derandomized: the same examples on every run, so a red CI run can be
  reproduced and ``make mutation`` meets each mutant with the examples of the clean
  run; no example database, no deadline (the machine is shared and loaded).
* ``nightly`` — random and ten times more examples for tests that do not set their
  own count, to look for new failures (``pytest --hypothesis-profile=nightly``).

Skips: the number of skipped tests is printed at the end of every run. When
``SOLOTABLE_REQUIRE_BROWSER=1`` or ``CI`` is set (``.ci/run`` sets both), any skip that
``tests/allowed_skips.txt`` does not list for the current context fails the run, so a
test that CI always skips cannot hide there. The context is ``SOLOTABLE_SKIP_CONTEXT``
(``main`` unless set; ``make test-floors`` sets ``floors``).
"""

from __future__ import annotations

import fnmatch
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "nightly",
    max_examples=1000,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

pytest_plugins = ["pytester"]
"""``pytester`` runs the skip check on a small suite (tests/test_skips.py)."""

ALLOWED_SKIPS = Path(__file__).resolve().parent / "allowed_skips.txt"


def read_allowed_skips(path: Path = ALLOWED_SKIPS) -> list[tuple[str, str, str]]:
    """``(context, test id pattern, reason)`` per entry; every entry must give a reason.

    A line is ``CONTEXT | PATTERN | REASON``; ``#`` starts a comment line.
    """
    out = []
    for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = [p.strip() for p in line.split("|")]
        if len(parts) != 3 or not all(parts):
            raise ValueError(f"{path.name}:{n}: want 'CONTEXT | PATTERN | REASON', got {line!r}")
        out.append((parts[0], parts[1], parts[2]))
    return out


def unexpected_skips(
    skipped: list[str], context: str, allowed: list[tuple[str, str, str]]
) -> list[str]:
    """The skipped test ids no entry of ``allowed`` covers in ``context``."""
    return [
        test
        for test in skipped
        if not any(c == context and fnmatch.fnmatchcase(test, p) for c, p, _ in allowed)
    ]


def _skip_check_active() -> bool:
    return os.environ.get("SOLOTABLE_REQUIRE_BROWSER") == "1" or bool(os.environ.get("CI"))


def _skipped_ids(terminalreporter: Any) -> list[str]:
    ids = []
    for report in terminalreporter.stats.get("skipped", []):
        if getattr(report, "when", "") == "teardown":
            continue
        ids.append(report.nodeid or str(getattr(report, "fspath", "")))
    return sorted(set(ids))


@pytest.hookimpl(trylast=True)
def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: Any) -> None:
    if hasattr(config, "workerinput"):
        return
    skipped = _skipped_ids(terminalreporter)
    terminalreporter.write_line(f"skipped tests: {len(skipped)}")
    if not _skip_check_active():
        return
    context = os.environ.get("SOLOTABLE_SKIP_CONTEXT", "main")
    bad = unexpected_skips(skipped, context, read_allowed_skips())
    if bad:
        terminalreporter.write_line(
            f"{len(bad)} skip(s) not allowed in context {context!r} by tests/allowed_skips.txt:",
            red=True,
        )
        for test in bad:
            terminalreporter.write_line(f"    {test}", red=True)
        config._solotable_bad_skips = bad


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    # Runs before the terminal summary, so the check itself is repeated here to set
    # the exit status (the summary above only prints).
    config = session.config
    if hasattr(config, "workerinput") or not _skip_check_active():
        return
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None:
        return
    context = os.environ.get("SOLOTABLE_SKIP_CONTEXT", "main")
    if unexpected_skips(_skipped_ids(reporter), context, read_allowed_skips()):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(autouse=True)
def _forget_the_command_line_language() -> Any:
    """A test that ran the CLI with ``--lang`` leaves the choice in ``solotable.words``
    (the process is the test runner); the next test starts from ``SOLOTABLE_LANG`` again."""
    from solotable.words import choose_lang

    yield
    choose_lang(None)


@pytest.fixture(scope="session")
def playwright() -> Any:
    """One Playwright per test process, for every browser test (two sync Playwrights cannot
    run in one thread). Started on first use only."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p
