"""Replaying a record reproduces every state, and a record that does not match its game is
refused with the exact message (issue 20: the mutants of ``replay``, ``game_of``,
``rebuild``, ``forfeit_outcome`` and ``result_of`` that only loose checks let live)."""

from __future__ import annotations

import copy
import locale
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import solotable
import tests.toy_game  # noqa: F401
from solotable.core.errors import RecordError, SolotableError
from solotable.core.game import State
from solotable.core.message import Msg, Text, msg
from solotable.core.players import CHANCE
from solotable.core.record import (
    Record,
    forfeit_outcome,
    game_of,
    load_record,
    outcome_message,
    rebuild,
    record_of,
    record_to_json,
    replay,
    result_of,
    save_record,
)
from solotable.core.registry import game_class

SEED = 3
ACTIONS = ["roll1", "take", "roll2", "take", "roll2", "take", "roll2", "take"]
ACTIONS += ["roll2", "take", "roll1", "double", "roll1", "double"]
"""Seed 3's game of the toy race when both players always take (doubling their 1s)."""


def played(actions: list[str] = ACTIONS, seed: int = SEED, **options: Any) -> State:
    """The state after ``actions``, chance outcomes drawn from the seed as in a real game."""
    state = solotable.load_game("toy-race", **options).new_initial_state(seed)
    for text in actions:
        action = state.parse_move(text)
        if state.current_player() == CHANCE:
            assert state.sample_chance() == action
        state.apply_action(action)
    return state


def record(**changes: Any) -> Record:
    rec = record_of(played(), SEED, ["a", "b"])
    for k, v in changes.items():
        setattr(rec, k, v)
    return rec


def refusal(rec: Record, **kw: Any) -> Text:
    with pytest.raises(RecordError) as e:
        replay(rec, **kw)
    return e.value.message


def reason_of(state: State, text: str) -> Text:
    """Why the game itself refuses ``text`` in ``state`` (its own message)."""
    with pytest.raises(SolotableError) as e:
        state.apply_action(state.parse_move(text))
    return e.value.message


def test_the_record_of_a_game_holds_its_moves_and_result() -> None:
    rec = record()
    assert rec.actions == ACTIONS
    assert rec.result == {"returns": [1.0, -1.0], "scores": [7.0, 6.0], "outcome": "finished"}
    assert rec.players == ["a", "b"]


def test_replay_reproduces_every_state() -> None:
    rec = record()
    game = game_of(rec)
    for k in range(len(ACTIONS) + 1):
        state = played(ACTIONS[:k])
        assert replay(rec, upto=k).to_dict() == state.to_dict()
        assert rebuild(game, SEED, state.history).to_dict() == state.to_dict()
    final = replay(rec)
    assert final.to_dict() == state.to_dict()
    assert final.history == state.history
    assert replay(rec, upto=len(ACTIONS) + 5).to_dict() == state.to_dict()


def test_rebuild_keeps_the_rng_in_step() -> None:
    game = solotable.load_game("toy-race")
    ids = played().history
    for k in range(0, len(ids), 2):
        # the rebuilt state draws the next chance outcome the original game drew
        assert rebuild(game, SEED, ids[:k]).sample_chance() == ids[k]


def test_a_chance_outcome_the_seed_does_not_give_is_refused_when_rebuilding() -> None:
    game = solotable.load_game("toy-race")
    with pytest.raises(RecordError) as e:
        rebuild(game, 0, played().history)  # seed 0 rolls a 3 first, seed 3 a 1
    assert e.value.message == msg("core.record.chance-differs", i=0)
    with pytest.raises(RecordError) as e:
        record_of(played(), 0)
    assert e.value.message == msg("core.record.chance-differs", i=0)
    ids = played().history
    with pytest.raises(RecordError) as e:
        rebuild(game, SEED, [*ids[:2], 0])  # the seed's second roll is a 2
    assert e.value.message == msg("core.record.chance-differs", i=2)


def test_a_move_after_the_end_is_refused() -> None:
    rec = record(actions=[*ACTIONS, "roll1"])
    assert refusal(rec) == msg("core.record.already-over", i=14, text="'roll1'")


def test_a_chance_outcome_the_seed_does_not_give_is_refused() -> None:
    rec = record(actions=["roll1", "take", "roll3", *ACTIONS[3:]])
    assert refusal(rec) == msg("core.record.chance-seed", i=2, text="'roll3'", expected="'roll2'")


