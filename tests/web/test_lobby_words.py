"""The lobby speaks the player's words (issue 21): labels, presets, data files, scores.

No option key (``magic_dice``) or JSON path box; presets in the game's order, each once, with
what it changes; designer options under "Advanced"; data files offered by the import the
command line made; best scores and recent games with settings in words and numbers as the
game counts them (84, not 84.0).
"""

from __future__ import annotations

import html as html_lib
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from solotable.core.datafile import import_data_file
from solotable.core.registry import game_class
from solotable.session.session import Seat
from solotable.web.app import create_app
from solotable.words import words
from tests.web.serving import allow_testserver
from tests.words.pseudo import engine_words, visible_text
from tests.words.web_table import worded as worded  # a fixture

ORIGIN = {"origin": "http://testserver"}
GAMES = ("divercite", "dice-miner", "mini-divercity", "51st-state")


VOID = {"input", "br", "img", "meta", "link", "hr", "source", "wbr"}


class Node:
    def __init__(self, tag: str, attrs: dict[str, str], parent: Node | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node | str] = []

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children).strip()

    def all(self, tag: str | None = None) -> list[Node]:
        out = []
        for c in self.children:
            if isinstance(c, Node):
                if tag is None or c.tag == tag:
                    out.append(c)
                out += c.all(tag)
        return out

    def find(self, **attrs: str) -> Node | None:
        for n in self.all():
            if all(n.attrs.get(k) == v for k, v in attrs.items()):
                return n
        return None

    def under(self, tag: str, cls: str) -> bool:
        p = self.parent
        while p is not None:
            if p.tag == tag and cls in p.attrs.get("class", "").split():
                return True
            p = p.parent
        return False


class Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, None)
        self.at = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v if v is not None else "" for k, v in attrs}, self.at)
        self.at.children.append(node)
        if tag not in VOID:
            self.at = node

    def handle_endtag(self, tag: str) -> None:
        n: Node | None = self.at
        while n is not None and n.tag != tag:
            n = n.parent
        if n is not None and n.parent is not None:
            self.at = n.parent

    def handle_data(self, data: str) -> None:
        self.at.children.append(data)


class Card:
    """One game card's form: its fields (with whether they sit under Advanced), presets."""

    def __init__(self, node: Node) -> None:
        self.fields: list[dict[str, Any]] = []
        for n in node.all():
            if n.tag == "select" or (
                n.tag == "input" and n.attrs.get("type") in ("number", "text")
            ):
                field: dict[str, Any] = {
                    "name": n.attrs.get("name"),
                    "advanced": n.under("details", "advanced"),
                }
                if n.tag == "select":
                    field["options"] = [
                        {"value": o.attrs.get("value", ""), "label": o.text()}
                        for o in n.all("option")
                    ]
                self.fields.append(field)
        self.presets = [
            {
                "value": i.attrs.get("value", ""),
                "checked": "checked" in i.attrs,
                "label": (i.parent.text() if i.parent is not None else ""),
            }
            for i in node.all("input")
            if i.attrs.get("name") == "preset"
        ]


def card(html: str, game: str) -> Card:
    tree = Tree()
    tree.feed(html)
    node = tree.root.find(id=f"game-{game}")
    assert node is not None, f"no card for {game}"
    return Card(node)


def lobby(store: Any, lang: str = "en") -> str:
    with TestClient(create_app(store, access=allow_testserver()), headers=ORIGIN) as c:
        c.cookies.set("lang", lang)
        return c.get("/").text


# -- option keys and data files ------------------------------------------------------------------
def test_no_option_key_is_shown(store) -> None:
    html = lobby(store)
    keys = sorted({s.name for g in GAMES for s in game_class(g).info.options})
    shown = " ".join(text for _, text in visible_text(html))
    for key in ("magic_dice", "end_when_impossible", "first_player", "save_goal"):
        assert key in keys and key not in shown
    assert engine_words(html, names=[k for k in keys if "_" in k]) == []


def test_no_box_asks_for_a_file_path(store) -> None:
    html = lobby(store)
    for game, option in (("dice-miner", "dice"), ("51st-state", "cards")):
        fields = {f["name"]: f for f in card(html, game).fields}
        field = fields[f"opt.{option}"]
        assert "options" in field, f"{option} is not a list of files"
        assert [o["value"] for o in field["options"]] == [""]  # the built-in only, so far
        assert field["advanced"]
    assert 'type="text" name="opt.dice"' not in html and 'name="opt.cards" type' not in html
    assert "solotable play dice-miner --set dice=FILE" in html  # how to import one


