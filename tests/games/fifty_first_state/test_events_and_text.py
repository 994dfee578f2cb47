"""51st State's events, card texts and screen (issue 9 items 2 and 6), through the play session."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from solotable.core.events import Event
from solotable.core.session import GameSession, Seat
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
    assert "Production: you gain" in prod.text and "Mutants" in prod.text


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
        assert +total == prod.data["gains"], prod.text
    assert any(len(p.data["sources"]) > 1 for p in productions), "something was built or dealt"


def test_the_lookout_offer_shows_cost_production_and_uses_before_the_choice() -> None:
    s = start(4)
    while s.observation(0)["pending_card"] is None:
        step(s, random.Random(0))
    card = s.observation(0)["pending_card"]
    offer = [e for e in of(s, "lookout") if e.data.get("offer")][-1]
    assert offer.data["card"] == card
    for words in ("distance", "deal:", "raze:", "keep or refuse"):
        assert words in offer.text
    name = offer.data["name"]
    screen = "\n".join(screen_lines(s.game.render(s.observation(0))))
    assert f"Lookout {name}: " in screen and "distance" in screen and "keep or refuse" in screen


def test_a_refusal_forces_the_next_card_and_the_round_logs_extras_reveal_cleanup() -> None:
    s = start(5)
    play_rounds(s, 1, refuse=True)
    lookout = [e for e in of(s, "lookout") if e.ply > 0]
    refused = [e for e in lookout if e.data.get("refused")]
    forced = [e for e in lookout if e.data.get("forced")]
    assert refused and len(forced) == 3, "two refusals force two cards, and the third is kept"
    assert [e.data["step"] for e in forced] == [0, 1, 2]
    assert "the next card must be kept" in refused[0].text
    extras = [e for e in lookout if "extra" in e.data]
    assert [e.data["extra"] for e in extras] == [1, 2, 3]
    assert {e.data["to"] for e in extras} <= {"opponent", "discard"}
    (reveal,) = [e for e in of(s, "reveal") if e.ply < of(s, "production")[0].ply + 1]
    assert reveal.data["card"] == s.observation(0)["opponent"][0]["card"]
    (cleanup,) = of(s, "cleanup")
    assert cleanup.text.startswith("Cleanup:") and of(s, "round")[-1].data["round"] == 2


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
            assert card is None or card in seen, e.text


def test_card_text_gives_every_use_of_a_card() -> None:
    g = start(1).game
    pub = g.card_text("Pub")
    assert pub is not None and pub == g.card_text("pub")
    for words in ("distance 2", "as a location: produces 1 card", "build: pay 2 grey contacts"):
        assert words in pub
    assert "deal: pay 2 blue contacts" in pub and "raze: pay 2 red contacts" in pub
    assert "third Lookout card" in pub
    thugs = g.card_text("thugs")
    assert thugs is not None and "red connection" in thugs and "paying 1 gun" in thugs
    assert g.card_text("no such card") is None


def test_a_mid_game_table_fits_100_by_30() -> None:
    s = start(11)
    play_rounds(s, 3, 11)
    lines = assert_fits(s.game.render(s.observation(0)))
    assert s.observation(0)["round"] == 4 and len(s.observation(0)["locations"]) >= 2
    assert not any("(s)" in line for line in lines)
