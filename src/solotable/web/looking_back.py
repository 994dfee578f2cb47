"""Looking back in the browser: the history of games, stats per game, and a replay of any
finished game with the ``review`` annotations.

What ``solotable history``, ``stats``, ``replay`` and ``review`` say in the terminal, from the
same core functions: the games are filed and counted by ``session.playstats`` (so the stats
page, the lobby's best scores and ``solotable stats`` cannot disagree), a review is
``session.review.review_steps``. Every route is behind ``web.security``'s guard (host,
token) and nothing here changes a game; every GET changes nothing at all, so the one costly
thing, starting a review (a CPU minute), is a POST from the table's own pages. An unfinished
game is never replayed: its record holds its face-down cards (the page sends the player to
the table instead).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from fastapi import APIRouter, FastAPI, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse
from markupsafe import Markup
from starlette.concurrency import run_in_threadpool

import solotable
from solotable.core.errors import SolotableError
from solotable.core.record import game_of
from solotable.core.registry import game_class
from solotable.session.playstats import ai_level, game_stats, preset_of, settings_of
from solotable.session.review import agent_spec, review_steps
from solotable.session.store import Store, StoreError
from solotable.web.i18n import request_lang, speaking
from solotable.web.lookback_words import (
    chart,
    level_label,
    result_text,
    settings_text,
)
from solotable.web.pages import Move, page_for
from solotable.web.replay_moves import move_list, note_view
from solotable.web.replay_view import Replay, ReplayError, load_replay, position
from solotable.web.review_jobs import ReviewJob, ReviewJobs, Steps
from solotable.web.security import OriginError, SafeJSONResponse, check_origin
from solotable.web.templating import templates
from solotable.words import Words, words

HISTORY_LIMIT = 500
"""Games the history page reads (newest first)."""
CACHED = 8
"""Finished games (and their reviews) kept in memory between steps of a replay."""
FIRST_WAIT = 1.5
"""Seconds the replay page waits for a review before it shows the review's progress
instead (a short review then opens at once)."""

router = APIRouter()


def install_looking_back(app: FastAPI, *, pseudo: bool = False, inline: bool = False) -> None:
    """Add the history, stats and replay pages to ``app`` (``pseudo``, ``inline``: as
    ``create_app``)."""
    app.state.looking_back = _State(pseudo, inline)
    app.include_router(router)


class _State:
    """Per app: whether the pseudo-locale may be chosen, and the finished games last opened."""

    def __init__(self, pseudo: bool, inline: bool = False) -> None:
        self.pseudo = pseudo
        self.lock = threading.Lock()
        self.replays: OrderedDict[str, Replay] = OrderedDict()
        self.reviews: OrderedDict[str, dict[int, Any]] = OrderedDict()
        self.jobs = ReviewJobs(self.keep_review, self.reviews.get, inline=inline)

    def remember(self, game_id: str, replay: Replay) -> None:
        with self.lock:
            self.replays[game_id] = replay
            self.replays.move_to_end(game_id)
            while len(self.replays) > CACHED:
                old, _ = self.replays.popitem(last=False)
                self.reviews.pop(old, None)

    def keep_review(self, game_id: str, notes: dict[int, Any]) -> None:
        """A finished review, kept for the replay's steps (the last ``CACHED`` of them)."""
        with self.lock:
            self.reviews[game_id] = notes
            self.reviews.move_to_end(game_id)
            while len(self.reviews) > CACHED:
                self.reviews.popitem(last=False)


def _state(request: Request) -> _State:
    state: _State = request.app.state.looking_back
    return state


def _store(request: Request) -> Store:
    store: Store = request.app.state.tables.store
    return store


def _lang(request: Request) -> str:
    lang = getattr(request.state, "lang", None)
    if lang is None:
        allow = _state(request).pseudo
        lang = request.state.lang = request_lang(request, _store(request), allow_pseudo=allow)
    return str(lang)


def _page(request: Request, name: str, status: int = 200, **ctx: Any) -> HTMLResponse:
    with speaking(_lang(request)):
        html = templates().get_template(name).render(path=request.url.path, **ctx)
    return HTMLResponse(html, status_code=status)


def render_page(
    request: Request, name: str, context: Callable[[Words], dict[str, Any]]
) -> HTMLResponse:
    """Another read-only page (``web.hint_strength``) in the request's language, the same way."""
    return _page(request, name, **context(words(_lang(request))))


def _problem(request: Request, status: int, message: str) -> HTMLResponse:
    return _page(request, "error.html", status, message=message)