def test_a_move_the_game_refuses_is_refused_with_the_games_reason() -> None:
    bad_notation = record(actions=["roll1", "fly", *ACTIONS[2:]])
    assert refusal(bad_notation) == msg(
        "core.record.action-error", i=1, text="'fly'", reason=reason_of(played(["roll1"]), "fly")
    )
    illegal = record(actions=[*ACTIONS[:3], "double", *ACTIONS[4:]])
    reason = reason_of(played(ACTIONS[:3]), "double")
    assert reason == msg(
        "core.illegal-action", action="'double'", reason="only a roll of 1 can be doubled"
    )
    assert refusal(illegal) == msg("core.record.action-error", i=3, text="'double'", reason=reason)


def test_a_result_for_an_unfinished_game_is_refused() -> None:
    rec = record(actions=ACTIONS[:6])
    assert refusal(rec) == msg("core.record.unfinished-result")
    assert replay(rec, check_result=False).to_dict() == played(ACTIONS[:6]).to_dict()
    assert replay(rec, upto=6).to_dict() == played(ACTIONS[:6]).to_dict()


def tampered(key: str, value: Any) -> Record:
    rec = record()
    assert rec.result is not None
    rec.result = {**copy.deepcopy(rec.result), key: value}
    return rec


def test_a_result_that_differs_by_one_point_is_refused() -> None:
    assert refusal(tampered("scores", [7.0, 5.0])) == msg(
        "core.record.result-differs", field="scores", record="[7.0, 5.0]", replay="[7.0, 6.0]"
    )
    assert refusal(tampered("returns", [-1.0, 1.0])) == msg(
        "core.record.result-differs", field="returns", record="[-1.0, 1.0]", replay="[1.0, -1.0]"
    )
    # the result is not checked when asked not to
    assert replay(tampered("scores", [7.0, 5.0]), check_result=False).scores() == [7.0, 6.0]


def test_a_result_of_another_length_is_refused() -> None:
    assert refusal(tampered("scores", [7.0, 6.0, 0.0])) == msg(
        "core.record.result-differs", field="scores", record="[7.0, 6.0, 0.0]", replay="[7.0, 6.0]"
    )
    assert refusal(tampered("returns", [1.0])) == msg(
        "core.record.result-differs", field="returns", record="[1.0]", replay="[1.0, -1.0]"
    )
    assert refusal(tampered("scores", "7")) == msg(
        "core.record.result-differs", field="scores", record="7", replay="[7.0, 6.0]"
    )


def test_a_result_equal_within_a_billionth_is_accepted_even_at_zero() -> None:
    state = played(["roll1", "take"], target=1)
    assert state.is_terminal() and state.scores() == [1.0, 0.0]
    rec = record_of(state, SEED)
    assert rec.result is not None
    rec.result["scores"] = [1.0, 5e-10]
    assert replay(rec).scores() == [1.0, 0.0]
    rec.result["scores"] = [1.0, 2e-9]
    assert refusal(rec) == msg(
        "core.record.result-differs", field="scores", record="[1.0, 2e-09]", replay="[1.0, 0.0]"
    )


def test_an_unknown_game_is_refused_with_the_registrys_reason() -> None:
    with pytest.raises(SolotableError) as why:
        game_class("no-such-game")
    rec = record(game="no-such-game")
    with pytest.raises(RecordError) as e:
        game_of(rec)
    assert e.value.message == msg("core.record.game", reason=why.value.message)
    assert refusal(rec) == msg("core.record.game", reason=why.value.message)


def test_an_unknown_option_is_refused_with_the_games_reason() -> None:
    with pytest.raises(SolotableError) as why:
        solotable.load_game("toy-race", speed=1)
    assert refusal(record(options={"speed": 1})) == msg(
        "core.record.game", reason=why.value.message
    )


def test_a_record_names_a_data_file_only_by_its_content() -> None:
    rec = Record(game="dice-miner", options={"dice": "/etc/passwd"}, seed=1, actions=[])
    with pytest.raises(RecordError) as e:
        game_of(rec)
    assert e.value.message == (
        "record: option 'dice' must be '' or a sha256: content name, not a path "
        "('/etc/passwd'); records never name local files"
    )


def test_game_of_builds_the_game_with_the_records_options() -> None:
    game = game_of(record(options={"target": 3, "mode": "fast"}))
    assert game.name == "toy-race"
    assert game.options["target"] == 3 and game.options["mode"] == "fast"


