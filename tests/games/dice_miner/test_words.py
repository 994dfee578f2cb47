"""Issue 21 for Dice Miner: the engine gives data, the formatter says all of it, in English and
in French, and the terminal view's every word comes through the catalog."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.pofile import read_po
from rich.console import Console

from solotable.core.events import Event
from solotable.core.game import ActionInfo
from solotable.core.message import Msg, msg
from solotable.core.players import CHANCE
from solotable.core.rng import Rng
from solotable.games.dice_miner.state import DiceMinerState
from solotable.session.session import GameSession, Seat, UndoRefused
from solotable.words import Words, words
from solotable.words.catalog import LANGS
from solotable.words.registry import formatter_of
from solotable.words.tools import LOCALE
from tests.games.dice_miner.helpers import bottom, game, position
from tests.words.pseudo import stray_words

DOMAIN = "dice_miner"
SEEDS = range(6)


def nb(text: str) -> str:
    """French typography in an expected string: a no-break space before ``: ; ! ?``."""
    return re.sub(r" ([:;!?])", "\u00a0\\1", text)


def plain(markup: str) -> str:
    console = Console(width=100, record=True, color_system=None, file=io.StringIO())
    console.print(markup)
    return console.export_text()


def said(key: str) -> bool:
    f = formatter_of("dice-miner")
    return f is not None and key in f.messages


class Seen:
    """Everything a random game gives to say: moves, events, refusals, the outcome, views."""

    def __init__(self) -> None:
        self.infos: list[ActionInfo] = []
        self.events: list[Event] = []
        self.reasons: list[Msg] = []
        self.outcomes: list[Msg] = []
        self.observations: list[dict[str, Any]] = []


def random_games(seeds: range = SEEDS, **options: Any) -> Iterator[tuple[DiceMinerState, Seen]]:
    """Random games to the end; every step's data is collected in ``Seen``."""
    g = game(**options)
    for seed in seeds:
        rng = Rng(seed)
        s = g.new_initial_state(seed)
        seen = Seen()
        before = s.observation(0)
        while not s.is_terminal():
            legal = s.legal_actions()
            seen.infos += [s.action_info(a) for a in legal]
            if s.current_player() != CHANCE:
                for a in [rng.below(g.num_distinct_actions()) for _ in range(12)]:
                    reason = s.illegal_reason(a)
                    if reason is not None:
                        assert isinstance(reason, Msg), reason
                        seen.reasons.append(reason)
            action = s.sample_chance() if s.is_chance_node() else rng.choice(legal)
            s.apply_action(action)
            after = s.observation(0)
            seen.events += g.events(before, after, 0)
            seen.observations.append(after)
            before = after
        seen.outcomes.append(s.outcome())
        yield s, seen


def test_every_action_event_refusal_and_outcome_is_data_the_formatter_says() -> None:
    kinds: set[str] = set()
    events: set[str] = set()
    for _, seen in random_games():
        for info in seen.infos:
            assert info.owner == "dice-miner" and info.notation
            assert said(info.message.key), info.message.key
            assert "dice-miner." not in str(info.message), "no key(args) fallback"
            if info.args.get("slot") is not None:
                assert info.targets == (f"slot:{info.args['slot']}",)
            kinds.add(info.kind)
        for e in seen.events:
            assert e.text == "" and said(f"dice-miner.event.{e.kind}"), e.kind
            assert "dice-miner." not in words("en").event("dice-miner", e)
            events.add(e.kind)
        for m in seen.reasons + seen.outcomes:
            assert m.key.startswith(("dice-miner.", "core.")), m.key
            assert "dice-miner." not in str(m) and "core." not in str(m)
        for obs in seen.observations:
            assert "outcome" not in obs and "band_text" not in obs, "no prose in observations"
    assert {"take", "draw", "stop", "spend", "recycle", "refill"} <= kinds
    assert kinds <= {"take", "spend", "face", "recycle", "refill", "stop", "draw"}
    assert {"fill", "over", "beer"} <= events


def test_a_chance_draw_names_the_die_and_where_it_lands() -> None:
    """What the session says when a draw is revealed (the undo refusal, the log)."""
    s = game().new_initial_state(3)
    start = s.action_info(s.legal_actions()[0])
    assert start.kind == "draw" and start.args["start"] is True and start.args["slot"] is None
    assert str(start.message).startswith("a starting Magic die rolls ")
    while s.current_player() == CHANCE and s.to_roll:
        s.apply_action(s.sample_chance())
    if s.face_pending:
        s.apply_action(s.legal_actions()[0])
    dragon = s.string_to_action("draw hazard dragon2")
    info = s.action_info(dragon)
    assert (info.kind, info.args["type"], info.args["face"], info.args["slot"]) == (
        "draw",
        "hazard",
        "dragon2",
        "a1",
    )
    assert info.args["symbols"] == [["dragon", 2]] and info.targets == ("slot:a1",)
    assert str(info.message) == "a Danger die lands on a1 showing 2 dragons"
    assert words("fr").action(info) == "un dé Danger arrive en a1 et montre 2 dragons"


