"""Every rule of Divercité through the public API (seed: FR-text; spec sections named)."""

from __future__ import annotations

import pytest

from solotable import load_game
from solotable.core.errors import IllegalActionError, OptionError
from solotable.core.players import TERMINAL
from solotable.core.rng import Rng

from .helpers import WORKED_EXAMPLE, play, random_game


def test_game_facts_two_players_white_is_player_zero():
    game = load_game("divercite")
    assert game.num_players() == 2
    assert game.info.perfect_information and not game.info.has_chance
    state = game.new_initial_state(0)
    assert state.current_player() == 0  # White starts by default (spec §10.1)
    obs = state.observation(0)
    assert obs["supply"][0]["cities"] == {"red": 2, "green": 2, "blue": 2, "yellow": 2}
    assert obs["supply"][1]["resources"] == {"red": 3, "green": 3, "blue": 3, "yellow": 3}


def test_first_move_has_164_choices_cities_on_city_squares_resources_on_dotted():
    """Spec §2.3 / §3: 4 colours × 16 city squares + 4 colours × 25 resource squares."""
    state = load_game("divercite").new_initial_state(0)
    legal = state.legal_actions()
    assert len(legal) == 164
    texts = {state.action_to_string(a) for a in legal}
    assert "CR D6" in texts and "RG C7" in texts
    assert not any(t.startswith("N ") for t in texts)
    # A city cannot go on a resource square, nor a resource on a city square: no notation.
    for bad in ("CR C7", "RG D6"):
        with pytest.raises(Exception, match="square"):
            state.parse_move(bad)


def test_free_placement_no_adjacency_needed_and_turns_alternate():
    """FR-text 'Ordre du tour': any empty square of the right kind; then the other player."""
    state = play(["CR B8", "RY I1", "CG H2"])
    board = state.observation(0)["board"]
    assert board["B8"] == {"piece": "city", "colour": "red", "owner": 0, "points": 0}
    assert board["I1"] == {"piece": "resource", "colour": "yellow"}
    assert board["H2"]["owner"] == 0
    assert state.current_player() == 1


def test_occupied_square_rejected_with_reason_state_unchanged():
    """FR-text: the square played must be empty."""
    state = play(["CR D6"])
    before = state.to_dict()
    with pytest.raises(IllegalActionError, match="D6 is already occupied"):
        state.apply_action(state.string_to_action("CB D6"))
    assert state.to_dict() == before
    state = play(["RR C7"])
    with pytest.raises(IllegalActionError, match=r"C7 is already occupied \(a red resource"):
        state.parse_move("RG C7")


def test_supply_exhausted_colour_cannot_be_placed():
    """Spec §1: 2 cities and 3 resources of each colour per player."""
    state = play(["CR B8", "CR D8", "CR F8", "CR H8"])  # each player placed both red cities
    with pytest.raises(IllegalActionError, match="White has no red city left"):
        state.parse_move("CR B6")
    assert all(not t.startswith("CR") for t, _ in state.legal_moves_text())
    state = play(["RB A9", "RR C9", "RB E9", "RR G9", "RB I9"])
    assert state.current_player() == 1
    state.apply_action(state.parse_move("RR A7"))
    with pytest.raises(IllegalActionError, match="White has no blue resource left"):
        state.parse_move("RB C7")


def test_end_after_40_placements_then_forced_neutral_by_first_player():
    """FR-text: when all pieces are placed the starter puts the neutral token on the last
    free square, which ends the game (spec §4)."""
    for first in ("white", "black"):
        game = load_game("divercite", first_player=first)
        f = 0 if first == "white" else 1
        state = game.new_initial_state(3)
        rng = Rng(3)
        for ply in range(40):
            assert state.current_player() == f ^ (ply & 1)
            legal = state.legal_actions()
            assert legal, "no passing: a placement always exists"
            state.apply_action(rng.choice(legal))
        assert state.current_player() == f
        legal = state.legal_actions()
        assert len(legal) == 1
        text = state.action_to_string(legal[0])
        assert text.startswith("N ")
        obs = state.observation(f)
        assert all(sum(s[k].values()) == 0 for s in obs["supply"] for k in s)
        scores = state.scores()
        with pytest.raises(IllegalActionError, match="neutral token"):
            state.apply_action(0)
        state.apply_action(legal[0])
        assert state.is_terminal() and state.current_player() == TERMINAL
        assert state.scores() == scores  # the neutral token scores nothing
        assert state.legal_actions() == []
        assert state.observation(0)["board"][text.split()[1]] == {"piece": "neutral"}
        with pytest.raises(IllegalActionError, match="game is over"):
            state.apply_action(legal[0])


def test_neutral_token_is_not_playable_mid_game():
    state = play(["CR D6"])
    with pytest.raises(IllegalActionError, match="neutral token is placed only"):
        state.parse_move("N E3")


