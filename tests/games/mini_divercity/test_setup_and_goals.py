"""Components, setup, goal and loss conditions (seed: Objectif, Mise en place)."""

from __future__ import annotations

import pytest

from solotable.core import CHANCE, OptionError

from .helpers import SP, corp_total, edit, game, moves, play, set_pos, species_total, start


def test_components_counts_and_tokens_start_blue():
    """Components: 12 species x 5 cards, 27 Corporation cards, 6 Islands, 8 Divers."""
    g = game()
    t = g.tables
    assert t.n_species == 12 and t.copies == 5 and t.total_species_cards == 60
    assert t.total_corp_cards == 27
    assert len(t.colours) == 6 and len(t.diver_ids) == 8 and t.divers_dealt == 3
    s = g.new_initial_state(3)
    obs = s.observation(0)
    assert set(obs["scale"].values()) == {"blue"}
    assert set(obs["islands"].values()) == {"island"}
    assert species_total(s) == 60 and corp_total(s) == 27


def test_three_divers_dealt_at_random_face_up():
    """Setup: keep 3 Divers at random, face up (chance over the undealt ones)."""
    s = game().new_initial_state(0)
    assert s.current_player() == CHANCE
    probs = [p for _, p in s.chance_outcomes()]
    assert len(probs) == 8 and all(abs(p - 1 / 8) < 1e-12 for p in probs)
    play(s, "diver:visionary")
    assert len(s.chance_outcomes()) == 7 and "diver:visionary" not in moves(s)
    play(s, "diver:captain", "diver:swimmer")
    assert s.observation(0)["divers"] == {
        "captain": "ready",
        "swimmer": "ready",
        "visionary": "ready",
    }


def test_hand_two_lagoon_face_up_three_ocean_face_down():
    """Setup: 2 Lagoon cards face up on the left, 3 Ocean cards face down on the right."""
    s = start(hand=("crab", "eel", "octopus", "turtle", "oyster"))
    assert s.observation(0)["hand"] == {"l1": "crab", "l2": "eel", "o1": "?", "o2": "?", "o3": "?"}
    assert s.hand == [SP.index(x) for x in ("crab", "eel", "octopus", "turtle", "oyster")]


def test_deck_draw_probability_follows_counts():
    """Setup: the 60-card Species deck is shuffled; a draw is weighted by copies left."""
    s = game().new_initial_state(0)
    play(s, "diver:captain", "diver:explorer", "diver:swimmer", "draw:crab", "draw:crab")
    out = dict(s.chance_outcomes())
    crab = s.string_to_action("draw:crab")
    eel = s.string_to_action("draw:eel")
    assert out[crab] == pytest.approx(3 / 58) and out[eel] == pytest.approx(5 / 58)


def test_scale_two_steps_to_saved_and_it_is_permanent():
    """Scale: blue -> green -> SAVED; a saved species never moves again."""
    s = start(hand=("crab", "crab", "crab", "crab", "eel"))
    play(s, "explore", "corp:hotels-red-orange", "id:o1")
    assert s.observation(0)["scale"]["crab"] == "green"
    play(s, "draw:eel", "corp:hotels-blue-purple", "id:o2")
    assert s.observation(0)["scale"]["crab"] == "saved" and s.saved == 1
    play(s, "draw:eel", "corp:oil", "oil:l1")  # an Oil Platform on a saved species
    assert s.observation(0)["scale"]["crab"] == "saved"


def test_scale_two_steps_to_eliminated_and_it_is_permanent():
    """Scale: blue -> red -> ELIMINATED; eliminated is final too."""
    s = start(hand=("crab", "eel", "crab", "crab", "oyster"))
    play(s, "explore", "corp:oil", "oil:o1", "draw:eel", "explore")
    assert s.observation(0)["scale"]["crab"] == "red"
    play(s, "corp:oil", "oil:o2", "draw:eel")
    assert s.observation(0)["scale"]["crab"] == "eliminated" and s.elim == 1
    play(s, "id:l1")  # identify an eliminated species: allowed, no movement
    assert s.observation(0)["scale"]["crab"] == "eliminated"


def test_win_when_save_goal_reached():
    """Goal: save 7 species (option save_goal) -> returns [1.0], stats result win."""
    s = start()
    s = edit(s, lambda d: [set_pos(d, x, 2) for x in SP[2:8]] and None)
    s = edit(s, lambda d: set_pos(d, "turtle", 1))
    assert s.saved == 6
    play(s, "explorer", "nopeek", "id:o2")  # o2 is the turtle
    assert s.is_terminal() and s.returns() == [1.0] and s.scores() == [7.0]
    assert s.stats()["result"] == "win" and s.stats()["cause"] == "saved"
    assert s.observation(0)["result"]["cause"] == "saved"


def test_save_goal_option_lower_goal():
    """Goal option: with save_goal=1 one saved species wins."""
    s = start(game(save_goal=1))
    s = edit(s, lambda d: set_pos(d, "turtle", 1))
    play(s, "id:o2")
    assert s.is_terminal() and s.returns() == [1.0]


def test_loss_at_eliminated_limit_and_hard_preset():
    """Loss: 5 eliminated (option); preset 'hard' loses at 4."""
    for g, limit in ((game(), 5), (game(preset="hard"), 4)):
        s = start(g, hand=("crab", "eel", "crab", "turtle", "oyster"))
        doomed = SP[6 : 6 + limit - 1]
        s = edit(s, lambda d, doomed=doomed: [set_pos(d, x, -2) for x in doomed] and None)
        s = edit(s, lambda d: set_pos(d, "crab", -1))
        assert not s.is_terminal()
        play(s, "explore", "corp:oil", "oil:l1")
        assert s.is_terminal() and s.returns() == [0.0]
        assert s.stats()["cause"] == "eliminated" and s.elim == limit


def test_expert_preset_and_options():
    """Goal: harder settings from the French text: 4 eliminated, then 8 to save."""
    on = {"end_when_impossible": True, "species": "", "corporations": ""}  # built-in decks
    assert game(preset="expert").options == {"save_goal": 8, "eliminated_limit": 4, **on}
    assert game(preset="hard").options == {"save_goal": 7, "eliminated_limit": 4, **on}
    assert game().options == {"save_goal": 7, "eliminated_limit": 5, **on}
    with pytest.raises(OptionError, match="save_goal"):
        game(save_goal=0)
    with pytest.raises(OptionError, match="unknown preset"):
        game(preset="nightmare")
    with pytest.raises(OptionError, match="unknown option"):
        game(goal=3)


def test_loss_when_all_six_islands_are_hotels():
    """Loss: the 6 Island cards all show their Hotel side."""
    s = start(corp="hotels-red-blue")
    play(s, "explore", "corp:hotels-green-purple")
    assert not s.is_terminal()
    play(s, "explore", "corp:hotels-orange-yellow")
    assert s.is_terminal() and s.stats()["cause"] == "hotels" and s.stats()["hotels"] == 6