def test_moves_on_a_beer_die_and_the_collection_are_said_in_both_languages() -> None:
    s = position(
        game(), bottom("tunnel beer", "treasure gem2"), {"magic magic2": 1, "tool chest1": 1}
    )
    infos = {i.notation: i for i in s.legal_action_infos()}
    assert words("en").action(infos["take a1 as n1"]) == (
        "take the Tunnel die showing beer on a1 as 1"
    )
    assert words("fr").action(infos["take a1 as n1"]) == (
        "prendre le dé Tunnel en a1, sa Bière comptant comme 1"
    )
    assert words("fr").action(infos["take a2 hide"]) == (
        "prendre le dé Trésor (2 gemmes) en a2 et le cacher dans un coffre"
    )
    spend = infos["spend magic2"]
    assert spend.targets == ("magic:magic2",) and spend.args["n"] == 2
    assert words("fr").action(spend) == nb(
        "dépenser un dé Magie (2 symboles magiques) : "
        "renvoyer 2 dés du sommet de la montagne dans le sac"
    )


def test_stats_options_and_presets_have_words_and_presets_go_by_difficulty() -> None:
    g = game()
    presets = list(g.info.presets)
    assert presets == ["hard", "harder", "hardest"], "no second name for the defaults"
    magic = [g.info.presets[p]["magic_dice"] for p in presets]
    assert magic == sorted(magic, reverse=True) and 3 not in magic
    advanced = {o.name for o in g.info.options if o.advanced}
    assert advanced == {"rows", "dice"}
    for lang in LANGS:
        w = words(lang)
        for spec in g.info.options:
            assert w.option_label("dice-miner", spec) != spec.name.replace("_", " ")
            assert w.option_help("dice-miner", spec) != spec.help
        for p in presets:
            assert w.preset_label("dice-miner", p) != p and w.preset_help("dice-miner", p)
        s = position(g, bottom("tunnel n1"))
        s.apply_action(s.parse_move("stop"))
        for key, value in s.stats().items():
            assert w.stat_label("dice-miner", key) != key.replace("_", " "), key
            assert w.stat_help("dice-miner", key), key
            if isinstance(value, str):
                assert w.stat_value("dice-miner", key, value) != value or lang == "en", value
    assert words("fr").stat_value("dice-miner", "band", "Getting there") == "En progrès"
    assert words("fr").stat_value("dice-miner", "end", "stopped") == "arrêt des fouilles"


def test_an_older_versions_stored_events_are_still_said() -> None:
    """Stored games keep their events: the shapes an older version wrote are said too."""
    old_beer = Event(
        1, 2, "beer", None, "a tunnel die lands…", {"slot": "a3", "die": "tunnel beer"}
    )
    old_roll = Event(2, 3, "roll", None, "starting…", {"dice": {"magic2": 1, "magic3": 2}})
    assert words("en").event("dice-miner", old_beer).startswith("a Tunnel die lands on a3")
    assert words("fr").event("dice-miner", old_roll) == nb(
        "dés Magie de départ lancés : 2 symboles magiques, 3 symboles magiques ×2 "
        "(8 symboles magiques)"
    )


