"""The Action phase: every kind of action and the card effects (spec §3.4-3.6, seed variant)."""

from __future__ import annotations

import pytest

from solotable.core.errors import IllegalActionError
from solotable.core.players import CHANCE
from solotable.games.fifty_first_state.state import (
    ACTIONS,
)

from .helpers import (
    GOODS,
    card_total,
    finish_lookout,
    goods_of,
    moves,
    pass_to_next_lookout,
    play,
    round_one_lookout,
    staged,
)
from .spec_table import (
    SPEC_FACTIONS,
)


def test_build_pays_grey_contacts_equal_to_distance_spec_3_4() -> None:
    s = staged(hand=("shipwreck",), goods={"grey": 3})
    play(s, "build shipwreck")
    assert goods_of(s)["grey"] == 1
    assert s.observation(0)["locations"][-1] == {
        "card": "shipwreck",
        "row": "action",
        "uses_left": 1,
        "stored": {},
    }
    assert "shipwreck" not in s.observation(0)["hand"]


def test_build_without_enough_contacts_is_illegal_with_reason() -> None:
    s = staged(hand=("shipwreck",), goods={"grey": 1})
    before = s.to_dict()
    with pytest.raises(IllegalActionError, match="needs 2 grey contacts"):
        play(s, "build shipwreck")
    assert s.to_dict() == before


def test_universal_contact_stands_in_for_any_colour_spec_3_1() -> None:
    s = staged(hand=("shipwreck", "docks"), goods={"grey": 1, "universal": 2})
    play(s, "build shipwreck")
    assert goods_of(s)["grey"] == 0 and goods_of(s)["universal"] == 1
    play(s, "deal docks")
    assert goods_of(s)["universal"] == 0


def test_built_production_location_produces_at_once_spec_3_4() -> None:
    s = staged(hand=("docks",), goods={"grey": 1})
    play(s, "build docks")
    assert goods_of(s)["iron"] == 1


def test_per_type_production_counts_itself_max_three_spec_6_2() -> None:
    s = staged(hand=("arena",), locs=("assassin", "city-guards"), goods={"grey": 2})
    play(s, "build arena")
    assert goods_of(s)["gun"] == 3  # assassin, city guards and arena itself
    s = staged(
        hand=("arena",), locs=("assassin", "assassin", "city-guards", "gunsmith"), goods={"grey": 2}
    )
    play(s, "build arena")
    assert goods_of(s)["gun"] == 3  # capped at 3


def test_build_bonus_gain_and_cards_spec_6_2() -> None:
    s = staged(hand=("church", "crossroads"), goods={"grey": 3})
    play(s, "build church")
    assert s.vp == 2
    play(s, "build crossroads")
    assert s.current_player() == CHANCE and s.pending_draws == 2
    s.apply_action(s.sample_chance())
    s.apply_action(s.sample_chance())
    assert s.current_player() == 0 and sum(s.hand) == 2
    assert card_total(s) == list(s.cs.copies)


def test_vp_per_icon_bonus_counts_itself_max_five_spec_6_2() -> None:
    s = staged(hand=("factory",), locs=("docks", "scrap-metal"), goods={"grey": 2})
    play(s, "build factory")
    assert s.vp == 3
    s = staged(
        hand=("factory",),
        locs=("docks", "docks", "scrap-metal", "shelter", "shipwreck", "parking-lot"),
        goods={"grey": 2},
    )
    play(s, "build factory")
    assert s.vp == 5


def test_storage_bonus_goods_stay_on_card_and_can_be_spent_spec_6_2() -> None:
    s = staged(hand=("brick-storage", "clay-pit"), goods={"grey": 3, "worker": 1})
    play(s, "build brick-storage")
    loc = s.observation(0)["locations"][-1]
    assert loc["stored"] == {"brick": 3} and goods_of(s)["brick"] == 0
    play(s, "build clay-pit", "use clay-pit")
    assert s.vp == 2
    assert s.observation(0)["locations"][0]["stored"] == {"brick": 2}


