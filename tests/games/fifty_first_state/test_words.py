"""51st State's words: every move, refusal, notation error, event and outcome has its formatter;
a whole game reads in French and, in the pseudo-locale, shows no word outside the catalog.

The engine gives data (``ActionInfo``, ``Msg``, ``Event``); these tests play random games
through the public API and check that ``solotable.words`` says each piece with the game's own
words — never the fallback that prints a message's key and arguments.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from rich.text import Text

from solotable.core.errors import NotationError
from solotable.core.message import Msg
from solotable.core.rng import Rng
from solotable.games.fifty_first_state.state import FiftyFirstStateState
from solotable.session.session import GameSession, Seat
from solotable.words import words
from solotable.words.registry import formatter_of
from tests.words.pseudo import stray_words

from .helpers import game

_FORMATTER = formatter_of("51st-state")
assert _FORMATTER is not None
WORDS = _FORMATTER


def nested(m: Msg) -> Iterator[Msg]:
    """``m`` and every message among its arguments (costs and gains are messages too)."""
    yield m
    for v in m.args.values():
        if isinstance(v, Msg):
            yield from nested(v)


def unsaid(m: Msg) -> list[str]:
    """Keys in ``m`` (or nested in it) that no formatter says."""
    out = []
    for part in nested(m):
        f = formatter_of(part.key.split(".", 1)[0])
        if f is None or part.key not in f.messages:
            out.append(part.key)
    return out


def plain(markup: str) -> str:
    """What the terminal shows of a view's Rich markup."""
    return Text.from_markup(markup).plain


def id_words() -> frozenset[str]:
    """The words of card ids: the terminal shows each card's id, what its commands take."""
    cs = game("random").cards
    return frozenset(w for cid in (*cs.ids, *cs.conn_ids) for w in cid.split("-"))


def random_game(seed: int) -> Iterator[tuple[FiftyFirstStateState, int]]:
    """Every (state, action) of a random game: chance sampled, decisions drawn at random."""
    s = game("random").new_initial_state(seed)
    rng = Rng(seed)
    while not s.is_terminal():
        a = s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions())
        yield s, a
        s.apply_action(a)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_move_of_random_games_has_its_words(seed: int) -> None:
    kinds: set[str] = set()
    for s, a in random_game(seed):
        info = s.action_info(a)
        assert info.owner == "51st-state" and info.notation == s.action_to_string(a)
        assert unsaid(info.message) == [], info
        said = words("en").action(info)
        assert "51st-state." not in said and said.strip(), said
        kinds.add(info.kind)
    assert {"keep", "draw", "reveal", "flip", "pick", "build", "pass"} <= kinds


def test_every_event_kind_a_game_emits_has_its_words() -> None:
    kinds: set[str] = set()
    for seed in (4, 5):
        s = GameSession.start("51st-state", {"faction": "random"}, [Seat()], seed=seed)
        rng = Rng(seed)
        while not s.is_over():
            moves = s.legal_moves(0)
            s.play(0, rng.choice(moves)[0])
        for e in s.events:
            if e.kind in ("move", "chance"):
                continue  # the core's: what the move's ActionInfo says
            assert f"51st-state.event.{e.kind}" in WORDS.messages, e.kind
            if e.kind != "end":  # the session's own, which keeps an English copy in ``text``
                assert not e.text, "events carry data, the words come at the edge"
            for lang in ("en", "fr"):
                said = words(lang).event("51st-state", e)
                assert said and "51st-state." not in said, (e.kind, said)
            kinds.add(e.kind)
    expected = {"setup", "offer", "lookout", "reveal", "production", "round", "cleanup", "end"}
    assert expected <= kinds


def test_every_refusal_and_notation_error_is_a_message_with_words() -> None:
    refusals: set[str] = set()
    for s, _a in random_game(6):
        if s.is_chance_node():
            continue
        legal = set(s.legal_actions())
        for a in range(0, s.game.num_distinct_actions(), 7):
            if a in legal:
                continue
            reason = s.explain_illegal(a)
            assert isinstance(reason, Msg), (a, reason)
            assert unsaid(reason) == [], reason
            refusals.add(reason.key)
    assert len(refusals) >= 8, refusals
    s = game("random").new_initial_state(0)
    for text in ("", "fly away", "build", "build nowhere", "faction:nobody", "pass now"):
        with pytest.raises(NotationError) as err:
            s.string_to_action(text)
        message = err.value.message
        assert isinstance(message, Msg) and unsaid(message) == [], (text, message)
        assert "51st-state." not in words("fr").error(err.value)


def _french_differs(en: str, fr: str, what: Any) -> None:
    assert fr != en, f"not translated: {what}: {en!r}"


def test_a_whole_random_game_reads_in_french() -> None:
    en, fr = words("en"), words("fr")
    g = game("random")
    seen = 0
    for s, a in random_game(7):
        info = s.action_info(a)
        _french_differs(en.action(info), fr.action(info), info.kind)
        seen += 1
        if seen % 9 == 0:
            obs = s.observation(0)
            view_en, view_fr = en.render(g, obs), fr.render(g, obs)
            assert view_fr != view_en
            assert stray_words(plain(words("qps").render(g, obs)), id_words()) == [], obs["phase"]
    assert seen > 100 and s.is_terminal()  # the generator played the last move
    out = s.outcome()
    _french_differs(en.say(out), fr.say(out), out.key)
    assert "points" in fr.say(out) and "tours" in fr.say(out)


def test_every_screen_of_a_game_is_all_catalog_words_in_the_pseudo_locale() -> None:
    qps = words("qps")
    g = game("random")
    s = GameSession.start("51st-state", {"faction": "random"}, [Seat()], seed=8)
    rng = Rng(8)
    screens = 0
    ids = id_words()
    while True:
        obs = s.observation(0)
        assert stray_words(plain(qps.render(g, obs)), ids) == [], obs["phase"]
        for e in s.events[-6:]:
            if e.kind not in ("move", "chance"):
                assert stray_words(qps.event("51st-state", e)) == [], e.kind
        screens += 1
        if s.is_over():
            break
        s.play(0, rng.choice(s.legal_moves(0))[0])
    assert screens > 30


def test_the_end_says_the_faction_and_its_points_not_the_faction_scored() -> None:
    """Issue 21: the end read "the New York scored 84"."""
    s = game("new-york").new_initial_state(3)
    rng = Rng(3)
    while not s.is_terminal():
        s.apply_action(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
    said = words("en").say(s.outcome())
    score = s.final_score()
    assert said.startswith(f"New York: {score} point")
    assert f"({s.vp} VP + {len(s.locs)} for locations)" in said
    assert "the New York" not in said and "scored" not in said
    assert words("fr").say(s.outcome()).startswith(f"New York\u00a0: {score} point")