def _title(w: Words, game: str) -> str:
    try:
        default = game_class(game).info.title
    except SolotableError:
        default = game
    return w.game_title(game, default)


def game_titles(w: Words) -> list[tuple[str, str]]:
    return [(g, _title(w, g)) for g in solotable.game_names()]


# -- history -----------------------------------------------------------------------------
@router.get("/history", response_class=HTMLResponse)
def history_page(
    request: Request, game: str = "", settings: str = "", level: str = ""
) -> HTMLResponse:
    """Every game, newest first, filtered by game, settings and AI level."""
    w = words(_lang(request))
    if game and game not in solotable.game_names():
        return _problem(request, 404, w._("There is no game of that name."))
    try:
        rows = _store(request).history(game or None, HISTORY_LIMIT)
        moves = _store(request).decisions([str(r["id"]) for r in rows])
    except StoreError as e:
        return _problem(request, 503, str(e))
    entries = []
    settings_seen: dict[str, str] = {}
    levels_seen: dict[str, str] = {}
    for r in rows:
        key, lv = settings_of(r), ai_level(r)
        what = settings_text(w, r)
        if r.get("lesson"):  # guided games are filed apart, under their own settings choice
            key, what = f"lesson:{r['game']}", w._("Lesson")
        settings_seen.setdefault(key, w._("%(who)s: %(what)s", who=_title(w, r["game"]), what=what))
        levels_seen.setdefault(lv, level_label(w, lv))
        if (settings and key != settings) or (level and lv != level):
            continue
        entries.append(
            {
                "id": r["id"],
                "game": r["game"],
                "title": _title(w, r["game"]),
                "started": r.get("started"),
                "settings": what,
                "lesson": bool(r.get("lesson")),
                "level": levels_seen[lv],
                "result": result_text(w, r),
                "score": r.get("score"),
                "moves": moves.get(str(r["id"]), 0),
                "playing": r.get("status") == "playing",
            }
        )
    return _page(
        request,
        "history.html",
        games=game_titles(w),
        game=game,
        settings=settings,
        level=level,
        settings_choices=sorted(settings_seen.items(), key=lambda kv: kv[1]),
        level_choices=sorted(levels_seen.items(), key=lambda kv: kv[1]),
        entries=entries,
        num=w.shared.num,
    )


# -- stats -------------------------------------------------------------------------------
@router.get("/stats", response_class=HTMLResponse)
def stats_index(request: Request) -> HTMLResponse:
    w = words(_lang(request))
    return _page(request, "stats.html", games=game_titles(w), game=None, doc=None)


@router.get("/stats/{game}", response_class=HTMLResponse)
def stats_page(request: Request, game: str) -> HTMLResponse:
    """One game's record: the same numbers as ``solotable stats GAME`` (``game_stats``)."""
    w = words(_lang(request))
    if game not in solotable.game_names():
        return _problem(request, 404, w._("There is no game of that name."))
    try:
        rows = _store(request).finished(game)
    except StoreError as e:
        return _problem(request, 503, str(e))
    doc = game_stats(rows)
    mine = {settings_of(r): r for r in rows}
    levels = {ai_level(r) for r in rows}
    presets = {preset_of(r) for r in rows}

    def groups(by: dict[str, Any], label: Any) -> list[tuple[str, dict[str, Any]]]:
        return [(label(k), s) for k, s in by.items()]

    categories = [
        (
            w.stat_label(game, key),
            [(w.stat_value(game, key, v), s) for v, s in values.items()],
        )
        for key, values in doc["by_category"].items()
    ]
    return _page(
        request,
        "stats.html",
        games=game_titles(w),
        game=game,
        title=_title(w, game),
        doc=doc,
        chart=chart(w, doc["distribution"]),
        by_settings=groups(doc["by_settings"], lambda k: settings_text(w, mine[k])),
        by_level=groups(doc["by_level"], lambda k: level_label(w, k)) if len(levels) > 1 else [],
        by_preset=groups(doc["by_preset"], lambda k: _preset_label(w, game, k))
        if len(presets) > 1
        else [],
        categories=categories,
        num=w.shared.num,
    )


def _preset_label(w: Words, game: str, preset: str) -> str:
    if preset == "standard":
        return w._("standard rules")
    if preset == "custom":
        return w._("other settings")
    return w.preset_label(game, preset)