def test_deal_pays_blue_and_gives_good_now_spec_3_4() -> None:
    s = staged(hand=("docks",), goods={"blue": 1})
    play(s, "deal docks")
    assert goods_of(s)["iron"] == 1 and s.observation(0)["deals"] == {"docks": 1}


def test_raze_from_hand_pays_red_and_gives_spoils_spec_3_4() -> None:
    s = staged(hand=("gun-shop",), goods={"red": 3})
    play(s, "raze gun-shop")
    assert goods_of(s)["gun"] == 3 and s.vp == 1
    assert s.observation(0)["discard"]["gun-shop"] == 1


def test_develop_with_brick_needs_shared_icon_spec_3_4() -> None:
    s = staged(hand=("arena", "church"), locs=("assassin",), goods={"brick": 2})
    with pytest.raises(IllegalActionError, match="share no type icon"):
        play(s, "develop church over assassin")
    play(s, "develop arena over assassin")
    obs = s.observation(0)
    assert [loc["card"] for loc in obs["locations"]] == ["arena"]
    assert s.vp == 1 and obs["discard"]["assassin"] == 1
    assert goods_of(s)["gun"] == 1 and goods_of(s)["brick"] == 1  # arena produced at once


def test_develop_with_ammo_or_token_spec_3_4() -> None:
    s = staged(hand=("shipwreck",), locs=("docks",), goods={"ammo": 1})
    play(s, "develop shipwreck over docks")
    assert goods_of(s)["ammo"] == 0
    s = staged(hand=("church",), locs=("assassin",), goods={"development": 1})
    play(s, "develop church over assassin token")
    assert s.vp == 1 + 2  # develop VP + church build bonus


def test_develop_returns_stored_goods_spec_3_4() -> None:
    s = staged(hand=("rubble",), locs=("brick-storage",), goods={"development": 1})
    d = s.to_dict()
    d["locs"][0][2][3] = 2
    s = s.game.state_from_dict(d)
    play(s, "develop rubble over brick-storage token")
    assert goods_of(s)["brick"] == 2


def test_action_location_cost_and_uses_per_round_spec_3_4() -> None:
    s = staged(locs=("scrap-trader", "shipwreck"), goods={"iron": 4, "worker": 2})
    play(s, "use scrap-trader", "use scrap-trader")
    assert s.vp == 2
    with pytest.raises(IllegalActionError, match="no use left"):
        play(s, "use scrap-trader")
    play(s, "use shipwreck")
    assert s.vp == 4
    with pytest.raises(IllegalActionError, match="no use left"):
        play(s, "use shipwreck")


def test_ammo_replaces_a_basic_good_not_the_reverse_spec_3_1() -> None:
    s = staged(locs=("shelter",), goods={"iron": 1, "ammo": 1})
    play(s, "use shelter")
    assert s.vp == 2 and goods_of(s)["ammo"] == 0
    s = staged(locs=("deserted-colony", "convoy"), goods={"fuel": 1, "worker": 1})
    assert "use deserted-colony" in [m for m, _ in s.legal_moves_text()]
    s2 = staged(hand=("shipwreck",), locs=("docks",), goods={"brick": 0, "fuel": 3})
    with pytest.raises(IllegalActionError):
        play(s2, "develop shipwreck over docks")


def test_any_basic_good_cost_is_chosen_spec_6_2_corner_shop() -> None:
    s = staged(locs=("corner-shop",), goods={"fuel": 1, "ammo": 1, "worker": 2})
    moves = [m for m, _ in s.legal_moves_text() if m.startswith("use")]
    assert moves == ["use corner-shop fuel", "use corner-shop ammo"]
    play(s, "use corner-shop ammo")
    assert goods_of(s)["ammo"] == 0 and goods_of(s)["fuel"] == 1 and s.vp == 1
    with pytest.raises(IllegalActionError, match="needs a good to pay"):
        play(s, "use corner-shop")


