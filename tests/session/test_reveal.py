"""``State.reveal`` / ``Session.reveal``: what was hidden, shown only once the game is over.

Each game is played to its end by a seeded random player; at every step before the end the
reveal is None, and at the end it equals the engine's true state (read through ``to_dict``,
the test-only dump of the whole state), card for card and die for die.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from solotable.session.session import GameSession, Seat

RESIGN = ("resign",)


def _play_out(game: str, seed: int) -> GameSession:
    """A whole game by a seeded random player; the reveal is checked None at every step."""
    session = GameSession.start(game, {}, [Seat()], seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if session.is_over():
            return session
        assert session.state.reveal() is None
        assert session.reveal() is None
        moves = [i.action for i in session.legal_infos(0) if i.kind != "stop"] or [
            i.action for i in session.legal_infos(0)
        ]
        session.play(0, rng.choice(moves))
    raise AssertionError(f"{game} did not end")


def _counts(ids: list[str] | tuple[str, ...], vec: list[int]) -> dict[str, int]:
    return {i: n for i, n in zip(ids, vec, strict=True) if n}


@pytest.mark.parametrize("seed", [1, 2])
def test_mini_divercity_reveal_is_the_true_hand_and_decks(seed: int) -> None:
    session = _play_out("mini-divercity", seed)
    state: Any = session.state
    assert state.is_terminal()
    shown = session.reveal()
    assert shown == state.reveal()
    true = state.to_dict()
    t = state.t
    sp, cids = t.species_ids, t.corp_ids
    slots = ("l1", "l2", "o1", "o2", "o3")
    assert shown is not None
    assert [(o["slot"], o["card"], o["face_down"]) for o in shown["ocean"]] == [
        (slots[k], sp[c], not true["up"][k]) for k, c in enumerate(true["hand"]) if c >= 0
    ]
    deck = shown["species_deck"]
    assert deck["rest"] == _counts(sp, true["deck"])
    assert deck["top"] == ([sp[true["top"]]] if true["top"] >= 0 else [])
    assert deck["size"] == true["ndeck"] + len(deck["top"])
    corp = shown["corporation_deck"]
    assert corp["rest"] == _counts(cids, true["cdeck"])
    assert corp["top"] == [cids[c] for c in true["ctop"]]
    assert corp["size"] == true["ncdeck"] + len(true["ctop"])


def test_fifty_first_state_reveal_is_the_true_piles() -> None:
    session = _play_out("51st-state", 3)
    state: Any = session.state
    shown = session.reveal()
    true = state.to_dict()
    cs = state.cs
    assert shown == {
        "game": "51st-state",
        "draw_pile": _counts(cs.ids, true["pile"]),
        "connection_pile": _counts(cs.conn_ids, true["conn_pile"]),
        "opponent_deck": _counts(cs.ids, true["opp_deck"]),
    }
    assert sum(shown["draw_pile"].values()) == true["pile_n"]


def test_dice_miner_reveal_is_the_bag() -> None:
    session = _play_out("dice-miner", 4)
    state: Any = session.state
    shown = session.reveal()
    assert shown is not None
    assert shown["bag"] == state.to_dict()["position"]["bag"]
    assert sum(shown["bag"].values()) == state.bag_total


def test_a_game_that_hides_nothing_reveals_nothing() -> None:
    session = GameSession.start("divercite", {}, [Seat(), Seat("random")], seed=1)
    session.resign(0)
    assert session.reveal() is None


def test_a_resigned_game_reveals_and_a_running_one_does_not() -> None:
    """Resigning ends the session though the rules have not: the end screen reveals then."""
    session = GameSession.start("mini-divercity", {}, [Seat()], seed=5)
    assert session.reveal() is None and session.state.reveal() is None
    session.resign(0)
    assert not session.state.is_terminal()
    shown = session.reveal()
    assert shown is not None
    assert any(o["face_down"] for o in shown["ocean"])
    assert session.state.reveal() is None  # the state itself still refuses: not terminal
