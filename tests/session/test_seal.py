"""Issue 19: a seal that says nothing.

The seal of unfinished saves and stored games was deterministic (zlib and a fixed-key
XOR): equal hidden cards gave equal blobs, and a blob's length followed the hidden card's
name. Now every blob has a fresh nonce and a size fixed by public information only; the
old blobs (golden files written by the code before the change) still open.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from solotable.cli.main import main
from solotable.core.errors import RecordError
from solotable.session.savefile import load_session, save_text
from solotable.session.seal import NOTATION_ROOM, SEED_ROOM, plain_bytes, seal, unseal
from solotable.session.session import GameSession, Seat
from solotable.session.store import Store

GOLDEN = Path(__file__).parents[1] / "core" / "golden"  # shared with tests/cli


def blob_bytes(text: str) -> int:
    return len(base64.b64decode(text[4:]))


def mini_divercity(seed: int, moves: int = 6, store: Store | None = None) -> GameSession:
    """A Mini DiverCity game (its draws are face down) after ``moves`` of the player's."""
    s = GameSession.start("mini-divercity", {}, [Seat()], seed=seed, store=store, clocks=False)
    for _ in range(moves):
        seat = s.human_to_move()
        if seat is None:
            break
        s.play(seat, s.legal_moves(seat)[0][0])
    return s


def test_equal_secrets_seal_to_different_blobs_of_equal_length() -> None:
    a, b = seal("draw:turtle", NOTATION_ROOM), seal("draw:turtle", NOTATION_ROOM)
    assert a != b and len(a) == len(b)
    assert unseal(a) == unseal(b) == "draw:turtle"


def test_different_secrets_seal_to_blobs_of_equal_length() -> None:
    cards = ["draw:eel", "draw:turtle", "draw:porcupinefish", "draw:" + "x" * 90]
    assert len({len(seal(c, NOTATION_ROOM)) for c in cards}) == 1
    seeds = [0, 7, 2**53 - 1, 2**63 - 1]
    assert len({len(seal({"seed": s}, SEED_ROOM)) for s in seeds}) == 1
    assert [unseal(seal(c, NOTATION_ROOM)) for c in cards] == cards


def test_a_secret_larger_than_its_room_gets_a_bigger_bucket() -> None:
    long = "draw:" + "y" * 300
    sealed = seal(long, NOTATION_ROOM)
    assert unseal(sealed) == long
    assert blob_bytes(sealed) == 16 + 4 * NOTATION_ROOM  # 128 doubled twice fits 307 bytes


def test_two_saves_of_the_same_game_differ_but_open_alike() -> None:
    session = mini_divercity(8)
    first, second = json.loads(save_text(session)), json.loads(save_text(session))
    assert first["moves"] == second["moves"] and None in first["moves"]
    assert first["sealed"] != second["sealed"]
    assert len(first["sealed"]) == len(second["sealed"])
    assert unseal(first["sealed"]) == unseal(second["sealed"])


def test_a_saves_seal_length_follows_only_what_the_save_shows() -> None:
    """Across seeds the face-down cards differ (in name and length); every sealed part is
    exactly as long as the public moves, with each hidden one at a fixed size, say."""
    hidden_lengths = set()
    for seed in range(1, 9):
        doc = json.loads(save_text(mini_divercity(seed)))
        secret = unseal(doc["sealed"])
        hidden = [a for a, m in zip(secret["actions"], doc["moves"], strict=True) if m is None]
        assert hidden, seed
        hidden_lengths.add(sum(len(a) for a in hidden))
        public = [m if m is not None else "h" * (NOTATION_ROOM - 2) for m in doc["moves"]]
        room = plain_bytes({"seed": 2**63 - 1, "actions": public})
        assert blob_bytes(doc["sealed"]) == 16 + room
    assert len(hidden_lengths) > 1  # the cards did differ


def test_the_store_seals_hidden_moves_and_seeds_alike(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.db")
    games = [mini_divercity(seed, 8, store) for seed in (3, 2**62 + 5)]
    rows = [store.load(g.id) for g in games]
    seeds = [r.row["sealed"] for r in rows]
    assert len(seeds[0]) == len(seeds[1])
    hidden = [m.sealed for r in rows for m in r.moves if m.action is None]
    texts = [unseal(h) for h in hidden]
    assert len(hidden) > 2 and len(set(texts)) > 1
    assert len({len(h) for h in hidden if h}) == 1  # every hidden card looks the same size
    assert len(set(hidden)) == len(hidden)  # and no two blobs are equal, even for equal cards
    for g in games:
        assert GameSession.resume(store, g.id).state.to_dict() == g.state.to_dict()


def test_damaged_seals_are_record_errors() -> None:
    good = seal({"seed": 5})
    for bad in ["st2:", "st2:!!!", good[:-8] + "AAAAAAA=", "st2:" + "A" * 24, "st9:abc", 12]:
        with pytest.raises(RecordError):
            unseal(bad)  # type: ignore[arg-type]


# -- the old format still opens ---------------------------------------------------------------


def test_old_seals_open() -> None:
    doc = json.loads((GOLDEN / "seal-v1.json").read_text())
    for item in doc["seals"]:
        assert item["sealed"].startswith("st1:")
        assert unseal(item["sealed"]) == item["value"]


def test_an_old_save_opens_plays_on_and_is_stored_with_new_seals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``save-v1-mini-divercity.json`` was written (seed 12345, six moves, three draws
    face down) by the code before the nonce."""
    path = GOLDEN / "save-v1-mini-divercity.json"
    assert json.loads(path.read_text())["sealed"].startswith("st1:")
    store = Store(tmp_path / "s.db")
    session = load_session(path, store)
    hidden = [p.notation for p in session.plies if not p.public]
    assert hidden == ["draw:oyster", "draw:starfish", "draw:porcupinefish"]
    assert session.ply == 20 and session.record(reveal=True).seed == 12345
    stored = store.load(session.id)
    assert stored.row["sealed"].startswith("st2:")
    assert all(m.sealed.startswith("st2:") for m in stored.moves if m.sealed)
    again = GameSession.resume(store, session.id)
    assert again.state.to_dict() == session.state.to_dict()
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path / "home"))
    with pytest.raises(SystemExit) as e:
        main(["replay", "--check", str(path)])
    assert e.value.code in (0, None)
    assert capsys.readouterr().out.startswith("ok: 20 actions")
