"""Solo setup and the solo Lookout (seed: Mise en place, La phase de pioche; spec §4.1-4.3)."""

from __future__ import annotations

import pytest

from solotable.core.errors import IllegalActionError
from solotable.core.players import CHANCE
from solotable.games.fifty_first_state.state import (
    ACTIONS,
    LK_DECIDE,
    LK_DRAW,
    LK_EXTRA,
    FiftyFirstStateState,
)

from .helpers import (
    card_total,
    finish_lookout,
    first_outcome,
    game,
    idx,
    pass_to_next_lookout,
    play,
    round_one_lookout,
    staged,
    with_pile_of,
)


def _third_card(s: FiftyFirstStateState) -> None:
    """Keep the first two Lookout cards, then draw the third."""
    for _ in range(2):
        first_outcome(s)
        play(s, "keep")
    first_outcome(s)
    assert (s.phase, s.lk_step) in ((LK_DECIDE, 2), (LK_EXTRA, 3))


def test_random_faction_is_a_uniform_chance_node_spec_4_1() -> None:
    s = game("random").new_initial_state(0)
    assert s.current_player() == CHANCE
    outs = s.chance_outcomes()
    assert len(outs) == 4 and all(abs(p - 0.25) < 1e-12 for _, p in outs)
    play(s, "faction:mutants")
    assert s.observation(0)["faction"] == "mutants"


def test_setup_reveals_until_three_open_production_cards_seed_mise_en_place() -> None:
    g = game()
    s = g.new_initial_state(0)
    play(s, "draw:mercenaries" if False else "draw:merc-outpost", "draw:construction-vehicles")
    play(s, "draw:school", "draw:corner-shop", "draw:docks", "draw:pub")
    obs = s.observation(0)
    assert obs["opponent_deck"] == {"construction-vehicles": 1, "docks": 1, "pub": 1}
    assert obs["set_aside"] == {}  # the others went back into the draw pile
    assert obs["draw_pile_size"] == 85
    # then 4 cards are drawn into hand
    assert s.current_player() == CHANCE and s.pending_draws == 4
    play(s, "draw:arena", "draw:church", "draw:church", "draw:motel")
    assert s.observation(0)["hand"] == {"arena": 1, "church": 2, "motel": 1}
    assert card_total(s) == list(g.cards.copies)


def test_set_aside_cards_are_out_of_the_pile_until_setup_ends_seed_mise_en_place() -> None:
    s = game().new_initial_state(0)
    play(s, "draw:school")
    assert s.observation(0)["set_aside"] == {"school": 1}
    assert s.observation(0)["draw_pile_size"] == 87
    with pytest.raises(IllegalActionError):  # an open card absent from the pile cannot come
        play(s, "reveal:pub")


def _to_lookout(seed: int = 0) -> FiftyFirstStateState:
    g = game()
    s = g.new_initial_state(seed)
    play(s, "draw:docks", "draw:pub", "draw:quarry")
    play(s, "draw:arena", "draw:church", "draw:motel", "draw:archive")
    # connection cards are turned face up at the start of the Lookout
    play(s, "flip:merchants", "flip:punks")
    assert s.phase == LK_DRAW
    return s


def test_lookout_keep_or_refuse_then_forced_seed_phase_de_pioche() -> None:
    s = _to_lookout()
    play(s, "draw:school")
    assert s.phase == LK_DECIDE and s.observation(0)["pending_card"] == "school"
    play(s, "keep")  # first card kept
    play(s, "draw:oil-rig", "refuse")  # second card refused ...
    assert s.observation(0)["discard"] == {"oil-rig": 1}
    play(s, "draw:camp")  # ... so the next one is forced: no decision
    assert s.current_player() == CHANCE and s.phase == LK_DRAW
    play(s, "draw:shelter")  # third card: forced without a reroll source
    assert s.phase == LK_EXTRA
    hand = s.observation(0)["hand"]
    for c in ("school", "camp", "shelter"):
        assert hand[c] == 1


