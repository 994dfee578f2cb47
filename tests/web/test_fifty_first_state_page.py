"""The 51st State page without a browser: every legal move on an element, a custom card file.

``data-move``/``data-moves`` on the drawn table (not the generic list of every
move) must offer each legal move at every decision of a game, so the whole game
can be played by clicking the cards and buttons; and card faces are built from
the card data, so a user's ``cards=FILE`` shows its own cards.
"""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path
from typing import Any

from solotable.session.session import Seat

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "src/solotable/games/fifty_first_state/data/base_deck.json"
ONE = re.compile(r"data-move=\"([^\"]+)\"")
MANY = re.compile(r"data-moves='([^']+)'")


def placed_moves(page: str) -> set[str]:
    """Moves carried by elements of the drawn table (the all-moves list left out)."""
    board = page.split('<details class="all-moves">')[0]
    found = set(ONE.findall(board))
    for blob in MANY.findall(board):
        found |= {m["n"] for m in json.loads(html.unescape(blob))}
    return found


def test_every_legal_move_is_on_an_element_of_the_page(client: Any) -> None:
    tables = client.app.state.tables
    table = tables.start("51st-state", {"faction": "appalachian"}, [Seat()], seed=7)
    session = table.session
    rng = random.Random(7)
    checked = 0
    while moves := session.legal_moves(0):
        page = client.get(f"/games/{table.id}/table").text
        missing = {m[1] for m in moves} - placed_moves(page)
        assert not missing, f"moves with no element to click: {sorted(missing)[:5]}"
        checked += 1
        busy = [m for m in moves if m[1] != "pass"] or moves
        pick = rng.choice(busy if rng.random() < 0.9 else moves)
        session.play(0, pick[0])
    assert checked > 60


def test_a_custom_card_file_shows_its_own_cards(client: Any, tmp_path: Path) -> None:
    deck = json.loads(DECK.read_text("utf-8"))
    for card in deck["cards"]:
        card["name"] = f"Neo {card['name']}"
        card["distance"] = 3
    path = tmp_path / "neo.json"
    path.write_text(json.dumps(deck), "utf-8")
    table = client.app.state.tables.start(
        "51st-state", {"faction": "mutants", "cards": str(path)}, [Seat()], seed=2
    )
    page = client.get(f"/games/{table.id}").text
    names = re.findall(r'<h4 class="card-name">([^<]+)</h4>', page)
    assert len(names) >= 5 and all(n.startswith("Neo ") for n in names), names
    assert set(re.findall(r'<span class="dist"[^>]*>(\d)</span>', page)) == {"3"}
