"""``bench/web_click.py`` runs: a real ``solotable serve``, Chromium, two clicks per game.

The bench is a measurement, not a test: only that the script still drives the table (its
probe sees each click become a painted table, a new game and the AI's reply) is checked
here, never a time."""

from __future__ import annotations

import pytest

from tests.apart import apart
from tests.scripts import load_script
from tests.web.conftest import chromium_path

pytestmark = pytest.mark.xdist_group("browser")


def test_the_click_bench_times_moves_new_games_and_the_ai_reply(home) -> None:
    if chromium_path() is None:
        pytest.skip("no chromium")
    bench = load_script("bench/web_click.py")
    # A thread of its own: the browser tests' Playwright may be running in this one.
    out = apart(lambda: bench.run(["divercite", "dice-miner"], clicks=2, seed=1))
    for game in ("divercite", "dice-miner"):
        r = out[game]
        assert r["move"]["n"] == 2 and 0 < r["move"]["p50_ms"] <= r["move"]["max_ms"]
        assert r["server_and_swap"]["p50_ms"] <= r["move"]["max_ms"]
        assert r["new_game"]["n"] == r["games"] >= 1 and r["new_game"]["p50_ms"] > 0
    assert out["divercite"]["ai_reply"]["n"] >= 1  # the AI's move, timed apart
    assert "ai_reply" not in out["dice-miner"]