class Spy:
    """A catalog that notes every message asked of it that the French catalog does not hold."""

    def __init__(self, inner: Any, known: set[tuple[str, str | None]]) -> None:
        self.inner = inner
        self.known = known
        self.missing: set[str] = set()
        self.asked = 0

    def _note(self, message: str, context: str | None = None) -> None:
        self.asked += 1
        if (message, context) not in self.known:
            self.missing.add(message if context is None else f"{context}|{message}")

    def gettext(self, message: str) -> str:
        self._note(message)
        return str(self.inner.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self._note(singular)
        return str(self.inner.ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        self._note(message, context)
        return str(self.inner.pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        self._note(singular, context)
        return str(self.inner.npgettext(context, singular, plural, n))


def french_with_spy() -> tuple[Words, Spy]:
    with (LOCALE / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        catalog = read_po(f)
    known = {
        (m.id if isinstance(m.id, str) else m.id[0], m.context)
        for m in catalog
        if m.id and m.string and all(m.string if isinstance(m.string, tuple) else [m.string])
    }
    w = Words("fr")  # a fresh one: the cached Words stays untouched
    t = w.tr(DOMAIN)
    spy = Spy(t._t, known)
    t._t = spy
    return w, spy


def test_a_full_game_in_french_uses_only_translated_messages() -> None:
    """The terminal view, every move, event, refusal and the outcome of random games, in
    French: every string asked of the catalog has a French translation, and no message
    falls back to its key."""
    fr, spy = french_with_spy()
    en = words("en")
    for s, seen in random_games(range(4)):
        g = s.game
        texts = [fr.render(g, obs) for obs in seen.observations[::5] + seen.observations[-1:]]
        texts += [fr.action(i) for i in seen.infos[::3]]
        texts += [fr.event("dice-miner", e) for e in seen.events]
        texts += [fr.say(m) for m in seen.reasons + seen.outcomes]
        texts += [fr.say(g.card_text(name)) for name in ("tunnel", "danger", "beer", "gem2")]
        assert all("dice-miner." not in t for t in texts)
        for m in seen.outcomes:
            assert fr.say(m) != en.say(m)
        for e in seen.events:
            assert fr.event("dice-miner", e) != en.event("dice-miner", e)
    assert spy.asked > 500
    assert spy.missing == set()


def test_the_spy_notices_a_message_the_catalog_lacks() -> None:
    """The check above can fail: a string outside the catalog is reported."""
    fr, spy = french_with_spy()
    fr.tr(DOMAIN)._("a sentence nobody translated")
    assert spy.missing == {"a sentence nobody translated"}


@pytest.mark.parametrize("seed", [0, 1])
def test_the_terminal_view_in_the_pseudo_locale_has_no_stray_word(seed: int) -> None:
    """Every visible word of the terminal view comes through the catalog (⟦ ⟧ in ``qps``)."""
    qps = words("qps")
    for s, seen in random_games(range(seed, seed + 1)):
        for obs in seen.observations:
            text = plain(qps.render(s.game, obs))
            assert stray_words(text) == [], text
        for e in seen.events:
            assert stray_words(qps.event("dice-miner", e)) == []
        for i in seen.infos[::7]:
            assert stray_words(qps.action(i)) == []
    assert stray_words("Bag: 3") == ["Bag"], "the scan finds a stray word"


def test_a_french_screen_fits_and_says_the_table_in_french() -> None:
    g = game()
    s = position(
        g,
        bottom("hazard dragon4", "tunnel n1", "treasure gem3"),
        {"magic magic1": 2, "magic magic3": 1, "tool shield1": 1},
    )
    s.apply_action(s.parse_move("take a1"))
    text = plain(words("fr").render(g, s.observation(0)))
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 100 and len(lines) <= 30
    assert nb("Remplissages restants : 2") in text
    assert nb("Dangers neutralisés : 4 dragons") in text
    assert "1 mag. ×2, 3 mag." in text and "boucliers 0/1 libres" in text
    s.apply_action(s.parse_move("stop"))
    end = plain(words("fr").render(g, s.observation(0)))
    assert nb("Partie terminée — 4 points (Désastre) : vous avez arrêté de creuser") in end
    assert nb("Résultat : Désastre — Les nains ont besoin") in end


def test_refusals_are_messages_said_in_french() -> None:
    s = position(game(), bottom("hazard dragon2", "tunnel n3"))
    reason = s.illegal_reason(s.string_to_action("take a2"))
    assert reason == msg("dice-miner.illegal.run", n=3, below=2)
    assert words("fr").say(reason) == "un Tunnel 3 doit prolonger une suite qui s'arrête à 2"


def test_the_undo_refusal_says_the_revealed_die_not_its_notation() -> None:
    """Issue 21: the refusal quoted notation ("'draw hazard dragon2' was revealed"); it now
    says the draw as the log does ("a Danger die lands on a1 showing 2 dragons")."""
    s = GameSession.start("dice-miner", {}, [Seat()], seed=1)
    while "refill" not in (moves := [n for _, n, _ in s.legal_moves(0)]):
        s.play(0, next((m for m in moves if m.startswith("take")), moves[0]))
    s.play(0, "refill")
    with pytest.raises(UndoRefused) as refused:
        s.undo(0)
    said = str(refused.value)
    assert "revealed" in said and re.search(r"a \w+ die lands on [a-f]\d showing ", said), said
    assert "'" not in said and not re.search(r"draw (tunnel|treasure|hazard|magic|tool)", said)


def test_every_block_of_the_rules_page_is_translated_in_the_catalog() -> None:
    """The players' rules page is said block by block from the catalog: each block (heading,
    paragraph, list item, table cell) has a French string, and the French page reads French."""
    import solotable
    from solotable.words.rules import _md, rules_html

    source = solotable.load_game("dice-miner").rules_text()
    blocks = [t.content for t in _md().parse(source) if t.type == "inline" and t.content.strip()]
    with (LOCALE / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as f:
        catalog = read_po(f)
    missing = [b for b in blocks if not (catalog.get(b) and catalog.get(b).string)]
    assert len(blocks) > 30 and missing == [], missing
    page = rules_html("dice-miner", "fr", source)
    for french in ("<h2>Matériel</h2>", "Mise en place", "Bière", "dés"):
        assert french in page, french
    for english in ("Components", "Setup", "Your turn", "Scoring", "Engine notes", "returns()"):
        assert english not in page, english
