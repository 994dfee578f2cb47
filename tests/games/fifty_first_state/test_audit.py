"""Rules-audit tests: gaps found while mapping the seed and spec to the suite
(see RULES_COVERAGE.md). Each test names the seed paragraph or spec section it drives."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text

from solotable.core.errors import IllegalActionError
from solotable.core.players import CHANCE
from solotable.games.fifty_first_state.state import (
    ACTIONS,
    LK_DECIDE,
    LK_DRAW,
    LK_EXTRA,
    STORE,
    FiftyFirstStateState,
)

from .helpers import GOODS, card_total, conn_total, game, goods_of, play, staged
from .spec_table import (
    SPEC_BASE_DECK,
    SPEC_CONNECTIONS,
    SPEC_FACTIONS,
    SPEC_ICONS,
    SPEC_KEEP,
)


def _moves(s: FiftyFirstStateState) -> list[str]:
    return [m for m, _ in s.legal_moves_text()]


def _first_outcome(s: FiftyFirstStateState) -> None:
    s.apply_action(s.chance_outcomes()[0][0])


def _pass_to_next_lookout(s: FiftyFirstStateState) -> None:
    """Pass, skip Cleanup storage, resolve the connection flips: stop at the first Lookout draw."""
    play(s, "pass")
    while s.phase != LK_DRAW:
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance())
        elif s.phase == STORE:
            play(s, "done")
        else:
            raise AssertionError(f"unexpected decision in phase {s.phase}")


def _finish_lookout(s: FiftyFirstStateState) -> None:
    """Keep whatever comes until the Action phase."""
    while s.phase != ACTIONS or s.current_player() == CHANCE:
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance())
        else:
            play(s, "keep")


def _without_opponent(s: FiftyFirstStateState) -> FiftyFirstStateState:
    d = s.to_dict()
    for o in d["opp"]:
        d["pile"][o[0]] += 1
    d["opp"] = []
    return s.game.state_from_dict(d)


# ---------------------------------------------------------------- data vs spec §6.2
def test_every_card_icons_match_spec_6_2() -> None:
    """Icons drive developing with brick and every per-type effect (spec §6.2)."""
    cat = {c["id"]: c for c in game().card_catalog()}
    assert set(cat) == set(SPEC_ICONS)
    for cid, icons in SPEC_ICONS.items():
        assert tuple(cat[cid]["icons"]) == icons, cid


def _icon_of(cs: Any, mask: int) -> str:
    names = [cs.icon_names[i] for i in range(len(cs.icon_names)) if mask >> i & 1]
    assert len(names) == 1
    return str(names[0])


def test_every_card_effect_and_build_bonus_match_spec_6_2_exactly() -> None:
    """Production, per-type maxima, action costs/gains/uses, storage and build bonuses."""
    g = game()
    cs = g.cards
    cat = {c["id"]: c for c in g.card_catalog()}
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


@pytest.mark.parametrize("cid", sorted(SPEC_KEEP))
def test_storage_feature_capacity_through_cleanup_spec_6_2(cid: str) -> None:
    goods_cap, worker_cap = SPEC_KEEP[cid]
    s = staged(locs=(cid,), goods={"fuel": 5, "worker": 5})
    play(s, "pass")
    assert s.phase == STORE
    stored = 0
    while "store fuel" in _moves(s):
        play(s, "store fuel")
        stored += 1
    assert stored == goods_cap
    kept = 0
    while "store worker" in _moves(s):
        play(s, "store worker")
        kept += 1
    assert kept == worker_cap
    with pytest.raises(IllegalActionError, match="no room"):
        play(s, "store fuel")


# ------------------------------------------------------------ factions spec §3.5
@pytest.mark.parametrize("faction", sorted(SPEC_FACTIONS))
def test_production_gives_faction_income_and_good_spec_3_3_and_9_a5(faction: str) -> None:
    s = _without_opponent(staged(faction))
    hand0 = sum(s.hand)
    _pass_to_next_lookout(s)
    _finish_lookout(s)
    expected = {"worker": 3, "grey": 1, SPEC_FACTIONS[faction][0]: 1}
    assert goods_of(s) == {k: expected.get(k, 0) for k in GOODS}
    assert sum(s.hand) == hand0 + 3 + 1  # three Lookout cards, one from the board


ACTION_CASES = [
    (faction, k, cost, gain)
    for faction, (_good, acts) in SPEC_FACTIONS.items()
    for k, (cost, gain) in enumerate(acts)
]


@pytest.mark.parametrize(("faction", "k", "cost", "gain"), ACTION_CASES)
def test_every_faction_action_exact_cost_and_gain_once_per_round_spec_3_5(
    faction: str, k: int, cost: dict[str, int], gain: dict[str, int]
) -> None:
    cost = dict(cost)
    card = cost.pop("hand_card", 0)
    hand = ("church",) if card else ()
    move = f"faction {k + 1}" + (" church" if card else "")
    # One good short: the action is not offered.
    short = dict(cost)
    first = next(iter(short))
    short[first] -= 1
    s = staged(faction, hand=hand, goods=short)
    assert move not in _moves(s)
    s = staged(faction, hand=hand, goods=cost)
    play(s, move)
    assert goods_of(s) == {g: gain.get(g, 0) for g in GOODS}
    if card:
        assert s.observation(0)["hand"] == {} and s.observation(0)["discard"]["church"] == 1
    # Once per round, even with the cost paid again ...
    d = s.to_dict()
    for good, n in cost.items():
        d["goods"][GOODS.index(good)] += n
    s = s.game.state_from_dict(d)
    with pytest.raises(IllegalActionError, match="already used"):
        play(s, f"faction {k + 1}")
    assert s.observation(0)["faction_actions"][k]["used"]
    # ... and available again next round (Cleanup resets it).
    _pass_to_next_lookout(s)
    _finish_lookout(s)
    assert not s.observation(0)["faction_actions"][k]["used"]


# -------------------------------------------------------- connections spec §3.6
def test_connection_decks_hold_the_twelve_cards_of_spec_3_6() -> None:
    cs = game().cards
    got = {
        cid: (
            ("blue", "red")[cs.conn_deck[c]],
            cs.conn_copies[c],
            {GOODS[g]: n for g, n in cs.conn_cost[c]},
            {GOODS[g]: n for g, n in cs.conn_gain[c]},
        )
        for c, cid in enumerate(cs.conn_ids)
    }
    assert got == SPEC_CONNECTIONS


def test_connection_flip_draws_from_each_deck_by_counts_spec_3_3() -> None:
    s = game().new_initial_state(0)
    play(s, "draw:docks", "draw:pub", "draw:quarry")
    play(s, "draw:arena", "draw:church", "draw:motel", "draw:archive")
    probs = {s.action_to_string(a): p for a, p in s.chance_outcomes()}
    assert probs == pytest.approx({"flip:merchants": 4 / 6, "flip:junk-train": 2 / 6})
    play(s, "flip:junk-train")
    probs = {s.action_to_string(a): p for a, p in s.chance_outcomes()}
    assert probs == pytest.approx({"flip:punks": 4 / 6, "flip:thugs": 2 / 6})


@pytest.mark.parametrize("cid", sorted(SPEC_CONNECTIONS))
def test_play_each_connection_card_exact_cost_and_gain_spec_3_6(cid: str) -> None:
    _deck, _n, cost, gain = SPEC_CONNECTIONS[cid]
    s = staged(goods=cost)
    d = s.to_dict()
    c = s.L.conn_index[cid]
    if d["conn_pile"][c] == 0:  # both copies face up or discarded: take one back
        d["face_up"] = [-1 if f == c else f for f in d["face_up"]]
        d["conn_pile"][c] += 1
    d["conn_pile"][c] -= 1
    d["hand"][s.L.n + c] = 1
    s = s.game.state_from_dict(d)
    play(s, f"play {cid}")
    assert goods_of(s) == {g: gain.get(g, 0) for g in GOODS}
    assert s.observation(0)["connections"]["discard"].get(cid, 0) >= 1


def test_empty_connection_deck_reshuffles_its_discard_spec_9_a8() -> None:
    s = staged()
    d = s.to_dict()
    cs = s.cs
    blue = [c for c in range(len(cs.conn_ids)) if cs.conn_deck[c] == 0]
    for c in blue:
        d["conn_discard"][c] += d["conn_pile"][c]
        d["conn_pile"][c] = 0
    s = s.game.state_from_dict(d)
    total = list(conn_total(s))
    play(s, "pass")
    assert s.current_player() == CHANCE
    outs = {s.action_to_string(a) for a, _ in s.chance_outcomes()}
    assert outs == {"flip:merchants", "flip:junk-train"}  # the blue discard came back
    assert conn_total(s) == total


def test_connection_deck_with_no_card_anywhere_shows_none_spec_3_3() -> None:
    s = staged()
    d = s.to_dict()
    cs = s.cs
    for c in range(len(cs.conn_ids)):
        if cs.conn_deck[c] == 0:  # every blue card goes to the hand
            d["hand"][s.L.n + c] += d["conn_pile"][c] + d["conn_discard"][c]
            d["conn_pile"][c] = d["conn_discard"][c] = 0
            d["face_up"] = [-1 if f == c else f for f in d["face_up"]]
    s = s.game.state_from_dict(d)
    _pass_to_next_lookout(s)
    fu = s.observation(0)["connections"]["face_up"]
    assert fu["blue"] is None and fu["red"] is not None
    assert "take blue" not in _moves(s)


# ------------------------------------------------ seed: Mise en place (example)
def test_setup_example_stops_at_the_third_open_card_seed_mise_en_place_exemple() -> None:
    """The seed's example reveals 8 cards, the 2nd, 3rd and 8th open: play the same pattern."""
    s = game().new_initial_state(0)
    seq = ["merc-outpost", "construction-vehicles", "docks", "corner-shop", "factory"]
    seq += ["church", "museum", "quarry"]
    for i, cid in enumerate(seq):
        assert s.pending_draws == 0  # still revealing
        play(s, f"draw:{cid}")
        if i < len(seq) - 1:
            assert s.observation(0)["opponent_deck_size"] == sum(
                1 for c in seq[: i + 1] if s.cs.open[s.L.card_index[c]]
            )
    obs = s.observation(0)
    assert obs["opponent_deck"] == {"construction-vehicles": 1, "docks": 1, "quarry": 1}
    assert obs["set_aside"] == {} and obs["draw_pile_size"] == 88 - 3
    assert s.pending_draws == 4  # then the hand of 4 is drawn
    # The five closed cards went back: each can be drawn again.
    drawable = {s.action_to_string(a) for a, _ in s.chance_outcomes()}
    for cid in ("merc-outpost", "corner-shop", "factory", "church", "museum"):
        assert f"draw:{cid}" in drawable