def test_discard_a_deal_cost_spec_6_2_hideout_negotiator() -> None:
    s = staged(locs=("hideout", "negotiator"), deals=("docks", "pub"), goods={"worker": 1})
    play(s, "use hideout pub")
    assert s.vp == 1 and s.observation(0)["deals"] == {"docks": 1}
    assert s.observation(0)["discard"]["pub"] == 1
    play(s, "use negotiator docks")
    assert s.vp == 3 and s.observation(0)["deals"] == {}
    assert card_total(s) == list(s.cs.copies)


def test_thieves_caravan_takes_a_good_of_your_choice_seed_caravane_de_pillards() -> None:
    s = staged(locs=("thieves-caravan",), goods={"worker": 4})
    moves = [m for m, _ in s.legal_moves_text() if m.startswith("use")]
    assert moves == [f"use thieves-caravan {g}" for g in ("fuel", "gun", "iron", "brick")]
    play(s, "use thieves-caravan brick", "use thieves-caravan gun")
    assert goods_of(s)["brick"] == 1 and goods_of(s)["gun"] == 1 and goods_of(s)["worker"] == 0


def test_card_reward_actions_draw_cards_spec_6_2_motel() -> None:
    s = staged(locs=("motel",), goods={"worker": 1})
    play(s, "use motel")
    assert s.current_player() == CHANCE
    s.apply_action(s.sample_chance())
    assert sum(s.hand) == 1


def test_opponent_open_production_for_one_worker_once_per_round_spec_9_a3() -> None:
    s = staged(opp=("boiler-room",), goods={"worker": 2})
    opp_before = s.observation(0)["opponent"]
    play(s, "opp boiler-room")
    assert goods_of(s)["worker"] == 1 + 2
    obs = s.observation(0)
    assert obs["opponent"][-1] == {"card": "boiler-room", "used": True}
    assert len(obs["opponent"]) == len(opp_before)
    with pytest.raises(IllegalActionError, match="no unused Boiler Room"):
        play(s, "opp boiler-room")


def test_opponent_card_with_two_copies_usable_twice() -> None:
    s = staged(opp=("docks", "docks"), goods={"worker": 2})
    play(s, "opp docks", "opp docks")
    assert goods_of(s)["iron"] >= 2


def test_faction_actions_once_per_round_spec_3_5() -> None:
    s = staged("new-york", goods={"iron": 2, "gun": 1, "fuel": 2})
    play(s, "faction 1")
    assert goods_of(s)["grey"] == 1
    with pytest.raises(IllegalActionError, match="already used"):
        play(s, "faction 1")
    play(s, "faction 2", "faction 3")
    g = goods_of(s)
    assert (g["red"], g["blue"], g["fuel"]) == (2, 2, 0)


@pytest.mark.parametrize(
    ("faction", "goods", "move", "gain"),
    [
        ("mutants", {"iron": 2}, "faction 1", ("grey", 2)),
        ("mutants", {"gun": 1}, "faction 2", ("red", 3)),
        ("mutants", {"fuel": 1}, "faction 3", ("blue", 1)),
        ("merchants", {"fuel": 1}, "faction 3", ("blue", 3)),
        ("appalachian", {"fuel": 1}, "faction 3", ("blue", 2)),
    ],
)
def test_faction_boards_spec_3_5(
    faction: str, goods: dict[str, int], move: str, gain: tuple[str, int]
) -> None:
    s = staged(faction, goods=goods)
    play(s, move)
    assert goods_of(s)[gain[0]] == gain[1]


def test_appalachian_action_discards_a_card_from_hand_spec_3_5() -> None:
    s = staged("appalachian", hand=("church",), goods={"brick": 1})
    assert "faction 1" not in [m for m, _ in s.legal_moves_text()]
    play(s, "faction 1 church")
    assert goods_of(s)["grey"] == 2 and s.observation(0)["discard"]["church"] == 1


