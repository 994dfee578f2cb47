"""Goods stored on cards and printed costs of another card set (``--set cards=FILE``).

The Master Set stores only basic goods and workers on cards, and its action locations
print costs of basic goods and workers; another card set may store any good as a build
bonus (contacts, universal contacts, development tokens, ammo) and print ammo in a cost.
A stored good pays like one in the supply (spec §3.1, §6.2), so ``is_legal`` — which
answers for one id without the move list — must count it as the move list does, and
a cost naming ammo is checked as a whole (ammo is then no stand-in but the good itself).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from solotable.games.fifty_first_state.state import FiftyFirstStateState

from .card_sets import card_file
from .helpers import moves, play, staged


def _storing(tmp_path: Path, good: str) -> str:
    """Brick Storage stores 2 of ``good`` instead of 3 brick when built."""
    bonus = {"type": "store", "goods": {good: 2}}
    return card_file(tmp_path, {"brick-storage": {"build_bonus": bonus}})


def _legal(s: FiftyFirstStateState, move: str) -> bool:
    a = s.string_to_action(move)
    legal = s.is_legal(a)
    assert legal == (move in moves(s)) == (s.illegal_reason(a) is None)
    return legal


def _stored_on_brick_storage(s: FiftyFirstStateState) -> dict[str, int]:
    locs = s.observation(0)["locations"]
    return next(dict(loc["stored"]) for loc in locs if loc["card"] == "brick-storage")


@pytest.mark.parametrize(
    "good, use, card",
    [
        ("grey", "build", "arena"),
        ("universal", "build", "arena"),
        ("blue", "deal", "arena"),
        ("universal", "raze", "arena"),
    ],
)
def test_stored_contacts_pay_for_a_card(tmp_path: Path, good: str, use: str, card: str) -> None:
    """Arena is at distance 2: the 2 contacts stored on Brick Storage pay for it."""
    s = staged(cards=_storing(tmp_path, good), hand=("brick-storage", card), goods={"grey": 1})
    play(s, "build brick-storage")
    assert _stored_on_brick_storage(s) == {good: 2}
    assert dict(s.observation(0)["goods"])[good] == 0
    assert _legal(s, f"{use} {card}")
    play(s, f"{use} {card}")
    assert _stored_on_brick_storage(s) == {}


def test_stored_contacts_of_another_colour_do_not_pay(tmp_path: Path) -> None:
    s = staged(cards=_storing(tmp_path, "red"), hand=("brick-storage", "arena"), goods={"grey": 1})
    play(s, "build brick-storage")
    assert not _legal(s, "build arena")
    assert _legal(s, "raze arena")


def test_a_stored_development_token_pays_for_a_develop(tmp_path: Path) -> None:
    s = staged(
        cards=_storing(tmp_path, "development"),
        hand=("brick-storage", "motel"),
        locs=("docks",),
        goods={"grey": 1},
    )
    play(s, "build brick-storage")
    assert _legal(s, "develop motel over docks token")
    play(s, "develop motel over docks token")
    assert _stored_on_brick_storage(s) == {"development": 1}


def test_stored_ammo_stands_in_for_the_brick_of_a_develop(tmp_path: Path) -> None:
    """Quarry over Clay Pit (they share the brick icon) costs 1 brick, or ammo standing
    in: the ammo stored on Brick Storage pays it."""
    s = staged(
        cards=_storing(tmp_path, "ammo"),
        hand=("brick-storage", "quarry"),
        locs=("clay-pit",),
        goods={"grey": 1},
    )
    play(s, "build brick-storage")
    assert _stored_on_brick_storage(s) == {"ammo": 2}
    assert _legal(s, "develop quarry over clay-pit")
    play(s, "develop quarry over clay-pit")
    assert _stored_on_brick_storage(s) == {"ammo": 1}


def test_an_action_cost_naming_ammo(tmp_path: Path) -> None:
    """Archive costs 1 ammo instead of 1 worker: ammo pays it, a basic good does not."""
    effect = {"type": "action", "cost": {"ammo": 1}, "gain": {"vp": 1}, "uses": 2}
    cards = card_file(tmp_path, {"archive": {"effect": effect}})
    s = staged(cards=cards, locs=("archive",), goods={"fuel": 1, "worker": 1})
    assert not _legal(s, "use archive")
    s = staged(cards=cards, locs=("archive",), goods={"ammo": 1})
    assert _legal(s, "use archive")
    play(s, "use archive")
    obs = s.observation(0)
    assert obs["vp"] == 1 and dict(obs["goods"])["ammo"] == 0
