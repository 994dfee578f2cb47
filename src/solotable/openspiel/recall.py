"""Perfect-recall information states: everything a player has seen, in order.

OpenSpiel's information state is the player's whole experience, not only the current view:
two positions that look the same now but were reached through different sights are different
information states. Here it is built from the player's own observations (never the true
state), one per action of the game, with the player's own decisions between them:

- the **string** is the first observation as JSON, then one line per action: ``you <move>``
  for the player's own decision, ``chance`` for a chance outcome (its value is not written:
  the player learns only what the next observation shows), ``p<q> <move>`` for another
  player's move in a game of perfect information (``p<q>`` alone otherwise), each followed by
  ``|`` and what changed in the observation, as JSON: per changed key, ``["=", value]`` (a new
  value), ``["+", items]`` (items appended to a list), ``["~", {…}]`` (the same, one level
  down in a dictionary) or ``["x"]`` (the key is gone). Replaying the changes rebuilds every
  observation the player saw (:func:`observations_from_string` does, and the tests rely on it);
- the **tensor** has one row per action (and one for the start), up to
  :func:`recall_plies` rows: the game's observation tensor after it, who acted (start,
  chance, the player, another player) and, for the player's own decisions, the action id in
  binary. Rows after the game's current length are zero.

Observations are recorded lazily: a state keeps a :class:`Trail` up to some action and, when
an information state is asked for, replays the newer actions on a copy of the last recorded
position. So rollouts that never ask (MCTS playouts) pay nothing for it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from solotable.core.game import Game, Observation, State
from solotable.core.players import CHANCE

START, CHANCE_MOVE, OWN_MOVE, OTHER_MOVE = range(4)
"""Who acted in a row of the information-state tensor (its ``actors`` one-hot)."""

RECALL_PLIES: dict[str, int] = {"mini-divercity": 500, "51st-state": 600}
"""Rows of the information-state tensor where the game's own bound is far too loose.

Measured with ``bench/episode_lengths.py`` (1,000 games each, random and rule-based play):
the longest Mini DiverCity game had 170 actions (chance included), the longest 51st State
game 211; both games declare 20,000 as a safe bound. Dice Miner (380 with the default
mountain) and Divercité (41) use their exact bound. A longer game still has its
information-state string; its tensor raises (:class:`RecallOverflow`).
"""


class RecallOverflow(ValueError):
    """The game is longer than the information-state tensor's rows."""


def recall_plies(game: Game) -> int:
    """How many actions the information-state tensor can hold for ``game``."""
    bound = game.max_game_length()
    return min(bound, RECALL_PLIES.get(game.name, bound))


def action_bits(game: Game) -> int:
    """Bits needed to write any action id of ``game`` in binary."""
    return max(1, (game.num_distinct_actions() - 1).bit_length())


@dataclass(frozen=True, slots=True)
class Entry:
    """One step of a player's experience: who acted, the player's own action (else -1), what
    the player then saw and the line of the information-state string."""

    kind: int
    action: int
    observation: Observation
    line: str


def _delta(before: dict[str, Any], after: dict[str, Any]) -> dict[str, list[Any]]:
    """What turns ``before`` into ``after`` (the string's change notation), keys sorted."""
    out: dict[str, list[Any]] = {}
    for key, new in after.items():
        if key not in before:
            out[key] = ["=", new]
            continue
        old = before[key]
        if old == new:
            continue
        if isinstance(old, dict) and isinstance(new, dict):
            out[key] = ["~", _delta(old, new)]
        elif isinstance(old, list) and isinstance(new, list) and new[: len(old)] == old:
            out[key] = ["+", new[len(old) :]]
        else:
            out[key] = ["=", new]
    for key in before:
        if key not in after:
            out[key] = ["x"]
    return out


def _patch(value: dict[str, Any], delta: dict[str, list[Any]]) -> dict[str, Any]:
    """``value`` with ``delta`` applied (the inverse of :func:`_delta`)."""
    out = dict(value)
    for key, change in delta.items():
        if change[0] == "=":
            out[key] = change[1]
        elif change[0] == "+":
            out[key] = [*out[key], *change[1]]
        elif change[0] == "~":
            out[key] = _patch(out[key], change[1])
        else:
            del out[key]
    return out


def _diff(before: Observation, after: Observation) -> str:
    return json.dumps(_delta(before, after), sort_keys=True, ensure_ascii=False)


