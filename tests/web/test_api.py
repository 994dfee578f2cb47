"""The web table's HTTP surface with FastAPI's TestClient: pages, moves, errors, resume."""

from __future__ import annotations

import re
import time

from fastapi.testclient import TestClient

from solotable.session.session import Seat
from solotable.web.app import create_app
from tests.web.serving import allow_testserver

FETCH = {"x-fragment": "1"}
ORIGIN = {"origin": "http://testserver"}


def _new(client, game: str, **form: str) -> str:
    r = client.post("/games", data={"game": game, **form}, follow_redirects=False)
    assert r.status_code == 303, r.text[:500]
    return str(r.headers["location"])


def _settled(client, url: str) -> str:
    """The fragment once the AI has finished thinking."""
    for _ in range(200):
        html = client.get(url + "/table").text
        if 'data-thinking="false"' in html:
            return html
        time.sleep(0.05)
    raise AssertionError("the AI never finished")


def _moves(html: str) -> list[str]:
    return re.findall(r'data-move="([^"]+)"', html)


def version(html: str) -> str:
    """The table version a page sends back with each change (see test_versions.py)."""
    found = re.search(r'data-version="([^"]+)"', html)
    assert found, html[:300]
    return found.group(1)


def post(client, url: str, action: str, data: dict[str, str] | None = None, **kw):
    """A change sent from the table as it is now (the page's version in the form)."""
    current = version(client.get(url + "/table").text)
    return client.post(f"{url}/{action}", data={**(data or {}), "version": current}, **kw)


def test_lobby_builds_forms_from_option_specs(client) -> None:
    html = client.get("/").text
    for field in ("opt.magic_dice", "opt.tiebreak", "opt.neutral_first", "opt.rows"):
        assert f'name="{field}"' in html
    assert '<option value="easy"' in html and "hardest" in html  # levels and presets
    assert client.get("/favicon.ico").headers["content-type"].startswith("image/svg")


def test_rules_pages_render_markdown_and_unknown_names_are_404(client) -> None:
    r = client.get("/rules/dice-miner")
    assert r.status_code == 200 and "<h1>" in r.text and "<table>" in r.text
    assert client.get("/rules/chess").status_code == 404
    assert client.get("/games/not-a-game").status_code == 404


def test_state_changes_need_a_post_from_this_origin(client) -> None:
    url = _new(client, "dice-miner")
    assert client.get(url + "/move").status_code == 405
    for origin in ({"origin": "http://evil.example"}, {"origin": ""}):
        r = client.post(url + "/move", data={"move": "stop"}, headers=origin)
        assert r.status_code == 403
        r = client.post("/games", data={"game": "dice-miner"}, headers=origin)
        assert r.status_code == 403
    assert "Game over" not in client.get(url).text


def test_bad_input_is_a_message_not_a_crash(client) -> None:
    r = client.post("/games", data={"game": "dice-miner", "opt.magic_dice": "99"})
    assert r.status_code == 400 and "magic_dice" in r.text
    r = client.post("/games", data={"game": "nope"})
    assert r.status_code == 400 and "unknown game" in r.text
    r = client.post("/games", data={"game": "divercite", "seat": "7"})
    assert r.status_code == 400 and "seat" in r.text
    url = _new(client, "divercite", level="easy")
    before = client.get(url + "/table").text
    for bad in ("", "CR Z9", "take a1", "x" * 5000):
        r = post(client, url, "move", {"move": bad}, headers=FETCH)
        assert r.status_code == 422 and 'role="alert"' in r.text
    assert client.get(url + "/table").text == before


def test_divercite_move_ai_reply_hint_undo_resign(client) -> None:
    url = _new(client, "divercite", level="easy", seat="0")
    html = _settled(client, url)
    assert "data-targets=" in html
    r = post(client, url, "hint", headers=FETCH)
    code = '<code class="notation" translate="no">'
    hint = re.search(rf"<strong>Hint:</strong>[^<]*{code}([^<]+)</code>", r.text)
    assert hint and "White" in r.text
    # The search's best moves side by side, best first, each with its value in words.
    ranked = re.findall(rf"<li>[^<]*{code}([^<]+)</code> ([^<]+points? ahead at the end)", r.text)
    assert len(ranked) >= 2 and ranked[0][0] == hint.group(1)
    r = post(client, url, "move", {"move": hint.group(1)}, headers=FETCH)
    assert r.status_code == 200
    html = _settled(client, url)
    assert html.count("empty city square") + html.count("empty resource square") == 39
    previews = client.get(url + "/previews").json()
    assert set(previews) == set(_moves(html)) and len(previews) > 100
    assert all(len(d) == 2 for d in previews.values()) and any(d[0] > 0 for d in previews.values())
    # The AI's move is in the log under the seat's name (issue 21: not "player 1 (easy)").
    assert re.search(r'<li class="ev-move">Black: place an? \w+ \w+ on [A-I][1-9]</li>', html)
    assert "player 1" not in html
    r = post(client, url, "undo", headers=FETCH)
    assert r.status_code == 200 and "took back 2 moves" in r.text
    r = post(client, url, "resign", headers=FETCH)
    assert 'class="end-screen"' in r.text and "Play again" in r.text
    r = post(client, url, "move", {"move": "CR B8"}, headers=FETCH)
    assert r.status_code == 422 and "over" in r.text


