"""Every Base-deck card, built, dealt, razed and (for action cards) used, checked against
an independent transcription of spec §6.2 (``spec_table.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import (
    GOODS,
    game,
    goods_of,
    play,
    staged,
)
from .spec_table import (
    SPEC_BASE_DECK,
    SPEC_ICONS,
    SPEC_KEEP,
)

IDS = [row[0] for row in SPEC_BASE_DECK]
BY_ID = {row[0]: row for row in SPEC_BASE_DECK}
ACTION_IDS = [row[0] for row in SPEC_BASE_DECK if row[5][0] == "action"]
LOCATION_KINDS = ("production", "feature", "action")
"""The card catalog's location cards (it lists connection cards and faction boards too)."""


def _icon_of(cs: Any, mask: int) -> str:
    names = [cs.icon_names[i] for i in range(len(cs.icon_names)) if mask >> i & 1]
    assert len(names) == 1
    return str(names[0])


def _check_gain(s: Any, gain: dict[str, int], vp0: int = 0) -> None:
    """Supply, VP and pending draws equal exactly ``gain`` (the cost was the whole supply)."""
    g = goods_of(s)
    for good in GOODS:
        assert g[good] == gain.get(good, 0), good
    assert s.vp == vp0 + gain.get("vp", 0)
    assert s.pending_draws == gain.get("card", 0)


def _add(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return out


def test_spec_table_and_data_file_agree_on_every_field() -> None:
    from .helpers import game

    g = game()
    cat = {c["id"]: c for c in g.card_catalog() if c["kind"] in LOCATION_KINDS}
    assert sorted(cat) == sorted(IDS)
    for cid, copies, kind, is_open, dist, _e, _b, deal, raze in SPEC_BASE_DECK:
        c = cat[cid]
        t = g.layout.card_index[cid]
        assert (g.cards.copies[t], c["kind"], c["open"], c["distance"]) == (
            copies,
            kind,
            is_open,
            dist,
        ), cid
        assert (c["deal"], c["raze"]) == (deal, raze), cid


@pytest.mark.parametrize("cid", IDS)
def test_build_every_card(cid: str) -> None:
    _, _, kind, _, dist, effect, bonus, _, _ = BY_ID[cid]
    s = staged(hand=(cid,), goods={"grey": dist})
    play(s, f"build {cid}")
    loc = s.observation(0)["locations"][-1]
    assert (loc["card"], loc["row"]) == (cid, kind)
    gain: dict[str, int] = {}
    if effect[0] == "produce":
        gain = _add(gain, effect[1])
    elif effect[0] == "per_icon":
        gain = _add(gain, {effect[1]: 1})  # the card counts itself
    if bonus is not None:
        if bonus[0] == "gain":
            gain = _add(gain, bonus[1])
        elif bonus[0] == "store":
            assert loc["stored"] == bonus[1]
        elif bonus[0] == "vp_per_icon":
            gain = _add(gain, {"vp": 1})  # itself only
    _check_gain(s, gain)


@pytest.mark.parametrize("cid", IDS)
def test_deal_every_card_gives_its_good_now(cid: str) -> None:
    dist, deal = BY_ID[cid][4], BY_ID[cid][7]
    s = staged(hand=(cid,), goods={"blue": dist})
    play(s, f"deal {cid}")
    _check_gain(s, deal)
    assert s.observation(0)["deals"] == {cid: 1}


@pytest.mark.parametrize("cid", IDS)
def test_raze_every_card_gives_its_spoils(cid: str) -> None:
    dist, raze = BY_ID[cid][4], BY_ID[cid][8]
    s = staged(hand=(cid,), goods={"red": dist})
    play(s, f"raze {cid}")
    _check_gain(s, raze)
    assert s.observation(0)["discard"].get(cid) == 1


@pytest.mark.parametrize("cid", ACTION_IDS)
def test_use_every_action_card_for_its_uses(cid: str) -> None:
    _, cost, gain, uses = BY_ID[cid][5]
    cost = dict(cost)
    arg = ""
    deals: tuple[str, ...] = ()
    if cost.pop("any_basic", 0):
        cost = _add(cost, {"fuel": 1})
        arg = " fuel"
    if cost.pop("deal", 0):
        deals = ("docks",) * uses
        arg = " docks"
    gain = dict(gain)
    if gain.pop("choice_basic", 0):
        gain["iron"] = 1
        arg = " iron"
    total = {k: v * uses for k, v in cost.items()}
    s = staged(locs=(cid,), deals=deals, goods=total)
    drawn = 0
    for i in range(uses):
        assert s.observation(0)["locations"][-1]["uses_left"] == uses - i
        play(s, f"use {cid}{arg}")
        while s.current_player() < 0:  # a card reward is a draw (chance node)
            s.apply_action(s.sample_chance())
            drawn += 1
    assert drawn == gain.pop("card", 0) * uses
    assert sum(s.hand) == drawn
    assert s.observation(0)["locations"][-1]["uses_left"] == 0
    assert f"use {cid}{arg}" not in [m for m, _ in s.legal_moves_text()]
    _check_gain(s, {k: v * uses for k, v in gain.items()})
    if deals:
        assert s.observation(0)["deals"] == {}


def test_every_card_icons_match_spec_6_2() -> None:
    """Icons drive developing with brick and every per-type effect (spec §6.2)."""
    cat = {c["id"]: c for c in game().card_catalog() if c["kind"] in LOCATION_KINDS}
    assert set(cat) == set(SPEC_ICONS)
    for cid, icons in SPEC_ICONS.items():
        assert tuple(cat[cid]["icons"]) == icons, cid


def test_every_card_effect_and_build_bonus_match_spec_6_2_exactly() -> None:
    """Production, per-type maxima, action costs/gains/uses, storage and build bonuses."""
    g = game()
    cs = g.cards
    cat = {c["id"]: c for c in g.card_catalog() if c["kind"] in LOCATION_KINDS}
    for cid, _n, _kind, _open, _d, effect, bonus, _deal, _raze in SPEC_BASE_DECK:
        c = cat[cid]
        t = g.layout.card_index[cid]
        if effect[0] == "produce":
            assert c["prod_gain"] == effect[1], cid
        elif effect[0] == "per_icon":
            _good, mask, mx = cs.per_icon[t]
            assert (c["per_icon"]["good"], _icon_of(cs, mask), mx) == (
                effect[1],
                effect[1],
                effect[2],
            ), cid
        elif effect[0] == "action":
            cost = dict(effect[1])
            gain = dict(effect[2])
            assert c["act_any"] == cost.pop("any_basic", 0), cid
            assert c["act_deal"] == cost.pop("deal", 0), cid
            assert c["act_choice"] == gain.pop("choice_basic", 0), cid
            assert (c["act_cost"], c["act_gain"], c["act_uses"]) == (cost, gain, effect[3]), cid
        else:
            assert c["kind"] == "feature" and not c["act_uses"] and not c["prod_gain"], cid
            keep = cs.keep[t]
            assert keep == SPEC_KEEP.get(cid, (0, 0)), cid
        if bonus is None:
            assert not (c["bonus_gain"] or c["bonus_store"] or c["bonus_vp_per_icon"]), cid
        elif bonus[0] == "gain":
            assert c["bonus_gain"] == bonus[1], cid
        elif bonus[0] == "store":
            assert c["bonus_store"] == bonus[1], cid
        else:
            vpi = cs.bonus_vpi[t]
            assert vpi is not None and (_icon_of(cs, vpi[0]), vpi[1]) == bonus[1:], cid
