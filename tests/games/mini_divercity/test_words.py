"""Mini DiverCity's words (issue 21): every action, event, refusal and outcome is data that the
formatter says, in English and in French, and the data never names a face-down card."""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from typing import Any

import pytest

from solotable.core import CHANCE, Rng
from solotable.core.message import Msg
from solotable.session.session import GameSession, Seat
from solotable.words import Words, words
from solotable.words.catalog import translations
from solotable.words.registry import formatter_of
from solotable.words.tr import Tr

from .helpers import game, long_playout, play, start

FORMATTER = formatter_of("mini-divercity")
EN, FR = words("en"), words("fr")


def _states(seeds: range) -> Iterator[Any]:
    """Every position of a few long random games (decisions and chance nodes)."""
    out: list[Any] = []
    for seed in seeds:
        long_playout(game(), seed, lambda s: out.append(s.clone()))
    yield from out


def _said(m: Msg) -> str:
    assert FORMATTER is not None and m.key in FORMATTER.messages, f"no words for {m.key}"
    text = EN.say(m)
    assert text and "mini-divercity." not in text and "%(" not in text
    return text


def test_every_action_chance_included_is_data_with_words() -> None:
    kinds: set[str] = set()
    for s in _states(range(4)):
        if s.is_terminal():
            continue
        for a in s.legal_actions():
            info = s.action_info(a)
            assert info.owner == "mini-divercity" and info.notation == s.action_to_string(a)
            assert info.message.key == f"mini-divercity.action.{info.kind}"
            _said(info.message)
            kinds.add(info.kind)
            assert s.describe_action(a) == EN.action(info)
    assert {"draw", "corp-draw", "deal-diver", "oil", "identify", "explore"} <= kinds


def test_every_action_id_has_words_in_both_languages() -> None:
    """All ids of the fixed action space, legal now or not, have a kind the formatter says."""
    s = start()
    for a in range(game().num_distinct_actions()):
        info = s.action_info(a)
        assert EN.action(info) != FR.action(info), info.notation


def test_every_event_kind_has_words() -> None:
    seen: set[str] = set()
    for seed in range(6):
        session = GameSession.start("mini-divercity", {}, [Seat()], seed=seed, clocks=False)
        rnd = Rng(seed)
        while not session.is_over():
            moves = [m for _, m, _ in session.legal_moves(0) if m != "resign"]
            session.play(0, rnd.choice(moves))
        for e in session.events:
            if e.kind in ("move", "chance", "end", "resign", "score"):
                continue  # the core's own events
            assert e.text == "", "events carry data, not words"
            seen.add(e.kind)
            text = EN.event("mini-divercity", e)
            assert text and "mini-divercity." not in text and "%(" not in text
            assert FR.event("mini-divercity", e) != text
    assert {"turn", "corp-card", "discard", "harmed", "deal", "diver-dealt", "over"} <= seen


def _slot_infos(s: Any) -> list[dict[str, Any]]:
    return [dict(s.action_info(a).to_dict()) for a in s.legal_actions()]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_action_infos_are_the_same_in_the_true_and_in_sampled_states(seed: int) -> None:
    """Hidden information: a move's data depends only on what the player sees, so a state
    dealt from the observation describes every legal move identically; a move on a face-down
    card never names its species."""
    g = game()
    checked = 0

    def check(s: Any) -> None:
        nonlocal checked
        if s.is_terminal() or s.current_player() == CHANCE:
            return
        obs = s.observation(0)
        mine = _slot_infos(s)
        for k in range(3):
            twin = g.sample_state(obs, 0, Rng(seed * 100 + k + len(s.history)))
            assert _slot_infos(twin) == mine
        for info in mine:
            slot = info["args"].get("slot")
            if slot is not None and obs["hand"].get(slot) == "?":
                assert info["args"]["species"] is None
                checked += 1

    long_playout(g, seed, check)
    assert checked > 0, "some moves used a face-down card (precondition)"


def test_refusals_and_notation_errors_are_messages_with_words() -> None:
    s = start(corp="oil")
    for move in ("explore", "captain", "look:species", "id:o1"):
        reason = s.illegal_reason(s.string_to_action(move))
        if reason is not None:
            assert isinstance(reason, Msg)
            _said(reason)
    s = start()
    keys = set()
    for a in range(game().num_distinct_actions()):
        reason = s.illegal_reason(a)
        if isinstance(reason, Msg) and reason.key.startswith("mini-divercity."):
            keys.add(reason.key)
            _said(reason)
            assert FR.say(reason) != EN.say(reason)
    assert len(keys) >= 4


def test_the_hotel_already_there_is_named_as_its_island() -> None:
    """Issue 21: "the red card is already a Hotel" meant the red Island."""
    s = start(corp="hotels-red-blue")
    play(s, "explore", "corp:hotels-red-orange")
    entry = {"kind": "hotel-already", "colour": "red"}
    assert entry in s.observation(0)["log"]
    m = Msg("mini-divercity.event.hotel-already", {"colour": "red"})
    assert EN.say(m) == "the red Island is already a Hotel: no change"
    assert FR.say(m) == "l'Île rouge est déjà un Hôtel\u00a0: rien ne change"