# ---------------------------------------------- seed: La phase de pioche (example)
def _round_one_lookout() -> FiftyFirstStateState:
    s = game().new_initial_state(0)
    play(s, "draw:docks", "draw:pub", "draw:quarry")
    play(s, "draw:arena", "draw:church", "draw:motel", "draw:archive")
    play(s, "flip:merchants", "flip:punks")
    assert s.phase == LK_DRAW
    return s


def test_lookout_example_keep_refuse_forced_forced_seed_phase_de_pioche_exemple() -> None:
    """Kept, refused (Ancien dépôt), forced (Vieux parking), forced third (Briqueterie)."""
    s = _round_one_lookout()
    hand0 = sum(s.hand)
    play(s, "draw:shipwreck", "keep")
    play(s, "draw:underground-warehouse")
    assert s.phase == LK_DECIDE
    play(s, "refuse")
    play(s, "draw:parking-lot")
    assert s.phase == LK_DRAW and s.current_player() == CHANCE  # kept without a choice
    play(s, "draw:brick-supplier")
    assert s.phase == LK_EXTRA  # third card kept without a choice
    hand = s.observation(0)["hand"]
    assert sum(s.hand) == hand0 + 3
    for cid in ("shipwreck", "parking-lot", "brick-supplier"):
        assert hand[cid] == 1
    assert s.observation(0)["discard"] == {"underground-warehouse": 1}


