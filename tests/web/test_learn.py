"""Learn to play: every tutorial replays through the engine from its seed, and the guide
follows the game over HTTP (on the path, off it, back by Undo, done)."""

from __future__ import annotations

from typing import Any

import pytest

from solotable.core.message import Msg
from solotable.session.session import GameSession
from solotable.web import learn
from solotable.words import words
from tests.web.test_api import post

GAMES = learn.games()


def test_every_game_with_a_tutorial_is_a_known_game() -> None:
    import solotable

    assert "dice-miner" in GAMES
    assert set(GAMES) <= set(solotable.game_names())


@pytest.mark.parametrize("game", GAMES)
def test_tutorial_replays_from_its_seed_to_its_end(game: str) -> None:
    """Each expected move is exactly one legal move in turn (played through the session,
    which checks it), the guide is at that step before it, and at the end it is done."""
    t = learn.tutorial(game)
    session = GameSession.start(t.game, dict(t.options), learn.seats_of(t), seed=t.seed)
    for i, step in enumerate(t.steps):
        learn.agents_move(session)  # the AI's replies (Divercité): the same every time
        assert learn.where(session, game) == ("step", i)
        info = learn.expected(session.state, step)
        session.play(session.viewer, info.action)
    assert learn.where(session, game) == ("done", len(t.steps))
    learn.agents_move(session)
    assert learn.where(session, game) == ("done", len(t.steps))  # free play after the lesson


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_sentence_of_a_tutorial_is_in_the_catalog(game: str, lang: str) -> None:
    t = learn.tutorial(game)
    keys = [t.intro, t.end, *(s.say for s in t.steps)]
    said = [words(lang).say(Msg(k)) for k in keys]
    for key, text in zip(keys, said, strict=True):
        assert key not in text and len(text) > 20, (key, text)
    assert len(set(said)) == len(said)
    if lang == "fr":
        english = [words("en").say(Msg(k)) for k in keys]
        assert not set(said) & set(english)


def test_a_step_that_is_not_exactly_one_legal_move_is_refused() -> None:
    raw = {
        "format": 1,
        "game": "dice-miner",
        "seed": 7,
        "intro": "dice-miner.learn.intro",
        "end": "dice-miner.learn.end",
        "steps": [
            {"move": {"kind": "take"}, "point": {"slot": "e1"}, "say": "dice-miner.learn.tool"}
        ],
    }
    t = learn.parse(raw)
    from solotable.core.registry import game_class

    state = game_class("dice-miner")().new_initial_state(7)
    while state.is_chance_node():
        state.apply_legal_action(state.sample_chance())
    with pytest.raises(learn.TutorialError):
        learn.expected(state, t.steps[0])  # two dice can be taken: not one move


@pytest.mark.parametrize(
    "field, value",
    [
        ("format", 2),
        ("seed", "7"),
        ("seed", True),
        ("steps", []),
        ("steps", [{"move": {"kind": "take"}, "point": {"script": "x"}, "say": "k"}]),
        ("steps", [{"move": "take e1", "point": {"slot": "e1"}, "say": "k"}]),
        ("steps", [{"move": {"kind": "take"}, "point": "slot:e1", "say": "k"}]),
        ("steps", [{"move": {"kind": "take"}, "point": {"slot": "e1", "sq": "D6"}, "say": "k"}]),
        ("intro", None),
    ],
)
def test_a_tutorial_file_with_a_bad_field_is_refused(field: str, value: Any) -> None:
    raw = {
        "format": 1,
        "game": "dice-miner",
        "seed": 7,
        "intro": "dice-miner.learn.intro",
        "end": "dice-miner.learn.end",
        "steps": [{"move": {"kind": "take"}, "point": {"slot": "e1"}, "say": "k"}],
        field: value,
    }
    with pytest.raises(learn.TutorialError):
        learn.parse(raw)


def _learn(client: Any, game: str) -> str:
    r = client.post(f"/learn/{game}", follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    location = str(r.headers["location"])
    assert location.endswith("?learn=1")
    return location.removesuffix("?learn=1")


def test_the_lobby_offers_learn_to_play(client: Any) -> None:
    html = client.get("/").text
    for game in GAMES:
        assert f'action="/learn/{game}"' in html


def test_guide_follows_the_game_off_the_path_and_back_by_undo(client: Any) -> None:
    url = _learn(client, "dice-miner")
    g = client.get(url + "/learn").json()
    assert g["status"] == "step" and g["step"] == 1 and g["total"] == 7
    assert g["point"] == {"attr": "slot", "value": "e1"}
    assert g["text"] == words("en").say(Msg("dice-miner.learn.tunnel-one"))
    assert post(client, url, "move", {"move": g["move"]}).status_code == 200
    g = client.get(url + "/learn").json()
    assert (g["status"], g["step"], g["point"]["value"]) == ("step", 2, "e2")
    # The notation box is not guided: another move leaves the path…
    assert post(client, url, "move", {"move": "take d1"}).status_code == 200
    assert client.get(url + "/learn").json()["status"] == "off"
    # …and Undo brings the guide back to the step it was at.
    assert post(client, url, "undo").status_code == 200
    g = client.get(url + "/learn").json()
    assert (g["status"], g["step"]) == ("step", 2)


def test_guide_never_tells_the_path_ahead(client: Any) -> None:
    url = _learn(client, "dice-miner")
    body = client.get(url + "/learn").text
    assert "take e2" not in body and "d2" not in body  # only the move asked for now


def test_a_normal_game_has_no_guide_and_unknown_tables_are_404(client: Any) -> None:
    r = client.post("/games", data={"game": "dice-miner", "seed": "8"}, follow_redirects=False)
    url = str(r.headers["location"])
    assert client.get(url + "/learn").json() == {"status": "none"}
    assert client.get("/games/nope/learn").status_code == 404
    assert client.post("/learn/no-such-game", follow_redirects=False).status_code == 404


def test_learn_refuses_a_post_from_another_site(client: Any) -> None:
    r = client.post(
        "/learn/dice-miner", headers={"origin": "http://evil.example"}, follow_redirects=False
    )
    assert r.status_code == 403
