"""Per-square gains for search horizons (rules/horizon.py) against ``gain`` and play."""

from __future__ import annotations

import random
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solotable.games.divercite import DiverciteState
from solotable.games.divercite.actions import RES_BASE
from solotable.games.divercite.rules.horizon import (
    _PACK,
    AFFECTED_MASK,
    AFFECTED_SQUARES,
    SQUARE_OF,
    _affected,
    _packed_city_gains,
    square_of,
)
from solotable.games.divercite.rules.scoring import NO_MOVE, city_points

from .helpers import OPTION_SETS, play


def _expected_table(state: DiverciteState, p: int) -> list[int]:
    """Player p's best gain per square from ``gain`` (the mover's view: a resource is
    worth the opposite to the other player, a city the same)."""
    mover = state.current_player()
    sup = state.to_dict()["supply"][p * 8 : p * 8 + 8]
    out = [NO_MOVE] * 41
    board = state.to_dict()
    for c in range(16):
        if board["owner"][c] < 0 and any(sup[:4]):
            out[c] = max(state.gain(k * 16 + c) for k in range(4) if sup[k])
    for r in range(25):
        if not board["resources"][r] and any(sup[4:]):
            sign = 1 if p == mover else -1
            out[16 + r] = max(
                sign * state.gain(RES_BASE + k * 25 + r) for k in range(4) if sup[4 + k]
            )
    return out


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), opts=st.sampled_from(OPTION_SETS))
def test_tables_agree_with_gain_along_random_games(seed, opts):
    state = play([], seed, **opts)
    rng = random.Random(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        if not state.is_neutral_turn():
            me = state.current_player()
            gains = {a: state.gain(a) for a in legal}
            for p in (me, 1 - me):
                table = state.square_gains(p)
                assert table == _expected_table(state, p)
                squares = tuple(rng.sample(range(41), 9))
                assert state.best_gain_on(p, squares) == max(table[q] for q in squares)
            best, move = state.greediest_move()
            assert best == max(gains.values()) == gains[move] == state.best_gain()
            deltas = state.open_deltas()
            before = state.open_neighbours()
            for a in rng.sample(legal, min(6, len(legal))):
                state.make(a)
                after = -state.open_neighbours() if state.placements_left() else None
                state.unmake(a)
                if after is not None:
                    assert after - before == deltas[square_of(a)]
        state.apply_action(rng.choice(legal))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_placement_changes_the_opponents_gains_only_on_its_affected_squares(seed):
    state = play([], seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(1, 36)):
        state.apply_action(rng.choice(state.legal_actions()))
    opp = 1 - state.current_player()
    before = state.square_gains(opp)
    legal = state.legal_actions()
    for a in rng.sample(legal, min(12, len(legal))):
        state.make(a)
        after = state.square_gains(opp)
        state.unmake(a)
        changed = {q for q in range(41) if after[q] != before[q]}
        assert changed <= {SQUARE_OF[a], *AFFECTED_SQUARES[a]}
        assert all(AFFECTED_MASK[a] >> q & 1 for q in changed)


def test_the_packed_city_table_holds_the_rules_points_for_every_neighbourhood():
    """The table of a new city's best points (``CITY_GAIN``, built once at import) is built
    again here and read for every four neighbours (empty, a colour or the neutral token) and
    every non-empty set of city colours in supply: it must be the best of ``city_points``
    (seed: Décompte des points) over those colours. Building it here, not at import, lets
    mutation testing switch a fault in the builder on (docs/mutation.md)."""
    table = _packed_city_gains()
    for neighbours in product((0, 1, 2, 4, 8, 16), repeat=4):
        packed = sum(_PACK[b] for b in neighbours)
        for mask in range(1, 16):
            colours = [1 << k for k in range(4) if mask >> k & 1]
            best = max(city_points(list(neighbours), bit) for bit in colours)
            assert table[packed * 16 + mask] == best, (neighbours, mask)


def _first_best(state: DiverciteState) -> tuple[int, int]:
    """The mover's best immediate gain and the first move reaching it: cities by square
    then colour, then resources by square then colour (``greediest_move``'s order)."""
    gains = {a: state.gain(a) for a in state.legal_actions()}
    best = max(gains.values())
    order = sorted(gains, key=lambda a: (a >= RES_BASE, square_of(a), a))
    return best, next(a for a in order if gains[a] == best)


def _best_gain_stopping_at(state: DiverciteState, enough: int) -> int:
    """``best_gain(enough)``: the best city gain if it reaches ``enough``, else the best so
    far at the first resource (by square, then colour) that brings it to ``enough``."""
    gains = {a: state.gain(a) for a in state.legal_actions()}
    best = max((g for a, g in gains.items() if a < RES_BASE), default=NO_MOVE)
    if best >= enough:
        return best
    for a in sorted((a for a in gains if a >= RES_BASE), key=lambda a: (square_of(a), a)):
        best = max(best, gains[a])
        if best >= enough:
            return best
    return best


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_every_placement_changes_gains_only_on_the_squares_it_names(seed):
    """Every legal placement (not a sample) along fixed games, the neutral-first variant's
    opening included: the placement's own square is then taken (no gain there for the
    opponent), and the squares where the opponent's best gain changes are those
    ``_affected`` names. The tables the search reads (``AFFECTED_SQUARES``, ``SQUARE_OF``)
    are made at import; ``_affected`` and ``square_of`` are called again here so that
    mutation testing can switch a fault in them on (docs/mutation.md). Along the way,
    ``greediest_move`` is the first best move, ``best_gain`` stops where its ``enough`` is
    reached, and ``open_deltas`` is 0 on taken squares."""
    state = play([], seed, neutral_first=seed == 21)
    rng = random.Random(seed)
    while state.placements_left() > 1:
        opp = 1 - state.current_player()
        before = state.square_gains(opp)
        for a in state.legal_actions():
            state.make(a)
            after = state.square_gains(opp)
            state.unmake(a)
            assert after[square_of(a)] == NO_MOVE
            changed = {q for q in range(41) if after[q] != before[q]}
            assert changed <= {square_of(a), *_affected(a)}, state.action_to_string(a)
        if not state.is_neutral_turn():
            assert state.greediest_move() == _first_best(state)
            for enough in range(1, 7):
                assert state.best_gain(enough) == _best_gain_stopping_at(state, enough), enough
            board = state.to_dict()
            taken = [c for c in range(16) if board["owner"][c] >= 0]
            taken += [16 + r for r in range(25) if board["resources"][r]]
            deltas = state.open_deltas()
            assert [deltas[q] for q in taken] == [0] * len(taken)
        for _ in range(rng.randrange(1, 4)):
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("seed", [190, 217])
def test_a_mover_without_cities_and_no_gain_left_takes_the_first_resource_square(seed):
    """White places cities whenever it can, then only holds resources; along these two
    fixed games it reaches a turn where no resource gains anything and the first empty
    resource square touches no city: ``greediest_move`` and ``best_gain`` then give 0 and
    that square (with the lowest colour in supply), as ``gain`` says."""
    state = play([], seed)
    rng = random.Random(seed)
    reached = False
    while state.placements_left() > 1:
        legal = state.legal_actions()
        if not state.is_neutral_turn():
            best, move = _first_best(state)
            assert state.greediest_move() == (best, move)
            assert state.best_gain() == best
            supply = state.to_dict()["supply"][state.current_player() * 8 :][:8]
            if (
                not any(supply[:4])
                and best == 0
                and square_of(move) == min(square_of(a) for a in legal)
            ):
                reached = True
        cities = [a for a in legal if a < RES_BASE]
        turn_white = state.current_player() == 0
        state.apply_action(rng.choice(cities) if turn_white and cities else rng.choice(legal))
    assert reached


@pytest.mark.parametrize(("seed", "ply"), [(3, 26), (7, 31)])
def test_the_greediest_move_may_complete_the_opponents_divercite(seed, ply):
    """Along these fixed random games, the mover's best immediate gain at ``ply`` is a
    resource that also completes one of the opponent's Divercités (costing the opponent's
    city's missing points): ``greediest_move`` and ``best_gain`` count that cost as
    ``gain`` does."""
    state = play([], seed)
    rng = random.Random(seed)
    for _ in range(ply):
        state.apply_action(rng.choice(state.legal_actions()))
    best, move = _first_best(state)
    assert (state.greediest_move(), state.best_gain()) == ((best, move), best)
    opp = 1 - state.current_player()
    before = state.divercites()[opp]
    state.make(move)
    assert move >= RES_BASE and state.divercites()[opp] == before + 1
