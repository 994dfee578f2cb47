"""``sample_state`` on observations that lack their moves or hold a move that is not text:
a clear error (or the start position), never a crash (observation.py ``rebuild_state``)."""

from __future__ import annotations

import pytest

from solotable.core.errors import NotationError, SolotableError
from solotable.core.rng import Rng

from .helpers import play


def test_an_observation_without_its_moves_is_the_start_or_a_mismatch() -> None:
    start = play([])
    obs = start.observation(0)
    del obs["moves"]
    twin = start.game.sample_state(obs, 0, Rng(1))
    assert twin.to_dict() | {"seed": 0} == start.to_dict() | {"seed": 0}
    later = play(["CR D6", "RG C7"])
    obs = later.observation(0)
    del obs["moves"]
    with pytest.raises(SolotableError) as caught:
        later.game.sample_state(obs, 0, Rng(1))
    assert str(caught.value.message) == "this observation's board does not match its list of moves"


@pytest.mark.parametrize("move", [["CR", "D6"], {"square": "D6"}, 7])
def test_a_move_that_is_not_text_is_a_notation_error(move: object) -> None:
    state = play(["CR D6"])
    obs = state.observation(0)
    obs["moves"] = [move]
    with pytest.raises(NotationError) as caught:
        state.game.sample_state(obs, 0, Rng(1))
    assert caught.value.text == str(move)
