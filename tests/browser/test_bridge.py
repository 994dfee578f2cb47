"""``solotable.browser.bridge`` under CPython, driven exactly as the browser build's worker
drives it (method, target, header pairs, body bytes): the app's own pages, its cookies kept
by the bridge, the checks of its own origin, and reviews that go on between requests."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from solotable.browser.bridge import STORE_FILE, SiteApp
from solotable.session.session import GameSession, Seat
from solotable.session.store import Store
from tests.apart import run_apart

ORIGIN = "https://solotable.example"


@pytest.fixture
def site(tmp_path: Path) -> SiteApp:
    app = SiteApp(tmp_path / "data", ORIGIN, patch_threads=False)
    yield app
    app.close()


def ask(site: SiteApp, method: str, target: str, body: bytes = b"", **headers: str):
    pairs = [(k.replace("_", "-"), v) for k, v in headers.items()]
    return run_apart(lambda: site.handle(method, target, pairs, body))


def test_pages_come_from_the_app_framed_only_by_its_own_origin(site: SiteApp) -> None:
    status, headers, body = ask(site, "GET", "/", accept_language="fr")
    assert status == 200 and b"Choisissez un jeu" in body
    csp = dict((k.lower(), v) for k, v in headers)["content-security-policy"]
    rules = {r.split()[0]: r.split()[1:] for r in csp.split("; ")}
    assert rules["frame-ancestors"] == ["'self'"]
    assert b"dans ce navigateur" in body  # the lobby says where the game runs


def test_a_change_needs_the_sites_own_origin(site: SiteApp) -> None:
    form = b"game=dice-miner&seed=7"
    kind = {"content_type": "application/x-www-form-urlencoded"}
    assert ask(site, "POST", "/games", form, **kind)[0] == 403  # no Origin, no Referer
    assert ask(site, "POST", "/games", form, origin="https://evil.example", **kind)[0] == 403
    assert ask(site, "POST", "/games", form, origin="http://solotable.example", **kind)[0] == 403
    status, headers, _ = ask(site, "POST", "/games", form, referer=ORIGIN + "/", **kind)
    assert status == 303 and dict(headers)["location"].startswith("/games/")


def test_the_language_cookie_is_kept_by_the_bridge(site: SiteApp) -> None:
    kind = {"content_type": "application/x-www-form-urlencoded", "origin": ORIGIN}
    status, headers, _ = ask(site, "POST", "/lang", b"lang=fr&next=/", **kind)
    assert status == 303 and all(k.lower() != "set-cookie" for k, _ in headers)
    assert site.cookies == {"lang": "fr"}
    assert b"Choisissez un jeu" in ask(site, "GET", "/", accept_language="en")[2]


def test_reopen_forgets_what_the_store_does_not_hold(site: SiteApp, tmp_path: Path) -> None:
    """After a refused write the worker puts back the stored copy and reopens: the app must
    answer from that copy, not from the table it had open."""
    kind = {"content_type": "application/x-www-form-urlencoded", "origin": ORIGIN}
    _, headers, _ = ask(site, "POST", "/games", b"game=dice-miner&seed=7", **kind)
    game = dict(headers)["location"]
    site.checkpoint()
    kept = (tmp_path / "data" / STORE_FILE).read_bytes()
    page = ask(site, "GET", game + "/table")[2].decode()
    version = re.search(r'data-version="([^"]+)"', page).group(1)
    move = re.search(r'"n": "([^"]+)"', page).group(1)
    body = f"move={move}&version={version}".encode()
    assert ask(site, "POST", game + "/move", body, **kind)[0] in (200, 303)
    site.close()
    (tmp_path / "data" / STORE_FILE).write_bytes(kept)  # what IndexedDB still holds
    site.reopen()
    again = ask(site, "GET", game + "/table")[2].decode()
    assert f'data-version="{version}"' in again


def test_a_review_goes_on_between_requests(
    site: SiteApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No thread: the review's first slice runs in the request, the rest between requests
    on the event loop; the progress route shows it growing, then the marks open."""
    store = Store(tmp_path / "data" / STORE_FILE)
    s = GameSession.start("dice-miner", {}, [Seat()], seed=3, clocks=False, store=store)
    while not s.is_over():
        s.play(0, s.legal_moves(0)[0][0])
    store.close()
    from solotable.web import looking_back, review_jobs

    monkeypatch.setattr(looking_back, "FIRST_WAIT", 0.0)  # answer after the first step
    monkeypatch.setattr(review_jobs, "SLICE", 0.0)  # then one step per turn of the loop
    import anyio.to_thread

    from solotable.browser.bridge import run_in_place

    monkeypatch.setattr(anyio.to_thread, "run_sync", run_in_place)  # as in the browser
    kind = {"content_type": "application/x-www-form-urlencoded", "origin": ORIGIN}

    async def main() -> tuple[int, list[bytes]]:
        status, _, _ = await site.handle(
            "POST",
            f"/replay/{s.id}/review",
            [*[(k.replace("_", "-"), v) for k, v in kind.items()]],
            b"step=0",
        )
        seen = []
        for _ in range(2000):
            _, _, body = await site.handle("GET", f"/replay/{s.id}/review-progress", [], b"")
            seen.append(body)
            if b'"finished":true' in body:
                break
            await asyncio.sleep(0)
        return status, seen

    status, seen = run_apart(main)
    assert status == 303  # to the progress page: the review is not done yet
    percents = [int(re.search(rb'"percent":(\d+)', b).group(1)) for b in seen]
    assert percents == sorted(percents) and percents[0] < 100 == percents[-1], percents
    assert len(set(percents)) >= 3  # it moved on between the polls
    page = ask(site, "GET", f"/replay/{s.id}?review=1")[2]
    assert b"mark-legend" in page