def test_refused_first_card_forces_the_replacement_seed_phase_de_pioche() -> None:
    s = _to_lookout()
    play(s, "draw:school", "refuse", "draw:oil-rig")
    assert s.current_player() == CHANCE  # oil rig was forced into hand
    assert s.observation(0)["hand"]["oil-rig"] == 1
    play(s, "draw:camp")
    assert s.phase == LK_DECIDE  # the second step starts fresh


def test_three_extra_cards_open_to_opponent_others_discarded_then_reveal_seed() -> None:
    s = _to_lookout()
    play(s, "draw:school", "keep", "draw:camp", "keep", "draw:shelter")
    play(s, "draw:assassin", "draw:church", "draw:fuel-tank")
    obs = s.observation(0)
    assert obs["opponent_deck"] == {
        "docks": 1,
        "pub": 1,
        "quarry": 1,
        "assassin": 1,
        "fuel-tank": 1,
    }
    assert obs["discard"] == {"church": 1}
    assert [o for o, _ in s.chance_outcomes()] == sorted(
        s.string_to_action(f"reveal:{c}")
        for c in ("assassin", "docks", "fuel-tank", "pub", "quarry")
    )
    play(s, "reveal:pub")
    obs = s.observation(0)
    assert obs["opponent"] == [{"card": "pub", "used": False}]
    assert obs["opponent_deck_size"] == 4
    assert s.phase == ACTIONS  # production happened
    assert card_total(s) == list(s.cs.copies)


def test_reveal_probabilities_follow_opponent_deck_counts_spec_4_2() -> None:
    s = _to_lookout()
    play(s, "draw:school", "keep", "draw:camp", "keep", "draw:shelter")
    play(s, "draw:docks", "draw:shipwreck", "draw:skyscraper")
    probs = {s.action_to_string(a): p for a, p in s.chance_outcomes()}
    assert probs == {"reveal:docks": 0.5, "reveal:pub": 0.25, "reveal:quarry": 0.25}


def test_pub_deal_allows_refusing_third_card_once_seed_pub_cooperation() -> None:
    s = staged(deals=("pub",))
    play(s, "pass")  # round 1 ends; round 2 Lookout
    while s.phase != LK_DRAW or s.lk_step != 2:
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance())
        else:
            play(s, "keep")
    assert s.rerolls == 1
    t = next(a for a, _ in s.chance_outcomes())
    s.apply_action(t)
    assert s.phase == LK_DECIDE  # the third card may now be refused
    play(s, "refuse")
    assert s.phase == LK_DRAW
    s.apply_action(next(a for a, _ in s.chance_outcomes()))
    assert s.phase == LK_EXTRA  # the reroll is spent: the replacement is forced


def test_two_reroll_sources_stack_spec_9_a7() -> None:
    s = staged(deals=("pub", "pub"), locs=("ruined-library",))
    play(s, "pass")
    while s.current_player() == CHANCE:
        s.apply_action(s.sample_chance())
        if s.phase == LK_DECIDE and s.lk_step < 2:
            play(s, "keep")
    assert s.rerolls == 3
    for left in (2, 1, 0):
        assert s.phase == LK_DECIDE and s.lk_step == 2
        play(s, "refuse")
        assert s.rerolls == left
        s.apply_action(next(a for a, _ in s.chance_outcomes()))
    assert s.phase == LK_EXTRA


def test_empty_opponent_deck_reveals_nothing_spec_9_a2() -> None:
    s = staged(round_=1)
    d = s.to_dict()
    for t, c in enumerate(d["opp_deck"]):
        d["pile"][t] += c
        d["opp_deck"][t] = 0
    s = s.game.state_from_dict(d)
    play(s, "pass")
    while s.phase != ACTIONS:
        if s.current_player() == CHANCE:
            outs = s.chance_outcomes()
            # draw only closed cards so nothing joins the opponent deck
            a = next(a for a, _ in outs if a >= s.L.REVEAL or not s.cs.open[a - s.L.DRAW])
            s.apply_action(a)
        else:
            play(s, "keep")
    assert len(s.opp) == 1  # the card from round 1 only


