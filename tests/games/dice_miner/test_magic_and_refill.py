"""Spending Magic and recycling (seed: JEU; spec §5.3 B) and refills (seed: Remplissage)."""

from __future__ import annotations

import pytest

from solotable.core.errors import IllegalActionError
from solotable.core.players import CHANCE
from tests.games.dice_miner.helpers import (
    bottom,
    draw,
    game,
    legal_texts,
    play,
    position,
    refusal,
)

PYRAMID = {
    "a1": "hazard dragon4",
    "a2": "hazard dragon3",
    "a3": "tunnel n1",
    "b1": "hazard dragon2",
    "b2": "tunnel n5",
    "c1": "hazard cavein1",
}


def test_spending_removes_the_magic_die_from_the_game() -> None:
    """Seed JEU: a spent Magic die goes to the box, out of the game (not back to the bag)."""
    s = position(game(), PYRAMID, {"magic magic1": 1, "magic magic3": 1})
    bag_magic = s.position()["bag"]["magic"]
    play(s, "spend magic1")
    pos = s.position()
    assert pos["collection"] == {"magic magic3": 1}
    assert pos["removed"] == 1
    assert pos["bag"]["magic"] == bag_magic


def test_each_magic_symbol_recycles_one_exposed_die_to_the_bag_one_at_a_time() -> None:
    """Seed JEU: one exposed die per magic symbol returns to the bag, one at a time."""
    s = position(game(), PYRAMID, {"magic magic2": 1})
    play(s, "spend magic2")
    assert s.observation(0)["phase"] == "recycle"
    # Mandatory: only recycles of exposed dice are legal (spec §7 Q7).
    assert legal_texts(s) == {"recycle c1"}
    bag = s.position()["bag"]
    play(s, "recycle c1")
    # The dice c1 covered are now exposed and may be the second recycle.
    assert legal_texts(s) == {"recycle b1", "recycle b2"}
    with pytest.raises(IllegalActionError, match="covered by b1"):
        play(s, "recycle a1")
    play(s, "recycle b2")
    after = s.position()
    assert after["bag"]["hazard"] == bag["hazard"] + 1
    assert after["bag"]["tunnel"] == bag["tunnel"] + 1
    assert after["collection"] == {}
    assert s.observation(0)["phase"] == "main"


def test_recycling_cannot_be_declined_or_interrupted() -> None:
    """Spec §5.3 B (assumed mandatory): no other move until every symbol is used."""
    s = position(game(), PYRAMID, {"magic magic2": 1, "tool shield1": 1})
    play(s, "spend magic2", "recycle c1")
    for move in ("stop", "refill", "take b1"):
        reason = refusal(s, move)
        assert reason.key == "dice-miner.illegal.recycle-first" and reason.arg("n") == 1
        assert "send 1 more die from the top" in str(reason)


def test_surplus_magic_symbols_are_lost_when_the_mountain_empties() -> None:
    s = position(game(), bottom("tunnel n4"), {"magic magic3": 1})
    play(s, "spend magic3", "recycle a1")
    assert s.observation(0)["recycles_left"] == 0
    assert s.observation(0)["phase"] == "main"
    assert s.position()["mountain"] == [None] * 20


def test_cannot_spend_magic_on_an_empty_mountain() -> None:
    """Spec §5.6: spending needs a die to recycle."""
    s = position(game(), {}, {"magic magic2": 1})
    assert "spend magic2" not in legal_texts(s)
    with pytest.raises(IllegalActionError, match="mountain is empty"):
        play(s, "spend magic2")


def test_cannot_spend_a_magic_face_not_held() -> None:
    s = position(game(), PYRAMID, {"magic magic1": 1})
    reason = refusal(s, "spend magic3")
    assert reason.key == "dice-miner.illegal.no-magic-die" and reason.arg("n") == 3
    assert str(reason) == "no Magic die with 3 magic symbols in your collection"


def test_refill_keeps_dice_in_place_and_fills_empty_slots_from_the_bag() -> None:
    """Seed Remplissage: leave the dice on the mountain, pour new ones from the bag."""
    s = position(game(), PYRAMID)
    play(s, "refill")
    assert s.current_player() == CHANCE
    assert s.observation(0)["refills_left"] == 1
    # First empty slot bottom-up is a4, then a5, a6, b3 (its supports a3, a4 now hold dice)…
    draw(s, "tool chest1", "tool chest2", "tool shield1", "treasure gem3")
    mountain = s.position()["mountain"]
    assert mountain[:6] == [
        "hazard dragon4",
        "hazard dragon3",
        "tunnel n1",
        "tool chest1",
        "tool chest2",
        "tool shield1",
    ]
    assert mountain[6:9] == ["hazard dragon2", "tunnel n5", "treasure gem3"]
    while s.current_player() == CHANCE:
        draw(s, "tunnel n2")
    assert all(d is not None for d in s.position()["mountain"])
    assert s.position()["mountain"][11] == "hazard cavein1"


