"""Both games played to the end in Chromium, by clicking, as a player would.

One module, run serially in one xdist group (``--dist loadgroup``): the
browser and the server are the slow part, so each test covers a whole flow —
lobby, a full game, a reload mid-game, hint, undo, the end screen and "play
again" — and checks that the page logged no console error and no failed request.
Screenshots go to ``$SOLOTABLE_SCREENSHOTS`` (``make screenshots``: docs/screenshots).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from solotable import load_game
from solotable.core.game import State
from solotable.words import words
from tests.web.browser_helpers import mirror, new_game, number

pytestmark = pytest.mark.xdist_group("browser")

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    target = os.environ.get("SOLOTABLE_SCREENSHOTS")
    path = Path(target) if target else tmp_path / "screenshots"
    if not path.is_absolute():
        path = ROOT / path
    path.mkdir(parents=True, exist_ok=True)
    return path


def settle(page: Any) -> dict[str, Any]:
    """Wait until the AI is not thinking; the fragment's data block."""
    page.locator("#table-root[data-thinking=false]").wait_for()
    return json.loads(page.locator("#table-data").text_content())


def version(page: Any) -> str:
    return str(page.locator("#table-root").get_attribute("data-version"))


def after_click(page: Any, old: str) -> dict[str, Any]:
    page.locator(f"#table-root:not([data-version='{old}'])").wait_for()
    return settle(page)


def piece_and_square(notation: str) -> tuple[str, str]:
    """The supply button (``city-red``, ``neutral``) and the square of a Divercité move."""
    from solotable.games.divercite.actions import piece_of, string_to_action

    kind, colour, square = piece_of(string_to_action(notation))
    return ("neutral" if colour is None else f"{kind}-{colour}"), square


def place(page: Any, notation: str) -> dict[str, Any]:
    """Play a Divercité move the way a player does: the piece, then the square."""
    piece, square = piece_and_square(notation)
    button = page.locator(f".piece-btn[data-piece='{piece}']")
    if button.count() and button.get_attribute("aria-pressed") != "true":
        button.click()
    target = page.locator(f".sq[data-sq='{square}']")
    assert "legal" in (target.get_attribute("class") or "")
    old = version(page)
    target.click()
    return after_click(page, old)


DIVERCITE_SEED = 3


def ply(page: Any) -> int:
    return number(page.locator(".dv-side .muted", has_text="Ply").text_content())


PIECES_JS = """() => Object.fromEntries(
  [...document.querySelectorAll(".sq[data-sq]")]
    .map((e) => [e.dataset.sq, (e.getAttribute("aria-label") || "").split(": ")[1] || ""])
    .map(([sq, what]) => [sq, what.replace(/, last move$/, "")])
    .filter(([sq, what]) => /(city|resource|neutral token)$/.test(what))
)"""


def shown_pieces(page: Any) -> dict[str, str]:
    """Occupied squares as the board shows them: square → the piece's label."""
    return dict(page.evaluate(PIECES_JS))


def notation_of(square: str, label: str) -> str:
    """The move that put the piece ``label`` (``White's red city``, ``blue resource``,
    ``neutral token``) on ``square``."""
    if label == "neutral token":
        return f"N {square}"
    colour = next((c for c in ("red", "green", "blue", "yellow") if c in label.split()), None)
    assert colour is not None, (square, label)
    return f"{'C' if label.endswith('city') else 'R'}{colour[0].upper()} {square}"


def follow(page: Any, engine: State, mine: str | None) -> None:
    """Apply to the engine the move we clicked, then the moves the page shows were made
    after it (the AI's answer, a forced last move), read from the board."""
    if mine is not None:
        engine.apply_action(engine.parse_move(mine))
    new = {
        sq: what
        for sq, what in shown_pieces(page).items()
        if sq not in engine.observation(0)["board"]
    }
    # The AI's piece first; the forced neutral token (if the game just ended) last.
    for sq, what in sorted(new.items(), key=lambda kv: kv[1] == "neutral token"):
        engine.apply_action(engine.parse_move(notation_of(sq, what)))
    assert ply(page) == len(engine.history)
    assert set(shown_pieces(page)) == set(engine.observation(0)["board"])


