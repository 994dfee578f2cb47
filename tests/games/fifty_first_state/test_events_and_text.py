"""51st State's events, card texts and screen (issue 9 items 2 and 6), through the play session."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from solotable.core.events import Event
from solotable.core.message import Msg
from solotable.session.session import GameSession, Seat
from solotable.words import words
from tests.games.screen import assert_fits, screen_lines


def start(seed: int, faction: str = "random") -> GameSession:
    return GameSession.start("51st-state", {"faction": faction}, [Seat()], seed=seed, clocks=False)


def step(s: GameSession, rnd: random.Random, refuse: bool = False) -> list[Event]:
    """One human decision: refuse Lookout cards when told, else build/deal when possible."""
    moves = [m for _, m, _ in s.legal_moves(0)]
    if "refuse" in moves and refuse:
        return s.play(0, "refuse")
    if "keep" in moves:
        return s.play(0, "keep")
    good = [m for m in moves if m.split()[0] in ("build", "deal", "opp", "work")]
    if good and rnd.random() < 0.8:
        return s.play(0, rnd.choice(good))
    return s.play(0, "pass" if "pass" in moves else moves[0])


def play_rounds(s: GameSession, rounds: int, seed: int = 0, refuse: bool = False) -> None:
    rnd = random.Random(seed)
    while not s.is_over() and s.observation(0)["round"] <= rounds:
        step(s, rnd, refuse)


def of(s: GameSession, kind: str) -> list[Event]:
    return [e for e in s.events if e.kind == kind]


def test_round_one_production_gains_are_the_supply_and_add_up_from_their_sources() -> None:
    s = start(3, "mutants")
    while s.observation(0)["phase"] != "actions":
        step(s, random.Random(0))
    (prod,) = of(s, "production")
    obs = s.observation(0)
    held = {g: n for g, n in obs["goods"].items() if n}
    assert {g: n for g, n in prod.data["gains"].items() if g not in ("card", "vp")} == held
    total: Counter[str] = Counter()
    for source in prod.data["sources"]:
        total.update(source["gains"])
    assert dict(total) == prod.data["gains"]
    assert prod.data["sources"][0]["kind"] == "faction"
    assert prod.data["sources"][0]["id"] == "mutants"
    said = words("en").event("51st-state", prod)
    assert said.startswith("Production: you gain") and "Mutants Union" in said


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_production_adds_up_from_the_tableau_over_a_whole_game(seed: int) -> None:
    s = start(seed)
    play_rounds(s, 6, seed)
    productions = of(s, "production")
    assert len(productions) == 6
    for prod in productions:
        total: Counter[str] = Counter(prod.data["returned"])
        for source in prod.data["sources"]:
            total.update(source["gains"])
        assert +total == prod.data["gains"], prod.data
    assert any(len(p.data["sources"]) > 1 for p in productions), "something was built or dealt"


def test_the_lookout_offer_shows_cost_production_and_uses_before_the_choice() -> None:
    s = start(4)
    while s.observation(0)["pending_card"] is None:
        step(s, random.Random(0))
    card = s.observation(0)["pending_card"]
    offer = of(s, "offer")[-1]
    assert offer.data["card"] == card and offer.data["step"] == 0
    name = offer.data["name"]
    assert words("en").event("51st-state", offer) == f"Lookout, first card: keep or refuse {name}?"
    screen = "\n".join(screen_lines(s.game.render(s.observation(0))))
    assert f"Lookout {name}: " in screen and "distance" in screen and "keep or refuse" in screen
    assert "deal " in screen and "raze " in screen


def test_a_refusal_forces_the_next_card_and_the_round_logs_extras_reveal_cleanup() -> None:
    s = start(5)
    play_rounds(s, 1, refuse=True)
    lookout = [e for e in of(s, "lookout") if e.ply > 0]
    refused = [e for e in lookout if e.data.get("refused")]
    forced = [e for e in lookout if e.data.get("forced")]
    assert refused and len(forced) == 3, "two refusals force two cards, and the third is kept"
    assert [e.data["step"] for e in forced] == [0, 1, 2]
    assert refused[0].data["step"] == 0
    assert "the next card must be kept" in words("en").event("51st-state", refused[0])
    extras = [e for e in lookout if "extra" in e.data]
    assert [e.data["extra"] for e in extras] == [1, 2, 3]
    assert {e.data["to"] for e in extras} <= {"opponent", "discard"}
    (reveal,) = [e for e in of(s, "reveal") if e.ply < of(s, "production")[0].ply + 1]
    assert reveal.data["card"] == s.observation(0)["opponent"][0]["card"]
    (cleanup,) = of(s, "cleanup")
    assert set(cleanup.data) == {"discarded", "connections"}
    assert words("en").event("51st-state", cleanup).startswith("Cleanup:")
    assert of(s, "round")[-1].data["round"] == 2


def test_extra_cards_sent_to_the_opponent_grow_its_deck() -> None:
    s = start(6)
    play_rounds(s, 6, 6)
    to_opp = sum(1 for e in of(s, "lookout") if e.data.get("to") == "opponent")
    reveals = [e for e in of(s, "reveal") if e.data["card"]]
    obs = s.observation(0)
    assert to_opp + 3 == len(reveals) + obs["opponent_deck_size"]
    assert [e.data["card"] for e in reveals] == [o["card"] for o in obs["opponent"]]


def test_events_name_only_cards_the_player_has_seen() -> None:
    s = start(7)
    rnd = random.Random(7)
    seen: set[str] = set()
    while not s.is_over() and s.observation(0)["round"] <= 2:
        for e in step(s, rnd):
            obs = s.observation(0)
            for key in ("hand", "discard", "opponent_deck", "deals"):
                seen.update(obs[key])
            seen.update(o["card"] for o in obs["opponent"])
            seen.update(loc["card"] for loc in obs["locations"])
            if obs["pending_card"]:
                seen.add(obs["pending_card"])
            card = e.data.get("card")
            assert card is None or card in seen, e.data


def test_card_text_gives_every_use_of_a_card() -> None:
    g = start(1).game
    pub_msg = g.card_text("Pub")
    assert isinstance(pub_msg, Msg) and pub_msg == g.card_text("pub")
    assert pub_msg.key == "51st-state.card.location" and pub_msg.arg("distance") == 2
    assert pub_msg.arg("deal_reroll") is True and pub_msg.arg("effect").key.endswith("produce")
    pub = words("en").say(pub_msg)
    for part in ("distance 2", "as a location: produces 1 card", "build: pay 2 grey contacts"):
        assert part in pub
    assert "deal: pay 2 blue contacts" in pub and "raze: pay 2 red contacts" in pub
    assert "third Lookout card" in pub
    thugs_msg = g.card_text("thugs")
    assert thugs_msg is not None and thugs_msg.arg("deck") == "red"
    thugs = words("en").say(thugs_msg)
    assert "red connection" in thugs and "paying 1 gun" in thugs
    assert g.card_text("Briqueterie") == g.card_text("brick-supplier"), "name_fr finds it"
    assert g.card_text("no such card") is None and g.card_text("!!") is None


def test_a_mid_game_table_fits_100_by_30() -> None:
    s = start(11)
    play_rounds(s, 3, 11)
    lines = assert_fits(s.game.render(s.observation(0)))
    assert s.observation(0)["round"] == 4 and len(s.observation(0)["locations"]) >= 2
    assert not any("(s)" in line for line in lines)


def test_the_french_table_fits_100_by_30_too() -> None:
    """French runs longer than English; the terminal view must still fit, at every decision."""
    s = start(11)
    rnd = random.Random(11)
    fr = words("fr")
    tallest = 0
    while not s.is_over():
        tallest = max(tallest, len(assert_fits(fr.render(s.game, s.observation(0)))))
        step(s, rnd)
    lines = assert_fits(fr.render(s.game, s.observation(0)))
    assert any("PARTIE TERMINÉE" in line for line in lines) and tallest > 15
