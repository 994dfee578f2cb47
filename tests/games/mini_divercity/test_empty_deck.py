"""Empty Species deck (seed: Précisions, pile Espèces vide)."""

from __future__ import annotations

import pytest

from solotable.core import CHANCE

from .helpers import (
    SP,
    edit,
    empty_deck,
    game,
    moves,
    play,
    set_pos,
    start,
)


def drop(d, *slots):
    """Move the cards of ``slots`` (0..4) from the hand to the discard."""
    for k in slots:
        c = d["hand"][k]
        d["hand"][k] = -1
        d["up"][k] = False
        d["disc"][c] += 1
        d["ndisc"] += 1


def endgame(*dropped, goal=2, corp="hotels-red-blue", divers=("captain", "explorer", "swimmer")):
    """Deck exhausted, the 5 hand species green, goal 2 (the win stays possible)."""
    s = start(game(save_goal=goal), divers=divers, corp=None)

    def fix(d):
        empty_deck(d)
        for x in ("crab", "eel", "octopus", "turtle", "oyster"):
            set_pos(d, x, 1)
        drop(d, *dropped)

    s = edit(s, fix)
    return play(s, f"corp:{corp}")


def test_no_more_replacement_draws():
    """Empty deck: play goes on but no card is drawn after playing."""
    s = endgame()
    play(s, "id:o1")
    assert s.observation(0)["hand"]["o1"] is None
    assert s.current_player() == CHANCE and s.turn == 2  # the Corporation draw, not a species


def test_quick_exploration_needs_two_lagoon_cards():
    """Empty deck: Quick Exploration is impossible without 2 Lagoon cards."""
    assert "quick" in moves(endgame())
    assert "quick" not in moves(endgame(1))


def test_two_extra_discards_become_one_when_one_card_is_left():
    """Empty deck: a '2 more discards' cost becomes 1 when only 1 other card is left."""
    s = endgame(2, 3, 4)  # hand: l1 crab, l2 eel
    play(s, "id:l1")
    assert s.observation(0)["scale"]["crab"] == "saved"
    assert s.observation(0)["decision"] == {"kind": "pay", "left": 1}


def test_lagoon_identify_allowed_with_no_card_left_to_pay():
    """Empty deck: the action is still allowed when the extra cost cannot be paid at all."""
    s = endgame(2, 3, 4, goal=2)  # hand: l1 crab, l2 eel
    s = edit(s, lambda d: drop(d, 1))  # only crab left
    s = edit(s, lambda d: set_pos(d, "eel", 2))
    play(s, "id:l1")
    assert s.is_terminal() and s.returns() == [1.0]  # crab saved -> 2 saved


def test_swap_needs_a_card_on_each_side():
    """Empty deck: after closing a Hotel, a swap needs one card on each side."""
    s = endgame(1)  # l2 empty
    play(s, "close:red:l1")
    assert s.current_player() == CHANCE  # no swap decision: the Lagoon side is empty
    s = endgame(1)
    play(s, "close:red:o1")
    assert s.observation(0)["decision"]["kind"] == "swap"
    assert moves(s) == {"swap:l1o2", "swap:l1o3", "noswap"}


def test_dynamite_takes_a_random_card_from_the_species_discard():
    """Empty deck: Dynamite Fishers use a random card of the Species discard."""
    s = endgame(corp="dyn")
    assert s.current_player() == CHANCE
    out = dict(s.chance_outcomes())
    manta = s.string_to_action("pick:manta")
    assert out[manta] == pytest.approx(s.disc[SP.index("manta")] / s.ndisc)
    n = s.ndisc
    play(s, "pick:manta")
    assert s.observation(0)["scale"]["manta"] == "red" and s.ndisc == n


@pytest.mark.parametrize(("dropped", "left"), [((2, 3, 4), 1), ((1, 2, 3, 4), 0)])
def test_oil_platform_extra_cost_shrinks_with_an_empty_deck(dropped, left):
    """Empty deck: the Oil Platform's '2 more' for an out-of-play Lagoon card becomes what
    the hand still holds (1, or none: the discard alone)."""
    s = endgame(*dropped, corp="oil")
    s = edit(s, lambda d: set_pos(d, "crab", 2))
    play(s, "oil:l1")
    obs = s.observation(0)
    if left:
        assert obs["decision"]["kind"] == "pay" and obs["decision"]["left"] == left
        play(s, "pay:l2")
    assert s.observation(0)["hand"] == dict.fromkeys(("l1", "l2", "o1", "o2", "o3"))
    assert s.observation(0)["scale"]["crab"] == "saved"


def test_quick_exploration_with_an_empty_deck_leaves_the_lagoon_empty():
    """Empty deck: Quick Exploration still costs both Lagoon cards, which are not replaced."""
    s = endgame()
    play(s, "quick")
    hand = s.observation(0)["hand"]
    assert hand["l1"] is None and hand["l2"] is None
    assert hand["o1"] == "octopus" and hand["o2"] == "turtle" and hand["o3"] == "oyster"
    assert s.observation(0)["decision"]["kind"] == "divers" and "quick" not in moves(s)
