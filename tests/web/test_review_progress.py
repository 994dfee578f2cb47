"""A long review shows its progress, then opens by itself (the replay page, issue 25's
review budget: about a CPU second per decision, a minute or more for a whole game).

The review is held at a known point by a stand-in that reports its progress and waits for
the test before it calls the real review; so the progress page, its numbers and the moment
the replay opens are the test's to choose, not the machine's speed.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

import solotable.web.looking_back as looking_back
from solotable.core.errors import SolotableError
from solotable.core.message import msg
from tests.web.a11y import serious_violations
from tests.web.lookback_games import play_out, reviewed_page


class HeldReview:
    """``looking_back.reviewed`` that stops at 3 of 10 until ``more``, then at 6 of 10 until
    ``go``, then reviews for real (or fails with ``fail``)."""

    def __init__(self) -> None:
        self.real = looking_back.reviewed
        self.more = threading.Event()
        self.go = threading.Event()
        self.calls = 0
        self.fail: SolotableError | None = None

    def release(self) -> None:
        self.more.set()
        self.go.set()

    def __call__(self, replay: Any) -> Any:
        self.calls += 1
        yield 3, 10
        assert self.more.wait(60), "the test never released the review"
        yield 6, 10
        assert self.go.wait(60), "the test never released the review"
        if self.fail is not None:
            raise self.fail
        return (yield from self.real(replay))


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldReview]:
    h = HeldReview()
    monkeypatch.setattr(looking_back, "reviewed", h)
    monkeypatch.setattr(looking_back, "FIRST_WAIT", 0.05)
    yield h
    h.release()  # never leave a review thread waiting


def _progress(client: Any, game_id: str) -> dict[str, Any]:
    r = client.get(f"/replay/{game_id}/review-progress")
    assert r.status_code == 200
    doc: dict[str, Any] = r.json()
    return doc


def _finished(client: Any, game_id: str) -> None:
    end = time.monotonic() + 60
    while not _progress(client, game_id)["finished"]:
        assert time.monotonic() < end, "the review did not finish"
        time.sleep(0.05)


def test_a_long_review_shows_its_progress_then_the_marks(client, store, held):
    s = play_out(store, "divercite", 3, level="easy")
    url = f"/replay/{s.id}"
    first = client.post(f"{url}/review", data={"step": "2"})  # then the page it sends to
    assert first.status_code == 202
    assert "Reviewing your moves" in first.text
    assert 'value="30"' in first.text and "30% of the game looked at" in first.text
    assert f'href="/replay/{s.id}?step=2&amp;review=1"' in first.text  # check again, same step
    assert f'href="/replay/{s.id}?step=2"' in first.text  # the game without the review
    assert _progress(client, s.id) == {
        "finished": False,
        "percent": 30,
        "text": "30% of the game looked at",
    }
    again = client.get(url, params={"review": "1", "step": 2})
    assert again.status_code == 202 and held.calls == 1  # checking again starts nothing
    twice = client.post(f"{url}/review", data={"step": "2"})
    assert twice.status_code == 202 and held.calls == 1  # one review, not one per request
    plain = client.get(url, params={"step": 2})
    assert plain.status_code == 200 and "move-list" in plain.text  # the replay stays open
    held.release()
    _finished(client, s.id)
    done = client.get(url, params={"review": "1", "step": 2})
    assert done.status_code == 200 and 'id="replay"' in done.text
    assert "mark-blunder" in done.text or "mark-mistake" in done.text
    assert held.calls == 1  # kept: the next steps of the replay do not review again


def test_the_progress_is_in_french(client, store, held):
    s = play_out(store, "divercite", 3, level="easy")
    client.cookies.set("lang", "fr")
    page = client.post(f"/replay/{s.id}/review")
    assert page.status_code == 202
    assert "Analyse de vos coups" in page.text and "Reviewing" not in page.text
    assert _progress(client, s.id)["text"] == "30\u00a0% de la partie examinée"


def test_a_review_that_fails_says_why_and_can_be_asked_again(client, store, held):
    s = play_out(store, "divercite", 3, level="easy")
    held.fail = SolotableError(msg("core.review.cannot-analyse", agent="stand-in"))
    held.release()
    first = client.post(f"/replay/{s.id}/review")
    if first.status_code == 202:  # the page's first wait ended before the failure
        _finished(client, s.id)
        first = client.get(f"/replay/{s.id}", params={"review": "1"})
    assert first.status_code == 422
    assert "agent stand-in cannot analyse moves" in first.text
    held.fail = None
    assert reviewed_page(client, f"/replay/{s.id}", {"review": "1"}).status_code == 200
    assert held.calls == 2


def test_no_review_under_way_reads_as_finished(client, store):
    s = play_out(store, "divercite", 3, level="easy")
    assert _progress(client, s.id) == {"finished": True, "percent": 100, "text": ""}


@pytest.mark.xdist_group("browser")
def test_the_progress_page_follows_the_review_and_opens_the_replay_by_itself(
    page, live_server, store, held
):
    from playwright.sync_api import expect

    s = play_out(store, "divercite", 3, level="easy")
    page.goto(f"{live_server.url}/replay/{s.id}?step=2")
    page.get_by_role("button", name="Review my moves (mistakes and better moves)").click()
    expect(page.get_by_role("heading", name="Reviewing your moves")).to_be_visible()
    said = page.locator("#review-done")
    expect(said).to_have_text("30% of the game looked at")
    assert serious_violations(page) == []
    held.more.set()
    expect(said).to_have_text("60% of the game looked at")  # the page follows by itself
    expect(page.locator("#review-progress")).to_have_attribute("value", "60")
    held.go.set()
    expect(page.locator("#replay")).to_be_visible(timeout=60_000)  # and opens the replay
    assert page.locator("#replay").get_attribute("data-step") == "2"
    assert page.locator(".move-list .mark-blunder, .move-list .mark-mistake").count() > 0
    assert page.errors == []


def test_every_word_of_the_progress_page_comes_from_the_catalog(store, held):
    from fastapi.testclient import TestClient

    from solotable.web.app import create_app
    from tests.web.serving import allow_testserver
    from tests.words.pseudo import untranslated

    s = play_out(store, "divercite", 3, level="easy")
    app = create_app(store, access=allow_testserver(), pseudo=True)
    with TestClient(app, headers={"origin": "http://testserver"}) as c:
        c.cookies.set("lang", "qps")
        page = c.post(f"/replay/{s.id}/review")
        assert page.status_code == 202
        allowed = frozenset({"solotable", "Divercit", "Divercité"})
        assert untranslated(page.text, allowed) == []
        text = _progress(c, s.id)["text"]
        assert text and untranslated(f"<p>{text}</p>", allowed) == []


def test_a_second_review_says_it_waits_for_the_first(client, store, held):
    first = play_out(store, "divercite", 3, level="easy")
    second = play_out(store, "divercite", 4, level="easy")
    assert client.post(f"/replay/{first.id}/review").status_code == 202
    page = client.post(f"/replay/{second.id}/review")
    assert page.status_code == 202 and "Waiting for another review to finish" in page.text
    assert _progress(client, second.id) == {
        "finished": False,
        "percent": 0,
        "text": "Waiting for another review to finish",
    }
    assert held.calls == 1  # one review computes at a time
    held.release()
    _finished(client, first.id)
    _finished(client, second.id)
    assert held.calls == 2
    assert reviewed_page(client, f"/replay/{second.id}", {"review": "1"}).status_code == 200


# -- a GET changes nothing: a review starts only with a POST from the table (issue 35) --
def test_a_get_asking_for_the_review_starts_none(client, store, held):
    """Fault: ``GET /replay/<id>?review=1`` started a review of a CPU minute (a link, a
    prefetch or a crawler could set it off); now it only shows a review that exists."""
    s = play_out(store, "divercite", 3, level="easy")
    page = client.get(f"/replay/{s.id}", params={"review": "1", "step": 2})
    assert page.status_code == 200 and 'id="replay"' in page.text
    assert held.calls == 0 and _progress(client, s.id)["finished"] is True
    form = re.search(
        rf'<form method="post" action="/replay/{s.id}/review"[^>]*>(.*?)</form>', page.text, re.S
    )
    assert form and 'name="step" value="2"' in form.group(1)  # the button keeps the step
    assert "<button" in form.group(1) and "Review my moves" in form.group(1)


def test_a_review_starts_with_a_post_and_lands_on_the_reviewed_address(client, store, held):
    s = play_out(store, "divercite", 3, level="easy")
    r = client.post(
        f"/replay/{s.id}/review", data={"step": "2", "hidden": "1"}, follow_redirects=False
    )
    assert r.status_code == 303
    assert r.headers["location"] == f"/replay/{s.id}?step=2&hidden=1&review=1"
    assert held.calls == 1


@pytest.mark.parametrize("origin", [None, "http://evil.example", "null"])
def test_a_review_post_from_elsewhere_starts_nothing(store, held, origin):
    from fastapi.testclient import TestClient

    from solotable.web.app import create_app
    from tests.web.serving import allow_testserver

    s = play_out(store, "divercite", 3, level="easy")
    headers = {} if origin is None else {"origin": origin}
    with TestClient(create_app(store, access=allow_testserver()), headers=headers) as c:
        r = c.post(f"/replay/{s.id}/review", follow_redirects=False)
        assert r.status_code == 403 and "did not come from the solotable page" in r.text
        assert held.calls == 0 and _progress(c, s.id)["finished"] is True


@pytest.mark.parametrize(
    ("game_id", "data", "status"),
    [("nosuchgame", {}, 404), ("%3Cscript%3E", {}, 404), (None, {"step": "x"}, 400)],
)
def test_a_review_post_with_bad_input_gets_a_sentence(client, store, held, game_id, data, status):
    s = play_out(store, "divercite", 3, level="easy")
    r = client.post(f"/replay/{game_id or s.id}/review", data=data, follow_redirects=False)
    assert r.status_code == status and "<script>" not in r.text and held.calls == 0
