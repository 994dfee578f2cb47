"""Hidden information, the perfect-recall observation and the sampler."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from solotable.core import CHANCE, Rng
from solotable.core.conformance import check_every_action, check_sampling, random_playout

from .helpers import (
    SP,
    corp_total,
    edit,
    game,
    long_playout,
    play,
    species_total,
    start,
)

G = game()


def test_states_differing_only_in_hidden_cards_look_the_same():
    """Hidden information: face-down Ocean cards and deck order never reach the observation."""
    a = start()

    def other_ocean(d):
        # o1 octopus -> manta, keeping the deck counts consistent.
        d["hand"][2] = SP.index("manta")
        d["deck"][SP.index("manta")] -= 1
        d["deck"][SP.index("octopus")] += 1

    b = edit(a, other_ocean)
    assert a.observation(0) == b.observation(0)
    assert "octopus" not in json.dumps(a.observation(0)["hand"])
    # Once explored, the card is known and the observations differ.
    a.apply_action(a.string_to_action("explore"))
    b.apply_action(b.string_to_action("explore"))
    assert a.observation(0)["hand"]["o1"] == "octopus" != b.observation(0)["hand"]["o1"]


def test_discard_content_hidden_unless_looked_through():
    """Hidden information: only the discard's size and top are visible without a look."""
    a = start()
    a.apply_action(a.string_to_action("id:o1"))
    a.apply_action(a.string_to_action("draw:manta"))
    a.apply_action(a.string_to_action("corp:oil"))
    a.apply_action(a.string_to_action("oil:o2"))
    obs = a.observation(0)["species_discard"]
    assert obs == {"size": 2, "top": "turtle", "looked": False, "contents": None}


def test_sampler_keeps_every_discard_the_event_log_shows():
    """Hidden information / sampler: cards the visible log shows discarded (from the hand, by
    the Captain, by Dynamite Fishers) stay in every sampled discard; so do the Corporation
    cards the log shows drawn since the last reshuffle (bug found by the audit: only the top
    card was kept, so a sample could put a logged discard back in the deck or hand)."""
    s = start(divers=("captain", "explorer", "swimmer"))
    play(s, "id:o1", "draw:manta", "corp:dyn", "draw:lobster")
    play(s, "captain", "cap:one", "draw:eel", "cap:eel", "nopeek", "explore", "corp:oil", "oil:o2")
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


def _check_sampler_and_counts(state) -> None:
    assert species_total(state) == 60 and sum(state.deck) == state.ndeck
    assert corp_total(state) == 27 and sum(state.cdeck) == state.ncdeck
    # Lagoon cards are always face up; an empty slot is never "face up".
    assert all(state.up[k] for k in (0, 1) if state.hand[k] >= 0)
    assert not any(state.up[k] for k in range(5) if state.hand[k] < 0)
    assert state.saved == state.pos.count(2) and state.elim == state.pos.count(-2)
    if state.is_terminal():
        return
    obs = state.observation(0)
    json.dumps(obs)
    true_down = sum(1 for k in range(2, 5) if state.hand[k] >= 0 and not state.up[k])
    assert list(obs["hand"].values()).count("?") == true_down
    sampled = G.sample_state(obs, 0, Rng(len(state.history)))
    assert sampled.observation(0) == obs
    # The sample agrees with the visible event log too: every logged discard is there.
    seen = [0] * 12
    corp_seen = [0] * len(state.cdeck)
    for e in obs["log"]:
        if e["kind"] in ("discard", "dynamite-deck", "captain-discard"):
            seen[SP.index(e["species"])] += 1
        elif e["kind"] == "reshuffle":
            corp_seen = [0] * len(state.cdeck)
        elif e["kind"] == "corp-card":
            corp_seen[G.tables.corp_ids.index(e["card"])] += 1
    assert all(x >= y for x, y in zip(sampled.disc, seen, strict=True))
    assert all(x >= y for x, y in zip(sampled.cdisc, corp_seen, strict=True))
    assert species_total(sampled) == 60 and corp_total(sampled) == 27
    if state.current_player() != CHANCE:
        assert sampled.legal_actions() == state.legal_actions()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31))
def test_card_conservation_and_sampler_over_random_games(seed):
    """Properties: Species 60 = deck + hand + discard (+ Captain's cards); Corporation 27;
    the sampler reproduces the observation and respects the event log."""
    random_playout(G, seed, Rng(seed ^ 0x5EED), _check_sampler_and_counts)
    long_playout(G, seed, _check_sampler_and_counts)


def _same_unseen_cards(true, sampled) -> None:
    """Perfect recall: per species, sampled deck + sampled face-down Ocean cards equal the
    true ones; both discard piles and the unknown Corporation cards are the same."""
    for c in range(12):
        down_t = sum(1 for k in range(2, 5) if true.hand[k] == c and not true.up[k])
        down_s = sum(1 for k in range(2, 5) if sampled.hand[k] == c and not sampled.up[k])
        assert sampled.deck[c] + down_s == true.deck[c] + down_t, SP[c]
    assert sampled.disc == true.disc and sampled.cdisc == true.cdisc
    assert sampled.cdeck == true.cdeck


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31))
def test_sampled_states_agree_with_everything_seen_since_the_start(seed):
    """Issue item 4 (perfect recall): at every decision node of a random game, each sampled
    state shows the same observation and holds, for every species, the same unseen cards
    (deck + face-down) as the true state — a card seen discarded is never dealt back; every
    action id of a sampled state has a reason exactly when it is illegal."""
    rng = Rng(seed ^ 0xACE)

    def check(state):
        if state.is_terminal() or state.current_player() == CHANCE:
            return
        check_sampling(state, 0, rng, samples=2, consistent=_same_unseen_cards)
        if len(state.history) % 7 == 0:
            check_every_action(G.sample_state(state.observation(0), 0, rng))

    long_playout(G, seed, check)


def test_all_copies_seen_discarded_are_never_dealt_back():
    """Issue item 4 example: once the log has rolled past a discard, the sampler still keeps
    it (here every oyster goes to the discard, then many turns pass)."""
    s = start(hand=("oyster", "oyster", "oyster", "oyster", "oyster"))
    play(s, "explorer", "nopeek", "id:l1", "pay:l2", "pay:o1")
    play(s, "draw:crab", "draw:eel", "draw:manta")
    play(s, "corp:oil", "oil:o2", "draw:lobster", "explore", "corp:oil", "oil:o3", "draw:eel")
    for _ in range(4):  # enough turns for the log to drop the oyster lines
        play(s, "explore", "corp:dyn", "draw:starfish")
    obs = s.observation(0)
    assert not any(e.get("species") == "oyster" for e in obs["log"])
    assert obs["discards_seen"]["species"]["oyster"] == 5
    assert obs["species_cards"]["oyster"] == {
        "copies": 5,
        "discarded": 5,
        "visible": 0,
        "unseen": 0,
    }
    for seed in range(30):
        sampled = G.sample_state(obs, 0, Rng(seed))
        assert sampled.deck[SP.index("oyster")] == 0
        assert SP.index("oyster") not in sampled.hand
