"""Game review: every decision of the chosen seats against the hint agent's best move.

Like a chess engine's analysis: for each decision the hint agent analyses the
position from the mover's own observation (never the record's true state, so a
review cannot be "right" by knowing the deck) with the played move included,
and the difference between its best move's value and the played move's value
is the expected loss. Losses within the search's own noise are not mistakes;
above a threshold (per unit, see :data:`THRESHOLDS`) they are marked ``?`` and
``??``. The budget is fixed (depth, samples), so a review is reproducible.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

from solotable.core.agent import Agent, Turn
from solotable.core.errors import RecordError
from solotable.core.message import Msg, Text, msg
from solotable.core.players import CHANCE
from solotable.core.record import Record, game_of, replay
from solotable.core.registry import make_agent

THRESHOLDS = {"win chance": (0.10, 0.25)}
"""(mistake, blunder) per value unit; anything in points uses :data:`POINT_THRESHOLDS`."""
POINT_THRESHOLDS = (1.0, 3.0)
REVIEW_BUDGETS: dict[str, str] = {}
"""Default budgets by agent name, added to the hint agent's spec. Empty: a review judges
every move with the hint's own agent and budget rules (issue 25), so what the review calls
a mistake is what a hint at that position would have said; ``--budget`` still trims it."""


@dataclass(frozen=True, slots=True)
class MoveNote:
    """One reviewed decision."""

    index: int
    """Position of the move in the record's ``actions``."""
    seat: int
    played: str
    best: str
    played_value: float
    best_value: float
    loss: float
    spread: float
    unit: str
    mark: str
    """``""``, ``"?"`` (a mistake) or ``"??"`` (a blunder)."""
    best_reason: Text
    """Why the best move is best, as a message (``solotable.words`` says it)."""
    played_reason: Text
    close: bool = False
    """The search could not tell the played move from the best (its own paired test, or
    the spreads): not a mistake, whatever the difference of the means."""

    def to_dict(self) -> dict[str, Any]:
        """JSON data: the reasons as message data (``Msg.to_json``)."""
        out = {f: getattr(self, f) for f in self.__dataclass_fields__}
        for key in ("best_reason", "played_reason"):
            value = out[key]
            out[key] = value.to_json() if isinstance(value, Msg) else value
        return out

    def annotation(self) -> Msg:
        """What the review says of this move, as data: best or close, or the best move,
        what the played one loses and why the best is better."""
        if self.close:
            return msg("core.review.close", reason=self.played_reason)
        return msg(
            "core.review.best-was",
            best=self.best,
            amount=amount_msg(self.loss, self.unit),
            spread=self.spread,
            reason=self.best_reason,
        )


@dataclass
class Review:
    """A record's review: the notes and a summary per seat."""

    game: str
    agent: str
    seats: list[int]
    notes: list[MoveNote] = field(default_factory=list)

    def summary(self) -> dict[int, dict[str, Any]]:
        """Per seat: decisions reviewed, total and mean expected loss, mistakes, blunders."""
        out: dict[int, dict[str, Any]] = {}
        for seat in self.seats:
            mine = [n for n in self.notes if n.seat == seat]
            total = sum(max(0.0, n.loss) for n in mine)
            out[seat] = {
                "decisions": len(mine),
                "total_loss": total,
                "mean_loss": total / len(mine) if mine else 0.0,
                "mistakes": sum(n.mark == "?" for n in mine),
                "blunders": sum(n.mark == "??" for n in mine),
                "unit": mine[0].unit if mine else "",
            }
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "agent": self.agent,
            "seats": self.seats,
            "moves": [n.to_dict() for n in self.notes],
            "summary": {str(k): v for k, v in self.summary().items()},
        }


def amount_msg(x: float, unit: str) -> Msg:
    """A difference in a unit (:func:`solotable.session.advice.amount`; kept here so the
    review needs no session)."""
    return msg("core.amount", x=x, unit=unit)


