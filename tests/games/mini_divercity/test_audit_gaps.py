"""Rules the coverage audit found untested (see RULES_COVERAGE.md for the full map)."""

from __future__ import annotations

from rich.console import Console

from solotable.core import CHANCE, Rng

from .helpers import SP, edit, empty_deck, game, moves, play, set_pos, start


def _plain(markup: str) -> str:
    console = Console(width=110, record=True, color_system=None)
    console.print(markup)
    return console.export_text()


def test_win_is_checked_at_once_before_the_extra_discards():
    """Spec 4 (end checked immediately): identifying the 7th species with a Lagoon card
    wins before the 2 extra discards or the replacement draw."""
    s = start(corp=None)
    s = edit(
        s,
        lambda d: (
            [set_pos(d, x, 2) for x in ("nudibranch", *SP[2:7])],
            set_pos(d, "crab", 1),
        ),
    )
    play(s, "corp:hotels-red-blue")
    assert s.saved == 6
    play(s, "id:l1")
    assert s.is_terminal() and s.returns() == [1.0]
    assert s.ndisc == 1 and s.observation(0)["hand"]["l2"] == "eel"


def test_double_card_stops_after_a_losing_first_event():
    """Spec 3.1 double cards (assumption A14): the loss is checked between the two events;
    an Oil Platform that eliminates the 5th species ends the game before its Hotels."""
    s = start(corp=None)
    s = edit(
        s,
        lambda d: (
            [set_pos(d, x, -2) for x in ("nudibranch", "hammerhead", "porcupinefish", "manta")],
            set_pos(d, "crab", -1),
        ),
    )
    play(s, "corp:oil-hotels-red-purple", "oil:l1")
    obs = s.observation(0)
    assert s.is_terminal() and obs["result"]["cause"] == "eliminated"
    assert obs["islands"]["red"] == "island" and obs["islands"]["purple"] == "island"


def test_dynamite_on_an_out_of_play_species_moves_nothing():
    """Corporations phase / spec A6: Dynamite Fishers hitting a saved species: the card is
    discarded, the token stays."""
    s = start(corp=None)
    s = edit(s, lambda d: set_pos(d, "manta", 2))
    play(s, "corp:dyn", "draw:manta")
    obs = s.observation(0)
    assert obs["scale"]["manta"] == "saved" and obs["species_discard"]["top"] == "manta"
    assert obs["log"][-1] == "Manta Ray is already saved: no effect"


def test_swimmer_may_use_a_face_up_ocean_card():
    """Swimmer (French text): the Ocean card may already be face up; it is replaced face down."""
    s = start(divers=("swimmer", "captain", "explorer"))
    play(s, "explore", "corp:hotels-green-purple")
    assert s.observation(0)["hand"]["o3"] == "oyster"
    play(s, "swimmer:o3", "draw:eel")
    obs = s.observation(0)
    assert obs["scale"]["oyster"] == "green" and obs["hand"]["o3"] == "?"
    assert obs["decision"]["kind"] == "peek"  # after a special action: the optional look


def test_card_revealed_by_communications_is_drawn_face_up_into_the_ocean():
    """New Ocean card: face up when a special action (Communications) revealed it on the deck."""
    s = start(divers=("communications", "captain", "explorer"))
    play(s, "communications", "flip:o1", "flip:o2", "draw:starfish", "nopeek", "id:o3")
    assert s.current_player() == CHANCE and s.turn == 2  # no draw: the known top was taken
    assert s.observation(0)["hand"]["o3"] == "starfish"
    assert s.observation(0)["species_deck"]["top"] is None


def test_captain_with_one_card_left_cannot_ask_for_a_second():
    """Captain: 'up to 2' cards — with a single card left in the deck only one is drawn."""
    s = start(divers=("captain", "explorer", "swimmer"))

    def one_left(d):
        empty_deck(d)
        i = SP.index("manta")
        d["disc"][i] -= 1
        d["ndisc"] -= 1
        d["deck"][i] = 1
        d["ndeck"] = 1

    s = edit(s, one_left)
    play(s, "captain")
    assert s.chance_outcomes() == [(s.string_to_action("draw:manta"), 1.0)]
    play(s, "draw:manta")
    assert moves(s) == {"cap:manta"}


def test_peek_only_follows_a_special_action_not_quick_exploration():
    """Divers phase A: the look at the top Corporation card comes with a special action only."""
    s = start(divers=("captain", "explorer", "swimmer"))
    play(s, "quick", "draw:manta", "draw:lobster")
    assert s.observation(0)["decision"]["kind"] == "divers"
    assert "peek" not in moves(s)


def test_no_diver_action_while_the_swap_after_closing_a_hotel_is_pending():
    """Next turn: once the main action is taken, only its own follow-up (the swap) remains."""
    s = start(divers=("captain", "explorer", "swimmer"))
    play(s, "close:red:o1", "draw:manta")
    assert moves(s) == {f"swap:{a}{b}" for a in ("l1", "l2") for b in ("o1", "o2", "o3")} | {
        "noswap"
    }
    play(s, "noswap")
    assert s.current_player() == CHANCE and s.turn == 2