def check_divercite_table(page: Any, engine: State) -> None:
    """Scores, my supply and which pieces can be played are the engine's."""
    obs = engine.observation(0)
    for p, name in enumerate(("White", "Black")):
        shown = page.locator(f".player-head .score[aria-label='{name}: score']").text_content()
        assert number(shown) == obs["scores"][p], name
    supply = obs["supply"][0]
    legal_pieces = {piece_and_square(engine.action_to_string(a))[0] for a in engine.legal_actions()}
    buttons = page.locator(".player.p0 .piece-btn[data-piece]:not(.neutral-btn)").all()
    assert len(buttons) == 8
    for button in buttons:
        code = button.get_attribute("data-piece")
        kind, colour = code.split("-")
        part = "cities" if kind == "city" else "resources"
        assert number(button.locator(".count").text_content()) == supply[part][colour], code
        enabled = button.get_attribute("disabled") is None
        assert enabled == (code in legal_pieces), code


def test_divercite_full_game_against_easy(page: Any, live_server: Any, shots: Path) -> None:
    url = live_server.url
    new_game(page, url, "divercite", DIVERCITE_SEED, level="easy")
    engine = load_game("divercite").new_initial_state(DIVERCITE_SEED)
    rng = random.Random(3)
    data = settle(page)
    follow(page, engine, None)
    check_divercite_table(page, engine)
    # Hover shows the score change for both players.
    piece, square = piece_and_square(data["moves"][0]["n"])
    page.locator(f".piece-btn[data-piece='{piece}']").click()
    page.locator("#table-root[data-previews=ready]").wait_for()
    # The squares offered for the selected piece are the engine's legal ones.
    squares = {
        sq
        for code, sq in (
            piece_and_square(engine.action_to_string(a)) for a in engine.legal_actions()
        )
        if code == piece
    }
    shown = {e.get_attribute("data-sq") for e in page.locator(".sq.legal").all()}
    assert shown == squares
    page.locator(f".sq[data-sq='{square}']").hover()
    preview = page.locator("#preview").text_content()
    assert preview.startswith("place a red city on") and ": White 0, Black 0" in preview
    # A hint, with its reason, marks the move on the board.
    old = version(page)
    page.get_by_role("button", name="Hint").click()
    data = after_click(page, old)
    # The reason names the seats as the game does (White once Divercité's words land).
    white = words("en").seat_name("divercite", 0)
    assert page.locator(".hint").is_visible() and white in page.locator(".hint").text_content()
    assert page.locator(".sq.hinted").count() == 1
    hinted = data["hint"]
    data = place(page, hinted)
    follow(page, engine, hinted)
    check_divercite_table(page, engine)
    # Undo takes back our move and the AI's answer.
    plies = page.locator(".dv-side .muted", has_text="Ply").text_content()
    old = version(page)
    page.get_by_role("button", name="Undo").click()
    data = after_click(page, old)
    assert page.locator(".dv-side .muted", has_text="Ply").text_content() != plies
    engine = load_game("divercite").new_initial_state(DIVERCITE_SEED)
    assert ply(page) == 0
    check_divercite_table(page, engine)
    turns = 0
    while data["moves"]:
        move = rng.choice(data["moves"])["n"]
        if move.startswith("N "):
            old = version(page)
            page.locator(f".sq[data-sq='{piece_and_square(move)[1]}']").click()
            data = after_click(page, old)
            follow(page, engine, move)
            continue
        data = place(page, move)
        follow(page, engine, move)
        check_divercite_table(page, engine)
        turns += 1
        if turns == 6:
            page.locator(".sq.legal").first.hover() if page.locator(".sq.legal").count() else None
            page.screenshot(path=str(shots / "divercite.png"))
            page.reload()
            data = settle(page)
            assert page.locator(".sq .piece").count() == len(engine.history), "reload lost pieces"
            check_divercite_table(page, engine)
    end = page.locator(".end-screen")
    end.wait_for()
    assert engine.is_terminal()
    result = engine.observation(0)["result"]
    heading = end.locator("h2").text_content().strip()
    winner = result["winner"]
    expected = {None: "Shared result", 0: "You win!", 1: "Black wins"}[winner]
    assert heading == expected
    # One breakdown table per player: each city's square and points are the engine's.
    for p, table in enumerate(end.locator(".breakdown > div").all()):
        shown_rows = [
            (
                row.locator("td").nth(0).text_content().split()[-1],
                number(row.locator("td.num").text_content()),
            )
            for row in table.locator("tbody tr").all()
        ]
        rows = [(r["square"], r["points"]) for r in result["breakdown"] if r["owner"] == p]
        assert shown_rows == rows, p
        assert number(table.locator("h3").text_content()) == engine.scores()[p]
    page.screenshot(path=str(shots / "divercite-end.png"), full_page=True)
    game_url = page.url
    end.get_by_role("button", name="Play again").click()
    page.wait_for_url(lambda u: u != game_url and "/games/" in u)
    settle(page)
    assert page.errors == []


