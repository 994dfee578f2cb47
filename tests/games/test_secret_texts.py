"""No text a player reads depends on what they cannot see (the three hidden-information games).

At many positions of random games, the true state is compared with states dealt
from the player's own observation (``game.sample_state``): same observation, other
hidden cards and another future. Whatever the player can read must come out the
same in all of them — the legal moves with their notation and description, the
reason given for refusing any other move, the events of each move whose result
shows nothing new, and the hint. A text that differs names a hidden card.

The comparisons are between states, never against fixed English sentences, so
the words may change (a message catalog) without touching this test.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solotable import load_game
from solotable.core.game import State
from solotable.core.rng import Rng
from solotable.session.advice import hint_lines
from solotable.session.parts import advise
from tests.hint_agents import use_hint_agent

HIDDEN_GAMES = ("mini-divercity", "dice-miner", "51st-state")
MAX_DECISIONS = 80
"""Decisions looked at per game (a whole Mini DiverCity or Dice Miner game, most of a
51st State game)."""
TINY_HINT = "spimc:samples=2,upto=3,top=2"
"""The hint agent with the smallest budget that still compares two moves."""


def decisions(name: str, seed: int, limit: int = MAX_DECISIONS) -> Iterator[State]:
    """The decision nodes of one random game (chance drawn from the game's own RNG)."""
    state = load_game(name).new_initial_state(seed)
    rng = Rng(seed + 1)
    seen = 0
    while not state.is_terminal() and seen < limit:
        if state.is_chance_node():
            state.apply_action(state.sample_chance())
            continue
        seen += 1
        yield state
        state.apply_action(rng.choice(state.legal_actions()))


def twin(state: State, k: int) -> State:
    """A state dealt from the player's observation: the same view, other hidden cards."""
    sampled = state.game.sample_state(state.observation(0), 0, Rng(1000 + k))
    sampled.history = list(state.history)
    assert sampled.observation(0) == state.observation(0)
    return sampled


def texts(state: State, probe: list[int]) -> dict[str, Any]:
    """Everything a player reads at ``state`` about its moves, as plain values."""
    legal = state.legal_actions()
    out: dict[str, Any] = {
        "legal": legal,
        "moves": state.legal_moves_text(),
        "parsed": [state.string_to_action(n) for n, _ in state.legal_moves_text()],
        "refused": {a: state.illegal_reason(a) for a in probe if a not in legal},
    }
    events = {}
    for a in legal:
        after = state.clone()
        after.apply_action(a)
        view = after.observation(0)
        events[a] = (view, state.game.events(state.observation(0), view, 0))
    out["events"] = events
    return out


def assert_same_texts(true: dict[str, Any], other: dict[str, Any], where: str) -> None:
    for key in ("legal", "moves", "parsed", "refused"):
        assert true[key] == other[key], f"{key} differ between deals at {where}"
    for a, (view, events) in true["events"].items():
        other_view, other_events = other["events"][a]
        if view == other_view:
            # Nothing new shown by the move: its events must not differ either.
            assert events == other_events, f"events of {a} differ between deals at {where}"


def _probe(state: State, rng: Rng, n: int = 40) -> list[int]:
    """Some action ids to ask about (the whole space of 51st State is thousands)."""
    size = state.game.num_distinct_actions()
    return sorted({rng.below(size) for _ in range(n)})


@pytest.mark.parametrize("name", HIDDEN_GAMES)
@settings(max_examples=10)
@given(seed=st.integers(0, 2**31 - 1))
def test_every_text_is_the_same_in_states_dealt_from_the_observation(name: str, seed: int):
    rng = Rng(seed)
    checked = 0
    for state in decisions(name, seed):
        where = f"seed {seed}, ply {len(state.history)}"
        probe = _probe(state, rng)
        true = texts(state, probe)
        assert_same_texts(true, texts(twin(state, checked), probe), where)
        checked += 1
    assert checked > 0


def _tiny_hints(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    use_hint_agent(monkeypatch, name, TINY_HINT)


def _hint_text(state: State, seed: int) -> list[str]:
    hint = advise(state.game, state, 0, seed, None)
    return [*hint_lines(hint, state.action_to_string), hint.words]


@pytest.mark.parametrize("name", HIDDEN_GAMES)
@settings(max_examples=5)
@given(seed=st.integers(0, 2**31 - 1), depth=st.integers(0, 60))
def test_the_hint_is_the_same_in_states_dealt_from_the_observation(
    name: str, seed: int, depth: int
):
    with pytest.MonkeyPatch.context() as monkeypatch:
        _tiny_hints(monkeypatch, name)
        _check_hint(name, seed, depth)


def _check_hint(name: str, seed: int, depth: int) -> None:
    state = None
    for i, node in enumerate(decisions(name, seed, depth + 1)):
        if i == depth:
            state = node
            break
    if state is None:  # the game ended first
        return
    where = f"seed {seed}, ply {len(state.history)}"
    hint = _hint_text(state, seed)
    for k in range(2):
        assert _hint_text(twin(state, k), seed) == hint, f"hint differs at {where}"


def test_the_comparison_sees_a_difference():
    """The check can fail: two different public positions give different texts."""
    a = next(decisions("mini-divercity", 1))
    b = next(decisions("mini-divercity", 2))
    probe = list(range(60))
    with pytest.raises(AssertionError):
        assert_same_texts(texts(a, probe), texts(b, probe), "two different deals")
