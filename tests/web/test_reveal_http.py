"""The end screen's reveal and the costs said before the click, over HTTP (TestClient).

Reveal: an unfinished game's page, fragment and save hold none of it; once the game is over
the end screen shows exactly what the engine hid (compared with a session started here with
the same seed). Before the click: Dice Miner's Undo is disabled with its reason in words
when undo is impossible (it used to answer HTTP 422 after a refill); Mini DiverCity's
Lagoon moves say their extra discards on the card and in the move's words.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from solotable.session.session import GameSession, Seat
from tests.web.test_api import FETCH, _new, post

UNDO = re.compile(r'<form method="post" action="/games/[^"]+/undo"[^>]*>.*?</form>', re.S)


def _table_data(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="table-data">(.*?)</script>', html)
    assert found, html[:300]
    return dict(json.loads(found.group(1)))


def _undo(html: str) -> str:
    found = UNDO.search(html)
    assert found, "no Undo form"
    return found.group(0)


def _saved_text(home: Path) -> str:
    """Every file the store wrote (the unfinished game's save among them), as text."""
    return "\n".join(
        p.read_text("utf-8", errors="replace") for p in sorted(home.rglob("*")) if p.is_file()
    )


def test_mini_divercity_reveal_only_at_the_end(client, home: Path) -> None:
    url = _new(client, "mini-divercity", seed="7")
    for html in (client.get(url).text, client.get(url + "/table").text):
        assert 'class="reveal"' not in html and "was face down" not in html
    assert '"face_down"' not in _saved_text(home)
    r = post(client, url, "resign", headers=FETCH)
    assert 'class="reveal"' in r.text
    mirror = GameSession.start("mini-divercity", {}, [Seat()], seed=7)
    mirror.resign(0)
    hidden = mirror.reveal()
    assert hidden is not None
    shown = re.findall(
        r'<figure class="revealed( was-down)?" data-slot="(\w+)" data-card="(\w+)"', r.text
    )
    assert [(s, c, bool(d)) for d, s, c in shown] == [
        (o["slot"], o["card"], o["face_down"]) for o in hidden["ocean"]
    ]
    assert sum(o["face_down"] for o in hidden["ocean"]) == 3
    rest = dict(re.findall(r'<li data-card="(\w+)">[^<]*<span class="num">×(\d+)</span>', r.text))
    species_rest = hidden["species_deck"]["rest"]
    assert {k: int(v) for k, v in rest.items() if k in species_rest} == species_rest


def test_dice_miner_bag_revealed_after_stopping(client) -> None:
    url = _new(client, "dice-miner", seed="3")
    assert 'class="reveal"' not in client.get(url + "/table").text
    mirror = GameSession.start("dice-miner", {}, [Seat()], seed=3)
    r = post(client, url, "move", {"move": "stop"}, headers=FETCH)
    mirror.play(0, "stop")
    hidden = mirror.reveal()
    assert hidden is not None and 'class="reveal"' in r.text
    bag = re.findall(r'<li data-type="(\w+)">[^<]*<span class="num">×(\d+)</span>', r.text)
    assert {k: int(v) for k, v in bag} == hidden["bag"]


def test_dice_miner_undo_disabled_with_its_reason(client) -> None:
    """No move yet: Undo disabled, "no move to take back". A move that sets off a draw is
    marked final before the click; after it Undo is disabled with the reason (the server
    still refuses a forced post with 422); after a move undo can take back, it is enabled."""
    url = _new(client, "dice-miner", seed="1")
    html = client.get(url + "/table").text
    form = _undo(html)
    assert (
        "disabled" in form and "Undo is not possible: you have made no move to take back." in form
    )
    mirror = GameSession.start("dice-miner", {}, [Seat()], seed=1)
    for _ in range(60):
        data = _table_data(html)
        # which moves are final is asked for after the table is drawn (web.finals)
        asked = client.get(url + "/finals").json()
        assert asked["version"] == re.search(r'data-version="([^"]+)"', html)[1]
        final = set(asked["final"])
        assert final == {
            i.notation for i in mirror.legal_infos(0) if i.action in mirror.irreversible(0)
        }
        takes = [m["n"] for m in data["moves"] if m["n"] != "stop"]
        reversible = [n for n in takes if n not in final]
        if reversible:
            html = post(client, url, "move", {"move": reversible[0]}, headers=FETCH).text
            mirror.play(0, reversible[0])
            form = _undo(html)
            assert "disabled" not in form and 'class="muted undo-why"' not in form
            continue
        move = sorted(final & set(takes))[0]
        assert asked["why"] == "it cannot be taken back"
        html = post(client, url, "move", {"move": move}, headers=FETCH).text
        mirror.play(0, move)
        form = _undo(html)
        assert "disabled" in form and "Undo is not possible:" in form
        refusal = mirror.undo_refusal(0)
        assert refusal is not None
        assert post(client, url, "undo", headers=FETCH).status_code == 422
        return
    raise AssertionError("no final move came up")


def test_mini_divercity_lagoon_cost_on_the_card_and_in_words(client) -> None:
    """A Lagoon card whose Identify costs two more discards says so on the card ("+2
    discards") and in the move's words, and the page asks before playing it."""
    for seed in range(1, 40):
        mirror = GameSession.start("mini-divercity", {}, [Seat()], seed=seed)
        costly = [i for i in mirror.legal_infos(0) if i.args.get("extra_discards")]
        if costly:
            break
    else:
        raise AssertionError("no costly Lagoon move at a game's start")
    url = _new(client, "mini-divercity", seed=str(seed))
    html = client.get(url + "/table").text
    data = _table_data(html)
    for info in costly:
        n = info.args["extra_discards"]
        assert data["confirm"][info.notation]["always"] is True
        assert f"costs {n} more discard" in data["confirm"][info.notation]["why"]
        words = next(m["w"] for m in data["moves"] if m["n"] == info.notation)
        assert words.endswith(f"— costs {n} more discards" if n > 1 else "— costs 1 more discard")
    slots = {i.args["slot"] for i in costly}
    badges = 0
    for wrap in html.split('<div class="slot-wrap">')[1:]:
        slot = re.search(r'data-key="slot:(\w+)"', wrap)
        if slot is None:  # the decks' places
            continue
        badge = re.search(r'<span class="cost-badge" data-cost="(\d+)">', wrap)
        if slot.group(1) in slots:
            assert badge, slot.group(1)
            badges += 1
        else:
            assert badge is None, slot.group(1)
    assert badges == len(slots)