def test_visionary_with_a_short_corporation_deck_takes_what_is_left():
    """Visionary (assumption visionary_short_deck): fewer than 4 cards: all of them are ordered."""
    s = start(divers=("visionary", "captain", "explorer"))

    def two_left(d):
        oil, dyn = 0, 1  # data order: oil, dyn, …
        d["cdisc"] = [a + b for a, b in zip(d["cdisc"], d["cdeck"], strict=True)]
        d["cdisc"][oil] -= 1
        d["cdisc"][dyn] -= 1
        d["cdeck"] = [0] * len(d["cdeck"])
        d["cdeck"][oil] = d["cdeck"][dyn] = 1
        d["ncdisc"] += d["ncdeck"] - 2
        d["ncdeck"] = 2

    s = edit(s, two_left)
    play(s, "visionary", "corp:oil", "corp:dyn")
    assert moves(s) == {"vtop:oil", "vtop:dyn"}
    play(s, "vtop:dyn", "flip:o1", "flip:o3")
    assert s.observation(0)["corporation_deck"] == {"size": 2, "known_top": ["dyn", "oil"]}


def test_sampler_keeps_every_discard_the_event_log_shows():
    """Hidden information / sampler: cards the visible log shows discarded (from the hand, by
    the Captain, by Dynamite Fishers) stay in every sampled discard; so do the Corporation
    cards the log shows drawn since the last reshuffle (bug found by the audit: only the top
    card was kept, so a sample could put a logged discard back in the deck or hand)."""
    s = start(divers=("captain", "explorer", "swimmer"))
    play(s, "id:o1", "draw:manta", "corp:dyn", "draw:lobster")
    play(s, "captain", "draw:eel", "cap:eel", "nopeek", "explore", "corp:oil", "oil:o2")
    obs = s.observation(0)
    assert obs["species_discard"] == {"size": 4, "top": "turtle", "looked": False, "contents": None}
    g = s.game
    for seed in range(40):
        sampled = g.sample_state(obs, 0, Rng(seed))
        assert sampled.observation(0) == obs
        for sp in ("octopus", "lobster", "eel", "turtle"):
            assert sampled.disc[SP.index(sp)] >= 1, (seed, sp)
        oil, dyn = 0, 1  # the turn-1 Hotels card has left the visible log: unknown
        assert sampled.cdisc[oil] >= 1 and sampled.cdisc[dyn] >= 1 and sampled.ncdisc == 3


def test_end_screen_explains_an_impossible_win_with_numbers():
    """Précisions (empty deck) + issue: the loss when winning became impossible says why."""
    for first, more in (("captain", 0), ("endurance", 1)):
        s = start(divers=(first, "explorer", "swimmer"), corp=None)
        s = edit(s, empty_deck)
        play(s, "corp:oil", "oil:o3")
        # Crab, eel, octopus, turtle: 1 card each for 2 steps; oyster: none for 3 steps;
        # an unused Endurance Specialist mends one one-step gap.
        assert s.is_terminal()
        res = s.observation(0)["result"]
        assert res["cause"] == "impossible"
        assert f"7 more needed, but at most {more} more can still reach SAVED" in res["text"]
        text = _plain(s.game.render(s.observation(0)))
        assert "DEFEAT" in text and "saved 0 / eliminated 0 / hotels 0" in text


def test_max_more_saves_counts_cards_outside_the_discard_and_free_moves():
    """Impossibility bound (assumption impossible_win): one free Diver move mends one gap."""
    s = start(game(save_goal=2), divers=("endurance", "diving", "explorer"), corp=None)
    s = edit(s, empty_deck)
    # Five hand species with 1 card each, 2 steps each: none can be saved by cards alone;
    # two free moves (Endurance + Diving) close two gaps of one step.
    assert s.max_more_saves() == 2
    play(s, "corp:hotels-red-blue", "endurance:crab")
    assert s.max_more_saves() == 2  # crab is now green: its one card suffices
    assert not s.is_terminal()


def test_end_screens_for_hotels_eliminated_and_win():
    """End screen: the result, its cause and the saved / eliminated / hotels counts."""
    s = start(corp="hotels-red-blue")
    play(s, "explore", "corp:hotels-green-purple", "explore", "corp:hotels-orange-yellow")
    text = _plain(game().render(s.observation(0)))
    assert "DEFEAT" in text and "all 6 Islands became Hotels" in text
    assert "saved 0 / eliminated 0 / hotels 6" in text
    s = start(corp=None)
    s = edit(
        s,
        lambda d: (
            [set_pos(d, x, -2) for x in ("nudibranch", "hammerhead", "porcupinefish", "manta")],
            set_pos(d, "crab", -1),
        ),
    )
    play(s, "corp:oil", "oil:l1")
    text = _plain(game().render(s.observation(0)))
    assert "DEFEAT" in text and "Lost: 5 species eliminated" in text
    assert "saved 0 / eliminated 5 / hotels 0" in text
    s = start(game(save_goal=1))
    s = edit(s, lambda d: set_pos(d, "oyster", 1))
    play(s, "id:o3")
    text = _plain(game().render(s.observation(0)))
    assert "VICTORY" in text and "Won: 1 species saved" in text
    assert "saved 1 / eliminated 0 / hotels 2" in text


def test_oil_platform_face_up_ocean_card_out_of_play_costs_nothing_more():
    """Corporations phase: an Ocean card already face up, of a saved species: only it goes."""
    s = start(corp=None)
    s = edit(s, lambda d: set_pos(d, "octopus", 2))
    play(s, "corp:hotels-red-blue", "explore", "corp:oil")
    assert s.observation(0)["hand"]["o1"] == "octopus"
    play(s, "oil:o1")
    assert s.current_player() == CHANCE and s.ndisc == 1  # the replacement, no extra cost
    assert s.observation(0)["scale"]["octopus"] == "saved"
