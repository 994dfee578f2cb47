"""The playout path (issue 23) draws and moves exactly as the rules' reference forms do.

``sample_chance`` indexes a sorted list of the pile's cards instead of scanning the
counts, and samples the other chance nodes without building their outcome lists; the
same generator calls must give the same outcomes, or old records would replay into
other games.
"""

from __future__ import annotations

from solotable.core.game import State
from solotable.core.players import CHANCE, TERMINAL
from solotable.core.rng import Rng
from solotable.games.fifty_first_state.goods import (
    AMMO,
    BLUE,
    DEVELOPMENT,
    FUEL,
    GREY,
    GUN,
    IRON,
    NUM_GOODS,
    RED,
    UNIVERSAL,
    WORKER,
)
from solotable.games.fifty_first_state.rules.deck import held_cards, pile_cards
from solotable.games.fifty_first_state.rules.opponent import free_opponent_cards
from solotable.games.fifty_first_state.rules.payment import affordable, cost_terms, payable, plus
from solotable.games.fifty_first_state.state import (
    ACTIONS,
    LK_DRAW,
    LK_EXTRA,
    SETUP,
    FiftyFirstStateState,
)

from .helpers import card_total, game, staged, with_pile_of

FACTIONS = ("random", "new-york", "appalachian", "mutants", "merchants")


def _is_draw(s: FiftyFirstStateState) -> bool:
    return s.pending_draws > 0 or s.phase in (SETUP, LK_DRAW, LK_EXTRA)


def test_chance_samples_match_the_reference_samplers() -> None:
    """Draws as ``Rng.weighted_choice`` over the counts; other chance nodes as the
    core's ``State.sample_chance`` over ``chance_outcomes``; the generator ends in the
    same state."""
    seen = {"draw": 0, "other": 0}
    for i, faction in enumerate(FACTIONS):
        g = game(faction)
        for seed in range(6):
            s = g.new_initial_state(seed + 10 * i)
            rng = Rng(seed)
            while not s.is_terminal():
                if s.current_player() >= 0:
                    s.apply_legal_action(rng.choice(s.legal_actions()))
                    continue
                ref = s.clone()
                if _is_draw(s):
                    expected = s.L.DRAW + ref.rng.weighted_choice(ref.pile, ref.pile_n)
                    seen["draw"] += 1
                else:
                    expected = State.sample_chance(ref)
                    seen["other"] += 1
                a = s.sample_chance()
                assert a == expected
                assert s.rng.to_json() == ref.rng.to_json()
                s.apply_legal_action(a)
    assert seen["draw"] > 1000 and seen["other"] > 300


def test_sampled_draws_follow_the_pile_through_a_reshuffle() -> None:
    """A pile of four cards at the Lookout, drawn by ``sample_chance``: the sampling list
    is built, emptied, and rebuilt from the reshuffled discard (spec §9 A8)."""
    s = with_pile_of(staged(), 4)
    s.apply_action(s.string_to_action("pass"))
    built = 0
    while s.round == 1 or s.current_player() < 0 or s.phase != 7:
        if s.current_player() < 0:
            a = s.sample_chance()
            assert s.is_legal(a)
            s.apply_action(a)
        else:
            s.apply_action(s.legal_actions()[0])
        if s.pile_cards is not None:
            built += 1
            assert s.pile_cards == pile_cards(s.pile)
    assert s.tally[4] == 1 and built > 0
    assert card_total(s) == list(s.cs.copies)


