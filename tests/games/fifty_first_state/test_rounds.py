"""Production, Cleanup and the end of the game (spec §3.3, §3.7, §9 A4; seed: Objectif)."""

from __future__ import annotations

import pytest

from solotable.core.errors import IllegalActionError
from solotable.core.players import CHANCE
from solotable.games.fifty_first_state.state import (
    ACTIONS,
    STORE,
    FiftyFirstStateState,
)

from .helpers import (
    GOODS,
    finish_lookout,
    goods_of,
    moves,
    pass_to_next_lookout,
    play,
    staged,
    without_opponent,
)
from .spec_table import (
    SPEC_FACTIONS,
    SPEC_KEEP,
)


def _next_round(s: FiftyFirstStateState) -> None:
    """Pass, then resolve chance keeping every Lookout card, up to the next actions."""
    play(s, "pass")
    while s.phase != ACTIONS or s.current_player() == CHANCE:
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance())
        elif s.phase == STORE:
            play(s, "done")
        else:
            play(s, "keep")


def test_production_faction_income_deals_and_locations_spec_3_3() -> None:
    s = staged("mutants", locs=("school", "arena", "assassin"), deals=("docks", "church"))
    d = s.to_dict()
    d["opp"] = []  # no opponent card in the way: staged round 1 already produced
    s = s.game.state_from_dict(d)
    _next_round(s)
    g = goods_of(s)
    assert g["worker"] == 3 + 1  # faction + school
    assert g["grey"] == 1
    assert g["gun"] == 1 + 2 + 1  # faction good, arena (2 gun-type), assassin
    assert g["iron"] == 1  # docks deal
    assert s.vp == 1  # church deal
    # 1 card from the faction board, already drawn: 4 staged + 3 lookout + 1
    assert sum(s.hand) == 0 + 3 + 1


def test_cleanup_discards_goods_and_resets_uses_spec_3_3() -> None:
    s = staged(locs=("scrap-trader", "brick-storage"), goods={"iron": 3, "red": 2})
    d = s.to_dict()
    d["locs"][1][2][3] = 3  # brick storage holds 3 bricks
    s = s.game.state_from_dict(d)
    play(s, "use scrap-trader", "use scrap-trader")
    _next_round(s)
    obs = s.observation(0)
    assert obs["locations"][0]["uses_left"] == 2
    assert obs["locations"][1]["stored"] == {"brick": 3}  # storage survives Cleanup
    assert obs["goods"]["red"] == 0 and obs["goods"]["iron"] == 1  # 1 new iron (NY)


def test_keep_cards_store_goods_through_cleanup_spec_6_2_underground_warehouse() -> None:
    s = staged(
        locs=("underground-warehouse", "thieves-den"), goods={"fuel": 6, "worker": 3, "red": 1}
    )
    play(s, "pass")
    assert s.phase == STORE
    moves = [m for m, _ in s.legal_moves_text()]
    assert moves == ["done", "store fuel", "store worker"]
    for _ in range(5):
        play(s, "store fuel")
    assert [m for m, _ in s.legal_moves_text()] == ["done", "store worker"]  # goods full
    play(s, "store worker", "store worker")
    with pytest.raises(IllegalActionError, match="no room"):
        play(s, "store worker")
    play(s, "done")
    while s.current_player() == CHANCE or s.phase != ACTIONS:
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance())
        else:
            play(s, "keep")
    g = goods_of(s)
    assert g["fuel"] == 5 and g["worker"] == 2 + 3 and g["red"] == 0
    assert all(not loc["stored"] for loc in s.observation(0)["locations"])


def test_round_six_pass_ends_the_game_with_breakdown_spec_9_a4() -> None:
    s = staged(locs=("church", "docks", "school"), vp=7, round_=6)
    play(s, "pass")
    assert s.is_terminal() and s.legal_actions() == []
    assert s.scores() == [10.0] and s.returns() == [10.0]
    obs = s.observation(0)
    assert obs["score"] == {"vp": 7, "locations": 3, "total": 10}
    outcome = s.outcome()
    assert outcome.key == "51st-state.outcome.final"
    assert (outcome.arg("score"), outcome.arg("vp"), outcome.arg("locations")) == (10, 7, 3)
    assert str(outcome) == "New York: 10 points after 6 rounds (7 VP + 3 for locations)"
    st = s.stats()
    assert st["faction"] == "new-york" and st["score"] == 10.0
    screen = s.game.render(obs)
    assert "GAME OVER" in screen and "final score: 10" in screen