def test_refusing_is_optional_keep_all_three_seed_phase_de_pioche() -> None:
    s = _round_one_lookout()
    hand0 = sum(s.hand)
    play(s, "draw:shipwreck", "keep", "draw:shelter", "keep", "draw:camp")
    assert s.phase == LK_EXTRA and sum(s.hand) == hand0 + 3
    assert s.observation(0)["discard"] == {}


def test_revealed_opponent_card_is_usable_the_same_round_seed_phase_de_pioche() -> None:
    s = _round_one_lookout()
    play(s, "draw:shipwreck", "keep", "draw:shelter", "keep", "draw:camp")
    play(s, "draw:skyscraper", "draw:skyscraper", "draw:gun-shop", "reveal:pub")
    assert s.phase == ACTIONS
    while s.current_player() == CHANCE:  # the faction board's card
        s.apply_action(s.sample_chance())
    assert "opp pub" in _moves(s)
    play(s, "opp pub")
    assert s.current_player() == CHANCE  # Pub's production: a card


# --------------------------------------------------- seed: Pub / library rerolls
def _third_card(s: FiftyFirstStateState) -> None:
    """Keep the first two Lookout cards, then draw the third."""
    for _ in range(2):
        _first_outcome(s)
        play(s, "keep")
    _first_outcome(s)
    assert (s.phase, s.lk_step) in ((LK_DECIDE, 2), (LK_EXTRA, 3))


