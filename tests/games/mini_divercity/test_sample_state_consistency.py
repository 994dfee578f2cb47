"""States dealt from the player's observation (``game.sample_state``) agree with it.

A search agent or a hint simulates from sampled states, so a sample must keep every
public fact — the same observation, the same moves, the same end — and deal only the
cards the player has not seen: the hidden species cards (face-down Ocean cards and the
deck under its known top) are a permutation of the unseen pool the observation counts,
the unknown Corporation cards are exactly those not seen since the last reshuffle.
Checked at every step of seeded games (chance nodes and ends included), in a position
where the win went out of reach while play goes on, and after a discard was looked
through.
"""

from __future__ import annotations

from typing import Any

import pytest

from solotable.core import CHANCE, Rng

from .helpers import SP, empty_deck, game, play, start

SEEDED = [
    ({}, 3, "impossible"),
    ({}, 4, "eliminated"),
    ({"end_when_impossible": False}, 7, "eliminated"),
    ({"save_goal": 2}, 4, "saved"),
]
"""(options, seed, how it ends): two plain games, one that goes on past an impossible win
(and deals a discarded card to the Dynamite Fishers from an empty deck), one won."""


def _hidden_counts(s: Any) -> list[int]:
    """Per species, the cards of ``s`` the player cannot see: deck (under a face-up top)
    and face-down Ocean cards."""
    out = list(s.deck)
    for k in range(5):
        if s.hand[k] >= 0 and not s.up[k]:
            out[s.hand[k]] += 1
    return out


def _check_sample(true: Any, sampled: Any) -> None:
    obs = true.observation(0)
    assert sampled.observation(0) == obs
    assert sampled.current_player() == true.current_player()
    if true.current_player() != CHANCE:  # a chance node's outcomes are the hidden cards
        assert sampled.legal_actions() == true.legal_actions()
    assert sampled.is_terminal() == true.is_terminal()
    assert sampled.returns() == true.returns() and sampled.scores() == true.scores()
    # The hidden cards are dealt from the unseen pool only, all of it.
    unseen = [obs["species_cards"][sp]["unseen"] for sp in SP]
    assert _hidden_counts(sampled) == unseen == _hidden_counts(true)
    assert sampled.ndeck == sum(sampled.deck) == true.ndeck and sampled.top == true.top
    assert sampled.disc == true.disc and sampled.cdisc == true.cdisc
    assert sampled.cdeck == true.cdeck and sampled.ncdeck == true.ncdeck
    assert sampled.hopeless == true.hopeless
    assert (sampled.result, sampled.cause) == (true.result, true.cause)
    if true.result:
        assert sampled.outcome() == true.outcome() and sampled.stats() == true.stats()


def _seeded_game(options: dict[str, Any], seed: int, every: Any) -> Any:
    """A seeded game without resigning (so it runs long), ``every(state)`` at each step."""
    state = game(**options).new_initial_state(seed)
    rng = Rng(seed + 100)
    resign = state.game.space.RESIGN
    while True:
        every(state)
        if state.is_terminal():
            return state
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(rng.choice([a for a in state.legal_actions() if a != resign]))


@pytest.mark.parametrize(("options", "seed", "cause"), SEEDED)
def test_sampled_states_keep_what_the_player_saw_at_every_step(options, seed, cause):
    """At decisions, chance nodes and the end: two samples each agree with the observation,
    and their hidden cards are the unseen pool, reshuffled (the samples differ somewhere)."""
    rng = Rng(seed)
    kinds: set[str] = set()
    differ = [0]

    def every(state: Any) -> None:
        g = state.game
        obs = state.observation(0)
        a, b = g.sample_state(obs, 0, rng), g.sample_state(obs, 0, rng)
        _check_sample(state, a)
        _check_sample(state, b)
        differ[0] += a.deck != b.deck or a.hand != b.hand
        kinds.add("end" if state.is_terminal() else obs["dealing"])

    end = _seeded_game(options, seed, every)
    assert end.is_terminal() and end.cause == cause
    assert {"end", None, "species-card", "corporation-card", "diver"} <= kinds
    assert ("discarded-card" in kinds) == ("end_when_impossible" in options)
    assert differ[0] > 10  # the unseen cards are dealt at random, not copied


def test_a_won_game_samples_as_won():
    """The end's result and cause come back from the observation (here a win)."""
    s = start(game(save_goal=1))
    edit_pos = s.to_dict()
    edit_pos["pos"][SP.index("oyster")] = 1
    s = s.game.state_from_dict(edit_pos)
    play(s, "id:o3")
    assert s.is_terminal() and (s.result, s.cause) == ("win", "saved")
    for seed in range(3):
        _check_sample(s, s.game.sample_state(s.observation(0), 0, Rng(seed)))


def test_out_of_reach_turn_comes_back_from_the_observation():
    """With end_when_impossible off, play goes on past an impossible win; a sample keeps
    the turn it went out of reach (``win.out_of_reach_since``)."""
    g = game(end_when_impossible=False)
    s = start(g, corp=None)
    d = s.to_dict()
    empty_deck(d)
    s = g.state_from_dict(d)
    play(s, "corp:oil", "oil:o3")
    assert not s.is_terminal() and s.hopeless == 1
    obs = s.observation(0)
    assert obs["win"]["out_of_reach_since"] == 1
    for seed in range(3):
        sampled = g.sample_state(obs, 0, Rng(seed))
        _check_sample(s, sampled)
        assert sampled.to_dict()["hopeless"] == 1


@pytest.mark.parametrize(("move", "showing"), [("look:species", 1), ("look:corp", 2)])
def test_a_looked_through_discard_samples_the_same(move, showing):
    """Right after a look through a discard its contents are shown; the sample shows them
    too (and the same pile)."""
    s = start()
    play(s, "id:o1", "draw:manta", "corp:oil", move)
    obs = s.observation(0)
    assert s.showing == showing
    pile = obs["species_discard" if showing == 1 else "corporation_discard"]
    assert pile["contents"] is not None
    for seed in range(3):
        sampled = s.game.sample_state(obs, 0, Rng(seed))
        _check_sample(s, sampled)
        assert sampled.showing == showing
