"""A tiny two-player dice race used to test the core without a real game.

Each turn a die (1-3) is rolled at a chance node; the player then ``take``s
the roll, or ``double``s it when it is a 1. First to 7 wins.
"""

from __future__ import annotations

from typing import Any

from solotable.core.errors import NotationError
from solotable.core.game import Game, GameInfo, Observation, State
from solotable.core.message import Translator
from solotable.core.options import OptionSpec
from solotable.core.players import CHANCE, TERMINAL
from solotable.core.registry import register_agent, register_game
from solotable.core.rng import Rng

TAKE, DOUBLE, SKIP = 3, 4, 5
NAMES = {0: "roll1", 1: "roll2", 2: "roll3", TAKE: "take", DOUBLE: "double", SKIP: "skip"}


@register_game
class ToyGame(Game):
    info = GameInfo(
        name="toy-race",
        title="Toy race",
        summary="a test-only dice race",
        num_players=2,
        perfect_information=True,
        has_chance=True,
        options=(
            OptionSpec("target", int, 7, "points to win", minimum=1, maximum=100),
            OptionSpec("doubling", bool, True, "allow doubling a 1"),
            OptionSpec("mode", str, "normal", "a choice", choices=("normal", "fast")),
            OptionSpec("skipping", bool, False, "allow skipping a roll"),
        ),
        presets={"short": {"target": 3}},
        package="tests",
    )

    def num_distinct_actions(self) -> int:
        return 6

    def new_initial_state(self, seed: int = 0) -> ToyState:
        return ToyState(self, Rng(seed))

    def sample_state(self, observation: Observation, player: int, rng: Rng) -> ToyState:
        s = ToyState(self, rng.spawn())
        s.points = list(observation["points"])
        s.to_move = observation["to_move"]
        s.roll = observation["roll"]
        return s

    def draw(self, observation: Observation, words: Translator) -> str:
        return f"points {observation['points']} roll {observation['roll']}"

    def best_score_key(self) -> str | None:
        return None


class ToyState(State):
    def __init__(self, game: ToyGame, rng: Rng) -> None:
        self.game = game
        self.rng = rng
        self.history = []
        self.points = [0, 0]
        self.to_move = 0
        self.roll = 0  # 0 = not rolled yet

    def current_player(self) -> int:
        if max(self.points) >= int(self.game.options["target"]):
            return TERMINAL
        return CHANCE if self.roll == 0 else self.to_move

    def legal_actions(self) -> list[int]:
        p = self.current_player()
        if p == TERMINAL:
            return []
        if p == CHANCE:
            return [0, 1, 2]
        moves = [TAKE]
        if self.roll == 1 and self.game.options["doubling"]:
            moves.append(DOUBLE)
        if self.game.options["skipping"]:
            moves.append(SKIP)
        return moves

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]

    def illegal_reason(self, action: int) -> str | None:
        if self.is_terminal():
            return "the game is over"
        if action == DOUBLE and self.roll != 1:
            return "only a roll of 1 can be doubled"
        if action not in self.legal_actions():
            return "not possible now"
        return None

    def _apply(self, action: int) -> None:
        if action < 3:
            self.roll = action + 1
            return
        if action != SKIP:
            self.points[self.to_move] += self.roll * (2 if action == DOUBLE else 1)
        self.roll = 0
        self.to_move = 1 - self.to_move

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        w = 0 if self.points[0] > self.points[1] else 1
        return [1.0 if p == w else -1.0 for p in range(2)]

    def scores(self) -> list[float]:
        return [float(x) for x in self.points]

    def outcome(self) -> str:
        return "finished" if self.is_terminal() else "in play"

    def stats(self) -> dict[str, str | float]:
        return {
            "winner": "first" if self.points[0] > self.points[1] else "second",
            "total": float(sum(self.points)),
        }

    def observation(self, player: int) -> Observation:
        return {"points": list(self.points), "to_move": self.to_move, "roll": self.roll}

    def to_dict(self) -> dict[str, Any]:
        return {
            "points": list(self.points),
            "to_move": self.to_move,
            "roll": self.roll,
            "history": list(self.history),
            "rng": self.rng.to_json(),
        }

    def clone(self) -> ToyState:
        c = ToyState(self.game, self.rng.clone())  # type: ignore[arg-type]
        c.points = list(self.points)
        c.to_move = self.to_move
        c.roll = self.roll
        c.history = list(self.history)
        return c

    def action_to_string(self, action: int) -> str:
        return NAMES[action]

    def string_to_action(self, text: str) -> int:
        t = text.strip().lower()
        for a, n in NAMES.items():
            if n == t:
                return a
        raise NotationError(text, "expected take, double or rollN")


def _first(game: Game, player: int, seed: int, params: dict[str, str]) -> Any:
    from solotable.agents.random_agent import RandomAgent

    class First(RandomAgent):
        name = "first"

        def act(self, turn: Any) -> int:
            return int(turn.legal_actions[0])

    return First(game, player, seed)


register_agent("first", _first, "always the first legal action", game="toy-race")
