"""What changed since the player's move (web.changed): the steps a fragment sends.

Each game is played through HTTP from a fixed seed; the fragment's steps are compared with
the engine's own events (a session replayed here from the same seed and moves, through the
public API), and each step's targets with the table's elements and the observation.
"""

from __future__ import annotations

import json
import re
from typing import Any

from solotable.core.events import Event
from solotable.session.session import GameSession, Seat
from solotable.web.changed import since_last_move, targets
from solotable.words import words
from tests.web.test_api import _new, _settled, post

W = words("en")


def steps_of(html: str) -> list[dict[str, Any]]:
    """The steps block of a fragment (empty when the strip is not drawn)."""
    found = re.search(r'<script type="application/json" id="changed-data">(.*?)</script>', html)
    return json.loads(found.group(1))["steps"] if found else []


def strip_items(html: str) -> list[str]:
    """The strip's lines as the page shows them (unescaped)."""
    import html as h

    section = re.search(r'<section class="since-move".*?</section>', html, re.S)
    assert section, "no since-your-move strip"
    return [h.unescape(t) for t in re.findall(r'<li data-step="\d+"[^>]*>(.*?)</li>', section[0])]


def has_target(html: str, attr: str, value: str) -> bool:
    return f'data-{attr}="{value}"' in html


def play(client, url: str, move: str) -> str:
    r = post(client, url, "move", {"move": move}, headers={"x-fragment": "1"})
    assert r.status_code == 200, r.text[:300]
    return _settled(client, url)


def expected(session: GameSession, seat: int) -> list[Event]:
    """The engine's events since the seat's last move (the move itself left out)."""
    events = session.events_since(0)
    last = max((e.seq for e in events if e.kind == "move" and e.player == seat), default=0)
    return [e for e in events if e.seq > last]


def check_against_engine(html: str, game: str, session: GameSession, seat: int = 0) -> None:
    got = steps_of(html)
    want = expected(session, seat)[-40:]
    assert [s["kind"] for s in got] == [e.kind for e in want]
    assert [s["text"] for s in got] == [W.event(game, e) for e in want]
    assert strip_items(html) == [W.event(game, e) for e in want]


def test_divercite_the_ai_move_is_a_step_on_its_square(client) -> None:
    url = _new(client, "divercite", seed="5", level="easy", seat="0")
    html = _settled(client, url)
    mirror = GameSession.start("divercite", {}, [Seat(None), Seat("easy")], seed=5, clocks=False)
    first = re.findall(r'data-move="([^"]+)"', html)
    if not first:  # the AI opened: its move is already the step since the game began
        mirror.step_agent()
    else:
        html = play(client, url, first[0])
    # play until the human has moved and the AI answered
    if first:
        mirror.play(0, first[0])
        while mirror.agent_to_move() is not None:
            mirror.step_agent()
    check_against_engine(html, "divercite", mirror)
    steps = steps_of(html)
    ai = [s for s in steps if s["kind"] == "move"]
    assert len(ai) == 1
    before = mirror.events_since(0)
    ai_event = next(e for e in reversed(before) if e.kind == "move" and e.player == 1)
    square = ai_event.data["action"]["args"]["square"]
    assert ai[0]["targets"] == [["sq", square]]
    board = mirror.observation(0)["board"]
    assert square in board  # the AI's piece stands where the step points
    assert has_target(html, "sq", square)


def test_dice_miner_refill_is_shown_die_by_die_with_the_counters(client) -> None:
    url = _new(client, "dice-miner", seed="3")
    html = _settled(client, url)
    mirror = GameSession.start("dice-miner", {}, [Seat(None)], seed=3, clocks=False)
    check_against_engine(html, "dice-miner", mirror)  # the opening fill, before any move
    # take dice until a refill happens
    for _ in range(60):
        moves = re.findall(r"data-moves='(\[.*?\])'", html)
        takes = [json.loads(m)[0]["n"] for m in moves]
        direct = re.findall(r'data-move="([^"]+)"', html)
        move = takes[0] if takes else direct[0]
        html = play(client, url, move)
        mirror.play(0, move)
        if any(s["kind"] == "fill" for s in steps_of(html)) or mirror.is_over():
            break
    steps = steps_of(html)
    fills = [s for s in steps if s["kind"] == "fill"]
    assert fills, "no refill in 60 takes"
    check_against_engine(html, "dice-miner", mirror)
    draws = [s for s in steps if s["kind"] == "chance"]
    assert draws and all(len(s["targets"]) <= 1 for s in draws)
    landed = [s["targets"][0][1] for s in draws if s["targets"]]
    mountain = mirror.observation(0)
    names = mountain["slots"]
    filled = {names[i] for i, d in enumerate(mountain["position"]["mountain"]) if d is not None}
    assert landed and set(landed) <= filled  # every die drawn sits where its step points
    fill = fills[-1]["targets"]
    assert ["counter", "bag"] in fill and ["counter", "refills"] in fill
    for attr, value in fill:
        assert has_target(html, attr, value), (attr, value)


