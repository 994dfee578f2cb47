"""Hidden information, sampler, conservation and replay (issue: Hidden information, properties)."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from solotable.core import CHANCE, Rng
from solotable.core.conformance import check_replay, check_state, random_playout
from solotable.games.mini_divercity import state as S

from .helpers import SP, corp_total, edit, game, species_total, start

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
    for code, a, b in obs["machine"]["log"]:
        if code == S.L_DISCARD:
            seen[b] += 1
        elif code in (S.L_DYN_DECK, S.L_CAP_DISCARD):
            seen[a] += 1
        elif code == S.L_RESHUFFLE:
            corp_seen = [0] * len(state.cdeck)
        elif code == S.L_CORP:
            corp_seen[a] += 1
    assert all(x >= y for x, y in zip(sampled.disc, seen, strict=True))
    assert all(x >= y for x, y in zip(sampled.cdisc, corp_seen, strict=True))
    assert species_total(sampled) == 60 and corp_total(sampled) == 27
    if state.current_player() != CHANCE:
        assert sampled.legal_actions() == state.legal_actions()


def long_playout(seed: int, check) -> None:
    """A random game that never resigns, so it reaches the late game (empty deck…)."""
    state = G.new_initial_state(seed)
    rng = Rng(seed + 1)
    resign = G.space.RESIGN
    while True:
        check(state)
        if state.is_terminal():
            return
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance())
        else:
            legal = [a for a in state.legal_actions() if a != resign]
            state.apply_action(rng.choice(legal))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31))
def test_card_conservation_and_sampler_over_random_games(seed):
    """Properties: Species 60 = deck + hand + discard (+ Captain's cards); Corporation 27;
    the sampler reproduces the observation and respects the event log."""
    random_playout(G, seed, Rng(seed ^ 0x5EED), _check_sampler_and_counts)
    long_playout(seed, _check_sampler_and_counts)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**31))
def test_conformance_every_state(seed):
    """Core contract on every state: notation, illegal actions, clones, JSON."""
    random_playout(G, seed, Rng(seed + 1), check_state)
    long_playout(seed, check_state)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**31))
def test_replay_reproduces_the_game(seed):
    """Determinism: the record (game, options, seed, actions) replays bit for bit."""
    check_replay(G, seed, Rng(seed + 2))


def test_replay_with_preset_options():
    """Determinism with options: the options travel in the record."""
    check_replay(game(preset="expert"), 11, Rng(3))
