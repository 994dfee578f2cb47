"""Mini DiverCity's events, card texts and screen (issue 9 items 2 and 6)."""

from __future__ import annotations

import json
import random

import pytest

from solotable.core.message import Msg
from solotable.core.registry import load_game
from solotable.session.session import GameSession, Seat
from solotable.words import words
from tests.games.screen import assert_fits

EN = words("en")

SPECIES_NAMES = [
    "Nudibranch", "Crab", "Hammerhead Shark", "Spotted Porcupinefish", "Mandarinfish",
    "Manta Ray", "Lobster", "Eel", "Octopus", "Sea Turtle", "Oyster", "Starfish",
]  # fmt: skip


def start(seed: int) -> GameSession:
    return GameSession.start("mini-divercity", {}, [Seat()], seed=seed, clocks=False)


def play_turns(s: GameSession, turns: int, seed: int = 0) -> None:
    """Random legal moves, never resigning, until ``turns`` turns have passed or the game ends."""
    rnd = random.Random(seed)
    while not s.is_over() and s.observation(0)["turn"] <= turns:
        moves = [m for _, m, _ in s.legal_moves(0) if m != "resign"]
        s.play(0, rnd.choice(moves))


def test_setup_deals_divers_and_cards_without_naming_the_face_down_ones() -> None:
    s = start(1)
    divers = [e for e in s.events if e.kind == "diver-dealt"]
    assert sorted(e.data["diver"] for e in divers) == sorted(s.observation(0)["divers"])
    deals = {e.data["slot"]: e for e in s.events if e.kind == "deal"}
    assert sorted(deals) == ["l1", "l2", "o1", "o2", "o3"]
    hand = s.observation(0)["hand"]
    for slot in ("l1", "l2"):
        assert deals[slot].data["species"] == hand[slot]
    for slot in ("o1", "o2", "o3"):
        assert deals[slot].data == {"slot": slot} and deals[slot].text == ""
        text = EN.event("mini-divercity", deals[slot])
        assert "face down" in text and not any(name in text for name in SPECIES_NAMES)


def test_each_corporation_card_is_followed_by_what_it_did() -> None:
    s = start(2)
    play_turns(s, 8, 2)
    corps = [i for i, e in enumerate(s.events) if e.kind == "corp-card"]
    assert len(corps) >= 5
    g = load_game("mini-divercity")
    cards = {c["id"]: c for c in g.card_catalog() if c["type"] == "corporation"}
    for i in corps:
        card = cards[s.events[i].data["card"]]
        hotels = [e["colours"] for e in card["events"] if e["event"] == "hotels"]
        if hotels and len(card["events"]) == 1:
            after = [e for e in s.events[i + 1 : i + 3] if e.kind.startswith("hotel-")]
            assert sorted(e.data["colour"] for e in after) == sorted(hotels[0])
        text = EN.event("mini-divercity", s.events[i])
        assert text.startswith("Corporations: ") and card["id"] not in text
    moved = [e for e in s.events if e.kind in ("harmed", "improved")]
    assert moved and all(set(e.data) == {"species", "to"} for e in moved)


def test_same_public_history_gives_the_same_events_whatever_was_dealt_face_down() -> None:
    """At every chance node, outcomes the player cannot tell apart give identical events."""
    g = load_game("mini-divercity")
    s = g.new_initial_state(3)
    hidden_nodes = 0
    for _ in range(60):
        if s.is_terminal():
            break
        if s.is_chance_node():
            before = s.observation(0)
            seen: dict[str, list[dict[str, object]]] = {}
            for action, _p in s.chance_outcomes():
                t = s.clone()
                t.apply_action(action)
                after = t.observation(0)
                events = [e.to_dict() for e in g.events(before, after, 0)]
                key = json.dumps(after, sort_keys=True)
                assert seen.setdefault(key, events) == events
            hidden_nodes += len(seen) < len(s.chance_outcomes())
            s.apply_action(s.sample_chance())
        else:
            s.apply_action(random.Random(len(s.history)).choice(s.legal_actions()))
    assert hidden_nodes >= 3, "some draws went face down to the Ocean (precondition)"


def test_card_text_for_divers_corporations_and_species() -> None:
    g = load_game("mini-divercity")
    assert g.card_text("Captain") == Msg(
        "mini-divercity.card.diver", {"diver": "captain", "power": "captain"}
    )
    captain = EN.say(g.card_text("Captain") or "")
    assert "Diver" in captain and "improve its species" in captain
    assert g.card_text("communications specialist") == g.card_text("communications")
    oil_dyn = EN.say(g.card_text("oil-dyn") or "")
    assert "Corporation card" in oil_dyn and "Oil Platform" in oil_dyn and "Dynamite" in oil_dyn
    assert "5 Species cards" in EN.say(g.card_text("eel") or "")
    assert g.card_text("kraken") is None


def test_a_mid_game_screen_fits_100_by_30() -> None:
    s = start(4)
    play_turns(s, 4, 4)
    lines = assert_fits(s.game.render(s.observation(0)))
    assert not any("(s)" in line for line in lines)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_screen_of_a_game_fits_100_by_30_in_english_and_french(lang: str) -> None:
    """French names are longer ("Poisson hérisson tacheté"): the scale's columns follow."""
    w = words(lang)
    for seed in (4, 7):
        s = start(seed)
        rnd = random.Random(seed)
        while True:
            lines = assert_fits(w.render(s.game, s.observation(0)))
            if s.is_over():
                break
            s.play(0, rnd.choice([m for _, m, _ in s.legal_moves(0) if m != "resign"]))
        ends = ("VICTOIRE", "DÉFAITE") if lang == "fr" else ("VICTORY", "DEFEAT")
        assert any(end in line for line in lines for end in ends)