def test_an_imported_data_file_is_offered_by_a_readable_label_and_plays(store, home) -> None:
    source = Path(game_class("dice-miner").info.package.replace(".", "/"))
    builtin = Path(__file__).resolve().parents[2] / "src" / source / "data" / "dice.json"
    doc = json.loads(builtin.read_text("utf-8"))
    doc["name"] = "My heavier dice"
    mine = home / "mine.json"
    mine.write_text(json.dumps(doc), "utf-8")
    value = import_data_file(mine, "dice file")
    (home / "junk.json").write_text("{}", "utf-8")
    import_data_file(home / "junk.json", "junk")  # not a dice table: not offered
    html = lobby(store)
    options = {f["name"]: f for f in card(html, "dice-miner").fields}["opt.dice"]["options"]
    assert [o["value"] for o in options] == ["", value]
    assert options[1]["label"].startswith("My heavier dice (imported ")
    assert "sha256" not in options[1]["label"]
    cards = {f["name"]: f for f in card(html, "51st-state").fields}["opt.cards"]["options"]
    assert [o["value"] for o in cards] == [""], "a dice table is no card set"
    with TestClient(create_app(store, access=allow_testserver()), headers=ORIGIN) as c:
        r = c.post("/games", data={"game": "dice-miner", "opt.dice": value}, follow_redirects=False)
        assert r.status_code == 303


# -- presets -------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_presets_come_once_each_in_the_games_order(store, game: str) -> None:
    from solotable.core.options import resolve_options

    info = game_class(game).info
    found = card(lobby(store), game).presets
    if not info.presets:
        assert found == []
        return
    values = [p["value"] for p in found]
    assert values[0] == "" and found[0]["checked"]  # the game as it comes, chosen
    named = [v for v in values if v]
    assert named == [p for p in info.presets if p in named], "the game's order"
    resolved = [
        resolve_options(info.options, {"preset": v} if v else {}, info.presets) for v in values
    ]
    assert all(resolved.count(r) == 1 for r in resolved), "no two entries play the same game"
    labels = [p["label"] for p in found]
    assert len(set(labels)) == len(labels) and all(labels)


def test_dice_miners_presets_in_difficulty_order_without_standard_twice(store) -> None:
    """Issue 21: "standard rules" and "standard" were both listed, in alphabetical order."""
    found = card(lobby(store), "dice-miner").presets
    assert [p["value"] for p in found] == ["", "hard", "harder", "hardest"]
    assert found[0]["label"].lower().startswith("standard")
    assert "two" in found[1]["label"].lower()  # what "hard" changes: two Magic dice
    found = card(lobby(store), "mini-divercity").presets
    assert [p["value"] for p in found] == ["", "hard", "expert"]  # "normal" is the first one


def test_advanced_options_sit_under_advanced(store, worded) -> None:
    html = lobby(store)
    fields = {f["name"]: f["advanced"] for f in card(html, worded).fields}
    assert fields == {
        "seed": False,  # the deal, under its own "Deal" section
        "seat": False,
        "level": False,
        "opt.target": False,
        "opt.doubling": False,
        "opt.mode": False,
        "opt.skipping": False,
        "opt.tie_rule": True,
    }


def test_divercites_tiebreak_is_advanced_and_names_no_course(store) -> None:
    html = lobby(store)
    fields = {f["name"]: f for f in card(html, "divercite").fields}
    assert fields["opt.tiebreak"]["advanced"]
    visible = " ".join(t for _, t in visible_text(html, within="game-divercite"))
    assert "INF8175" not in visible and "course" not in visible.lower()


# -- seats and levels ----------------------------------------------------------------------------
def test_seats_and_levels_are_named_in_words(store, worded) -> None:
    for lang, level in (("en", "random moves"), ("fr", "coups au hasard")):
        fields = {f["name"]: f for f in card(lobby(store, lang), worded).fields}
        w = words(lang)
        seats = [o["label"] for o in fields["seat"]["options"]]
        assert seats == [w.seat_name(worded, 0), w.seat_name(worded, 1)] == ["North", "South"]
        assert [o["label"] for o in fields["level"]["options"]] == [level]
    fields = {f["name"]: f for f in card(lobby(store, "fr"), "divercite").fields}
    assert [o["label"] for o in fields["level"]["options"]] == [
        "facile",
        "moyen",
        "difficile",
        "expert",
        "maître",
    ]


def test_option_values_and_defaults_are_described(store, worded) -> None:
    fields = {f["name"]: f for f in card(lobby(store), worded).fields}
    assert [o["label"] for o in fields["opt.mode"]["options"]] == [
        "Default (Normal pace)",
        "Normal pace",
        "Fast pace",
    ]
    assert [o["label"] for o in fields["opt.doubling"]["options"]] == ["Default (yes)", "yes", "no"]
    fields = {f["name"]: f for f in card(lobby(store, "fr"), worded).fields}
    assert [o["label"] for o in fields["opt.doubling"]["options"]] == [
        "Par défaut (oui)",
        "oui",
        "non",
    ]


