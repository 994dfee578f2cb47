"""Divercité speaks in data and the words layer says it (issue 21), in English and French.

Moves are ``ActionInfo`` values, refusals, outcomes, piece texts and hint reasons are
messages, events carry data only, the observation carries no prose; every one of them has
words in ``words/divercite*.py`` and French in the catalog, and the terminal view draws every
word through the translator it is handed (checked with the pseudo-locale).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from solotable import load_game
from solotable.core.errors import IllegalActionError, NotationError
from solotable.core.message import Msg, plain
from solotable.core.rng import Rng
from solotable.games.divercite.actions import COLOUR_LETTERS, action_to_string
from solotable.session.session import GameSession, Seat
from solotable.words import words
from solotable.words.registry import formatter_of
from tests.games.screen import assert_fits, screen_lines
from tests.words.pseudo import stray_words

from .helpers import play

NOTATION_WORDS = frozenset(f"{k}{c}" for k in "CR" for c in COLOUR_LETTERS)
"""Piece codes of the notation (``CR``, ``RG``…): what the terminal may show untranslated."""
FORMATTER = formatter_of("divercite")


def said(m: Msg, lang: str = "en") -> str:
    """``m`` in ``lang``, failing when no formatter knows it (the ``key(args)`` fallback)."""
    assert FORMATTER is not None and m.key in FORMATTER.messages, m.key
    text = words(lang).say(m)
    assert text != plain(m) and text.strip()
    return text


def random_session(seed: int, **options: Any) -> GameSession:
    """A full game: a random human seat against ``easy``."""
    s = GameSession.start("divercite", options, [Seat(), Seat("easy")], seed=seed, clocks=False)
    rnd = random.Random(seed)
    while not s.is_over():
        if s.agent_to_move() is not None:
            s.step_agent()
        else:
            s.play(0, rnd.choice(s.legal_moves(0))[0])
    return s


def test_every_action_is_data_with_words_in_both_languages() -> None:
    game = load_game("divercite")
    state = game.new_initial_state(0)
    kinds = set()
    for a in range(game.num_distinct_actions()):
        info = state.action_info(a)
        kinds.add(info.kind)
        assert (info.action, info.notation, info.owner) == (a, action_to_string(a), "divercite")
        square = info.args["square"]
        assert info.targets[0] == f"square:{square}" and info.targets[1].startswith("supply:")
        assert info.notation.endswith(square)
        english, french = said(info.message), said(info.message, "fr")
        assert english.startswith("place ") and square in english
        assert french.startswith("poser ") and square in french
        assert state.describe_action(a) == english
    assert kinds == {"city", "resource", "neutral"}
    red_city = state.action_info(state.string_to_action("CR D6"))
    assert (red_city.kind, dict(red_city.args)) == ("city", {"colour": "red", "square": "D6"})
    assert red_city.targets == ("square:D6", "supply:city-red")
    assert said(red_city.message, "fr") == "poser une cité rouge en D6"
    green = state.action_info(state.string_to_action("RG C7"))
    assert said(green.message, "fr") == "poser une ressource verte en C7"


def test_legal_moves_over_random_games_all_have_words() -> None:
    for seed in range(6):
        state = load_game("divercite", neutral_first=seed % 2 == 1).new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            for info in state.legal_action_infos():
                said(info.message)
            state.apply_action(rng.choice(state.legal_actions()))


def test_every_refusal_is_a_message_with_words() -> None:
    """All 189 ids at every ply of random games (both variants): a reason exactly when
    illegal, always a ``divercite.`` or ``core.`` message that has English and French."""
    keys = set()
    for i, opts in enumerate(({}, {"neutral_first": True}, {"first_player": "black"})):
        state = load_game("divercite", **opts).new_initial_state(i)
        rng = Rng(40 + i)
        while not state.is_terminal():
            for a in range(189):
                reason = state.illegal_reason(a)
                if reason is None:
                    continue
                assert isinstance(reason, Msg)
                keys.add(reason.key)
                if reason.key.startswith("divercite."):
                    assert said(reason, "fr") != said(reason)
            state.apply_action(rng.choice(state.legal_actions()))
    assert {
        "divercite.illegal.occupied",
        "divercite.illegal.none-left",
        "divercite.illegal.neutral-not-now",
        "divercite.illegal.neutral-last",
        "divercite.illegal.neutral-first",
    } <= keys


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("", "divercite.notation.empty"),
        ("hello", "divercite.notation.shape"),
        ("CR J6", "divercite.notation.off-board"),
        ("CR D5", "divercite.notation.no-square"),
        ("CR C7", "divercite.notation.city-on-resource"),
        ("RG D6", "divercite.notation.resource-on-city"),
        ("N D6", "divercite.notation.neutral-on-city"),
    ],
)
def test_notation_errors_are_messages(text: str, key: str) -> None:
    state = load_game("divercite").new_initial_state(0)
    with pytest.raises(NotationError) as error:
        state.parse_move(text)
    assert isinstance(error.value.reason, Msg) and error.value.reason.key == key
    french = words("fr").error(error.value)
    assert said(error.value.reason, "fr") in french and "\u00a0:" in french


def test_french_words_are_read_as_moves() -> None:
    state = load_game("divercite").new_initial_state(0)
    assert state.string_to_action("cité rouge d6") == state.string_to_action("CR D6")
    assert state.string_to_action("ressource verte c7") == state.string_to_action("RG C7")


def test_refusal_names_the_occupant_in_french() -> None:
    state = play(["CR D6"])
    with pytest.raises(IllegalActionError) as refused:
        state.parse_move("CB D6")
    reason = refused.value.reason
    assert reason == Msg(
        "divercite.illegal.occupied",
        {"square": "D6", "piece": "city", "colour": "red", "owner": 0},
    )
    assert said(reason) == "D6 is already occupied (White's red city)"
    assert said(reason, "fr") == "la case D6 est déjà occupée (cité rouge de Blanc)"


def test_events_are_data_and_every_kind_has_words() -> None:
    kinds: set[str] = set()
    for seed in (3, 4, 5):
        s = random_session(seed)
        for e in s.events:
            kinds.add(e.kind)
            key = f"divercite.event.{e.kind}"
            assert FORMATTER is not None and key in FORMATTER.messages, key
            if e.kind in ("score", "divercite"):
                assert e.text == ""  # data only; the words come from the catalog
            english = words("en").event("divercite", e)
            french = words("fr").event("divercite", e)
            assert english and french and english != french
            assert "player 0" not in english and "player 1" not in english
    assert {"move", "score", "divercite", "end"} <= kinds


def test_the_log_names_seats_white_and_black() -> None:
    """Issue 21: the log said "player 1 (easy)" while the page says White and Black."""
    s = random_session(6)
    moves = [e for e in s.events if e.kind == "move"]
    assert moves and all(e.data["seat"] == e.player for e in moves)
    first = words("en").event("divercite", moves[0])
    second = words("en").event("divercite", moves[1])
    assert first.startswith("White: place ") and second.startswith("Black: place ")
    assert words("fr").event("divercite", moves[1]).startswith("Noir\u00a0: poser ")
    end = words("en").event("divercite", s.events[-1])
    assert end.startswith("game over: ") and ("wins" in end or "shared result" in end)


def test_outcomes_and_piece_texts_are_messages_said_in_french() -> None:
    seen = set()
    for seed in range(60):
        s = load_game("divercite", tiebreak="course" if seed % 2 else "shared")
        state = s.new_initial_state(seed)
        rng = Rng(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        outcome = state.outcome()
        seen.add(outcome.key)
        french = said(outcome, "fr")
        assert french != said(outcome) and ("Blanc" in french or "Noir" in french)
    assert "divercite.outcome.win" in seen
    for name in ("city", "resource", "neutral", "divercite"):
        text = load_game("divercite").card_text(name)
        assert isinstance(text, Msg) and said(text, "fr") != said(text)


def test_the_observation_carries_codes_not_prose() -> None:
    """Every string of an observation is a code, a square, a move's notation or a message
    key: no sentence (the outcome is a message's JSON)."""
    code = re.compile(r"^([a-z_]+|[A-I][1-9]|([CR][RGBY]|N) [A-I][1-9]|divercite(\.[a-z-]+)+)$")

    def strings(value: Any) -> list[str]:
        if isinstance(value, str):
            return [value]
        if isinstance(value, dict):
            return [s for k, v in value.items() for s in [str(k), *strings(v)]]
        if isinstance(value, list | tuple):
            return [s for v in value for s in strings(v)]
        return []

    s = random_session(7, tiebreak="course")
    obs = s.observation(0)
    assert obs["terminal"] and obs["last"] == obs["moves"][-1][-2:]
    outcome = Msg.from_json(obs["result"]["outcome"])
    assert outcome.key.startswith("divercite.outcome.")
    bad = [x for x in strings(obs) if not code.match(x)]
    assert bad == []


def test_terminal_view_french_and_pseudo_at_every_step() -> None:
    """A full game drawn at every step in the pseudo-locale shows no word that did not come
    through the catalog (the notation's piece codes aside), fits 100 × 30, and in French
    shows French."""
    s = GameSession.start("divercite", {}, [Seat(), Seat("easy")], seed=8, clocks=False)
    game = s.game
    rnd = random.Random(8)
    while True:
        obs = s.observation(0)
        pseudo = screen_lines(words("qps").render(game, obs))
        assert stray_words("\n".join(pseudo), NOTATION_WORDS) == []
        french = "\n".join(assert_fits(words("fr").render(game, obs)))
        assert "Blanc (vous)" in french and "cités" in french and "resources" not in french
        if s.is_over():
            break
        if s.agent_to_move() is not None:
            s.step_agent()
        else:
            s.play(0, rnd.choice(s.legal_moves(0))[0])
    assert "Blanc gagne" in french or "Noir gagne" in french or "Égalité" in french
    assert "diversité" in french


def test_french_game_uses_no_english_message() -> None:
    """Every message of a full game (moves, events, outcome, hint reasons) reads
    differently in French: nothing fell back on the English message id."""
    s = random_session(9)
    for e in s.events:
        assert words("fr").event("divercite", e) != words("en").event("divercite", e)
    state = load_game("divercite").new_initial_state(9)
    for info in state.legal_action_infos()[:20]:
        assert words("fr").action(info) != words("en").action(info)
    s = GameSession.start("divercite", {}, [Seat(), Seat("easy")], seed=2, clocks=False)
    s.play(0, "CR D6")
    s.step_agent()
    for c in s.hint(0).candidates:
        assert isinstance(c.reason, Msg)
        assert words("fr").say(c.reason) != words("en").say(c.reason)
        assert "\u00a0:" in words("fr").say(c.reason) or "+" in words("fr").say(c.reason)


def test_options_presets_and_stats_have_player_words() -> None:
    game = load_game("divercite")
    info = game.info
    tiebreak = next(o for o in info.options if o.name == "tiebreak")
    assert tiebreak.advanced  # a tie-break convention: designers' option
    for lang in ("en", "fr"):
        w = words(lang)
        texts = []
        for spec in info.options:
            texts += [w.option_label("divercite", spec), w.option_help("divercite", spec)]
            assert texts[-2] != spec.name.replace("_", " ")
            for value in spec.choices or ():
                texts.append(w.choice_label("divercite", spec, value))
                assert texts[-1] != str(value)
        for preset in info.presets:
            texts += [w.preset_label("divercite", preset), w.preset_help("divercite", preset)]
            assert texts[-1]
        for key in random_session(10).state.stats():
            texts += [w.stat_label("divercite", key), w.stat_help("divercite", key)]
            assert texts[-1]
        for value in ("first player", "second player", "draw", "unfinished"):
            texts.append(w.stat_value("divercite", "winning seat", value))
            assert texts[-1] != value
        joined = " ".join(texts)
        assert "INF8175" not in joined and "course" not in joined.lower()
    clocks = [float(p.get("clock", 0)) for p in info.presets.values()]
    assert clocks == sorted(clocks, reverse=True)  # difficulty order: less time is harder
    assert all(dict(p) != {} for p in info.presets.values())
    assert words("fr").choice_label("divercite", tiebreak, "course") == "Départage"
