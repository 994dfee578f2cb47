"""Checks every game must pass, shared by each game's test-suite.

They drive the public API only: random legal games are played and, at every
step, notation round-trips, observations serialise, illegal actions leave the
state untouched, clones are independent, and replaying the record rebuilds
every state bit for bit.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from solotable.core.errors import IllegalActionError
from solotable.core.game import Game, State
from solotable.core.players import CHANCE, TERMINAL
from solotable.core.record import record_from_json, record_of, record_to_json, replay
from solotable.core.rng import Rng


def random_playout(
    game: Game, seed: int, rng: Rng, check: Callable[[State], None] | None = None
) -> State:
    """A random game from ``seed``; ``check`` runs on every state reached."""
    state = game.new_initial_state(seed)
    for _ in range(game.max_game_length() + 1):
        if check is not None:
            check(state)
        if state.is_terminal():
            return state
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError(f"{game.name}: game longer than max_game_length()")


def check_state(state: State) -> None:
    """Per-state invariants of the API contract."""
    game = state.game
    player = state.current_player()
    assert player in (CHANCE, TERMINAL) or 0 <= player < game.num_players()
    for p in range(game.num_players()):
        json.dumps(state.observation(p))
    json.dumps(state.to_dict())
    if state.is_terminal():
        assert state.legal_actions() == []
        assert len(state.returns()) == game.num_players()
        return
    legal = state.legal_actions()
    assert legal, "a non-terminal state must have a legal action"
    assert len(set(legal)) == len(legal), "duplicate legal actions"
    n = game.num_distinct_actions()
    for a in legal:
        assert 0 <= a < n
        text = state.action_to_string(a)
        assert state.string_to_action(text) == a, f"notation {text!r} does not round-trip"
    check_every_action(state, legal)
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert sorted(a for a, _ in outcomes) == sorted(legal)
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    # An illegal action is rejected with a reason and changes nothing.
    legal_set = set(legal)
    before = state.to_dict()
    for a in range(min(n, 400)):
        if a not in legal_set:
            try:
                state.apply_action(a)
            except IllegalActionError as e:
                assert e.reason
            else:
                raise AssertionError(f"illegal action {a} was accepted")
            break
    assert state.to_dict() == before
    # Clones are independent.
    twin = state.clone()
    assert twin.to_dict() == before
    if player == CHANCE:
        twin.apply_action(twin.sample_chance())
    else:
        twin.apply_action(legal[-1])
    assert state.to_dict() == before


def check_every_action(state: State, legal: list[int] | None = None) -> None:
    """``illegal_reason(a) is None`` exactly when ``a`` is legal, for every action id.

    Checking one illegal action (as a spot check would) missed games whose
    reason function and move generator disagree on rare ids; this walks the
    whole action space, so keep it to sampled states in long runs.
    """
    legal_set = set(state.legal_actions() if legal is None else legal)
    for a in range(state.game.num_distinct_actions()):
        reason = state.illegal_reason(a)
        if a in legal_set:
            assert reason is None, f"legal action {a} has an illegal reason: {reason}"
        else:
            assert reason, f"illegal action {a} has no reason (is_legal disagrees with the list)"


def check_sampling(
    state: State,
    player: int,
    rng: Rng,
    samples: int = 3,
    consistent: Callable[[State, State], None] | None = None,
) -> None:
    """States dealt by ``sample_state`` look to ``player`` exactly like the true one.

    ``consistent(true, sampled)`` adds a game's own perfect-recall check, for
    instance that the cards still unseen are the same multiset in both.
    """
    game = state.game
    obs = state.observation(player)
    for _ in range(samples):
        sampled = game.sample_state(obs, player, rng)
        assert sampled.observation(player) == obs, "sampled state shows a different observation"
        assert sampled.current_player() == state.current_player()
        assert sorted(sampled.legal_actions()) == sorted(state.legal_actions())
        if consistent is not None:
            consistent(state, sampled)


def check_replay(game: Game, seed: int, rng: Rng) -> State:
    """A random game, saved as JSON, loaded and replayed state by state."""
    snapshots: list[dict[str, object]] = []
    final = random_playout(game, seed, rng, lambda s: snapshots.append(s.to_dict()))
    record = record_from_json(record_to_json(record_of(final, seed)))
    for i, snap in enumerate(snapshots):
        assert replay(record, upto=i).to_dict() == snap, f"replay differs at ply {i}"
    replayed = replay(record)
    assert replayed.to_dict() == final.to_dict()
    return final