# -- replay ------------------------------------------------------------------------------
def _finished_game(request: Request, game_id: str, w: Words) -> Replay | HTMLResponse:
    """The finished game ``game_id`` (kept for its next steps), or the page that says why not."""
    state = _state(request)
    replay = state.replays.get(game_id)
    if replay is None:
        try:
            replay = load_replay(_store(request), game_id, w)
        except ReplayError as e:
            return _problem(request, e.status, str(e))
        state.remember(game_id, replay)
    return replay


def _finished_at(
    request: Request, game_id: str, step: str, w: Words
) -> tuple[Replay, int] | HTMLResponse:
    """The finished game and the step asked for, or the page that says why not (the replay
    and the review's start take them the same way)."""
    replay = _finished_game(request, game_id, w)
    if isinstance(replay, HTMLResponse):
        return replay
    at = _step(request, replay, step, w)
    if isinstance(at, HTMLResponse):
        return at
    return replay, at


def _step(request: Request, replay: Replay, step: str, w: Words) -> int | HTMLResponse:
    """The step asked for (the last one when none is), or the page that says it is not one."""
    last = len(replay.steps) - 1
    if step == "":
        return last
    if step.isascii() and step.isdigit() and len(step) <= 6 and int(step) <= last:
        return int(step)
    message = w._("The step must be a whole number from 0 to %(last)s.", last=last)
    return _problem(request, 400, message)


def _address(game_id: str, at: int, reveal: bool, review: bool) -> str:
    """The replay's address at step ``at`` with its options."""
    options = ("&hidden=1" if reveal else "") + ("&review=1" if review else "")
    return f"/replay/{game_id}?step={at}{options}"


@router.get("/replay/{game_id}", response_class=HTMLResponse)
def replay_page(
    request: Request, game_id: str, step: str = "", hidden: str = "", review: str = ""
) -> HTMLResponse:
    """A finished game at one step: the table as the player saw it, the moves, the events,
    and on request what was hidden and the review's marks. A GET changes nothing: it shows
    a review that is kept or under way, and offers to start one (:func:`start_review`)."""
    w = words(_lang(request))
    state = _state(request)
    found = _finished_at(request, game_id, step, w)
    if isinstance(found, HTMLResponse):
        return found
    replay, at = found
    reveal = hidden == "1"
    job = state.jobs.get(game_id) if review == "1" else None
    kept = state.reviews.get(game_id)  # read after the job: one that just ended is kept
    notes = kept if review == "1" else None
    if job is not None and notes is None:
        if job.error is not None:
            state.jobs.forget(game_id, job)  # reported once: the button may try again
            if isinstance(job.error, SolotableError):
                return _problem(request, 422, w.error(job.error))
            raise job.error
        if job.notes is None:
            return _reviewing(request, w, replay, game_id, at, reveal, job)
        notes = kept = job.notes
    pos = position(replay, at, w, reveal)
    game = replay.record.game
    note = note_view(w, notes.get(replay.steps[at].decision or -1), pos) if notes else None
    return _page(
        request,
        "replay.html",
        id=game_id,
        game=game,
        title=_title(w, game),
        row=replay.row,
        result=result_text(w, replay.row),
        settings=settings_text(w, replay.row),
        level=level_label(w, ai_level(replay.row)),
        step=at,
        last=len(replay.steps) - 1,
        pos=pos,
        seats=_seat_names(w, replay),
        board=_board(w, replay, pos.observation),
        better=_better_board(w, replay, pos, note),
        moves=move_list(w, replay, notes, reveal),
        reveal=reveal,
        reviewed=notes is not None,
        review_kept=kept is not None,
        note=note,
        num=w.shared.num,
    )


@router.post("/replay/{game_id}/review", response_class=HTMLResponse)
async def start_review(request: Request, game_id: str) -> Response:
    """Start the review of a finished game (the replay page's button): about a CPU second
    per decision, so only a POST from the table's own pages starts it (``web.security``'s
    guard refuses any other first; this route checks again on its own), never a GET. Then
    the replay's reviewed address: the marks, or the review's progress."""
    w = words(await run_in_threadpool(_lang, request))
    try:
        check_origin(request)
    except OriginError as e:
        return _problem(request, 403, w.error(e))
    form = await request.form()
    step, hidden = str(form.get("step", "")), form.get("hidden") == "1"
    return await run_in_threadpool(_start_review, request, game_id, step, hidden, w)


def _start_review(request: Request, game_id: str, step: str, reveal: bool, w: Words) -> Response:
    found = _finished_at(request, game_id, step, w)
    if isinstance(found, HTMLResponse):
        return found
    replay, at = found
    state = _state(request)
    job = state.jobs.start(game_id, lambda: reviewed(replay), FIRST_WAIT)
    if job.error is not None:
        state.jobs.forget(game_id, job)
        if isinstance(job.error, SolotableError):
            return _problem(request, 422, w.error(job.error))
        raise job.error
    return RedirectResponse(_address(game_id, at, reveal, True), status_code=303)


