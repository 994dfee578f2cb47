"""What a player sees along fixed games is exactly what was recorded (golden views).

Shared by each game's ``test_golden_views.py`` (its recording: ``golden_views.json``
beside it).

For two seeded random games of each game, every step's player-facing output is
compared with ``golden/<game>.json``: the observation, the legal moves with their
notation and words, the reason given for a sample of refused action ids, the events
of the step, and at the end the outcome, scores and returns. The file keeps a short
hash per step and field, so it stays small; on a difference the test names the step,
the field and shows today's value.

These games pin the words and views the rule tests check only in part: a changed
description, event, refusal reason or observation field fails here (``make mutation``
counts on it for the text mutants). A deliberate change of what players see is
recorded again with ``SOLOTABLE_REGOLD=1 pytest tests/games/*/test_golden_views.py``
and reviewed in the diff.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from solotable import load_game
from solotable.core.game import State
from solotable.core.rng import Rng

GAMES = {
    "divercite": ({}, {"tiebreak": "course", "neutral_first": True}),
    "dice-miner": ({}, {"preset": "hard"}),
    "mini-divercity": ({}, {"preset": "expert"}),
    "51st-state": ({"faction": "new-york"}, {}),
}
SEEDS = {"divercite": (7, 8), "51st-state": (7, 8)}
"""Seeds per game; the short games (a random player soon loses) get more."""
MORE_SEEDS = (7, 8, 9, 10, 11, 12)
MAX_STEPS = 400
PROBE = 40
"""Refused action ids asked about at each decision of a game with a large action space
(every id is asked in the others): their reasons are texts players read."""
WHOLE_SPACE = 1000


def _h(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _events(state: State, before: dict[str, Any], after: dict[str, Any]) -> list[Any]:
    return [[e.kind, e.player, e.text, dict(e.data)] for e in state.game.events(before, after, 0)]


def _words(state: State, action: int) -> str:
    """An action's description, or the error a front end would meet asking for it."""
    try:
        return state.describe_action(action)
    except Exception as e:
        return f"{type(e).__name__}: {e}"