def test_forms_work_without_the_script(client) -> None:
    """A POST without the fragment header redirects back to the page."""
    url = _new(client, "dice-miner")
    r = post(client, url, "move", {"move": "stop"}, follow_redirects=False)
    for _ in range(3):  # each starting die that rolled beer asks for its face first
        if r.status_code != 422:
            break
        post(client, url, "move", {"move": _moves(r.text)[0]})
        r = post(client, url, "move", {"move": "stop"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == url
    assert "points" in client.get(url).text


def test_no_seed_and_no_store_secret_in_any_response(client, store) -> None:
    seed = 73_912_846_117
    table = client.app.state.tables.start("dice-miner", {}, [Seat()], seed=seed)
    url = f"/games/{table.id}"
    bodies = [client.get(url).text, client.get(url + "/table").text, client.get("/").text]
    bodies.append(post(client, url, "resign", headers=FETCH).text)
    bodies.append(client.get("/").text)
    sealed = store.load(table.id).row["sealed"]
    for body in bodies:
        assert str(seed) not in body and sealed not in body and "sealed" not in body


def test_unfinished_games_resume_after_a_restart(store) -> None:
    with TestClient(create_app(store, access=allow_testserver()), headers=ORIGIN) as c:
        url = _new(c, "divercite", level="easy")
        moves = _moves(_settled(c, url))
        post(c, url, "move", {"move": moves[0]})
        before = _settled(c, url)
    with TestClient(create_app(store, access=allow_testserver()), headers=ORIGIN) as c:
        assert url in c.get("/").text  # listed under "Continue"
        after = c.get(url + "/table").text
        assert re.findall(r"Ply \d+/41", after) == re.findall(r"Ply \d+/41", before)
        again = _moves(after)
        r = post(c, url, "move", {"move": again[0]}, headers=FETCH)
        assert r.status_code == 200


def test_games_without_a_drawn_page_play_on_the_generic_page(client) -> None:
    """A game with no page of its own (here the test-only toy game) plays on the generic one."""
    import tests.toy_game  # noqa: F401  (registers "toy-race")

    # Skipping allowed: every turn has two legal moves, so none is played for the human.
    options = {"skipping": True, "target": 50}
    table = client.app.state.tables.start("toy-race", options, [Seat(), Seat("random")], seed=1)
    html = client.get(f"/games/{table.id}").text
    assert "<pre class='term'>" in html or '<pre class="term">' in html
    assert _moves(html), "every legal move is a button"


def test_the_lobby_never_reads_a_local_path_and_checks_the_seat(client) -> None:
    """Issue 12: a form naming a data file by path (or a device) is refused before any read;
    a seat written with a superscript digit is a clear error, not a crash."""
    for path in ("/dev/zero", "/etc/passwd"):
        r = client.post("/games", data={"game": "dice-miner", "opt.dice": path})
        assert r.status_code in (400, 422) and "choose a file from the list" in r.text
    r = client.post("/games", data={"game": "divercite", "seat": "²"})
    assert r.status_code in (400, 422) and "seat must be" in r.text


def test_a_seed_from_the_new_game_form_deals_that_game(client) -> None:
    """The lobby's seed field: the same seed, the same deal (as ``play --seed``)."""
    assert 'name="seed"' in client.get("/").text
    a = _new(client, "dice-miner", seed="12345")
    b = _new(client, "dice-miner", seed="12345")
    c = _new(client, "dice-miner", seed="54321")
    assert a != b

    def mountain(url: str) -> str:
        html = _settled(client, url)
        return re.sub(r"/games/[\w-]+", "", html)

    assert mountain(a) == mountain(b) != mountain(c)


def test_a_bad_seed_is_a_400_with_a_sentence(client) -> None:
    for seed in ("-1", "1.5", "abc", str(2**63), "9" * 40, "١٢"):
        r = client.post("/games", data={"game": "dice-miner", "seed": seed})
        assert r.status_code == 400, seed
        assert "seed is a whole number from 0 to 9223372036854775807" in r.text
    ok = client.post(
        "/games", data={"game": "dice-miner", "seed": str(2**63 - 1)}, follow_redirects=False
    )
    assert ok.status_code == 303