def reviewed(replay: Replay) -> Steps:
    """The review of the player's decisions (``session.review``) one action at a time, its
    notes by action index at the end (``web.review_jobs`` runs the steps: in a thread, or
    between requests where Python has none)."""
    spec = agent_spec(game_of(replay.record).info.hint_agent, None)
    result = yield from review_steps(replay.record, spec, [replay.viewer])
    return {n.index: n for n in result.notes}


def _reviewing(
    request: Request,
    w: Words,
    replay: Replay,
    game_id: str,
    at: int,
    reveal: bool,
    job: ReviewJob,
) -> HTMLResponse:
    """The review's progress (HTTP 202: the page asked for is not ready yet)."""
    return _page(
        request,
        "reviewing.html",
        202,
        id=game_id,
        game=replay.record.game,
        title=_title(w, replay.record.game),
        percent=job.percent,
        done=_done(w, job),
        again=_address(game_id, at, reveal, True),
        without=_address(game_id, at, reveal, False),
    )


@router.get("/replay/{game_id}/review-progress")
def review_progress(request: Request, game_id: str) -> SafeJSONResponse:
    """How far the review of ``game_id`` got, in words too (``finished``: reload the replay,
    which then shows the review or what stopped it)."""
    w = words(_lang(request))
    job = _state(request).jobs.get(game_id)
    if job is None or job.finished.is_set():
        return SafeJSONResponse({"finished": True, "percent": 100, "text": ""})
    return SafeJSONResponse({"finished": False, "percent": job.percent, "text": _done(w, job)})


def _done(w: Words, job: ReviewJob) -> str:
    """How far a review got, in words."""
    if job.waiting:
        return w._("Waiting for another review to finish")
    return w._("%(pct)s%% of the game looked at", pct=job.percent)


def _better_board(w: Words, replay: Replay, pos: Any, note: dict[str, Any] | None) -> Markup:
    """The table before a reviewed move that lost something, with the better move pointed
    at as the table points at a hint (the viewer's own observation: nothing hidden)."""
    if note is None or note["close"] or note.get("action") is None:
        return Markup("")
    state = pos.before
    info = state.action_info(note["action"])
    move = Move(note["action"], note["best"], w.action(info), info)
    obs = state.observation(replay.viewer)
    return _board(w, replay, obs, [move], {"notation": note["best"]})


def _seat_names(w: Words, replay: Replay) -> list[str]:
    out = []
    for i, seat in enumerate(replay.row.get("seats") or []):
        if seat.get("agent") is None:
            out.append(w._("You") if i == replay.viewer else w.seat_name(replay.record.game, i))
        else:
            out.append(w._("AI (%(level)s)", level=level_label(w, str(seat["agent"]))))
    return out


BOARD = "{% import page.template as g with context %}{{ g.board() }}"


def _board(
    w: Words,
    replay: Replay,
    observation: Any,
    moves: Sequence[Move] = (),
    hint: dict[str, str] | None = None,
) -> Markup:
    """The game's own table, drawn from an observation: the game page's ``board`` macro in a
    read-only context (no move, or only ``moves`` to point at with ``hint``, drawn inert);
    the terminal view when the page cannot draw it."""
    game = game_of(replay.record)
    page = page_for(game.name)
    domain = w.game(game.name).domain
    try:
        with speaking(w.lang, domain):
            ctx = {
                "id": replay.row.get("id", ""),
                "game": game.name,
                "title": game.info.title,
                "seat": replay.viewer,
                "names": [],
                "summary": {},
                "page": page,
                "view": page.context(game, observation, list(moves), replay.viewer, w),
                "moves": [{"id": m.id, "n": m.notation, "w": m.words} for m in moves],
                "moves_html": Markup(""),
                "events": [],
                "result": None,
                "over": False,
                "my_turn": False,
                "hint": hint,
                "version": "",
                "num_players": game.num_players(),
                "best_line": "",
                "record": None,
                "thinking": False,
                "full": True,  # the page is whole: the game's own style sheet comes with it
                "lang": w.lang,
            }
            return Markup(templates().from_string(BOARD).render(ctx))
    except Exception:  # a page that cannot draw a past position: the text view instead
        text = w.render(game, observation)
        return Markup('<pre class="replay-text" translate="no">{0}</pre>').format(text)