def test_the_outcome_of_a_forfeit_names_the_seat_and_why() -> None:
    game = solotable.load_game("toy-race")
    timed = {"player": 1, "reason": "too slow", "seconds": 12.5, "limit": 10}
    assert forfeit_outcome(game, timed) == msg(
        "core.outcome.forfeit",
        game="toy-race",
        seat=1,
        players=2,
        reason="too slow",
        seconds=12.5,
        limit=10,
    )
    assert forfeit_outcome(game, {"player": 0}) == msg(
        "core.outcome.forfeit", game="toy-race", seat=0, players=2, reason=""
    )


def test_the_result_of_a_forfeit() -> None:
    state = played(ACTIONS[:5])
    forfeit = {"player": 0, "reason": "resigned"}
    outcome = forfeit_outcome(state.game, forfeit)
    assert result_of(state, forfeit) == {
        "returns": [-1.0, 1.0],
        "scores": [1.0, 2.0],
        "outcome": outcome.to_json(),
    }
    assert result_of(state, {"player": 1})["returns"] == [1.0, -1.0]
    rec = record_of(state, SEED, forfeit=forfeit)
    assert rec.result == result_of(state, forfeit) and rec.forfeit == forfeit
    assert replay(rec).to_dict() == state.to_dict()
    rec.result = result_of(state, {"player": 1, "reason": "resigned"})
    assert refusal(rec) == msg(
        "core.record.result-differs", field="returns", record="[1.0, -1.0]", replay="[-1.0, 1.0]"
    )


def test_the_result_of_a_solo_forfeit_has_no_winner() -> None:
    state = solotable.load_game("dice-miner").new_initial_state(1)
    res = result_of(state, {"player": 0, "reason": "resigned"})
    assert res["returns"] == [0.0]
    assert res["scores"] == list(state.scores())
    assert Msg.from_json(res["outcome"]) == msg(
        "core.outcome.forfeit", game="dice-miner", seat=0, players=1, reason="resigned"
    )


def test_an_unfinished_game_has_no_result() -> None:
    state = played(ACTIONS[:5])
    assert record_of(state, SEED).result is None


def test_a_message_outcome_is_stored_as_data() -> None:
    class Ended:
        """A finished state whose game says how it ended with a message."""

        def __init__(self, state: State, outcome: Text) -> None:
            self.state, self.said = state, outcome
            self.game = state.game

        def outcome(self) -> Text:
            return self.said

        def __getattr__(self, name: str) -> Any:
            return getattr(self.state, name)

    said = msg("toy.won", seat=0, by=[1, msg("toy.points", n=1)])
    res = result_of(Ended(played(), said))  # type: ignore[arg-type]
    assert res == {"returns": [1.0, -1.0], "scores": [7.0, 6.0], "outcome": said.to_json()}
    assert outcome_message(res["outcome"]) == said


@pytest.mark.parametrize(
    ("data", "text"),
    [
        ("finished", "finished"),
        (msg("k", a=1), msg("k", a=1)),
        ({"key": "k", "args": {"a": 1}}, msg("k", a=1)),
        ({"key": "k"}, ""),
        (5, ""),
        (None, ""),
    ],
)
def test_outcome_message_reads_stored_outcomes(data: Any, text: Text) -> None:
    assert outcome_message(data) == text


@pytest.fixture
def ascii_locale() -> Iterator[None]:
    """The C locale's ASCII as the default encoding for files opened without one."""
    before = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")
    try:
        yield
    finally:
        locale.setlocale(locale.LC_CTYPE, before)


def test_a_record_is_saved_in_utf8_whatever_the_locale(tmp_path: Path, ascii_locale: None) -> None:
    rec = record(players=["Zoé", "Łukasz"])
    path = tmp_path / "g.json"
    save_record(path, rec)
    assert "Zoé".encode() in path.read_bytes()
    assert load_record(path) == rec
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]


def test_the_record_file_format() -> None:
    rec = Record(
        game="toy-race",
        options={"target": 1},
        seed=3,
        actions=["roll1", "take"],
        result={"returns": [1.0, -1.0], "scores": [1.0, 0.0], "outcome": "finished"},
        players=["Zoé"],
    )
    assert record_to_json(rec) == (
        '{\n "format": "solotable-record",\n "version": 1,\n "game": "toy-race",\n'
        ' "options": {\n  "target": 1\n },\n "seed": 3,\n "players": [\n  "Zoé"\n ],\n'
        ' "actions": [\n  "roll1",\n  "take"\n ],\n "result": {\n  "returns": [\n   1.0,\n'
        '   -1.0\n  ],\n  "scores": [\n   1.0,\n   0.0\n  ],\n  "outcome": "finished"\n }\n}\n'
    )
    rec.forfeit = {"player": 0}
    assert record_to_json(rec).endswith(' "forfeit": {\n  "player": 0\n }\n}\n')
