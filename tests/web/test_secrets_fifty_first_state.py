"""Secrets stay on the server: 51st State's draw pile and opponent deck never shape a response.

Two sessions share one id and one public history but not the hidden order of
the piles (the second state is ``game.sample_state`` of the first's
observation, whose RNG deals the draw pile and the opponent's deck afresh).
Every endpoint the page uses must answer both with the same bytes; the moves
played through them draw no card, so what they show stays public.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from solotable.core.rng import Rng
from solotable.session.session import GameSession, Seat
from tests.hint_agents import use_hint_agent
from tests.web.twins import (
    Response,
    assert_fragments_identical_at,
    assert_same_responses,
    page_responses,
)

SEED = 4
OPTIONS = {"faction": "new-york"}


def _to_actions(session: GameSession) -> None:
    """Keep every Lookout card until the first Actions phase, then send a worker out."""
    while session.observation(0)["phase"] != "actions":
        session.play(0, "keep")
    opp = [m for m in session.legal_moves(0) if m[1].startswith("opp ")]
    session.play(0, opp[0][0])


def _twin(a: GameSession) -> GameSession:
    """Same id, seats, public history and events; the piles' hidden order dealt again."""
    b = GameSession(a.game, a.seats, seed=SEED, session_id=a.id, started=a.started)
    b.state = a.game.sample_state(a.observation(0), 0, Rng(424242))
    b.state.history = list(a.state.history)
    b._plies = copy.deepcopy(a._plies)
    b._events = list(a._events)
    return b


def _next_draws(session: GameSession, n: int = 5) -> list[str]:
    """What the state's own RNG would draw next (``work card``, then the RNG's stream)."""
    s = session.state.clone()
    s.apply_action(s.string_to_action("work card"))
    assert s.is_chance_node()
    return [s.action_to_string(s.sample_chance()) for _ in range(n)]


def _quiet_move(session: GameSession) -> str:
    """A legal move that draws no card (its result is public whatever the deal)."""
    for prefix in ("faction ", "build ", "opp ", "take ", "work fuel"):
        for _, notation, words in session.legal_moves(0):
            if notation.startswith(prefix) and "card" not in words:
                return notation
    return "pass"


def _responses(session: GameSession, tmp_path: Path, name: str) -> list[Response]:
    return page_responses(
        session, tmp_path, name, bad_moves=("build nowhere",), public_move=_quiet_move(session)
    )


@pytest.fixture
def steady_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint agent with a fixed number of samples and no clock.

    PIMC stops when its one-second budget runs out, so on a busy machine two
    identical requests can get different hints; a fixed budget keeps the
    comparison about hidden cards, not about the machine's load."""
    use_hint_agent(monkeypatch, "51st-state", "spimc:samples=4,upto=4")


@pytest.mark.usefixtures("steady_hint")
def test_responses_are_byte_identical_whatever_the_hidden_piles(tmp_path: Path) -> None:
    a = GameSession.start("51st-state", OPTIONS, [Seat()], seed=SEED)
    _to_actions(a)
    b = _twin(a)
    assert a.observation(0) == b.observation(0)
    assert _next_draws(a) != _next_draws(b), "the twins must differ in what the deck holds next"
    ra = _responses(a, tmp_path, "a")
    rb = _responses(b, tmp_path, "b")
    assert_same_responses(ra, rb, "hidden piles")
    assert all(status < 500 for _, status, _ in ra)


def test_the_comparison_notices_a_difference(tmp_path: Path) -> None:
    """The check above can fail: two games with different public hands do differ."""
    a = GameSession.start("51st-state", OPTIONS, [Seat()], seed=1)
    c = GameSession.start("51st-state", OPTIONS, [Seat()], seed=2)
    c.id, c.started = a.id, a.started
    ra = _responses(a, tmp_path, "a")[:1]
    rc = _responses(c, tmp_path, "c")[:1]
    assert ra[0][2] != rc[0][2]


@pytest.mark.parametrize("decisions", [0, 4, 9, 15, 25, 40])
def test_fragments_are_byte_identical_at_many_positions(tmp_path: Path, decisions: int) -> None:
    """Positions along seeded random games (the piles' order dealt afresh)."""
    assert_fragments_identical_at("51st-state", OPTIONS, SEED + decisions, decisions, tmp_path)
