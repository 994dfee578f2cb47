"""Skill versus luck: the two-way split of a score table (agent × deal)."""

from __future__ import annotations

import random

import pytest

from solotable.stats.skill import common_deals, decompose


def test_an_additive_table_splits_exactly():
    # agent means 2 and 4, deal means 2, 3, 4, no interaction: SS 6 + 4 + 0 = 10
    doc = decompose([[1, 2, 3], [3, 4, 5]])
    assert doc["agents"] == 2 and doc["deals"] == 3
    assert doc["agent"]["share"] == pytest.approx(0.6)
    assert doc["deal"]["share"] == pytest.approx(0.4)
    assert doc["interaction"]["share"] == pytest.approx(0.0, abs=1e-12)


def test_interaction_is_what_the_agent_and_the_deal_do_not_explain():
    # same agent means, same deal means, but deal 0 suits agent 0 and deal 1 agent 1
    doc = decompose([[2, 0], [0, 2]])
    assert doc["agent"]["share"] == pytest.approx(0.0)
    assert doc["deal"]["share"] == pytest.approx(0.0)
    assert doc["interaction"]["share"] == pytest.approx(1.0)


def test_shares_recover_the_variances_of_a_simulated_game():
    rng = random.Random(7)
    deals = [rng.gauss(0, 3) for _ in range(600)]  # deal variance 9
    rows = [[m + d + rng.gauss(0, 1) for d in deals] for m in (10.0, 14.0)]  # agents ±2
    doc = decompose(rows)
    # per game: agent 4, deal 9, noise 1 (half of it lands in the deal means)
    assert doc["agent"]["share"] == pytest.approx(4 / 14, abs=0.04)
    assert doc["deal"]["share"] == pytest.approx(9.5 / 14, abs=0.05)
    for part in ("agent", "deal", "interaction"):
        lo, hi = doc[part]["ci95"]
        assert lo < doc[part]["share"] < hi
    assert decompose(rows) == doc  # a fixed generator: the same interval every time


def test_degenerate_tables_say_why():
    assert decompose([[3, 3], [3, 3]])["note"] == "no variation seen"
    assert decompose([[1, 2, 3]])["note"] == "n too small"
    assert decompose([[1], [2]])["note"] == "n too small"
    with pytest.raises(ValueError):
        decompose([[1, 2], [3]])


def test_common_deals_keeps_the_seeds_every_agent_played():
    seeds, rows = common_deals([{1: 1.0, 2: 2.0, 3: 3.0}, {3: 30.0, 1: 10.0}])
    assert seeds == [1, 3] and rows == [[1.0, 3.0], [10.0, 30.0]]
