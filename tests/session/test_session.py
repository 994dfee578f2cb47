"""The play session through its public API: turns, undo, resume, results, no leaks."""

import json

import pytest

import tests.toy_game  # noqa: F401
from solotable.core.errors import IllegalActionError, NotationError, SolotableError
from solotable.session.seal import unseal
from solotable.session.session import GameSession, Seat, SessionError, UndoRefused
from solotable.session.store import Store
from solotable.words import words


def said(s, e):
    """An event as the player reads it (English)."""
    return words("en").event(s.game.name, e)


HUMAN, FIRST = Seat(), Seat("first")


def toy(store=None, seed=5, **options):
    opts = {"target": 12, "skipping": True, **options}
    return GameSession.start("toy-race", opts, [HUMAN, FIRST], seed=seed, store=store)


def play_out(s):
    while not s.is_over():
        if s.agent_to_move() is not None:
            s.step_agent()
        else:
            seat = s.human_to_move()
            s.play(seat, s.legal_moves(seat)[0][0])


def test_turns_legality_and_errors_leave_the_state_unchanged():
    s = toy()
    assert s.human_to_move() == 0 and s.agent_to_move() is None
    before = s.state.to_dict()
    for bad, error in (("fly", NotationError), (99, IllegalActionError)):
        with pytest.raises(error):
            s.play(0, bad)
    with pytest.raises(SessionError):
        s.play(1, "take")  # not a human seat
    with pytest.raises(SessionError):
        s.step_agent()  # no agent to move
    assert s.state.to_dict() == before
    assert s.legal_moves(1) == []
    events = s.play(0, "take")
    assert events[0].kind == "move" and said(s, events[0]) == "you: take"
    assert events[0].text == "", "events are data: words come at the edge"
    assert [e.seq for e in events] == list(range(1, len(events) + 1)) or events[0].seq > 0
    assert s.agent_to_move() == 1
    agent_events = s.step_agent()
    assert said(s, agent_events[0]) == "player 2 (first): take"
    assert all(issubclass(c, SolotableError) for c in (SessionError, UndoRefused))


def test_event_numbers_only_grow_and_events_since_filters():
    s = toy()
    s.play(0, "take")
    s.step_agent()
    seqs = [e.seq for e in s.events]
    assert seqs == sorted(set(seqs)) and seqs[0] == 1
    assert s.events_since(seqs[1]) == s.events[2:]
    # Chance is described for this perfect-information game: the roll is public.
    assert any(e.kind == "chance" and said(s, e).startswith("roll") for e in s.events)


def test_undo_stops_at_a_revealed_roll_but_not_before():
    s = toy()
    s.play(0, "take")
    # The opponent's roll came after our move and showed a die: cannot take back.
    with pytest.raises(UndoRefused, match="revealed"):
        s.undo(0)
    assert s.human_to_move() is None and s.agent_to_move() == 1


def test_undo_rebuilds_exactly_when_nothing_was_revealed():
    # 2-player Divercite: no chance at all, so undo always goes back.
    s = GameSession.start("divercite", {}, [HUMAN, Seat("easy")], seed=3)
    start = s.state.to_dict()
    s.play(0, s.legal_moves(0)[0][1])
    s.step_agent()
    events = s.undo(0)
    assert events[-1].kind == "undo" and said(s, events[-1]) == "took back 2 moves"
    assert s.state.to_dict() == start and s.human_to_move() == 0
    with pytest.raises(UndoRefused, match="no move"):
        s.undo(0)
    seq = events[-1].seq
    s.play(0, s.legal_moves(0)[1][1])
    assert s.events_since(seq)[0].seq == seq + 1  # numbers are never reused


def test_resume_restores_seats_turn_and_position(tmp_path):
    store = Store(tmp_path / "s.db")
    s = GameSession.start("divercite", {}, [Seat("easy"), HUMAN], seed=11, store=store)
    s.step_agent()  # the AI (seat 0) opens
    s.play(1, s.legal_moves(1)[0][0])
    s.step_agent()
    again = GameSession.resume(Store(tmp_path / "s.db"), s.id)
    assert again.seats == (Seat("easy"), HUMAN)
    assert again.human_to_move() == 1 and again.viewer == 1
    assert again.state.to_dict() == s.state.to_dict()
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in s.events]
    summary = again.public_summary()
    assert summary["seats"][0] == {"agent": "easy", "human": False}
    assert summary["status"] == "playing" and summary["ply"] == s.ply


