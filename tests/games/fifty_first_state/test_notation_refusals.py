"""Every malformed move is refused with its precise reason (python-chess's discipline).

A notation error carries the text typed and a message naming what was wrong (the
missing or unknown card, connection or faction, the form the move takes); the words a
player reads follow from the message's key and arguments, so each is asserted exactly.
Valid moves round-trip, including every faction action with a card (the id arithmetic
depends on the action's number and on the card's place in the hand).
"""

from __future__ import annotations

import pytest

from solotable.core.errors import NotationError
from solotable.core.message import Msg

from .helpers import game

VERBS = [
    "keep",
    "refuse",
    "build",
    "deal",
    "raze",
    "develop",
    "use",
    "opp",
    "faction",
    "work",
    "take",
    "play",
    "store",
    "done",
    "pass",
]


def _missing(what: str) -> Msg:
    return Msg("51st-state.notation.missing", {"what": what})


def _unknown(what: str, word: str) -> Msg:
    return Msg("51st-state.notation.unknown-name", {"what": what, "word": word})


def _expected(form: str) -> Msg:
    return Msg("51st-state.notation.expected", {"form": form})


CASES = [
    ("", Msg("51st-state.notation.empty", {})),
    ("draw:", _missing("card")),
    ("draw:castle", _unknown("card", "castle")),
    # Only the first colon separates the outcome's kind from its card.
    ("draw:pub:x", _unknown("card", "pub:x")),
    ("reveal:castle", _unknown("card", "castle")),
    ("reveal:", _missing("card")),
    ("flip:castle", _unknown("connection", "castle")),
    ("flip:", _missing("connection")),
    ("faction:castle", _unknown("faction", "castle")),
    ("faction:", _missing("faction")),
    ("shuffle:pub", Msg("51st-state.notation.unknown-chance", {})),
    ("pass now", Msg("51st-state.notation.no-argument", {"verb": "pass"})),
    ("done 1", Msg("51st-state.notation.no-argument", {"verb": "done"})),
    ("faction", _expected("faction 1|2|3 [CARD]")),
    ("faction 4", _expected("faction 1|2|3 [CARD]")),
    ("faction 1 church pub", _expected("faction 1|2|3 [CARD]")),
    ("faction 1 castle", _unknown("card", "castle")),
    ("faction 2 castle", _unknown("card", "castle")),
    ("work", _expected("work fuel|gun|iron|brick|card")),
    ("take green", _expected("take blue|red")),
    ("store ammo", _expected("store fuel|gun|iron|brick|worker")),
    ("build", _expected("build CARD")),
    ("build castle", _unknown("card", "castle")),
    ("deal castle", _unknown("card", "castle")),
    ("raze castle", _unknown("card", "castle")),
    ("opp castle", _unknown("card", "castle")),
    ("opp pub docks", _expected("opp CARD")),
    ("play", _expected("play CONNECTION")),
    ("play castle", _unknown("connection", "castle")),
    ("develop pub on docks", _expected("develop CARD over LOCATION [token]")),
    ("develop pub over docks now", _expected("develop CARD over LOCATION [token]")),
    ("develop castle over docks", _unknown("card", "castle")),
    ("develop pub over castle", _unknown("card", "castle")),
    ("use", _expected("use LOCATION [GOOD|DEAL]")),
    ("use motel a b", _expected("use LOCATION [GOOD|DEAL]")),
    ("use castle", _unknown("card", "castle")),
    ("use castle fuel", _unknown("card", "castle")),
    ("use motel castle", _unknown("card-or-good", "castle")),
    ("fly away", Msg("51st-state.notation.unknown-move", {"verbs": VERBS})),
]


@pytest.mark.parametrize("text, reason", CASES)
def test_a_malformed_move_is_refused_with_its_precise_reason(text: str, reason: Msg) -> None:
    s = game().new_initial_state(0)
    with pytest.raises(NotationError) as err:
        s.string_to_action(text)
    assert err.value.text == text
    assert err.value.reason == reason


@pytest.mark.parametrize("text", ["build s", "BUILD  S", "deal s", "opp s"])
def test_an_ambiguous_prefix_names_six_matches_and_how_many_more(text: str) -> None:
    """``s`` starts eight card ids: the first six in alphabetical order, and 2 more."""
    s = game().new_initial_state(0)
    with pytest.raises(NotationError) as err:
        s.string_to_action(text)
    assert err.value.text == text
    assert err.value.reason == Msg(
        "51st-state.notation.ambiguous",
        {
            "word": "s",
            "matches": ["school", "scrap-metal", "scrap-trader", "shadow", "sharrash", "shelter"],
            "more": 2,
        },
    )


def test_an_ambiguous_prefix_with_few_matches_has_none_more() -> None:
    s = game().new_initial_state(0)
    with pytest.raises(NotationError) as err:
        s.string_to_action("build scr")
    assert err.value.reason == Msg(
        "51st-state.notation.ambiguous",
        {"word": "scr", "matches": ["scrap-metal", "scrap-trader"], "more": 0},
    )


def test_a_faction_action_with_a_card_round_trips_for_every_action_and_hand_slot() -> None:
    """Each faction action, with the first hand slot (card 0), a middle one and the last
    (a connection): each text names one id, and that id says the same text back."""
    s = game().new_initial_state(0)
    hand_ids = s.game.layout.hand_ids
    ids = set()
    for k in ("1", "2", "3"):
        for card in (hand_ids[0], "church", hand_ids[-1]):
            text = f"faction {k} {card}"
            a = s.string_to_action(text)
            assert s.action_to_string(a) == text
            ids.add(a)
        assert s.action_to_string(s.string_to_action(f"faction {k}")) == f"faction {k}"
    assert len(ids) == 9


def test_each_action_says_a_text_that_parses_back_to_it() -> None:
    s = game().new_initial_state(0)
    size = s.game.num_distinct_actions()
    for a in range(size):
        assert s.string_to_action(s.action_to_string(a)) == a


@pytest.mark.parametrize("offset", [0, 1])
def test_an_id_outside_the_action_space_has_no_text(offset: int) -> None:
    s = game().new_initial_state(0)
    size = s.game.num_distinct_actions()
    for a in (size + offset, -1):
        with pytest.raises(ValueError) as err:
            s.action_to_string(a)
        assert str(err.value) == f"action {a} outside the action space"


@pytest.mark.parametrize("value", [5, None, ["pass"]])
def test_a_move_that_is_not_text_is_refused_as_notation(value: object) -> None:
    """Not an AttributeError from ``.strip()``, nor the TypeError of a compiled ``str``
    parameter (``solotable.accel``): the value shown, and why."""
    state = game().new_initial_state(1)
    with pytest.raises(NotationError) as refused:
        state.string_to_action(value)
    assert refused.value.text == str(value)
    assert refused.value.reason == Msg("51st-state.notation.not-text", {})