@dataclass(frozen=True)
class Trail:
    """Every player's experience up to action ``upto`` of the inner state's history.

    ``mark`` is the inner state at that action; it is never changed (extending the trail
    replays on a clone), so clones of a state share their trail. ``seen[p]`` is None for a
    player whose experience is unknown (another player's, in a resampled state).
    """

    upto: int
    mark: State
    seen: tuple[tuple[Entry, ...] | None, ...]
    _text: dict[int, str] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def start(cls, state: State) -> Trail:
        """The trail of a state nobody has seen anything of yet but its present."""
        seen = []
        for p in range(state.game.num_players()):
            obs = state.observation(p)
            line = json.dumps(obs, sort_keys=True, ensure_ascii=False)
            seen.append((Entry(START, -1, obs, line),))
        return cls(len(state.history), state.clone(), tuple(seen))

    def extend(self, state: State) -> Trail:
        """This trail carried up to ``state`` (which must continue the marked position)."""
        if len(state.history) == self.upto:
            return self
        mark = self.mark.clone()
        grown: list[list[Entry] | None] = [None if s is None else list(s) for s in self.seen]
        perfect = mark.game.info.perfect_information
        for action in state.history[self.upto :]:
            actor = mark.current_player()
            notation = mark.action_to_string(action) if actor != CHANCE else ""
            mark.apply_legal_action(action)
            for p, entries in enumerate(grown):
                if entries is None:
                    continue
                obs = mark.observation(p)
                if actor == CHANCE:
                    kind, mine, who = CHANCE_MOVE, -1, "chance"
                elif actor == p:
                    kind, mine, who = OWN_MOVE, action, f"you {notation}"
                else:
                    kind, mine = OTHER_MOVE, -1
                    who = f"p{actor} {notation}" if perfect else f"p{actor}"
                line = f"{who}|{_diff(entries[-1].observation, obs)}"
                entries.append(Entry(kind, mine, obs, line))
        seen = tuple(None if e is None else tuple(e) for e in grown)
        return Trail(len(state.history), mark, seen)

    def entries(self, player: int) -> tuple[Entry, ...]:
        found = self.seen[player]
        if found is None:
            raise ValueError(
                f"player {player}'s information state is unknown here: this state was "
                "resampled from another player's information state"
            )
        return found

    def string(self, player: int) -> str:
        """The information-state string (cached: trails never change)."""
        text = self._text.get(player)
        if text is None:
            text = "\n".join(e.line for e in self.entries(player))
            self._text[player] = text
        return text


def observations_from_string(text: str) -> list[tuple[str, Observation]]:
    """``(who, observation)`` per line of an information-state string: the observations the
    player saw, rebuilt from the first one and the changes (``who`` is ``start`` first)."""
    lines = text.split("\n")
    current: Observation = json.loads(lines[0])
    out: list[tuple[str, Observation]] = [("start", current)]
    for line in lines[1:]:
        who, _, change = line.partition("|")
        current = _patch(current, json.loads(change))
        out.append((who, current))
    return out


class RecallLayout:
    """The information-state tensor's layout for one game: rows of observation, actor and
    action bits (three named blocks, as OpenSpiel observers expose them)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rows = recall_plies(game) + 1
        self.width = game.observation_tensor_spec().size
        self.bits = action_bits(game)
        self.shapes: dict[str, tuple[int, int]] = {
            "observations": (self.rows, self.width),
            "actors": (self.rows, 4),
            "actions": (self.rows, self.bits),
        }
        self.size = sum(r * c for r, c in self.shapes.values())

    def views(self, tensor: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """Named views of the flat ``tensor`` (no copy)."""
        out, at = {}, 0
        for name, (r, c) in self.shapes.items():
            out[name] = tensor[at : at + r * c].reshape(r, c)
            at += r * c
        return out

    def fill(self, tensor: npt.NDArray[np.float32], entries: tuple[Entry, ...]) -> None:
        """Write ``entries`` into ``tensor`` (zeros after the last one)."""
        if len(entries) > self.rows:
            raise RecallOverflow(
                f"{self.game.name}: this game has {len(entries) - 1} actions, more than the "
                f"{self.rows - 1} rows of its information-state tensor "
                "(the information-state string has no limit)"
            )
        tensor.fill(0.0)
        views = self.views(tensor)
        weights = 1 << np.arange(self.bits)
        for i, entry in enumerate(entries):
            views["observations"][i] = self.game.observation_tensor(entry.observation)
            views["actors"][i, entry.kind] = 1.0
            if entry.action >= 0:
                views["actions"][i] = (entry.action & weights) > 0