def test_only_two_refills_per_game() -> None:
    """Seed Remplissage: the mountain can be refilled only twice per game."""
    s = position(game(), {}, {"magic magic1": 1}, refills_left=2)
    play(s, "refill")
    for name in s.game.mtn.names:
        draw(s, "tunnel n3" if name != "e2" else "tunnel n1")
    play(s, "take e2", "refill")
    draw(s, "tunnel n1")
    assert s.observation(0)["refills_left"] == 0
    play(s, "take e2")
    with pytest.raises(IllegalActionError, match="no refill left"):
        play(s, "refill")


def test_refills_option_changes_the_allowance() -> None:
    s = game(refills=0).new_initial_state(1)
    assert s.observation(0)["refills_left"] == 0


def test_refill_of_a_full_mountain_or_from_an_empty_bag_is_refused() -> None:
    """Spec §7 Q8 (assumed): a refill that changes nothing would waste it, so it is refused."""
    g = game(magic_dice=0)
    s = g.new_initial_state(1)
    while s.current_player() == CHANCE:
        draw(s, "tunnel n1")
    with pytest.raises(IllegalActionError, match="mountain is full"):
        play(s, "refill")
    everything = {"tunnel n1": 27, "treasure gem1": 9, "magic magic1": 5, "tool chest1": 9}
    t = position(g, {"a1": "hazard dragon2"}, everything, removed=1)
    assert t.position()["bag"]["hazard"] == 8
    no_bag = {**everything, "tool shield1": 9, "hazard dragon2": 8}
    del no_bag["tool chest1"]
    t2 = position(g, {"a1": "hazard cavein1"}, no_bag, removed=1)
    assert t2.position()["bag"] == dict.fromkeys(
        ("tunnel", "treasure", "magic", "hazard", "tool"), 0
    )
    with pytest.raises(IllegalActionError, match="bag is empty"):
        play(t2, "refill")


def test_a_magic_die_taken_from_the_mountain_can_be_spent_at_once() -> None:
    """Seed JEU: the three actions come in any order, so a Magic die just taken may be spent."""
    s = position(game(), {"a1": "tunnel n3", "a2": "tunnel n4", "b1": "magic beer"})
    play(s, "take b1 as magic2")
    assert "spend magic2" in legal_texts(s)
    play(s, "spend magic2")
    assert s.observation(0)["recycles_left"] == 2
    play(s, "recycle a1", "recycle a2")
    pos = s.position()
    assert pos["removed"] == 1 and pos["collection"] == {}
    assert pos["bag"]["tunnel"] == 27


def test_refill_never_rerolls_the_collection() -> None:
    """Seed Remplissage: collection dice keep their faces when the mountain is refilled."""
    coll = {"treasure gem1": 1, "tunnel n1": 1, "tool chest2": 1, "magic magic1": 1}
    s = position(game(), {"a1": "tunnel n2"}, coll)
    before = s.position()["collection"]
    play(s, "refill")
    while s.current_player() == CHANCE:
        s.apply_action(s.sample_chance())
    assert s.position()["collection"] == before == coll
    assert s.position()["mountain"][0] == "tunnel n2"
    assert s.observation(0)["refills_left"] == 1  # the refill itself is used up


def test_a_spent_magic_die_never_returns() -> None:
    """Seed JEU: a spent Magic die leaves the game: refills cannot bring it back."""
    g = game(magic_dice=1)
    s = position(g, {"a1": "tunnel n3"}, {"magic magic1": 1}, refills_left=1)
    play(s, "spend magic1", "recycle a1", "refill")
    while s.current_player() == CHANCE:
        s.apply_action(s.sample_chance())
    pos = s.position()
    on_mountain = sum(1 for d in pos["mountain"] if d and d.startswith("magic"))
    # 6 Magic dice: 1 removed, so at most 5 can ever be in the bag or on the mountain.
    assert pos["removed"] == 1
    assert pos["bag"]["magic"] + on_mountain == 5


def test_a_refill_with_one_die_left_in_the_bag_is_allowed_and_the_last_refill_says_why_not() -> (
    None
):
    """The refill test's edges: one die in the bag is enough, and with one refill left a
    refusal names the real reason (a full mountain), not a missing refill."""
    g = game(magic_dice=0)
    # The empty-bag position of the test above, less one die in the collection.
    one = {"tunnel n1": 26, "treasure gem1": 9, "magic magic1": 5, "tool shield1": 9}
    t1 = position(g, {"a1": "hazard cavein1"}, {**one, "hazard dragon2": 8}, removed=1)
    assert t1.position()["bag"]["tunnel"] == 1 and sum(t1.position()["bag"].values()) == 1
    assert "refill" in legal_texts(t1)
    s = game(magic_dice=0, refills=1).new_initial_state(1)
    while s.current_player() == CHANCE:
        draw(s, "tunnel n1")
    assert s.observation(0)["refills_left"] == 1
    assert str(s.illegal_reason(s.string_to_action("refill"))) == "the mountain is full"
