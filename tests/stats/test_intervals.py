"""Intervals honest at small n, paired differences, and summaries identical on every Python."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solotable.stats.accumulate import Moments
from solotable.stats.intervals import (
    games_needed,
    mean_interval,
    paired_difference,
    t_cdf,
    t_crit,
    t_quantile,
    welch,
    wilson,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("df", "table"),
    [(1, 12.706), (2, 4.303), (3, 3.182), (5, 2.571), (10, 2.228), (30, 2.042), (120, 1.980)],
)
def test_t_quantiles_match_the_printed_tables(df, table):
    assert round(t_crit(df), 3) == table
    assert t_cdf(t_crit(df), df) == pytest.approx(0.975, abs=1e-12)


def test_t_quantile_tends_to_the_normal_one_and_is_symmetric():
    assert round(t_crit(10**9), 3) == 1.960
    assert t_crit(10**5) > t_crit(10**6) > 1.959963984540054
    assert t_quantile(0.025, 7) == -t_quantile(0.975, 7)
    assert round(t_quantile(0.995, 1), 2) == 63.66  # 99% two-sided, df 1
    assert round(t_quantile(0.95, 4), 3) == 2.132
    assert 2.228 < t_crit(9.5) < 2.262  # Welch's fractional df sits between its neighbours
    with pytest.raises(ValueError):
        t_quantile(1.0, 3)


def test_small_samples_are_reported_honestly():
    assert mean_interval(1, 57.0, None) == {
        "mean": 57.0,
        "ci95": [None, None],
        "n": 1,
        "note": "n too small",
    }
    same = mean_interval(3, 57.0, 0.0)
    assert same["note"] == "no variation seen"
    m = Moments()
    for x in (1.0, 2.0, 6.0):
        m.add(x)
    ci = m.ci()
    half = ci["ci95"][1] - ci["mean"]
    # t with 2 df, not z: 4.303 * sd / sqrt(3)
    assert half == pytest.approx(4.302652729749464 * math.sqrt(7.0 / 3.0), rel=1e-12)
    assert "note" not in ci


def test_wilson_interval():
    w = wilson(0, 10)
    assert w["rate"] == 0 and w["ci95"][0] == 0 and 0.2 < w["ci95"][1] < 0.35
    w = wilson(50, 100)
    assert w["ci95"] == pytest.approx([0.4038, 0.5962], abs=1e-4)  # known Wilson values
    assert wilson(0, 0)["rate"] is None


def test_pairing_narrows_the_interval_when_the_seed_explains_the_score():
    """Scores vary a lot from seed to seed, the variant adds ~1 point: pairing sees it."""
    base = [float(10 * (i % 7) + (i % 3)) for i in range(60)]
    other = [b + 1.0 + 0.5 * ((i * 5) % 3 - 1) for i, b in enumerate(base)]
    a, b, d = Moments(), Moments(), Moments()
    for x, y in zip(base, other, strict=True):
        a.add(x)
        b.add(y)
        d.add(y - x)
    assert a.mean() is not None and b.mean() is not None and d.mean() is not None
    unpaired = welch(a.n, a.mean(), a.variance() or 0.0, b.n, b.mean(), b.variance() or 0.0)
    change = paired_difference(d.n, d.mean(), d.variance(), unpaired, precision=0.01)
    assert change["paired"] and change["diff"] == pytest.approx(1.0, abs=0.05)
    assert change["half_width"] < unpaired / 10
    assert change["significant"]  # paired: clearly above 0
    lo_u, hi_u = change["diff"] - unpaired, change["diff"] + unpaired
    assert lo_u < 0 < hi_u  # unpaired: the same data could not tell
    # wider than asked: how many games would do
    assert change["games_needed"] == games_needed(math.sqrt(d.variance() or 0.0), 0.01)
    assert change["games_needed"] > d.n


def test_games_needed_reaches_the_half_width():
    n = games_needed(10.0, 1.0)
    assert n is not None
    assert t_crit(n - 1) * 10.0 / math.sqrt(n) <= 1.0 < t_crit(n - 2) * 10.0 / math.sqrt(n - 1)
    assert games_needed(0.0, 1.0) is None


def test_paired_difference_of_one_game_has_no_interval():
    c = paired_difference(1, 2.0, None, None)
    assert c["ci95"] == [None, None] and c["note"] == "n too small"


SCRIPT = r"""
import json, os, sys, types
# Only the statistics modules run: the packages' __init__ (which imports platformdirs and
# the rest) is skipped, so a bare interpreter without the project's dependencies will do.
src = os.environ["PYTHONPATH"]
for name in ("solotable", "solotable.core"):
    pkg = types.ModuleType(name)
    pkg.__path__ = [os.path.join(src, *name.split("."))]
    sys.modules[name] = pkg
from solotable.stats.accumulate import Moments, SummaryAccumulator, difference
from solotable.stats.intervals import paired_difference, welch, t_crit

acc = SummaryAccumulator("x", ["a", "b"], 7, 2)
d, ma, mb = Moments(), Moments(), Moments()
for i in range(997):
    x = (i * 0.1) % 3.7 + 1e-3 * i
    y = (i * 0.37) % 2.9 - 0.001 * (i % 13)
    acc.add([i % 2, 1 - i % 2], [1.0, -1.0] if x > y else [-1.0, 1.0], [x, y], "o",
            {"share": x / 7.3, "kind": "k%d" % (i % 3)})
    ma.add(x); mb.add(y); d.add(y - x)
uh = welch(ma.n, ma.mean(), ma.variance(), mb.n, mb.mean(), mb.variance())
doc = {"summary": acc.summary(), "welch": difference(ma, mb),
       "t": [t_crit(k) for k in (1, 2, 7.3, 50, 999)],
       "paired": paired_difference(d.n, d.mean(), d.variance(), uh, 0.001)}
print(json.dumps(doc, sort_keys=True))
"""


GOLDEN = Path(__file__).resolve().parents[1] / "core" / "golden" / "summary.json"
"""The exact bytes SCRIPT printed on Python 3.11, 3.12 and 3.13 (identical on all three
when they were recorded): one interpreter compared with them checks the same promise."""


def test_summaries_are_byte_identical_to_the_golden_bytes():
    """``sum()`` changed in 3.12; summaries use exact sums and fixed float operations, so the
    same games give the same bytes on every Python version: whichever interpreter runs the
    tests must print exactly the bytes recorded (the code path is stdlib only)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    r = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, env=env, check=False, timeout=120
    )
    assert r.returncode == 0, r.stderr.decode()
    golden = GOLDEN.read_bytes()
    assert r.stdout == golden, (r.stdout[:300], golden[:300])
    json.loads(golden)