# -- best scores and recent games ----------------------------------------------------------------
def _finish(store: Any, game: str, options: dict[str, Any], seats: list[Seat]) -> Any:
    """A game played to its end into the store (first legal move each turn, agents move)."""
    from solotable.session.session import GameSession

    session = GameSession.start(game, options, seats, seed=11, store=store)
    me = next(i for i, s in enumerate(seats) if s.human)
    for _ in range(2000):
        if session.is_over():
            break
        if session.agent_to_move() is not None:
            session.step_agent()
            continue
        session.play(me, session.legal_moves(me)[0][0])
    assert session.is_over()
    return session.result()


def test_best_scores_show_settings_in_words_and_whole_numbers(store) -> None:
    result = _finish(store, "dice-miner", {"magic_dice": 2}, [Seat()])
    score = result.scores[0]
    assert float(score).is_integer()
    html = lobby(store)
    best = html[html.index("Best scores") : html.index("Recent games")]
    cells = (
        r'<td class="muted">([^<]*)</td><td class="num">([^<]*)</td><td class="num">([^<]*)</td>'
    )
    row = re.search(rf"<tr><td><a [^>]*>Dice Miner[^<]*</a></td>{cells}", best)
    assert row, best[:1000]
    settings, games, shown = row.groups()
    assert games == "1"  # a score-only game: no "won" count
    label = words("en").option_label("dice-miner", game_class("dice-miner").info.options[0])
    assert settings == f"{label}: 2"
    assert shown == str(int(score)) and ".0" not in shown
    assert "magic_dice" not in best and "dice-miner[" not in best and "builtin" not in best


def test_recent_games_show_the_ai_level_and_the_result_in_words(store) -> None:
    _finish(store, "divercite", {}, [Seat(), Seat("easy")])
    html = lobby(store)
    recent = html[html.index("Recent games") :]
    assert "against the AI (easy)" in recent and "Divercité" in recent
    french = lobby(store, "fr")
    recent = french[french.index("Parties récentes") :]
    assert "contre l’IA (facile)" in recent
    # the outcome is stored as message data, so it is said in French (not kept in English)
    assert ("Blanc" in recent or "Noir" in recent) and "White" not in recent


# -- refusals ------------------------------------------------------------------------------------
def _refusal(store: Any, lang: str, form: dict[str, str]) -> str:
    with TestClient(create_app(store, access=allow_testserver()), headers=ORIGIN) as c:
        c.cookies.set("lang", lang)
        r = c.post("/games", data=form)
    assert r.status_code == 400
    found = re.search(r'<p class="flash error" role="alert">([^<]*)</p>', r.text)
    assert found, r.text[:500]
    return html_lib.unescape(found.group(1))


def test_a_bad_option_value_is_refused_with_its_label_and_what_it_takes(store, worded) -> None:
    """Issue 21: core's refusal named the key (``option 'tie_rule': invalid value``)."""
    specs = {s.name: s for s in game_class(worded).info.options}
    en, fr = words("en"), words("fr")
    target, mode = en.option_label(worded, specs["target"]), en.option_label(worded, specs["mode"])
    said = _refusal(store, "en", {"game": worded, "opt.target": "lots"})
    assert said == f"{target}: give a whole number from 1 to 100, not 'lots'"
    said = _refusal(store, "en", {"game": worded, "opt.target": "101"})
    assert said == f"{target}: give a whole number from 1 to 100, not '101'"
    said = _refusal(store, "en", {"game": worded, "opt.mode": "slow"})
    assert said == f"{mode}: choose Normal pace or Fast pace, not 'slow'"
    said = _refusal(store, "en", {"game": worded, "opt.doubling": "maybe"})
    assert said.endswith(": choose yes or no, not 'maybe'")
    said = _refusal(store, "fr", {"game": worded, "opt.target": "lots"})
    label = fr.option_label(worded, specs["target"])
    assert said == f"{label}\u00a0: indiquez un nombre entier de 1 à 100, et non «\u00a0lots\u00a0»"
    said = _refusal(store, "fr", {"game": worded, "preset": "nope"})
    assert said.startswith("il n’y a pas de variante «\u00a0nope\u00a0»")
    for lang in ("en", "fr"):
        for form in ({"opt.tie_rule": "x"}, {"opt.doubling": "2"}, {"preset": "?"}):
            said = _refusal(store, lang, {"game": worded, **form})
            assert not any(key in said for key in specs if "_" in key), said
            assert "invalid value" not in said and "preset" not in said


def test_a_data_file_path_is_refused_in_words(store) -> None:
    said = _refusal(store, "fr", {"game": "dice-miner", "opt.dice": "/etc/passwd"})
    assert "choisissez un fichier de la liste" in said and "sha256" not in said