def test_worked_example_spec_5_1_is_scored_6_to_2():
    """Spec §5.1 test vector: D6 Divercité 5, F6 two blue 2, D4 one green 1 (neutral E3)."""
    state = play(WORKED_EXAMPLE, neutral_first=True)
    board = state.observation(0)["board"]
    assert board["D6"]["points"] == 5
    assert board["F6"]["points"] == 2
    assert board["D4"]["points"] == 1
    assert state.scores() == [6.0, 2.0]
    assert state.recomputed_scores() == [6, 2]


def test_divercite_scores_5_four_different_colours():
    """FR-text 'Décompte': four different colours around a city = 5."""
    state = play(["CG D6", "RR C7", "RB E7", "RY C5"])
    assert state.scores() == [0.0, 0.0]
    state.apply_action(state.parse_move("RG E5"))
    assert state.scores() == [5.0, 0.0]


def test_non_divercite_scores_one_per_matching_neighbour():
    """FR-text: otherwise 1 point per adjacent resource of the city's colour (0–4)."""
    state = play(["CY D6", "RY C7", "CY H2", "RY E7", "RR C5", "RY E5"])
    assert state.scores() == [3.0, 0.0]
    state = play(["CY D6", "RY C7", "RR E7", "RY C5", "RY E5"])
    # Three yellow neighbours and a red one, two of the yellows placed by White itself.
    assert state.scores() == [3.0, 0.0]


def test_four_matching_neighbours_score_4():
    state = play(["CY D6", "RY C7", "RY E7", "RY C5", "CR H2", "RY E5"])
    assert state.observation(0)["board"]["D6"]["points"] == 4
    assert state.scores() == [4.0, 0.0]


def test_city_placed_after_resources_scores_at_once():
    """Spec §5 incremental rule: a city placed among resources counts them immediately."""
    state = play(["RR C7", "RG E7", "RB C5", "RY E5", "CR D6"])
    assert state.scores() == [5.0, 0.0]


def test_resources_count_for_every_adjacent_city_whoever_placed_them():
    """FR-text: resources belong to the board and profit every city around them."""
    # White red city D6, Black red city F6: E7 touches both. Black places the red resource.
    state = play(["CR D6", "CR F6", "CG H2", "RR E7"])
    assert state.scores() == [1.0, 1.0]
    board = state.observation(0)["board"]
    assert board["D6"]["points"] == 1 and board["F6"]["points"] == 1


def test_resource_gift_example_gives_opponent_a_divercite():
    """FR-text example: Black's red resource scores his red cities but completes White's
    blue city's Divercité (+5)."""
    # White blue city on D6 with green C7, yellow E7, blue C5; Black red cities on B4, D4.
    moves = ["CB D6", "CR B4", "RG C7", "CR D4", "RY E7", "RB A5", "RB C5"]
    state = play(moves)
    before = state.scores()
    assert state.current_player() == 1
    state.apply_action(state.parse_move("RR E5"))  # touches D6 and D4 (and F6, F4 empty)
    after = state.scores()
    assert after[0] - before[0] == 5 - 1  # D6 had 1 blue point, now a Divercité
    assert after[1] - before[1] == 1  # D4 red gains 1


def test_neutral_is_not_a_colour_no_divercite():
    """FR-text: the neutral token scores nothing and prevents a Divercité."""
    state = play(["N E5", "CR D6", "RG C7", "RB E7", "RY C5"], neutral_first=True)
    assert state.observation(0)["board"]["D6"]["points"] == 0
    state = play(["N E5", "CR D6", "RR C7", "RR E7", "RR C5"], neutral_first=True)
    assert state.observation(0)["board"]["D6"]["points"] == 3


def test_spoiling_a_divercite_with_a_duplicate_colour():
    state = play(["CB D6", "RG C7", "RY E7", "RG C5"])
    state.apply_action(state.parse_move("RR E5"))
    assert state.observation(0)["board"]["D6"]["points"] == 0


def test_ties_are_shared_and_returns_are_plus_minus_one():
    """FR-text: 'Une égalité est possible'; spec §10.2 shared result."""
    seen = {"tie": 0, "win": 0}
    for seed in range(200):
        state = random_game(seed)
        s0, s1 = state.scores()
        r = state.returns()
        if s0 == s1:
            assert r == [0.0, 0.0] and "shared" in state.outcome()
            assert state.observation(0)["result"]["winner"] is None
            seen["tie"] += 1
        else:
            assert r == ([1.0, -1.0] if s0 > s1 else [-1.0, 1.0])
            assert "wins" in state.outcome()
            seen["win"] += 1
    assert seen["tie"] > 0 and seen["win"] > 0


