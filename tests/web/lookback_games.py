"""Finished games written to a test store through the session, as the table writes them,
for the history, stats and replay tests (seeds fixed, so every failure replays)."""

from __future__ import annotations

import json
import re
import time
from typing import Any
from urllib.parse import parse_qsl

from typer.testing import CliRunner

from solotable.core.agent import Turn
from solotable.core.players import CHANCE
from solotable.core.registry import make_agent
from solotable.session.session import GameSession, Seat
from solotable.session.store import Store


def play_out(
    store: Store,
    game: str,
    seed: int,
    options: dict[str, Any] | None = None,
    level: str | None = None,
    agent: str | None = None,
    moves: int | None = None,
) -> GameSession:
    """A game with the player in seat 0 (against ``level`` in a two-player game), played to
    its end (or ``moves`` of the player's moves) by the first legal move, or by ``agent``."""
    seats = [Seat()] if level is None else [Seat(), Seat(level)]
    s = GameSession.start(game, options or {}, seats, seed=seed, store=store, clocks=False)
    chooser = make_agent(agent, s.game, 0, seed) if agent else None
    played = 0
    while not s.is_over() and (moves is None or played < moves):
        if s.human_to_move() is None:
            s.step_agent()
            continue
        if chooser is not None:
            turn = Turn.for_state(s.state, 0, None, legal_actions=s.state.legal_actions())
            s.play(0, chooser.act(turn))
        else:
            s.play(0, s.legal_moves(0)[0][0])
        played += 1
    return s


def decisions(s: GameSession) -> list[int]:
    """The indices of the players' moves among a session's plies (chance left out)."""
    return [i for i, p in enumerate(s.plies) if p.who != CHANCE]


def cli_stats(game: str) -> dict[str, Any]:
    """``solotable stats GAME --json`` over the store of ``SOLOTABLE_HOME``."""
    from solotable.cli.main import app

    r = CliRunner().invoke(app, ["stats", game, "--json"])
    assert r.exit_code == 0, r.output
    doc: dict[str, Any] = json.loads(r.stdout)
    return doc


def by_id(html: str, element_id: str) -> str:
    m = re.search(rf'id="{element_id}"[^>]*>([^<]*)<', html)
    assert m, f"no #{element_id} in the page"
    return m.group(1).strip()


def lobby_best(html: str) -> list[tuple[str, int, str]]:
    """The lobby's best-score rows: (game, games played, best as shown)."""
    rows = re.findall(
        r'<tr><td><a href="/stats/([^"]+)">[^<]*</a></td><td[^>]*>[^<]*</td>'
        r'<td class="num">(\d+)[^<]*</td><td class="num">([^<]*)</td></tr>',
        html,
    )
    return [(g, int(n), best) for g, n, best in rows]


def reviewed_page(client: Any, url: str, params: dict[str, Any] | None = None) -> Any:
    """The replay page with its review: the review is started as the page's button does
    (a POST with the step and "show what was hidden"; a GET starts nothing), and a review
    longer than the first wait answers 202 with its progress, so ask again (as the progress
    page's script does) until the replay comes (two minutes at most)."""
    path, _, query = url.partition("?")
    asked = {**dict(parse_qsl(query)), **{k: str(v) for k, v in (params or {}).items()}}
    if asked.get("review") == "1":
        form = {k: v for k, v in asked.items() if k in ("step", "hidden")}
        started = client.post(f"{path}/review", data=form)
        assert started.status_code in (200, 202), started.text[:400]
    end = time.monotonic() + 120
    while True:
        r = client.get(path, params=asked)
        if r.status_code != 202:
            return r
        assert time.monotonic() < end, f"{url}: the review did not finish in two minutes"
        time.sleep(0.2)


def wait_reviewed(page: Any, url: str) -> None:
    """Open a replay in the browser, start its review with the page's button, and wait
    until the progress page, if it came, has opened the reviewed replay by itself."""
    page.goto(url)
    button = page.locator("form.replay-review button")
    if button.count():
        button.click()
    page.wait_for_selector("#replay .mark-legend", timeout=120_000)
