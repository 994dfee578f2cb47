"""Secrets stay on the server: Mini DiverCity's face-down cards never shape a response.

Two sessions share one id and one public history but not the hidden deal:
the second state is ``game.sample_state`` of the first's observation, so the
face-down Ocean cards and the order of both decks are dealt afresh. Every
endpoint the page uses must answer both with the same bytes.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from solotable.core.rng import Rng
from solotable.session.session import GameSession, Seat
from tests.web.twins import (
    Response,
    assert_fragments_identical_at,
    assert_same_responses,
    page_responses,
)

SEED = 4
SAFE = ("look:", "endurance:", "diving:")
"""Moves that turn up no card, so both twins may play them and still look alike."""


def _play_some(session: GameSession) -> None:
    """A few public moves (Lagoon cards used, a main action), ending at a Divers decision
    with face-down Ocean cards in hand."""
    for _ in range(40):
        obs = session.observation(0)
        moves = [m[1] for m in session.legal_moves(0)]
        kind = (obs["decision"] or {}).get("kind")
        if kind == "divers" and obs["turn"] >= 3 and "?" in obs["hand"].values():
            return
        for pick in ("oil:l1", "pay:l1", "pay:l2", "noswap", "id:l2", "explore"):
            if pick in moves:
                break
        else:
            pick = next(m for m in moves if not m.startswith(("look", "resign")))
        session.play(0, pick)
    raise AssertionError("no Divers decision with face-down cards came up")


def _twin(a: GameSession) -> GameSession:
    """Same id, seats, public history and events; a different hidden deal."""
    b = GameSession(a.game, a.seats, seed=SEED, session_id=a.id, started=a.started)
    b.state = a.game.sample_state(a.observation(0), 0, Rng(424242))
    b.state.history = list(a.state.history)
    b._plies = copy.deepcopy(a._plies)
    b._events = list(a._events)
    return b


def _hidden(session: GameSession) -> list[int]:
    """The true identities of the face-down Ocean cards (test-only access to the state)."""
    s = session.state
    return [c for c, up in zip(s.hand, s.up, strict=True) if c >= 0 and not up]  # type: ignore[attr-defined]


def _responses(session: GameSession, tmp_path: Path, name: str) -> list[Response]:
    legal = [m[1] for m in session.legal_moves(0) if m[1].startswith(SAFE)]
    return page_responses(
        session, tmp_path, name, bad_moves=("id:o9", "cap:nobody"), public_move=legal[0]
    )


def test_responses_are_byte_identical_whatever_the_hidden_deal(tmp_path: Path) -> None:
    a = GameSession.start("mini-divercity", {}, [Seat()], seed=SEED)
    _play_some(a)
    b = _twin(a)
    assert a.observation(0) == b.observation(0)
    assert _hidden(a) != _hidden(b), "the twins must differ in their face-down cards"
    ra = _responses(a, tmp_path, "a")
    rb = _responses(b, tmp_path, "b")
    assert_same_responses(ra, rb, "hidden cards")
    assert all(status < 500 for _, status, _ in ra)
    # The face-down cards' species are nowhere in the page (as names or as ids).
    page = ra[0][2].decode()
    assert page.count('class="card back') >= 1


def test_the_comparison_notices_a_difference(tmp_path: Path) -> None:
    """The check above can fail: two games with different public cards do differ."""
    a = GameSession.start("mini-divercity", {}, [Seat()], seed=1)
    c = GameSession.start("mini-divercity", {}, [Seat()], seed=2)
    c.id, c.started = a.id, a.started
    ra = _responses(a, tmp_path, "a")
    rc = _responses(c, tmp_path, "c")
    assert ra[0][0] == rc[0][0] and ra[0][2] != rc[0][2]


@pytest.mark.parametrize("decisions", [0, 2, 5, 9, 14, 20, 28])
def test_fragments_are_byte_identical_at_many_positions(tmp_path: Path, decisions: int) -> None:
    """Positions along seeded random games (face-down cards and decks dealt afresh)."""
    assert_fragments_identical_at("mini-divercity", {}, SEED + decisions, decisions, tmp_path)
