"""One walk over every endpoint the game page uses, for the byte-identical-response tests.

Each secrets test also checks many positions of a seeded random game
(:func:`assert_fragments_identical_at`): the page, its fragment and its previews
against a twin dealt from the same observation.

Each game's secrets test builds two sessions with the same public history and different
hidden cards, then compares what this walk gets from each: the page, the fragment, the
score previews, a hint, bad moves, a move whose result is public, undo and resign.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from solotable.core.rng import Rng
from solotable.session.session import GameSession, Seat
from solotable.session.store import Store
from solotable.web.app import create_app
from tests.web.serving import allow_testserver

ORIGIN = {"origin": "http://testserver", "x-fragment": "1"}
Response = tuple[str, int, bytes]


def page_responses(
    session: GameSession,
    tmp_path: Path,
    name: str,
    *,
    bad_moves: tuple[str, ...] = (),
    public_move: str | None = None,
    full: bool = True,
) -> list[Response]:
    """What a browser gets on each endpoint of ``session``'s page, in order.

    ``full=False`` stops after the three read-only requests (page, fragment, previews, finals).
    """
    store = Store(tmp_path / f"{name}.db")
    app = create_app(store, access=allow_testserver())
    app.state.tables.adopt(session)
    out: list[Response] = []
    with TestClient(app) as c:
        base = f"/games/{session.id}"

        def get(path: str) -> None:
            r = c.get(path)
            out.append((path, r.status_code, r.content))

        def post(path: str, data: dict[str, str] | None = None) -> None:
            """A change sent with the version of the table on screen, as the page does."""
            on_screen = c.get(base + "/table").text
            version = on_screen.split('data-version="', 1)[1].split('"', 1)[0]
            r = c.post(path, data={**(data or {}), "version": version}, headers=ORIGIN)
            out.append((f"POST {path} {data}", r.status_code, r.content))

        get(base)
        get(base + "/table")
        get(base + "/previews")
        get(base + "/finals")  # the moves undo could not take back (web.finals)
        if full:
            post(base + "/hint")
            for move in bad_moves:
                post(base + "/move", {"move": move})
            if public_move is not None:
                post(base + "/move", {"move": public_move})
            get(base + "/table")
            get(base + "/previews")
            get(base + "/finals")
            post(base + "/undo")
            get(base)
            post(base + "/resign")
            get(base)
    store.close()
    return out


def assert_same_responses(ra: list[Response], rb: list[Response], hidden: str) -> None:
    """The twins got the same statuses and byte-identical bodies on every request;
    ``hidden`` names what differed between them, for the failure message."""
    assert [r[:2] for r in ra] == [r[:2] for r in rb]
    for (what, _, body_a), (_, _, body_b) in zip(ra, rb, strict=True):
        assert body_a == body_b, f"{what} differs between two deals of the {hidden}"


def twin(a: GameSession, seed: int) -> GameSession:
    """Same id, seats, seed, public history and events as ``a``; the hidden part dealt
    afresh from ``a``'s observation (``game.sample_state``)."""
    b = GameSession(a.game, a.seats, seed=seed, session_id=a.id, started=a.started)
    b.state = a.game.sample_state(a.observation(0), 0, Rng(424242))
    b.state.history = list(a.state.history)
    b._plies = copy.deepcopy(a._plies)
    b._events = list(a._events)
    b.status, b._result, b.forfeit = a.status, a._result, a.forfeit
    return b


def played_to(
    game: str, options: dict[str, Any], seed: int, decisions: int, avoid: tuple[str, ...] = ()
) -> GameSession:
    """A session after ``decisions`` moves of a seeded random player (moves starting with
    ``avoid`` only when nothing else is legal; never resign)."""
    s = GameSession.start(game, options, [Seat()], seed=seed, clocks=False)
    rng = Rng(seed + 99)
    for _ in range(decisions):
        if s.is_over():
            break
        moves = [m[1] for m in s.legal_moves(0) if m[1] != "resign"]
        calm = [m for m in moves if not m.startswith(avoid)] or moves
        s.play(0, rng.choice(calm))
    return s


def assert_fragments_identical_at(
    game: str,
    options: dict[str, Any],
    seed: int,
    decisions: int,
    tmp_path: Path,
    avoid: tuple[str, ...] = (),
) -> None:
    """The page, its fragment and its previews are byte-identical for a session and its
    twin at this position, and the twins really differ in what is hidden."""
    a = played_to(game, options, seed, decisions, avoid)
    b = twin(a, seed)
    assert a.observation(0) == b.observation(0)
    assert a.state.to_dict() != b.state.to_dict(), "the twins must differ in hidden parts"
    ra = page_responses(a, tmp_path, f"a{decisions}", full=False)
    rb = page_responses(b, tmp_path, f"b{decisions}", full=False)
    assert_same_responses(ra, rb, f"hidden parts after {decisions} decisions")
    assert all(status < 500 for _, status, _ in ra)