def agent_spec(hint_agent: str, budget: str | None) -> str:
    """The hint agent's spec with ``budget`` parameters added (later keys win); the same
    for ``solotable review`` and the web table's replay, so both review alike."""
    name, _, params = hint_agent.partition(":")
    extra = REVIEW_BUDGETS.get(name, "") if budget is None else budget
    merged: dict[str, str] = {}
    for item in filter(None, f"{params},{extra}".split(",")):
        key, _, value = item.partition("=")
        merged[key.strip()] = value.strip()
    return name + (":" + ",".join(f"{k}={v}" for k, v in merged.items()) if merged else "")


def mark_for(loss: float, spread: float, unit: str) -> str:
    """``??``/``?``/``""``: a loss must clear both its threshold and the search's noise."""
    mistake, blunder = THRESHOLDS.get(unit, POINT_THRESHOLDS)
    if loss >= max(blunder, 2 * spread):
        return "??"
    if loss >= max(mistake, spread):
        return "?"
    return ""


def default_seats(record: Record, num_players: int) -> list[int]:
    """The human seats of a played record; every seat of an agent-only one."""
    humans = [p for p, label in enumerate(record.players) if label == "human"]
    return humans or list(range(num_players))


def review_record(
    record: Record,
    agent: str,
    seats: Sequence[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Review ``record`` with the agent spec ``agent`` (it must implement ``analyse``)."""
    steps = review_steps(record, agent, seats)
    while True:
        try:
            done, total = next(steps)
        except StopIteration as end:
            result: Review = end.value
            return result
        if progress is not None:
            progress(done, total)


def review_steps(
    record: Record, agent: str, seats: Sequence[int] | None = None
) -> Generator[tuple[int, int], None, Review]:
    """:func:`review_record` one action at a time: yields ``(actions looked at, actions in
    the record)`` after each, returns the review. A caller with no thread to spare (the
    browser build's single worker) runs one step, answers a request, then the next."""
    replay(record)  # every move checked, chance against the seed, before any search
    game = game_of(record)
    n = game.num_players()
    chosen = sorted(set(default_seats(record, n) if seats is None else seats))
    bad = [p for p in chosen if not 0 <= p < n]
    if bad:
        raise RecordError(msg("core.review.no-seat", game=record.game, last=n - 1, seat=bad[0]))
    advisers: dict[int, Agent] = {
        p: make_agent(agent, game, p, (record.seed * 7919 + p) % 2**31) for p in chosen
    }
    review = Review(record.game, agent, chosen)
    state = game.new_initial_state(record.seed)
    for i, text in enumerate(record.actions):
        action = state.string_to_action(text)
        p = state.current_player()
        if p != CHANCE and p in advisers:
            legal = state.legal_actions()
            if len(legal) > 1:
                note = _note(advisers[p], state.action_to_string, i, p, legal, action, state)
                review.notes.append(note)
        state.apply_action(action)
        yield i + 1, len(record.actions)
    return review


def _note(
    adviser: Agent,
    notation: Callable[[int], str],
    index: int,
    seat: int,
    legal: list[int],
    action: int,
    state: Any,
) -> MoveNote:
    turn = Turn.for_state(state, seat, None, legal_actions=legal)
    ranked = adviser.analyse(turn, 1, (action,))
    if not ranked:
        raise RecordError(msg("core.review.cannot-analyse", agent=adviser.label()))
    best = ranked[0]
    played = next((c for c in ranked if c.action == action), best)
    loss = best.value - played.value
    spread = max(best.noise, played.noise)
    close = played.close_to(best)
    return MoveNote(
        index=index,
        seat=seat,
        played=notation(action),
        best=notation(best.action),
        played_value=played.value,
        best_value=best.value,
        loss=loss,
        spread=spread,
        unit=best.unit,
        mark="" if close else mark_for(loss, spread, best.unit),
        best_reason=best.reason,
        played_reason=played.reason,
        close=close,
    )
