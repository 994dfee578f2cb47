"""Learn to play: a guided first game on a fixed deal, from the lobby.

A tutorial is a data file (``web/tutorials/<game>.json``, read with ``json``, never
imported): the game, its options and seed, and steps. Each step names the move the player is
asked to make by its ``ActionInfo`` kind and arguments (never its notation, which front ends
do not parse), the table element to point at (``{"slot": "e1"}`` is the element whose
``data-slot`` is ``e1``; ``{"move": "expected"}`` the control playing the expected move) and
the catalog key of the sentence explaining the rule in play.

The guide keeps no state of its own: it compares the game's history with the tutorial's path
(replayed from the seed once per tutorial), so it follows a reload, a restart and an Undo. A
game that left the path (a move typed in the notation box, another face chosen) is told so
and re-syncs when Undo brings it back; the page's script (``static/learn.js``) explains a
click on any other move without playing it. The guide answers only what the player's page
may know: the move it expects now and its words, never the path ahead (it holds the deal).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from fastapi import APIRouter, FastAPI, Request, Response
from fastapi.responses import RedirectResponse
from starlette.concurrency import run_in_threadpool

from solotable.core.errors import SolotableError
from solotable.core.game import ActionInfo, State
from solotable.core.message import Msg, msg
from solotable.core.registry import game_class
from solotable.session.session import GameSession, Seat
from solotable.web.i18n import request_lang
from solotable.web.security import SafeJSONResponse, alert
from solotable.web.tables import TableError, Tables
from solotable.words import words
from solotable.words.catalog import SHARED

POINTS = ("slot", "sq", "piece", "card", "key", "diver", "move")
"""What a step may point at: a ``data-<name>`` attribute the game pages put on their
elements (``move``: the button playing the expected move)."""

router = APIRouter()


class TutorialError(SolotableError):
    """A tutorial file that does not describe a playable guided game."""


@dataclass(frozen=True)
class Step:
    kind: str
    args: Mapping[str, Any]
    point: tuple[str, str]
    """(attribute, value): the element whose ``data-<attribute>`` is the value; ``("move",
    "expected")`` is the control playing the expected move."""
    say: str
    first: tuple[str, str] | None = None
    """An element to click before ``point`` (Divercité's piece, then its square)."""


@dataclass(frozen=True)
class Tutorial:
    game: str
    seed: int
    options: Mapping[str, Any]
    intro: str
    end: str
    steps: tuple[Step, ...]
    opponent: str = ""
    """The AI level of the other seats (a two-player game; empty: the game's default)."""


@dataclass(frozen=True)
class Path:
    """The tutorial played out from its seed: every action (chance included) and, for each
    step, the index in ``actions`` of the move it asks for."""

    actions: tuple[int, ...]
    at: tuple[int, ...]
    notations: tuple[str, ...]
    """Each step's move in notation (to find the button that plays it, never parsed)."""


def _text(raw: Mapping[str, Any], key: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value:
        raise TutorialError(msg("web.learn.bad-file", field=key))
    return value


def _point(raw: Any, name: str) -> tuple[str, str]:
    """A step's element: ``{"slot": "e1"}`` (one attribute and its value)."""
    if not isinstance(raw, dict) or len(raw) != 1:
        raise TutorialError(msg("web.learn.bad-file", field=f"steps.{name}"))
    ((attr, value),) = raw.items()
    if attr not in POINTS or not isinstance(value, str) or not value:
        raise TutorialError(msg("web.learn.bad-file", field=f"steps.{name}"))
    return attr, value


def parse(raw: Any) -> Tutorial:
    """A tutorial from its JSON data; TutorialError names the first field that is wrong."""
    if not isinstance(raw, dict) or raw.get("format") != 1:
        raise TutorialError(msg("web.learn.bad-file", field="format"))
    seed = raw.get("seed")
    options = raw.get("options", {})
    steps = raw.get("steps")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise TutorialError(msg("web.learn.bad-file", field="seed"))
    if not isinstance(options, dict):
        raise TutorialError(msg("web.learn.bad-file", field="options"))
    if not isinstance(steps, list) or not steps:
        raise TutorialError(msg("web.learn.bad-file", field="steps"))
    parsed = []
    for s in steps:
        move = s.get("move") if isinstance(s, dict) else None
        if not isinstance(move, dict) or not isinstance(move.get("args", {}), dict):
            raise TutorialError(msg("web.learn.bad-file", field="steps.move"))
        point = _point(s.get("point"), "point")
        first = _point(s["first"], "first") if "first" in s else None
        kind, args = _text(move, "kind"), dict(move.get("args", {}))
        parsed.append(Step(kind, args, point, _text(s, "say"), first))
    opponent = raw.get("opponent", "")
    if not isinstance(opponent, str):
        raise TutorialError(msg("web.learn.bad-file", field="opponent"))
    return Tutorial(
        _text(raw, "game"),
        seed,
        options,
        _text(raw, "intro"),
        _text(raw, "end"),
        tuple(parsed),
        opponent,
    )


def games() -> tuple[str, ...]:
    """The games that have a tutorial, by name."""
    files = resources.files("solotable.web").joinpath("tutorials")
    return tuple(
        sorted(p.name[: -len(".json")] for p in files.iterdir() if p.name.endswith(".json"))
    )


@cache
def tutorial(game: str) -> Tutorial:
    """The tutorial of ``game`` (TutorialError if it has none)."""
    if game not in games():
        raise TutorialError(msg("web.learn.no-tutorial", game=game[:60]))
    text = resources.files("solotable.web").joinpath("tutorials", f"{game}.json").read_text("utf-8")
    return parse(json.loads(text))


def matches(info: ActionInfo, step: Step) -> bool:
    """Whether a legal move is the one ``step`` asks for (its kind, and every argument the
    step names)."""
    return info.kind == step.kind and all(info.args.get(k) == v for k, v in step.args.items())


def expected(state: State, step: Step) -> ActionInfo:
    """The one legal move ``step`` asks for in ``state``; TutorialError unless exactly one."""
    found = [i for i in state.legal_action_infos() if matches(i, step)]
    if len(found) != 1:
        raise TutorialError(msg("web.learn.bad-step", kind=step.kind, found=len(found)))
    return found[0]


def seats_of(t: Tutorial) -> list[Seat]:
    """The guided game's seats: the player in the first seat, the tutorial's AI elsewhere."""
    info = game_class(t.game).info
    level = t.opponent or info.default_agent
    return [Seat(None) if i == 0 else Seat(level) for i in range(info.num_players)]


def agents_move(session: GameSession) -> None:
    """Let the AI seats move, as the web table's worker does, until the player is to move."""
    while not session.is_over() and session.agent_to_move() is not None:
        session.step_agent()


@cache
def path(game: str) -> Path:
    """The tutorial of ``game`` played from its seed by a session as the web table plays it
    (chance, forced moves and the AI's replies included); TutorialError if a step is not
    exactly one legal move in turn. A guided game against the AI is only replayable when
    the AI answers the same way every time: the tutorial's tests play it twice."""
    t = tutorial(game)
    session = GameSession.start(t.game, dict(t.options), seats_of(t), seed=t.seed, clocks=False)
    at: list[int] = []
    notations: list[str] = []
    for step in t.steps:
        agents_move(session)
        if session.is_over() or session.human_to_move() is None:
            raise TutorialError(msg("web.learn.bad-step", kind=step.kind, found=0))
        info = expected(session.state, step)
        at.append(len(session.state.history))
        notations.append(info.notation)
        session.play(session.viewer, info.action)
    return Path(tuple(session.state.history), tuple(at), tuple(notations))


def is_guided(session: GameSession, t: Tutorial) -> bool:
    """Whether ``session`` is the tutorial's game (same game, options and deal)."""
    if session.game.name != t.game:
        return False
    record = session.record(reveal=True)  # read here for its seed only, never shown
    return record.seed == t.seed and session.game.options == game_class(t.game)(**t.options).options


def where(session: GameSession, game: str) -> tuple[str, int]:
    """(status, step index): ``step`` (waiting for step i), ``done``, ``off`` (the game left
    the path), or ``none`` (not a guided game)."""
    if game not in games():
        return "none", 0
    t = tutorial(game)
    if not is_guided(session, t):
        return "none", 0
    p = path(game)
    history = tuple(session.state.history)
    last = p.at[-1] + 1
    if history[:last] == p.actions[:last] and len(history) >= last:
        return "done", len(p.at)  # the lesson's last move made: what follows is free play
    if history != p.actions[: len(history)]:
        return "off", 0
    done = sum(1 for i in p.at if i < len(history))
    if done == len(p.at):
        return "done", done
    if p.at[done] != len(history) or session.human_to_move() is None:
        return "off", done
    return "step", done


def guide(session: GameSession, lang: str) -> dict[str, Any]:
    """What the page's guide shows now, said in ``lang``."""
    game = session.game.name
    status, i = where(session, game)
    if status == "none":
        return {"status": "none"}
    t = tutorial(game)
    w = words(lang)
    tr = w.tr(SHARED)
    total = len(t.steps)
    out: dict[str, Any] = {
        "status": status,
        "step": i + 1,
        "total": total,
        "intro": w.say(Msg(t.intro)),
        "words": {
            "title": tr._("Learn to play"),
            "leave": tr._("Leave the guide"),
            "close": tr._("Close the guide and play on"),
            "wrong": tr._("Not this one yet: the guide points at the move to make."),
            "progress": tr._("Step %(step)s of %(total)s", step=i + 1, total=total),
        },
    }
    if status == "step":
        step = t.steps[i]
        notation = path(game).notations[i]
        attr, value = step.point
        out["text"] = w.say(Msg(step.say))
        out["point"] = {"attr": attr, "value": notation if attr == "move" else value}
        out["move"] = notation
        if step.first:
            out["first"] = {"attr": step.first[0], "value": step.first[1]}
    elif status == "done":
        out["text"] = w.say(Msg(t.end))
        out["words"]["progress"] = tr._("Lesson complete")
    else:
        out["text"] = tr._(
            "This move left the lesson's path. Undo to come back to it, or leave the guide "
            "and play on freely."
        )
    return out


def install_learn(app: FastAPI, tables: Tables, *, pseudo: bool = False) -> None:
    """Add the guided games' routes to ``app`` (``pseudo``: as ``create_app``)."""
    app.state.learn = (tables, pseudo)
    app.include_router(router)


def _lang(request: Request) -> str:
    tables, pseudo = request.app.state.learn
    return request_lang(request, tables.store, allow_pseudo=pseudo)


@router.post("/learn/{game}", response_model=None)
async def start(request: Request, game: str) -> Response:
    """Start the guided game of ``game`` and open it with its guide."""
    tables: Tables = request.app.state.learn[0]
    w = words(_lang(request))
    if not request.app.state.access.origin_ok(
        request.headers.get("origin") or request.headers.get("referer")
    ):
        return Response(alert(w.say(msg("web.origin"))), 403, media_type="text/html")
    try:
        t = tutorial(game)
        table = await run_in_threadpool(
            tables.start,
            t.game,
            dict(t.options),
            seats_of(t),
            t.seed,
            True,  # a lesson
        )
    except SolotableError as e:
        return Response(alert(w.error(e)), 404, media_type="text/html")
    return RedirectResponse(f"/games/{table.id}?learn=1", status_code=303)


@router.get("/games/{table_id}/learn")
def where_now(request: Request, table_id: str) -> Response:
    """The guide for the table as it is now (JSON for ``static/learn.js``)."""
    tables: Tables = request.app.state.learn[0]
    lang = _lang(request)
    try:
        table = tables.get(table_id)
    except TableError as e:
        return SafeJSONResponse({"error": words(lang).error(e)}, status_code=404)
    if table.thinking:
        return SafeJSONResponse({"status": "wait"})
    with table.session.lock:
        return SafeJSONResponse(guide(table.session, lang))