def test_reshuffle_when_draw_pile_is_empty_spec_9_a8() -> None:
    s = staged(hand=("school",), goods={"worker": 2})
    d = s.to_dict()
    for t, c in enumerate(d["pile"]):
        d["discard"][t] += c
        d["pile"][t] = 0
    s = s.game.state_from_dict(d)
    before = sum(s.discard)
    play(s, "work card")
    assert s.current_player() == CHANCE
    assert s.pile_n == before and sum(s.discard) == 0 and s.tally[4] == 1
    s.apply_action(s.sample_chance())
    assert card_total(s) == list(s.cs.copies)


def test_lookout_decision_rejects_other_moves() -> None:
    s = _to_lookout()
    play(s, "draw:school")
    with pytest.raises(IllegalActionError, match="keep or refuse"):
        play(s, "pass")
    assert idx(s.game, "school") == s.pending_card


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


def test_lookout_example_keep_refuse_forced_forced_seed_phase_de_pioche_exemple() -> None:
    """Kept, refused (Ancien dépôt), forced (Vieux parking), forced third (Briqueterie)."""
    s = round_one_lookout()
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
    s = round_one_lookout()
    hand0 = sum(s.hand)
    play(s, "draw:shipwreck", "keep", "draw:shelter", "keep", "draw:camp")
    assert s.phase == LK_EXTRA and sum(s.hand) == hand0 + 3
    assert s.observation(0)["discard"] == {}


def test_pub_deal_reroll_applies_to_the_third_card_only_seed_pub_cooperation() -> None:
    s = staged(deals=("pub",))
    pass_to_next_lookout(s)
    assert s.observation(0)["lookout"]["rerolls_left"] == 1
    first_outcome(s)
    play(s, "refuse")
    first_outcome(s)  # the replacement of a refused first card stays forced
    assert s.phase == LK_DRAW and s.lk_step == 1
    assert s.observation(0)["lookout"]["rerolls_left"] == 1


def test_pub_deal_reroll_comes_back_every_round_spec_9_a7() -> None:
    s = staged(deals=("pub",))
    for _ in range(2):
        pass_to_next_lookout(s)
        _third_card(s)
        assert s.phase == LK_DECIDE
        play(s, "refuse")
        first_outcome(s)
        assert s.phase == LK_EXTRA  # the replacement is forced
        finish_lookout(s)


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
    pass_to_next_lookout(s)
    assert s.rerolls == rerolls
    _third_card(s)
    assert (s.phase == LK_DECIDE) == (rerolls > 0)


def test_lookout_reshuffles_the_discard_when_the_pile_runs_out_spec_9_a8() -> None:
    s = staged()
    d = s.to_dict()
    for t, c in enumerate(d["pile"]):
        d["discard"][t] += c
        d["pile"][t] = 0
    s = s.game.state_from_dict(d)
    discarded = sum(s.discard)
    pass_to_next_lookout(s)
    assert s.tally[4] == 1 and s.pile_n == discarded and sum(s.discard) == 0
    finish_lookout(s)
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
    finish_lookout(s)
    assert s.round == 2 and s.phase == ACTIONS and sum(s.hand) == hand0
    assert card_total(s) == list(s.cs.copies)


def test_the_three_extra_cards_reshuffle_the_discard_when_the_pile_runs_out_spec_9_a8() -> None:
    """A 4-card pile at the Lookout: the three cards take three of them, the first extra
    card the last one; the two other extra cards come from the discard, shuffled into a
    new pile (spec §9 A8), instead of being lost."""
    s = with_pile_of(staged(), 4)
    discarded = sum(s.discard)
    assert discarded > 2
    pass_to_next_lookout(s)
    assert s.pile_n == 4
    for _ in range(3):
        first_outcome(s)
        if s.phase == LK_DECIDE:
            play(s, "keep")
    extra = 0
    while s.phase == LK_EXTRA:
        assert s.current_player() == CHANCE
        first_outcome(s)
        extra += 1
    assert extra == 3
    assert s.tally[4] == 1  # one reshuffle
    # The discard (with the first extra card, if it was discarded) became the pile, less
    # the two extra cards drawn from it.
    assert s.pile_n in (discarded - 2, discarded - 1)
    assert card_total(s) == list(s.cs.copies)