def test_a_finished_game_has_a_result_and_a_score(tmp_path):
    store = Store(tmp_path / "s.db")
    s = toy(store)
    play_out(s)
    r = s.result()
    assert r is not None and r.status == "finished" and len(r.scores) == 2
    with pytest.raises(SessionError, match="over"):
        s.play(0, "take")
    row = store.load(s.id).row
    assert row["status"] == "finished" and row["result"]["scores"] == r.scores
    assert GameSession.resume(store, s.id).result() == r


def test_resign_ends_the_game_and_does_not_count(tmp_path):
    store = Store(tmp_path / "s.db")
    s = toy(store)
    events = s.resign(0)
    assert [e.kind for e in events] == ["resign", "end"]
    r = s.result()
    assert r is not None and r.status == "resigned" and not r.counted
    assert r.returns == [-1.0, 1.0]


def test_hints_are_recorded(tmp_path):
    store = Store(tmp_path / "s.db")
    s = GameSession.start("divercite", {}, [HUMAN, Seat("easy")], seed=2, store=store)
    h = s.hint(0)
    assert h.agent == "master" and h.notation
    s.play(0, h.action)
    assert store.load(s.id).moves[0].hinted
    assert store.load(s.id).row["hints"] == 1


def test_hidden_cards_stay_sealed_in_the_store(tmp_path):
    store = Store(tmp_path / "s.db")
    s = GameSession.start("mini-divercity", {}, [HUMAN], seed=8, store=store)
    for _ in range(6):
        seat = s.human_to_move()
        if seat is None:
            break
        s.play(seat, s.legal_moves(seat)[-1][0])
    saved = store.load(s.id)
    hidden = [m for m in saved.moves if m.action is None]
    assert hidden and all(m.sealed and "draw" not in m.sealed for m in hidden)
    secrets = {unseal(m.sealed) for m in hidden}
    assert all(t.startswith("draw:") for t in secrets)
    raw = (tmp_path / "s.db").read_bytes() + (tmp_path / "s.db-wal").read_bytes()
    for t in secrets:
        assert t.encode() not in raw
    assert json.dumps(s.public_summary()).find("seed") == -1
    again = GameSession.resume(store, s.id)
    assert again.state.to_dict() == s.state.to_dict()


@pytest.mark.parametrize("game", ["dice-miner", "51st-state", "mini-divercity"])
def test_real_solo_games_play_and_resume_through_the_session(tmp_path, game):
    store = Store(tmp_path / "s.db")
    s = GameSession.start(game, {}, [HUMAN], seed=4, store=store)
    for _ in range(15):
        seat = s.human_to_move()
        if seat is None:
            break
        s.play(seat, s.legal_moves(seat)[0][0])
    again = GameSession.resume(store, s.id)
    assert again.state.to_dict() == s.state.to_dict()
    assert again.legal_moves(0) == s.legal_moves(0)


def test_an_agent_can_play_a_solo_seat_and_it_does_not_count(tmp_path):
    store = Store(tmp_path / "s.db")
    s = GameSession.start("dice-miner", {}, [Seat("random")], seed=1, store=store)
    play_out(s)
    r = s.result()
    assert r is not None and r.score_key is None and not r.counted


def test_game_ids_are_unguessable_and_never_read_as_an_option() -> None:
    """An id is typed on the command line (``export ID FILE``): it never starts with - or _."""
    from solotable.session.session import new_game_id

    ids = {new_game_id() for _ in range(2000)}
    assert len(ids) == 2000
    assert all(i[0].isalnum() and len(i) >= 21 for i in ids)


def test_a_game_that_forced_moves_end_at_once_starts_finished(tmp_path):
    """Two human seats with one legal move each (no doubling, no skipping): the game is
    played out while it is being set up, and must be filed as finished with its result,
    not left "playing" with no move to make."""
    store = Store(tmp_path / "s.db")
    opts = {"target": 3, "doubling": False}
    s = GameSession.start("toy-race", opts, [HUMAN, HUMAN], seed=2, store=store)
    assert s.state.is_terminal()
    assert s.status == "finished" and s.is_over()
    r = s.result()
    assert r is not None and r.status == "finished" and max(r.scores) >= 3
    assert s.events[-1].kind == "end"
    again = GameSession.resume(store, s.id)
    assert again.status == "finished" and again.result() == s.result()
