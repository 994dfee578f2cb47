"""The refusal of an unknown chance outcome names every prefix 51st State's notation takes
(``faction:`` was missing from its words), in English and French."""

from __future__ import annotations

import pytest

from solotable.core.errors import NotationError
from solotable.core.message import Msg
from solotable.core.registry import load_game
from solotable.words import words

PREFIXES = ("draw:", "reveal:", "flip:", "faction:")


@pytest.mark.parametrize("prefix", PREFIXES)
def test_each_prefix_named_is_one_the_notation_takes(prefix: str) -> None:
    state = load_game("51st-state").new_initial_state(0)
    with pytest.raises(NotationError) as err:
        state.string_to_action(prefix)  # an empty argument: refused for what it lacks
    assert err.value.reason.key != "51st-state.notation.unknown-chance"
    with pytest.raises(NotationError) as err:
        state.string_to_action("shuffle:" + prefix.rstrip(":"))
    assert err.value.reason == Msg("51st-state.notation.unknown-chance", {})


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_unknown_chance_refusal_names_every_prefix(lang: str) -> None:
    said = words(lang).say(Msg("51st-state.notation.unknown-chance", {}))
    assert [p for p in PREFIXES if p not in said] == []
