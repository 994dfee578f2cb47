"""A state sampled from an observation is the observed position, the unknown order aside.

The state keeps its piles as counts, so every part of a sampled state is determined by
what the player saw: the draw pile is the complement of the seen cards. A sampled state
must therefore equal the real one in every field but the generator and the history, at
every step of a game (setup's set-aside cards and the faction still unknown included),
and an observation that does not fit the game is refused with the reason.
"""

from __future__ import annotations

from typing import Any

import pytest

from solotable.core.errors import SolotableError
from solotable.core.message import Msg
from solotable.core.rng import Rng
from solotable.games.fifty_first_state.state import FiftyFirstStateState
from solotable.games.fifty_first_state.table import PICK, SETUP

from .helpers import game, play, round_one_lookout, staged


def _position(s: FiftyFirstStateState) -> dict[str, Any]:
    d = s.to_dict()
    del d["rng"], d["history"]
    return d


def _sampled(s: FiftyFirstStateState, seed: int = 3) -> FiftyFirstStateState:
    t = s.game.sample_state(s.observation(0), 0, Rng(seed))
    assert isinstance(t, FiftyFirstStateState)
    return t


@pytest.mark.parametrize("seed", [0, 1])
def test_a_sampled_state_is_the_position_at_every_step_of_a_game(seed: int) -> None:
    g = game("random")
    s = g.new_initial_state(seed)
    rng = Rng(seed)
    faction_unknown = set_aside_seen = steps = 0
    while not s.is_terminal():
        t = _sampled(s, steps)
        assert _position(t) == _position(s), (steps, s.phase)
        assert t.observation(0) == s.observation(0)
        assert t.history == []
        faction_unknown += s.phase == PICK and s.observation(0)["faction"] is None
        set_aside_seen += s.phase == SETUP and any(s.aside)
        steps += 1
        s.apply_action(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
    assert faction_unknown == 1 and set_aside_seen > 0 and steps > 100


def test_the_card_waiting_for_keep_or_refuse_is_seen_even_the_first_card_of_the_set() -> None:
    """Card 0 (abandoned-suburbs) drawn at the Lookout: it waits for a decision, so it
    is not in the sampled draw pile."""
    s = round_one_lookout()
    play(s, "draw:abandoned-suburbs")
    assert s.observation(0)["pending_card"] == "abandoned-suburbs"
    assert s.cs.copies[0] == 1 and s.pile[0] == 0
    t = _sampled(s)
    assert _position(t) == _position(s)
    assert t.pile[0] == 0 and t.pending_card == 0


def test_the_cards_set_aside_at_setup_are_not_in_the_sampled_pile() -> None:
    s = game().new_initial_state(0)
    play(s, "draw:abandoned-suburbs", "draw:archive")
    obs = s.observation(0)
    assert obs["set_aside"] == {"abandoned-suburbs": 1, "archive": 1}
    t = _sampled(s)
    assert _position(t) == _position(s)
    assert t.aside == s.aside
    ids = s.cs.ids
    assert t.pile[ids.index("archive")] == s.cs.copies[ids.index("archive")] - 1


def _face_up(blue: int, red: int) -> FiftyFirstStateState:
    s = staged()
    d = s.to_dict()
    for c in d["face_up"]:
        d["conn_pile"][c] += 1
    d["face_up"] = [blue, red]
    for c in (blue, red):
        d["conn_pile"][c] -= 1
    return s.game.state_from_dict(d)


@pytest.mark.parametrize("blue, red", [(2, 0), (0, 2), (1, 3)])
def test_both_face_up_connections_are_seen_even_the_first_connection(blue: int, red: int) -> None:
    s = _face_up(blue, red)
    conn = s.cs.conn_ids
    assert s.observation(0)["connections"] == {
        "face_up": {"blue": conn[blue], "red": conn[red]},
        "discard": {},
        "pile_size": 10,
    }
    assert _position(_sampled(s)) == _position(s)


def test_no_face_up_connection_is_seen_as_none() -> None:
    s = staged()
    d = s.to_dict()
    for c in d["face_up"]:
        d["conn_discard"][c] += 1
    d["face_up"] = [-1, -1]
    s = s.game.state_from_dict(d)
    assert s.observation(0)["connections"]["face_up"] == {"blue": None, "red": None}
    assert _position(_sampled(s)) == _position(s)


def _refusal(obs: dict[str, Any]) -> Msg:
    with pytest.raises(SolotableError) as err:
        game().sample_state(obs, 0, Rng(0))
    assert isinstance(err.value.message, Msg)
    return err.value.message


def test_an_observation_missing_a_field_is_refused_naming_it() -> None:
    obs = staged().observation(0)
    del obs["phase_id"]
    assert _refusal(obs) == Msg("51st-state.bad-observation", {"error": "KeyError('phase_id')"})


def test_an_observation_with_more_copies_than_the_set_is_refused_saying_so() -> None:
    obs = staged().observation(0)
    obs["hand"] = {"pub": 99}
    assert _refusal(obs) == Msg(
        "51st-state.bad-observation",
        {"error": "ValueError('more copies seen than the card set holds')"},
    )
    assert "more copies seen than the card set holds" in str(_refusal(obs))
