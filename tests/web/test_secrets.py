"""Secrets stay on the server: Dice Miner's hidden bag never shapes a response.

Two sessions share one id and one public history but not the bag's future
(the second state is ``game.sample_state`` of the first's observation, so its
RNG — the order the bag would hand out dice — is dealt afresh). Every endpoint
the page uses must answer both with the same bytes.
"""

from __future__ import annotations

import copy

import pytest

from solotable.core.rng import Rng
from solotable.session.session import GameSession, Seat
from tests.web.twins import (
    Response,
    assert_fragments_identical_at,
    assert_same_responses,
    page_responses,
)

SEED = 1


def _play_some(session: GameSession, decisions: int) -> None:
    """Deterministic human play that never refills or stops (so no die is drawn)."""
    for _ in range(decisions):
        moves = session.legal_moves(0)
        pick = next((m for m in moves if m[1].split()[0] in ("take", "face", "recycle")), None)
        pick = pick or next((m for m in moves if m[1].startswith("spend")), None)
        if pick is None:
            return
        session.play(0, pick[0])


def _twin(a: GameSession) -> GameSession:
    """Same id, seats, public history and events; a different hidden bag order.

    The session's seed stays the same (undo replays from it, hints are seeded by
    it); what differs is the state's RNG, which is exactly the bag's future.
    """
    b = GameSession(a.game, a.seats, seed=SEED, session_id=a.id, started=a.started)
    b.state = a.game.sample_state(a.observation(0), 0, Rng(424242))
    b.state.history = list(a.state.history)
    b._plies = copy.deepcopy(a._plies)
    b._events = list(a._events)
    return b


def _next_fill(session: GameSession) -> list[str]:
    """What the bag would hand out next: refill and draw with the state's own RNG."""
    s = session.state.clone()
    if "refill" not in [m[1] for m in session.legal_moves(0)]:
        return []
    s.apply_action(s.string_to_action("refill"))
    drawn = []
    while s.is_chance_node():
        a = s.sample_chance()
        drawn.append(s.action_to_string(a))
        s.apply_action(a)
    return drawn


def _responses(session: GameSession, tmp_path, name: str, full: bool = True) -> list[Response]:
    """Hint, bad moves, a move whose result is public, undo and resign: the page's buttons."""
    safe = ("take", "spend", "face", "recycle")
    legal = [m[1] for m in session.legal_moves(0) if m[1].startswith(safe)]
    return page_responses(
        session,
        tmp_path,
        name,
        bad_moves=("take zz9", "refill now"),
        public_move=legal[0] if legal else "stop",
        full=full,
    )


def test_responses_are_byte_identical_whatever_the_hidden_bag(tmp_path) -> None:
    a = GameSession.start("dice-miner", {}, [Seat()], seed=SEED)
    _play_some(a, 4)
    b = _twin(a)
    assert a.observation(0) == b.observation(0)
    fill_a, fill_b = _next_fill(a), _next_fill(b)
    assert fill_a and fill_a != fill_b, "the twins must differ in what the bag holds next"
    ra = _responses(a, tmp_path, "a")
    rb = _responses(b, tmp_path, "b")
    assert_same_responses(ra, rb, "hidden bag")


def test_the_comparison_notices_a_difference(tmp_path) -> None:
    """The check above can fail: two games with different public dice do differ."""
    a = GameSession.start("dice-miner", {}, [Seat()], seed=1)
    c = GameSession.start("dice-miner", {}, [Seat()], seed=2)
    c.id = a.id
    c.started = a.started
    ra = _responses(a, tmp_path, "a", full=False)
    rc = _responses(c, tmp_path, "c", full=False)
    assert ra[0][0] == rc[0][0] and ra[0][2] != rc[0][2]


@pytest.mark.parametrize("decisions", [0, 3, 7, 12, 20, 30])
def test_fragments_are_byte_identical_at_many_positions(tmp_path, decisions) -> None:
    """Positions along a seeded random game (the bag's order dealt afresh in the twin)."""
    assert_fragments_identical_at(
        "dice-miner", {}, SEED + decisions, decisions, tmp_path, ("stop",)
    )