def test_game_lasts_exactly_six_rounds_seed_objectif() -> None:
    s = staged()
    for r in range(1, 6):
        assert s.round == r
        _next_round(s)
    assert s.round == 6 and not s.is_terminal()
    play(s, "pass")
    assert s.is_terminal()


def test_face_up_connections_discarded_at_cleanup_assumption() -> None:
    s = staged()
    fu = s.observation(0)["connections"]["face_up"]
    _next_round(s)
    disc = s.observation(0)["connections"]["discard"]
    assert disc.get(fu["blue"], 0) >= 1 and disc.get(fu["red"], 0) >= 1


def test_built_pub_draws_a_card_each_production_seed_pub_rattachement() -> None:
    s = staged(locs=("pub",))
    d = s.to_dict()
    d["opp"] = []
    s = s.game.state_from_dict(d)
    _next_round(s)
    assert sum(s.hand) == 3 + 1 + 1  # Lookout 3, faction card 1, Pub 1


def test_opponent_cards_can_be_used_again_next_round_spec_9_a3() -> None:
    s = staged(opp=("quarry",), goods={"worker": 1})
    play(s, "opp quarry")
    assert s.observation(0)["opponent"][-1]["used"] is True
    _next_round(s)
    assert all(not o["used"] for o in s.observation(0)["opponent"])
    assert "opp quarry" in [m for m, _ in s.legal_moves_text()]


def test_draw_with_no_card_left_anywhere_is_lost_spec_9_a8() -> None:
    s = staged(goods={"worker": 2})
    d = s.to_dict()
    for zone in ("pile", "discard"):
        for t, c in enumerate(d[zone]):
            d["opp_deck"][t] += c  # park every card in the opponent deck
            d[zone][t] = 0
    s = s.game.state_from_dict(d)
    play(s, "work card")
    assert s.current_player() == 0 and sum(s.hand) == 0


def test_develop_replaces_the_copy_with_fewest_uses_left() -> None:
    s = staged(
        hand=("oil-trader",), locs=("hideout", "hideout"), deals=("docks",), goods={"brick": 1}
    )
    play(s, "use hideout docks")  # the first Hideout now has 1 use left
    play(s, "develop oil-trader over hideout")
    obs = s.observation(0)
    assert [loc["card"] for loc in obs["locations"]] == ["oil-trader", "hideout"]
    assert [loc["uses_left"] for loc in obs["locations"]] == [2, 2]


@pytest.mark.parametrize("cid", sorted(SPEC_KEEP))
def test_storage_feature_capacity_through_cleanup_spec_6_2(cid: str) -> None:
    goods_cap, worker_cap = SPEC_KEEP[cid]
    s = staged(locs=(cid,), goods={"fuel": 5, "worker": 5})
    play(s, "pass")
    assert s.phase == STORE
    stored = 0
    while "store fuel" in moves(s):
        play(s, "store fuel")
        stored += 1
    assert stored == goods_cap
    kept = 0
    while "store worker" in moves(s):
        play(s, "store worker")
        kept += 1
    assert kept == worker_cap
    with pytest.raises(IllegalActionError, match="no room"):
        play(s, "store fuel")


@pytest.mark.parametrize("faction", sorted(SPEC_FACTIONS))
def test_production_gives_faction_income_and_good_spec_3_3_and_9_a5(faction: str) -> None:
    s = without_opponent(staged(faction))
    hand0 = sum(s.hand)
    pass_to_next_lookout(s)
    finish_lookout(s)
    expected = {"worker": 3, "grey": 1, SPEC_FACTIONS[faction][0]: 1}
    assert goods_of(s) == {k: expected.get(k, 0) for k in GOODS}
    assert sum(s.hand) == hand0 + 3 + 1  # three Lookout cards, one from the board


def test_last_round_has_no_cleanup_storage_step_assumption_rounds() -> None:
    s = staged(locs=("underground-warehouse",), goods={"fuel": 3}, round_=6)
    play(s, "pass")
    assert s.is_terminal()