def test_cost_checks_agree_with_affordable() -> None:
    """Every printed cost, checked by its terms (``cost_terms``: two comparisons, as the
    move list checks it inline) or through ``affordable``, says what ``affordable`` says, over
    random holdings with stand-ins (ammo, universal contacts) short, just enough or in
    plenty; so do costs the data does not print (stand-ins named, shared, three goods)."""
    g = game()
    cs = g.cards
    costs = {*cs.act_cost, *cs.conn_cost, *(c for f in g.factions.factions for c in f.action_cost)}
    costs |= {plus(c, (i, 1)) for c in cs.act_cost for i in range(5)}
    costs |= {
        ((FUEL, 1), (GUN, 2)),
        ((IRON, 1), (AMMO, 1)),
        ((GREY, 2), (UNIVERSAL, 1)),
        ((BLUE, 1), (RED, 1), (WORKER, 1)),
        ((WORKER, 2), (DEVELOPMENT, 1)),
        (),
    }
    rng = Rng(3)
    checked = 0
    by_terms = 0
    for cost in sorted(costs):
        terms = cost_terms(cost)
        by_terms += terms is not None
        for _ in range(300):
            tot = [rng.below(4) for _ in range(NUM_GOODS)] + [0]
            ok = payable(tot, cost, terms)
            assert ok == affordable(tot, cost), (cost, tot)
            checked += ok
    assert len(costs) > 30 and checked > 1000 and by_terms > 25


def test_playout_apply_equals_the_rules_dispatch() -> None:
    """``apply_legal_action`` (its shortcuts for draws and the Actions phase, ``_settle``
    only when a step may follow) leaves the same position as ``_apply`` and the history,
    at every ply of random games, chance included."""
    for i, faction in enumerate(FACTIONS):
        g = game(faction)
        for seed in range(3):
            s = g.new_initial_state(100 + seed + 10 * i)
            rng = Rng(seed)
            while not s.is_terminal():
                a = s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions())
                ref = s.clone()
                ref._apply(a)
                ref.history.append(a)
                s.apply_legal_action(a)
                assert s.to_dict() == ref.to_dict()
                assert s.is_chance_node() == (s.current_player() == CHANCE)
                assert s.is_terminal() == (s.current_player() == TERMINAL)


def test_held_slots_and_cached_moves_equal_a_fresh_computation() -> None:
    """What the move list keeps between decisions equals what it would compute from
    the position alone, at every ply of random games (every faction, chance included):
    ``held`` (updated card by card as the hand changes) equals the hand's occupied
    slots, ``opp_free`` the opponent's unused card types, and the Actions phase's
    list with the locations' types and develop ids kept from earlier decisions
    equals the list of a copy rebuilt from ``to_dict`` (nothing kept)."""
    checked = 0
    for i, faction in enumerate(FACTIONS):
        g = game(faction)
        for seed in range(8):
            s = g.new_initial_state(200 + seed + 10 * i)
            rng = Rng(seed)
            while not s.is_terminal():
                assert s.held == held_cards(s.hand)
                assert s.opp_free == free_opponent_cards(s.opp)
                if s.is_chance_node():
                    s.apply_legal_action(s.sample_chance())
                    continue
                legal = s.legal_actions()
                if s.phase == ACTIONS:
                    fresh = g.state_from_dict(s.to_dict())
                    assert fresh.moves_cache is None
                    assert legal == fresh.legal_actions()
                    checked += 1
                s.apply_legal_action(rng.choice(legal))
            assert s.held == held_cards(s.hand)
            assert s.opp_free == free_opponent_cards(s.opp)
    assert checked > 1000


def test_held_slots_survive_copies_and_sampled_states() -> None:
    """A clone, a position from ``to_dict`` and a state sampled from an observation
    (what search agents play on) each hold their own ``held`` and ``opp_free``, equal
    to their hand's and their opponent cards'."""
    g = game()
    s = staged(hand=("archive", "arena"), opp=("assembly-plant",))
    for copy in (
        s.clone(),
        g.state_from_dict(s.to_dict()),
        g.sample_state(s.observation(0), 0, Rng(1)),
    ):
        assert isinstance(copy, FiftyFirstStateState)
        assert copy.held == held_cards(copy.hand) and copy.held
        assert copy.held is not s.held
        assert copy.opp_free == free_opponent_cards(copy.opp) and copy.opp_free
        assert copy.opp_free is not s.opp_free