def click_die_move(page: Any, data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """One Dice Miner decision by clicking: take or recycle a die, else a button. The
    notation is chosen first and then played by the element (and chooser button) that
    carries it, so the test knows exactly which move it made."""
    moves = [m["n"] for m in data["moves"]]
    old = version(page)
    die = next((m for m in moves if m.split()[0] in ("take", "recycle")), None)
    if die is not None:
        slot = die.split()[1]
        choices = [m for m in moves if m.split()[:2] == die.split()[:2]]
        pick = choices[-1]
        page.locator(f".slot[data-slot='{slot}']").click()
        if len(choices) > 1:
            page.locator(f"#chooser[open] button[data-choice='{pick}']").click()
        return pick, after_click(page, old)
    pick = next((m for m in moves if m.startswith("face")), None)
    pick = pick or ("refill" if "refill" in moves else None)
    pick = pick or next((m for m in moves if m.startswith("spend")), None) or "stop"
    page.locator(f"button[data-move='{pick}']").first.click()
    if pick == "stop" and len(moves) > 1:  # stopping while moves remain asks first
        page.locator("#chooser[open] button[data-choice='stop']").click()
    return pick, after_click(page, old)


def check_dice_miner_table(page: Any, engine: Any) -> None:
    """Score, counters and the dice that can be taken are the engine's."""
    obs = engine.observation(0)
    assert number(page.locator("#dm-score").text_content()) == obs["score"]["total"]
    counters = {
        dt.text_content(): number(dd.text_content())
        for dt, dd in zip(
            page.locator(".counters dt").all(), page.locator(".counters dd").all(), strict=True
        )
    }
    assert counters == {
        "Refills left": obs["refills_left"],
        "Magic symbols": obs["magic_symbols"],
        "Dice in the bag": obs["bag_total"],
    }
    legal = [n for _, n, _ in engine.legal_moves(0)]
    takeable = {m.split()[1] for m in legal if m.split()[0] in ("take", "recycle")}
    shown = {e.get_attribute("data-slot") for e in page.locator(".slot.takeable").all()}
    assert shown == takeable
    buttons = {e.get_attribute("data-move") for e in page.locator(".choices button").all()}
    assert buttons == {m for m in legal if m.split()[0] not in ("take", "recycle", "spend")}


DICE_MINER_SEED = 11


def test_divercite_in_french(page: Any, live_server: Any) -> None:
    """Issue 21: a French player meets French on the table: the prompt, the supply, the
    previews the script builds, the log, and a resigned game's end screen."""
    page.context.add_cookies([{"name": "lang", "value": "fr", "url": live_server.url}])
    new_game(page, live_server.url, "divercite", DIVERCITE_SEED, level="easy")
    data = settle(page)
    assert "Choisissez une de vos pièces" in page.locator("#preview").text_content()
    assert page.locator(".piece-btn[data-piece='city-green']").get_attribute("title") == (
        "cité verte, 2 restantes"
    )
    piece, square = piece_and_square(data["moves"][0]["n"])
    page.locator(f".piece-btn[data-piece='{piece}']").click()
    assert "Cliquez maintenant" in page.locator("#preview").text_content()
    page.locator("#table-root[data-previews=ready]").wait_for()
    page.locator(f".sq[data-sq='{square}']").hover()
    preview = page.locator("#preview").text_content()
    assert preview.startswith("poser une cité rouge en") and "\u00a0: Blanc 0, Noir 0" in preview
    for _ in range(3):
        data = place(page, data["moves"][-1]["n"])
    log = page.locator(".log li").all_text_contents()
    assert any(line.startswith("Noir\u00a0: poser une") for line in log), log
    assert "Coup 6 sur 41" in page.locator(".dv-side .muted").last.text_content()
    page.locator("details.resign summary").click()
    old = version(page)
    page.locator("details.resign button").click()
    after_click(page, old)
    assert page.locator(".end-screen h2").text_content().strip() == "Noir gagne"
    assert "Blanc abandonne." in page.locator(".end-screen").text_content()
    assert page.errors == []


def test_dice_miner_full_game(page: Any, live_server: Any, shots: Path) -> None:
    url = live_server.url
    new_game(page, url, "dice-miner", DICE_MINER_SEED)
    engine = mirror("dice-miner", DICE_MINER_SEED)
    data = settle(page)
    check_dice_miner_table(page, engine)
    decisions = 0
    while data["moves"]:
        move, data = click_die_move(page, data)
        engine.play(0, move)
        check_dice_miner_table(page, engine)
        decisions += 1
        if decisions == 3:
            page.screenshot(path=str(shots / "dice-miner.png"))
            score = page.locator("#dm-score").text_content()
            page.reload()
            data = settle(page)
            assert page.locator("#dm-score").text_content() == score
            check_dice_miner_table(page, engine)
        assert decisions < 400, "the game should end"
    assert engine.is_over()
    end = page.locator(".end-screen")
    end.wait_for()
    score = engine.observation(0)["score"]
    assert number(end.locator("h2").text_content()) == score["total"]
    shown = [number(td.text_content()) for td in end.locator(".breakdown-table td.num").all()]
    parts = ("dangers", "treasure", "hidden_treasure", "tunnels", "total")
    assert shown == [score[k] for k in parts]
    assert end.locator(".best").text_content().strip()
    # What was hidden: the dice left in the bag, type by type, as the engine holds them.
    hidden = engine.reveal()
    assert hidden is not None
    bag = {
        li.get_attribute("data-type"): number(li.locator(".num").text_content())
        for li in end.locator(".reveal-bag li").all()
    }
    assert bag == hidden["bag"]
    page.screenshot(path=str(shots / "dice-miner-end.png"), full_page=True)
    # The lobby now lists the game and its best score.
    page.goto(url + "/")
    assert page.locator("table.scores", has_text="Dice Miner").count() >= 1
    page.screenshot(path=str(shots / "lobby.png"), full_page=True)
    assert page.errors == []


def test_phone_width_and_keyboard(browser: Any, live_server: Any, shots: Path) -> None:
    """At 390 px the table stacks; a die can be taken with the keyboard alone."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    new_game(page, live_server.url, "dice-miner", DICE_MINER_SEED)
    data = settle(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 392, f"the page scrolls sideways at phone width ({width}px)"
    page.screenshot(path=str(shots / "dice-miner-phone.png"), full_page=True)
    takes = [m["n"] for m in data["moves"] if m["n"].startswith(("take", "recycle"))]
    if takes:
        slot = page.locator(f".slot[data-slot='{takes[0].split()[1]}']")
        slot.focus()
        old = version(page)
        page.keyboard.press("Enter")
        if page.locator("#chooser[open]").count():
            page.keyboard.press("Enter")
        after_click(page, old)
    page.goto(live_server.url + "/rules/divercite")
    assert page.locator("main h1").count() == 1
    context.close()
    assert errors == []


def test_divercite_double_clicks(page: Any, live_server: Any) -> None:
    """A double click on a piece of the supply chooses it (it used to choose it and take it
    back at once: no square lit); a double click on a square plays one move, not two."""
    new_game(page, live_server.url, "divercite", DIVERCITE_SEED, level="easy")
    engine = load_game("divercite").new_initial_state(DIVERCITE_SEED)
    settle(page)
    move = engine.action_to_string(engine.legal_actions()[0])
    piece, square = piece_and_square(move)
    button = page.locator(f".piece-btn[data-piece='{piece}']")
    if button.get_attribute("aria-pressed") == "true":  # chosen already: choose it again
        button.click()
        assert button.get_attribute("aria-pressed") == "false"
    button.dblclick()
    assert button.get_attribute("aria-pressed") == "true"
    target = page.locator(f".sq[data-sq='{square}']")
    assert "legal" in (target.get_attribute("class") or "")
    old = version(page)
    target.dblclick()
    page.locator(f"#table-root:not([data-version='{old}'])").wait_for()
    settle(page)
    follow(page, engine, move)  # exactly my move and the AI's answer: the page and engine agree
    assert page.errors == []
