"""Cards leaving the hand as a payment, and connection cards leaving the table
(spec §3.4, §3.5, §3.6).

The Appalachian Federation's first action costs 1 brick and a card from hand (spec
§3.5): a location card so paid goes to the location discard — whichever card it is,
the first card type included — and a connection card to the connection discard, adding
to the copies already there. A taken face-up connection card leaves its place empty
(``-1`` in ``to_dict``, ``None`` in the observation).
"""

from __future__ import annotations

from solotable.games.fifty_first_state.state import FiftyFirstStateState

from .helpers import card_total, conn_total, play, staged


def _appalachian(merchants_discarded: int = 0) -> FiftyFirstStateState:
    """Appalachian, Docks in hand, 4 workers and 1 brick; the blue face-up card is
    Merchants (connection 0, the first connection slot of the hand)."""
    s = staged("appalachian", hand=("docks",), goods={"worker": 4, "brick": 1})
    d = s.to_dict()
    assert d["face_up"][0] == s.L.conn_index["merchants"] == 0
    d["conn_pile"][0] -= merchants_discarded
    d["conn_discard"][0] += merchants_discarded
    return s.game.state_from_dict(d)


def _conns(s: FiftyFirstStateState) -> dict[str, object]:
    return dict(s.observation(0)["connections"])


def test_taking_a_face_up_card_empties_its_place() -> None:
    s = _appalachian()
    before = s.to_dict()
    play(s, "take blue")
    after = s.to_dict()
    assert after["face_up"] == [-1, before["face_up"][1]]
    assert _conns(s)["face_up"] == {"blue": None, "red": "punks"}
    assert s.observation(0)["hand"] == {"docks": 1, "merchants": 1}
    assert "take blue" not in [m for m, _ in s.legal_moves_text()]
    assert conn_total(s) == list(s.cs.conn_copies)


def test_a_connection_card_paid_to_a_faction_action_goes_to_the_connection_discard() -> None:
    s = _appalachian()
    play(s, "take blue", "faction 1 merchants")
    obs = s.observation(0)
    assert obs["hand"] == {"docks": 1}
    assert obs["connections"]["discard"] == {"merchants": 1}
    assert obs["discard"] == {}
    assert dict(obs["goods"]).get("grey", 0) == 2
    assert conn_total(s) == list(s.cs.conn_copies)
    assert card_total(s) == list(s.cs.copies)


def test_a_discarded_connection_card_adds_to_the_copies_already_discarded() -> None:
    s = _appalachian(merchants_discarded=2)
    assert _conns(s)["discard"] == {"merchants": 2}
    play(s, "take blue", "faction 1 merchants")
    assert _conns(s)["discard"] == {"merchants": 3}
    assert conn_total(s) == list(s.cs.conn_copies)


def test_a_location_card_paid_to_a_faction_action_goes_to_the_location_discard() -> None:
    s = _appalachian()
    play(s, "faction 1 docks")
    obs = s.observation(0)
    assert obs["hand"] == {}
    assert obs["discard"] == {"docks": 1}
    assert obs["connections"]["discard"] == {}
    assert card_total(s) == list(s.cs.copies)


def test_the_first_card_type_can_pay_a_faction_action() -> None:
    """Abandoned Suburbs is card type 0 (the first hand slot): paying with it discards it
    like any other card."""
    s = staged("appalachian", hand=("abandoned-suburbs", "docks"), goods={"brick": 1})
    play(s, "faction 1 abandoned-suburbs")
    obs = s.observation(0)
    assert obs["hand"] == {"docks": 1}
    assert obs["discard"] == {"abandoned-suburbs": 1}
    assert dict(obs["goods"])["grey"] == 2 and dict(obs["goods"])["brick"] == 0
    assert obs["faction_used"] == 1  # a bit per action: the first is used
    assert card_total(s) == list(s.cs.copies)