def test_pub_deal_reroll_applies_to_the_third_card_only_seed_pub_cooperation() -> None:
    s = staged(deals=("pub",))
    _pass_to_next_lookout(s)
    assert s.observation(0)["lookout"]["rerolls_left"] == 1
    _first_outcome(s)
    play(s, "refuse")
    _first_outcome(s)  # the replacement of a refused first card stays forced
    assert s.phase == LK_DRAW and s.lk_step == 1
    assert s.observation(0)["lookout"]["rerolls_left"] == 1


def test_pub_deal_reroll_comes_back_every_round_spec_9_a7() -> None:
    s = staged(deals=("pub",))
    for _ in range(2):
        _pass_to_next_lookout(s)
        _third_card(s)
        assert s.phase == LK_DECIDE
        play(s, "refuse")
        _first_outcome(s)
        assert s.phase == LK_EXTRA  # the replacement is forced
        _finish_lookout(s)


@pytest.mark.parametrize(
    ("deals", "locs", "rerolls"),
    [
        (("pub",), (), 1),  # Pub as a deal (coopération)
        ((), ("pub",), 0),  # Pub built (rattachement) only draws at Production
        ((), ("ruined-library",), 1),  # Ancienne bibliothèque built (rattachement)
        (("ruined-library",), (), 0),  # as a deal it is just a gun
    ],
)
def test_which_cards_grant_the_third_card_reroll_seed_changements(
    deals: tuple[str, ...], locs: tuple[str, ...], rerolls: int
) -> None:
    s = staged(deals=deals, locs=locs)
    _pass_to_next_lookout(s)
    assert s.rerolls == rerolls
    _third_card(s)
    assert (s.phase == LK_DECIDE) == (rerolls > 0)


# ------------------------------------------------------ draw pile exhaustion A8
def test_lookout_reshuffles_the_discard_when_the_pile_runs_out_spec_9_a8() -> None:
    s = staged()
    d = s.to_dict()
    for t, c in enumerate(d["pile"]):
        d["discard"][t] += c
        d["pile"][t] = 0
    s = s.game.state_from_dict(d)
    discarded = sum(s.discard)
    _pass_to_next_lookout(s)
    assert s.tally[4] == 1 and s.pile_n == discarded and sum(s.discard) == 0
    _finish_lookout(s)
    assert card_total(s) == list(s.cs.copies)