def test_fifty_first_state_lookout_reveal_production_are_separate_steps(client) -> None:
    url = _new(client, "51st-state", seed="7")
    html = _settled(client, url)
    mirror = GameSession.start("51st-state", {}, [Seat(None)], seed=7, clocks=False)
    for _ in range(4):
        if any(s["kind"] == "production" for s in steps_of(html)):
            break
        move = "keep" if 'data-move="keep"' in html else re.findall(r'data-move="([^"]+)"', html)[0]
        html = play(client, url, move)
        mirror.play(0, move)
    check_against_engine(html, "51st-state", mirror)
    kinds = [s["kind"] for s in steps_of(html)]
    assert "lookout" in kinds and "reveal" in kinds and "production" in kinds
    assert kinds.index("lookout") < kinds.index("reveal") < kinds.index("production")
    steps = steps_of(html)
    reveal = next(s for s in steps if s["kind"] == "reveal")
    shown = mirror.observation(0)["opponent"][-1]["card"]
    assert reveal["targets"] == [["card", shown]]
    assert has_target(html, "card", shown)  # the revealed card is on the table
    production = next(s for s in steps if s["kind"] == "production")
    assert ["counter", "supply"] in production["targets"]
    assert has_target(html, "counter", "supply")


def test_mini_divercity_corporation_card_and_its_effects_are_steps(client) -> None:
    url = _new(client, "mini-divercity", seed="4")
    html = _settled(client, url)
    mirror = GameSession.start("mini-divercity", {}, [Seat(None)], seed=4, clocks=False)
    check_against_engine(html, "mini-divercity", mirror)  # the opening deal
    for _ in range(30):  # play until a turn's Corporation card follows one of our moves
        infos = mirror.legal_infos(0)
        move = next((i.notation for i in infos if i.kind in ("play", "discard")), infos[0].notation)
        html = play(client, url, move)
        mirror.play(0, move)
        if any(s["kind"] == "corp-card" for s in steps_of(html)):
            break
    check_against_engine(html, "mini-divercity", mirror)
    steps = steps_of(html)
    corp = [s for s in steps if s["kind"] == "corp-card"]
    assert corp and ["key", "corp:current"] in corp[0]["targets"]
    assert has_target(html, "key", "corp:current")
    # a card dealt face down is said as such and points at its slot only, never at a species
    face_down = [e for e in expected(mirror, 0) if e.kind == "deal" and "species" not in e.data]
    for e in face_down:
        (step,) = [s for s in steps if s["seq"] == e.seq]
        assert step["targets"] == [["key", f"slot:{e.data['slot']}"]]
        assert "face down" in step["text"]
    obs = mirror.observation(0)
    for s in steps:
        for attr, value in s["targets"]:
            if value.startswith("sp:"):  # a species moved: its row on the scale
                assert any(sp == value[3:] for sp in _species_ids(obs)), value
            assert has_target(html, attr, value), (s["kind"], attr, value)


def _species_ids(obs: dict[str, Any]) -> list[str]:
    return [str(s["species"] if isinstance(s, dict) else s) for s in obs.get("scale", [])]


def test_after_an_undo_nothing_taken_back_is_shown(client) -> None:
    url = _new(client, "divercite", seed="5", level="easy", seat="0")
    html = _settled(client, url)
    for _ in range(2):
        html = play(client, url, re.findall(r'data-move="([^"]+)"', html)[0])
    assert any(s["kind"] == "move" for s in steps_of(html))  # the AI's answer is shown
    r = post(client, url, "undo", headers={"x-fragment": "1"})
    assert r.status_code == 200, r.text[:300]
    html = _settled(client, url)
    assert steps_of(html) == []  # its piece is off the board: nothing points at it
    assert 'id="since-move"' not in html


def test_hidden_moves_target_nothing_and_say_so() -> None:
    hidden = Event(5, 3, "move", 1, "", {"who": None, "seat": 1, "hidden": True, "forced": False})
    assert targets("divercite", hidden) == []
    # the move itself is never a step; what follows it is
    events = [
        Event(1, 1, "move", 0, "", {"seat": 0}),
        Event(2, 1, "score", 0, "", {"square": "E5"}),
        hidden,
    ]
    assert [e.seq for e in since_last_move(events, 0)] == [2, 5]
    assert since_last_move(events, 1) == []


def test_divercite_points_the_ai_scored_light_its_square_and_the_scores(client) -> None:
    url = _new(client, "divercite", seed="5", level="easy", seat="0")
    html = _settled(client, url)
    mirror = GameSession.start("divercite", {}, [Seat(None), Seat("easy")], seed=5, clocks=False)
    for _ in range(20):
        move = mirror.legal_infos(0)[0].notation
        html = play(client, url, move)
        mirror.play(0, move)
        while mirror.agent_to_move() is not None and not mirror.is_over():
            mirror.step_agent()
        if any(e.kind == "score" and e.player == 1 for e in expected(mirror, 0)):
            break
    check_against_engine(html, "divercite", mirror)
    scored = [e for e in expected(mirror, 0) if e.kind == "score" and e.player == 1]
    assert scored, "the AI scored nothing in 20 moves"
    step = next(s for s in steps_of(html) if s["seq"] == scored[0].seq)
    gains = scored[0].data["gains"]
    assert step["targets"][0] == ["sq", scored[0].data["square"]]
    assert [t for t in step["targets"] if t[0] == "counter"] == [
        ["counter", f"score-{p}"] for p, g in enumerate(gains) if g
    ]
    for attr, value in step["targets"]:
        assert has_target(html, attr, value)