def views(name: str, options: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    """The player-facing output of each step of one seeded random game, in full."""
    state = load_game(name, **options).new_initial_state(seed)
    rng = Rng(seed * 7 + 1)
    size = state.game.num_distinct_actions()
    steps: list[dict[str, Any]] = []
    while len(steps) < MAX_STEPS:
        before = state.observation(0)
        step: dict[str, Any] = {"obs": before}
        if state.is_terminal():
            step["end"] = [state.outcome(), state.scores(), state.returns()]
            steps.append(step)
            break
        if state.is_chance_node():
            action = state.sample_chance()
            step["chance"] = [state.action_to_string(action), state.describe_action(action)]
        else:
            legal = state.legal_actions()
            step["moves"] = state.legal_moves_text()
            ids = range(size) if size <= WHOLE_SPACE else {rng.below(size) for _ in range(PROBE)}
            probe = sorted(set(ids) - set(legal))
            step["names"] = [[state.action_to_string(a), _words(state, a)] for a in sorted(ids)]
            step["reasons"] = [[a, state.illegal_reason(a)] for a in probe]
            action = rng.choice(legal)
            step["outcome"] = state.outcome()
            # A state dealt from the observation is a fixed function of the Rng it is given
            # (hints and search agents replay from it).
            step["sampled"] = state.game.sample_state(before, 0, Rng(len(steps))).to_dict()
        state.apply_action(action)
        step["events"] = _events(state, before, state.observation(0))
        steps.append(step)
    return steps


def digest(steps: list[dict[str, Any]]) -> list[dict[str, str]]:
    return [{k: _h(v) for k, v in step.items()} for step in steps]


def check_golden_views(name: str, path: Path) -> None:
    """Every step of the seeded games of ``name`` against the recording at ``path``."""
    games = {
        f"{i}:{seed}": views(name, opts, seed)
        for i, opts in enumerate(GAMES[name])
        for seed in SEEDS.get(name, MORE_SEEDS)
    }
    now = {key: digest(steps) for key, steps in games.items()}
    if os.environ.get("SOLOTABLE_REGOLD") == "1":
        path.write_text(json.dumps(now, indent=0, sort_keys=True) + "\n", "utf-8")
    recorded = json.loads(path.read_text("utf-8"))
    assert sorted(recorded) == sorted(now)
    for key, steps in now.items():
        old = recorded[key]
        for i, (a, b) in enumerate(zip(old, steps, strict=False)):
            for field in sorted(set(a) | set(b)):
                if a.get(field) != b.get(field):
                    value = json.dumps(games[key][i].get(field), default=str)[:1500]
                    pytest.fail(f"{name} game {key}, step {i}: {field} changed; now {value}")
        assert len(old) == len(steps), f"{name} game {key}: {len(steps)} steps, {len(old)} recorded"


def check_a_changed_view_is_reported() -> None:
    """The comparison can fail: one changed word changes the step's hash."""
    steps = views("dice-miner", {}, 7)[:3]
    changed = json.loads(json.dumps(steps, default=str))
    changed[1]["obs"]["band"] = str(changed[1]["obs"].get("band")) + "!"
    assert digest(steps)[1]["obs"] != digest(changed)[1]["obs"]
    assert digest(steps)[0] == digest(changed)[0]


# -- notation typed by players, good and bad -------------------------------------------------

EXTRA_INPUTS = {
    "dice-miner": [
        "take a1 as #0",
        "take a1 as #5",
        "take a1 as #6",
        "take a1 as #x",
        "take a1 as #",
        "draw tunnel #0",
        "draw tunnel #5",
        "draw tunnel #9",
        "draw magic #2",
        "draw",
        "draw tunnel",
        "draw nothing n1",
        "take",
        "take zz9",
        "take a0",
        "take a99",
        "spend",
        "spend #1",
        "recycle",
        "face",
        "face #1",
        "refill now",
        "stop now",
        "",
        "take a1 hide hide",
        "take a1 as",
        "take a1 as n1 as n2",
        "TAKE A1",
        " take  a1 ",
    ],
    "divercite": ["", "CR", "CR Z9", "CR D", "XX D6", "N", "N E3 E4", "cr d6", "RR D6", "CR C7"],
    "mini-divercity": [
        "",
        "oil",
        "oil:",
        "oil:l9",
        "close:red",
        "close:red:l1",
        "swap:l1",
        "cap:",
        "vtop:",
        "endurance:nobody",
        "OIL:L1",
        "look",
    ],
    "51st-state": [
        "",
        "build",
        "build nowhere",
        "deal",
        "opp",
        "take",
        "work",
        "keep now",
        "store",
        "use",
        "play",
        "faction",
        "BUILD",
        "pass pass",
    ],
}


def _variants(notation: str) -> list[str]:
    words = notation.split()
    out = [notation, notation.upper(), f"  {notation}  ", notation + " x", notation[:-1]]
    if len(words) > 1:
        out += [words[0], " ".join(words[:-1]), " ".join(words[1:])]
    out += [notation.replace(d, "9") for d in "012345678" if d in notation][:1]
    return out


def notation_results(name: str, options: dict[str, Any], seed: int) -> dict[str, str]:
    """What parsing each typed text gives at the decisions of a seeded random game: the
    action's notation back, or the error a player reads."""
    state = load_game(name, **options).new_initial_state(seed)
    rng = Rng(seed * 5 + 3)
    out: dict[str, str] = {}
    seen = 0
    while not state.is_terminal() and seen < 25:
        if state.is_chance_node():
            texts = [state.action_to_string(a) for a, _ in state.chance_outcomes()][:6]
            action = state.sample_chance()
        else:
            texts = [n for n, _ in state.legal_moves_text()][:30]
            action = rng.choice(state.legal_actions())
            seen += 1
        for text in [t for n in texts for t in _variants(n)] + EXTRA_INPUTS[name]:
            key = f"{len(state.history)}|{text}"
            try:
                out[key] = f"ok {state.parse_move(text)}"
            except Exception as e:  # the error's words are what the player reads
                out[key] = f"{type(e).__name__}: {e}"
        state.apply_action(action)
    return out


def check_golden_notation(name: str, path: Path) -> None:
    """Parsing typed moves (good, malformed, illegal) gives the recorded ids and errors
    (one hash per decision; a difference names the decision and today's results)."""
    results = {seed: notation_results(name, GAMES[name][0], seed) for seed in (3, 4)}
    per_ply: dict[str, dict[str, str]] = {}
    for seed, found in results.items():
        for ply_text, value in found.items():
            ply, text = ply_text.split("|", 1)
            per_ply.setdefault(f"{seed}|{ply}", {})[text] = value
    now = {key: _h(values) for key, values in per_ply.items()}
    if os.environ.get("SOLOTABLE_REGOLD") == "1":
        path.write_text(json.dumps(now, indent=0, sort_keys=True) + "\n", "utf-8")
    recorded = json.loads(path.read_text("utf-8"))
    changed = sorted(k for k in set(now) | set(recorded) if now.get(k) != recorded.get(k))
    if changed:
        shown = json.dumps(per_ply.get(changed[0], {}), ensure_ascii=False)[:2000]
        pytest.fail(f"{name}: parses changed at {changed}; now at {changed[0]}: {shown}")
