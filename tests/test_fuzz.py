"""Fuzzing the input boundary with Hypothesis (issue 12 §4).

Every parser of outside text must either accept it or raise a ``SolotableError`` (one line
for the user, exit 2) — never another exception, never a hang. Examples are bounded so that
``make test`` stays fast; ``bench/fuzz.py`` runs the same properties for longer.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solotable
from solotable.core.errors import SolotableError
from solotable.core.record import record_from_json, record_of, record_to_json, replay
from solotable.core.registry import agent_names, game_class, make_agent
from solotable.core.rng import Rng

GAMES = ("divercite", "mini-divercity", "dice-miner", "51st-state")
EXAMPLES = int(os.environ.get("SOLOTABLE_FUZZ_EXAMPLES", "60"))
"""Per property in ``make test``; ``bench/fuzz.py`` raises it."""
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not os.environ.get("SOLOTABLE_FUZZ_RANDOM"),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
nasty_text = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["[/]", "#²", "٣", "nan", "inf", "-0", "1e999", "9" * 5000, "\x00", " "]),
)


def paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every location in a JSON document (where a mutation may strike)."""
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out.extend(paths(v, (*prefix, k)))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:6]):
            out.extend(paths(v, (*prefix, i)))
    return out


def mutate(doc: Any, path: tuple[Any, ...], value: Any, delete: bool) -> Any:
    doc = copy.deepcopy(doc)
    if not path:
        return value
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if delete and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return doc


def mutations(doc: Any) -> st.SearchStrategy[Any]:
    """``doc`` with one location replaced by a random JSON value, or deleted."""
    return st.builds(mutate, st.just(doc), st.sampled_from(paths(doc)), json_values, st.booleans())


def accepts_or_refuses(call: Callable[[], Any]) -> Any:
    """The property: ``call`` returns, or raises a SolotableError with a message (the CLI
    shows its first 400 characters on one line)."""
    try:
        return call()
    except SolotableError as e:
        assert str(e).strip()
        return None


def playout(game: str, seed: int, plies: int | None = None) -> Any:
    g = solotable.load_game(game)
    s = g.new_initial_state(seed)
    rng = Rng(seed)
    while not s.is_terminal() and (plies is None or len(s.history) < plies):
        s.apply_action(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
    return s


RECORDS = {g: json.loads(record_to_json(record_of(playout(g, 1), 1))) for g in GAMES}


# -- records ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_record_loader(game, data):
    doc = data.draw(mutations(RECORDS[game]))
    text = json.dumps(doc)
    record = accepts_or_refuses(lambda: record_from_json(text))
    if record is not None:
        accepts_or_refuses(lambda: replay(record))


@FUZZ
@given(text=st.one_of(st.text(max_size=200), st.binary(max_size=200).map(repr)))
def test_fuzz_record_loader_on_any_text(text):
    accepts_or_refuses(lambda: record_from_json(text))


# -- notation ------------------------------------------------------------------------------

MIDGAME = {g: playout(g, 2, plies=12) for g in GAMES}


def typed(legal_words: list[str]) -> st.SearchStrategy[str]:
    """Text a player might type: a legal move, edited; or anything."""
    edits = st.builds(
        lambda w, i, c: w[:i] + c + w[i + 1 :],
        st.sampled_from(legal_words),
        st.integers(0, 12),
        st.one_of(st.characters(), st.sampled_from(["²", "[/]", " ", "#", "9" * 50])),
    )
    return st.one_of(edits, nasty_text, st.sampled_from(legal_words))


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_notation_parser(game, data):
    state = MIDGAME[game]
    words = [state.action_to_string(a) for a in state.legal_actions()] or ["x"]
    text = data.draw(typed(words))
    before = state.to_dict()
    a = accepts_or_refuses(lambda: state.string_to_action(text))
    if a is not None:
        assert 0 <= a < state.game.num_distinct_actions()
    accepts_or_refuses(lambda: state.parse_move(text))
    assert state.to_dict() == before


# -- options and agent parameters ----------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_set_values(game, data):
    specs = [o for o in game_class(game).info.options if not o.datafile]
    name = data.draw(st.sampled_from([o.name for o in specs] + ["preset", "nope"]))
    value = data.draw(st.one_of(nasty_text, json_values))
    accepts_or_refuses(lambda: solotable.load_game(game, **{name: value}))


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_agent_parameters(game, data):
    g = solotable.load_game(game)
    name = data.draw(st.sampled_from([n for n, _ in agent_names(game)]))
    key = data.draw(
        st.sampled_from(["time", "depth", "iterations", "samples", "keep", "c", "z", "x"])
    )
    value = data.draw(nasty_text)
    spec = data.draw(st.sampled_from([f"{name}:{key}={value}", f"{name}:{value}", value]))
    agent = accepts_or_refuses(lambda: make_agent(spec, g, 0, 1))
    if agent is not None and key in ("time",) and f"{key}=" in spec:
        assert agent is not None  # a time that parsed is finite: checked in agent_params


# -- data files -----------------------------------------------------------------------------


def builtin(package: str, name: str) -> Any:
    return json.loads(resources.files(package).joinpath("data", name).read_text("utf-8"))


DICE = builtin("solotable.games.dice_miner", "dice.json")
CARDS = builtin("solotable.games.fifty_first_state", "base_deck.json")


@FUZZ
@given(doc=mutations(DICE))
def test_fuzz_dice_file_loader(doc):
    from solotable.games.dice_miner.dice import parse_dice

    accepts_or_refuses(lambda: parse_dice(doc, "dice.json"))


@FUZZ
@given(doc=mutations(CARDS))
def test_fuzz_card_file_loader(doc):
    from solotable.games.fifty_first_state.cards import load_card_set

    cards = accepts_or_refuses(lambda: load_card_set(doc, "cards.json"))
    if cards is not None:
        for name in cards.icon_names:
            assert "[" not in name and "]" not in name


@FUZZ
@given(text=st.one_of(st.text(max_size=100), st.just("[" * 5000 + "]" * 5000)))
def test_fuzz_data_file_text(text, tmp_path_factory):
    f = tmp_path_factory.mktemp("dice") / "dice.json"
    f.write_text(text, "utf-8")
    accepts_or_refuses(lambda: solotable.load_game("dice-miner", dice=str(f)))
