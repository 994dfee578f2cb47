"""Connection cards: the blue and red decks, face-up cards, taking and playing them
(spec §3.3, §3.4, §3.6, §9 A8)."""

from __future__ import annotations

import pytest

from solotable.core.players import CHANCE

from .helpers import (
    GOODS,
    conn_total,
    game,
    goods_of,
    moves,
    pass_to_next_lookout,
    play,
    staged,
)
from .spec_table import (
    SPEC_CONNECTIONS,
)


def test_connection_decks_hold_the_twelve_cards_of_spec_3_6() -> None:
    cs = game().cards
    got = {
        cid: (
            ("blue", "red")[cs.conn_deck[c]],
            cs.conn_copies[c],
            {GOODS[g]: n for g, n in cs.conn_cost[c]},
            {GOODS[g]: n for g, n in cs.conn_gain[c]},
        )
        for c, cid in enumerate(cs.conn_ids)
    }
    assert got == SPEC_CONNECTIONS


def test_connection_flip_draws_from_each_deck_by_counts_spec_3_3() -> None:
    s = game().new_initial_state(0)
    play(s, "draw:docks", "draw:pub", "draw:quarry")
    play(s, "draw:arena", "draw:church", "draw:motel", "draw:archive")
    probs = {s.action_to_string(a): p for a, p in s.chance_outcomes()}
    assert probs == pytest.approx({"flip:merchants": 4 / 6, "flip:junk-train": 2 / 6})
    play(s, "flip:junk-train")
    probs = {s.action_to_string(a): p for a, p in s.chance_outcomes()}
    assert probs == pytest.approx({"flip:punks": 4 / 6, "flip:thugs": 2 / 6})


@pytest.mark.parametrize("cid", sorted(SPEC_CONNECTIONS))
def test_play_each_connection_card_exact_cost_and_gain_spec_3_6(cid: str) -> None:
    _deck, _n, cost, gain = SPEC_CONNECTIONS[cid]
    s = staged(goods=cost)
    d = s.to_dict()
    c = s.L.conn_index[cid]
    if d["conn_pile"][c] == 0:  # both copies face up or discarded: take one back
        d["face_up"] = [-1 if f == c else f for f in d["face_up"]]
        d["conn_pile"][c] += 1
    d["conn_pile"][c] -= 1
    d["hand"][s.L.n + c] = 1
    s = s.game.state_from_dict(d)
    play(s, f"play {cid}")
    assert goods_of(s) == {g: gain.get(g, 0) for g in GOODS}
    assert s.observation(0)["connections"]["discard"].get(cid, 0) >= 1


def test_empty_connection_deck_reshuffles_its_discard_spec_9_a8() -> None:
    s = staged()
    d = s.to_dict()
    cs = s.cs
    blue = [c for c in range(len(cs.conn_ids)) if cs.conn_deck[c] == 0]
    for c in blue:
        d["conn_discard"][c] += d["conn_pile"][c]
        d["conn_pile"][c] = 0
    s = s.game.state_from_dict(d)
    total = list(conn_total(s))
    play(s, "pass")
    assert s.current_player() == CHANCE
    outs = {s.action_to_string(a) for a, _ in s.chance_outcomes()}
    assert outs == {"flip:merchants", "flip:junk-train"}  # the blue discard came back
    assert conn_total(s) == total


def test_connection_deck_with_no_card_anywhere_shows_none_spec_3_3() -> None:
    s = staged()
    d = s.to_dict()
    cs = s.cs
    for c in range(len(cs.conn_ids)):
        if cs.conn_deck[c] == 0:  # every blue card goes to the hand
            d["hand"][s.L.n + c] += d["conn_pile"][c] + d["conn_discard"][c]
            d["conn_pile"][c] = d["conn_discard"][c] = 0
            d["face_up"] = [-1 if f == c else f for f in d["face_up"]]
    s = s.game.state_from_dict(d)
    pass_to_next_lookout(s)
    fu = s.observation(0)["connections"]["face_up"]
    assert fu["blue"] is None and fu["red"] is not None
    assert "take blue" not in moves(s)
