"""One walk over every endpoint the game page uses, for the byte-identical-response tests.

Each game's secrets test builds two sessions with the same public history and different
hidden cards, then compares what this walk gets from each: the page, the fragment, the
score previews, a hint, bad moves, a move whose result is public, undo and resign.
"""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from solotable.core.session import GameSession
from solotable.core.store import Store
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

    ``full=False`` stops after the three read-only requests (page, fragment, previews).
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
        if full:
            post(base + "/hint")
            for move in bad_moves:
                post(base + "/move", {"move": move})
            if public_move is not None:
                post(base + "/move", {"move": public_move})
            get(base + "/table")
            get(base + "/previews")
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