def test_the_observation_carries_no_sentence() -> None:
    """Issue 21: no prose, no internal bookkeeping; only ids, codes and counts."""
    s = start(corp="oil-hotels-red-purple")
    obs = s.observation(0)
    assert "machine" not in obs and "names" not in obs and "corporation_cards" not in obs
    assert obs["log"][-2:] == [
        {"kind": "turn", "turn": 1},
        {"kind": "corp-card", "card": "oil-hotels-red-purple"},
    ]
    assert obs["decision"] == {"kind": "oil"}
    assert obs["pending"] == [
        {"step": "oil"},
        {"step": "hotels", "colours": ["red", "purple"]},
        {"step": "divers"},
    ]
    assert obs["dealing"] is None

    def words_in(x: Any) -> Iterator[str]:
        if isinstance(x, dict):
            for v in x.values():
                yield from words_in(v)
        elif isinstance(x, list):
            for v in x:
                yield from words_in(v)
        elif isinstance(x, str):
            yield x

    assert all(" " not in text for text in words_in(obs)), "a sentence in the observation"


# -- French: nothing said in French falls back on English ----------------------------------


class _Spy(gettext.NullTranslations):
    """A catalog that notes every lookup it could not answer (the id came back as is)."""

    def __init__(self, inner: gettext.NullTranslations, missed: list[str]) -> None:
        super().__init__()
        self.inner, self.missed = inner, missed

    def gettext(self, message: str) -> str:
        out = self.inner.gettext(message)
        if out is message:
            self.missed.append(message)
        return out

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        out = self.inner.ngettext(msgid1, msgid2, n)
        if out is msgid1 or out is msgid2:
            self.missed.append(msgid1)
        return out

    def pgettext(self, context: str, message: str) -> str:
        out = self.inner.pgettext(context, message)
        if out is message:
            self.missed.append(f"{context}|{message}")
        return out


class _SpyWords(Words):
    def __init__(self, missed: list[str]) -> None:
        super().__init__("fr")
        self.missed = missed

    def tr(self, domain: str = "solotable") -> Tr:
        t = self._trs.get(domain)
        if t is None:
            spy = _Spy(translations("fr", domain), self.missed)
            t = self._trs[domain] = Tr("fr", domain, spy, self.say)
        return t


def test_a_whole_game_in_french_uses_only_translated_strings() -> None:
    """Terminal view at every step, every legal move, every event, the outcome, card texts,
    options, presets and statistics: each string looked up has its French."""
    missed: list[str] = []
    fr = _SpyWords(missed)
    g = game()
    for seed in (5, 6):
        session = GameSession.start("mini-divercity", {}, [Seat()], seed=seed, clocks=False)
        rnd = Rng(seed)
        while True:
            obs = session.observation(0)
            fr.render(g, obs)
            if session.is_over():
                break
            for info in session.legal_infos(0):
                fr.action(info)
            moves = [m for _, m, _ in session.legal_moves(0) if m != "resign"]
            session.play(0, rnd.choice(moves))
        for e in session.events:
            fr.event("mini-divercity", e)
        state = session.state
        fr.say(state.outcome())
        for key, value in state.stats().items():
            fr.stat_label("mini-divercity", key)
            fr.stat_help("mini-divercity", key)
            fr.stat_value("mini-divercity", key, value)
    for card in g.card_catalog():
        fr.say(g.card_text(card["id"]) or "")
    for spec in g.info.options:
        fr.option_label("mini-divercity", spec)
        fr.option_help("mini-divercity", spec)
    for preset in g.info.presets:
        fr.preset_label("mini-divercity", preset)
        fr.preset_help("mini-divercity", preset)
    fr.game_title("mini-divercity")
    fr.game_summary("mini-divercity")
    # Strings of one letter or none (a zone's initial, a number) may be interned by Python,
    # so the spy cannot tell them from a miss; they are codes rather than words anyway.
    codes = {m for m in missed if sum(ch.isalpha() for ch in m.rpartition("|")[2]) <= 1}
    assert sorted(set(missed) - codes) == []


def test_the_spy_notices_an_untranslated_string() -> None:
    """The check above can fail: a string missing from the catalog is reported."""
    missed: list[str] = []
    _SpyWords(missed).game("mini-divercity")._("a sentence no catalog has")
    assert missed == ["a sentence no catalog has"]


def test_options_presets_and_stats_have_words() -> None:
    g = game()
    assert list(g.info.presets) == ["hard", "expert"], "difficulty order, no default twin"
    assert all(
        p != {} and p != {"save_goal": 7, "eliminated_limit": 5} for p in g.info.presets.values()
    )
    assert [s.name for s in g.info.options if s.advanced] == [
        "end_when_impossible",
        "species",
        "corporations",
    ]
    for spec in g.info.options:
        assert EN.option_label("mini-divercity", spec) != spec.name.replace("_", " ")
        assert EN.option_help("mini-divercity", spec) != spec.help
    state = start()
    play(state, "resign")
    for key, value in state.stats().items():
        assert EN.stat_label("mini-divercity", key) != key.replace("_", " "), key
        assert EN.stat_help("mini-divercity", key)
        if isinstance(value, str):
            assert EN.stat_value("mini-divercity", key, value) != value