def test_course_tiebreak_option_decides_ties():
    """Spec §9.1 (INF8175 rule, optional): ties broken, raw scores unchanged."""
    for seed in range(400):
        state = random_game(seed, tiebreak="course")
        if state.scores()[0] == state.scores()[1]:
            r = state.returns()
            assert sorted(r) == [-1.0, 1.0]
            assert "tie-break" in state.outcome()
            d0, d1 = state.divercites()
            if d0 != d1:
                assert r[0] == (1.0 if d0 > d1 else -1.0)
            return
    pytest.fail("no tie found in 400 random games")


def test_option_first_player_black():
    game = load_game("divercite", first_player="black")
    state = game.new_initial_state(0)
    assert state.current_player() == 1
    state.apply_action(state.parse_move("CR D6"))
    assert state.observation(1)["board"]["D6"]["owner"] == 1
    assert state.current_player() == 0


def test_variant_neutral_first():
    """FR-text variant: the first player places the neutral token anywhere, then the other
    player plays first (spec §6: on a resource square; the token placer places the 40th)."""
    game = load_game("divercite", neutral_first=True)
    state = game.new_initial_state(0)
    assert state.current_player() == 0
    legal = state.legal_actions()
    assert len(legal) == 25
    assert all(state.action_to_string(a).startswith("N ") for a in legal)
    with pytest.raises(IllegalActionError, match="neutral-first"):
        state.parse_move("CR D6")
    with pytest.raises(Exception, match="city square"):
        state.parse_move("N D6")
    state.apply_action(state.parse_move("N A9"))
    assert state.current_player() == 1
    rng = Rng(1)
    movers = []
    while not state.is_terminal():
        movers.append(state.current_player())
        a = rng.choice(state.legal_actions())
        assert not state.action_to_string(a).startswith("N ")
        state.apply_action(a)
    assert len(movers) == 40 and movers[0] == 1 and movers[-1] == 0
    obs = state.observation(0)
    assert len(obs["board"]) == 41 and obs["board"]["A9"] == {"piece": "neutral"}


def test_unknown_option_and_bad_values_name_the_choices():
    with pytest.raises(OptionError, match="valid options: clock, first_player, move_clock"):
        load_game("divercite", starter="white")
    with pytest.raises(OptionError, match="'white', 'black'"):
        load_game("divercite", first_player="red")
    with pytest.raises(OptionError, match="clock"):
        load_game("divercite", clock=-1)
    with pytest.raises(OptionError, match="tiebreak"):
        load_game("divercite", tiebreak="coin")
    assert load_game("divercite", preset="course").options["clock"] == 900.0
    assert load_game("divercite", clock="60").clock_seconds() == 60.0
    assert load_game("divercite").clock_seconds() is None


def test_clock_option_forfeit_through_runner():
    """FR-text 'temps total': a player who runs out of time loses (runner clocks)."""
    import time

    from solotable.core.agent import Agent, Turn
    from solotable.core.runner import play_game

    class Slow(Agent):
        def act(self, turn: Turn) -> int:
            time.sleep(0.02)
            return turn.legal_actions[0]

    class Fast(Agent):
        def act(self, turn: Turn) -> int:
            return turn.legal_actions[0]

    game = load_game("divercite", clock=0.05)
    clock = game.clock_seconds()
    assert clock is not None
    _, record = play_game(game, [Fast(game, 0), Slow(game, 1)], 0, clocks=[clock, clock])
    assert record.forfeit == {"player": 1, "reason": "ran out of time"}
    assert record.result is not None and record.result["returns"] == [1.0, -1.0]


def test_move_clock_option_forfeit_through_simulation():
    """FR-text: the time between moves may be limited; a move over the limit loses."""
    from solotable.core.simulation import play_one

    game = load_game("divercite", move_clock=0.001)
    assert game.move_seconds() == 0.001
    assert load_game("divercite").move_seconds() is None
    result = play_one("divercite", {"move_clock": 0.001}, ["hard", "random"], 0, 0)
    assert "forfeits: took" in result.outcome and "limit 0.001 s" in result.outcome
    assert result.returns == [-1.0, 1.0]


def test_outcome_and_stats_describe_the_game():
    state = play(["CR D6"])
    assert "in progress after 1 plies" in state.outcome() and "Black to move" in state.outcome()
    assert state.returns() == [0.0, 0.0]
    final = random_game(11)
    stats = final.stats()
    assert stats["winning seat"] in ("first player", "second player", "draw")
    assert stats["White points"] == final.scores()[0]
    assert stats["margin"] == abs(final.scores()[0] - final.scores()[1])
    d0, d1 = final.divercites()
    assert stats["White Divercités"] == d0 and stats["Black Divercités"] == d1
    assert f"Divercités {d0}–{d1}" in final.outcome()