def test_lookout_with_no_card_anywhere_skips_the_draws_spec_9_a8() -> None:
    s = staged()
    d = s.to_dict()
    for zone in ("pile", "discard"):
        for t, c in enumerate(d[zone]):
            d["hand"][t] += c
            d[zone][t] = 0
    s = s.game.state_from_dict(d)
    hand0 = sum(s.hand)
    play(s, "pass")
    _finish_lookout(s)
    assert s.round == 2 and s.phase == ACTIONS and sum(s.hand) == hand0
    assert card_total(s) == list(s.cs.copies)


# ----------------------------------------------------------- actions, variant A6
def test_opponent_cards_can_only_be_used_never_razed_or_built_spec_9_a6() -> None:
    s = staged(opp=("pub",), goods={"red": 3, "grey": 3, "blue": 3})
    before = s.to_dict()
    for move in ("raze pub", "build pub", "deal pub"):
        with pytest.raises(IllegalActionError, match="no Pub in hand"):
            play(s, move)
    assert s.to_dict() == before
    assert all(not m.endswith(" pub") or m == "opp pub" for m in _moves(s))


def test_actions_follow_one_another_until_pass_spec_3_3() -> None:
    s = staged(goods={"worker": 6})
    for _ in range(3):
        play(s, "work gun")
        assert s.current_player() == 0 and s.phase == ACTIONS and s.round == 1
    assert goods_of(s)["gun"] == 3
    play(s, "pass")
    assert s.round == 2


def test_last_round_has_no_cleanup_storage_step_assumption_rounds() -> None:
    s = staged(locs=("underground-warehouse",), goods={"fuel": 3}, round_=6)
    play(s, "pass")
    assert s.is_terminal()


def test_ammo_pays_for_a_chosen_good_but_a_good_never_pays_for_ammo_spec_3_1() -> None:
    s = staged(locs=("merc-outpost",), goods={"ammo": 1})
    assert _moves(s)[-1] == "use merc-outpost ammo"
    play(s, "use merc-outpost ammo")
    assert goods_of(s)["worker"] == 2 and goods_of(s)["ammo"] == 0


def test_universal_contact_pays_contact_costs_of_locations_spec_3_1() -> None:
    s = staged(locs=("gasoline-cultist", "shadow"), goods={"universal": 2})
    play(s, "use gasoline-cultist", "use shadow")
    assert s.vp == 2 and goods_of(s)["universal"] == 0


# ------------------------------------------------------------------ render
def test_render_keeps_markup_live_for_used_faction_actions() -> None:
    """Found by the audit: the '(used)' mark was escaped and showed raw markup."""
    s = staged("new-york", goods={"iron": 1})
    play(s, "faction 1")
    plain = Text.from_markup(s.game.render(s.observation(0))).plain
    assert "(used)" in plain and "[dim]" not in plain and "[/dim]" not in plain


def test_end_screen_shows_result_cause_and_breakdown() -> None:
    s = staged(locs=("church", "docks"), vp=4, round_=6)
    play(s, "pass")
    plain = Text.from_markup(s.game.render(s.observation(0))).plain
    assert "GAME OVER" in plain and "after 6 rounds" in plain
    assert "VP tokens: 4" in plain and "locations: 2" in plain and "final score: 6" in plain


def test_named_good_pays_even_when_stored_and_ammo_is_at_hand_spec_6_2_corner_shop() -> None:
    """Found by the audit: 'use corner-shop fuel' spent the supply ammo and left the
    stored fuel, so it did the same as 'use corner-shop ammo'."""
    s = staged(locs=("corner-shop", "methane-storage"), goods={"ammo": 1, "worker": 2})
    d = s.to_dict()
    d["locs"][1][2][GOODS.index("fuel")] = 3
    s = s.game.state_from_dict(d)
    play(s, "use corner-shop fuel")
    assert goods_of(s)["ammo"] == 1
    assert s.observation(0)["locations"][1]["stored"] == {"fuel": 2}
    play(s, "use corner-shop ammo")
    assert goods_of(s)["ammo"] == 0 and s.vp == 2
    assert s.observation(0)["locations"][1]["stored"] == {"fuel": 2}