def test_two_workers_for_a_good_or_a_card_spec_3_4() -> None:
    s = staged(goods={"worker": 5})
    play(s, "work gun", "work gun")
    assert goods_of(s)["gun"] == 2 and goods_of(s)["worker"] == 1
    with pytest.raises(IllegalActionError, match="2 workers"):
        play(s, "work card")


def test_connection_cards_take_and_play_spec_3_6() -> None:
    s = staged(goods={"worker": 4, "gun": 1})
    fu = s.observation(0)["connections"]["face_up"]
    play(s, "take blue", "take red")
    hand = s.observation(0)["hand"]
    assert hand[fu["blue"]] == 1 and hand[fu["red"]] == 1
    assert s.observation(0)["connections"]["face_up"] == {"blue": None, "red": None}
    gain = {
        "merchants": ("blue", 2),
        "junk-train": ("blue", 3),
        "punks": ("red", 2),
        "thugs": ("red", 3),
    }
    for c in (fu["blue"], fu["red"]):
        play(s, f"play {c}")
        colour, n = gain[c]
        assert goods_of(s)[colour] == n
    assert s.observation(0)["connections"]["discard"] == {fu["blue"]: 1, fu["red"]: 1}


def test_thugs_cost_a_gun_spec_3_6() -> None:
    s = staged(goods={})
    d = s.to_dict()
    n = s.cs.n
    thugs = s.L.conn_index["thugs"]
    d["conn_pile"][thugs] -= 1
    d["hand"][n + thugs] = 1
    s = s.game.state_from_dict(d)
    with pytest.raises(IllegalActionError, match="costs 1 gun"):
        play(s, "play thugs")


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
    assert move not in moves(s)
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
    pass_to_next_lookout(s)
    finish_lookout(s)
    assert not s.observation(0)["faction_actions"][k]["used"]


def test_actions_follow_one_another_until_pass_spec_3_3() -> None:
    s = staged(goods={"worker": 6})
    for _ in range(3):
        play(s, "work gun")
        assert s.current_player() == 0 and s.phase == ACTIONS and s.round == 1
    assert goods_of(s)["gun"] == 3
    play(s, "pass")
    assert s.round == 2


def test_ammo_pays_for_a_chosen_good_but_a_good_never_pays_for_ammo_spec_3_1() -> None:
    s = staged(locs=("merc-outpost",), goods={"ammo": 1})
    assert moves(s)[-1] == "use merc-outpost ammo"
    play(s, "use merc-outpost ammo")
    assert goods_of(s)["worker"] == 2 and goods_of(s)["ammo"] == 0


def test_universal_contact_pays_contact_costs_of_locations_spec_3_1() -> None:
    s = staged(locs=("gasoline-cultist", "shadow"), goods={"universal": 2})
    play(s, "use gasoline-cultist", "use shadow")
    assert s.vp == 2 and goods_of(s)["universal"] == 0


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


def test_opponent_cards_can_only_be_used_never_razed_or_built_spec_9_a6() -> None:
    s = staged(opp=("pub",), goods={"red": 3, "grey": 3, "blue": 3})
    before = s.to_dict()
    for move in ("raze pub", "build pub", "deal pub"):
        with pytest.raises(IllegalActionError, match="no Pub in hand"):
            play(s, move)
    assert s.to_dict() == before
    assert all(not m.endswith(" pub") or m == "opp pub" for m in moves(s))


def test_revealed_opponent_card_is_usable_the_same_round_seed_phase_de_pioche() -> None:
    s = round_one_lookout()
    play(s, "draw:shipwreck", "keep", "draw:shelter", "keep", "draw:camp")
    play(s, "draw:skyscraper", "draw:skyscraper", "draw:gun-shop", "reveal:pub")
    assert s.phase == ACTIONS
    while s.current_player() == CHANCE:  # the faction board's card
        s.apply_action(s.sample_chance())
    assert "opp pub" in moves(s)
    play(s, "opp pub")
    assert s.current_player() == CHANCE  # Pub's production: a card
