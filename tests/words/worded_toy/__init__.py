"""A test-only game with every word in the catalog, to check the web table's frame alone.

The four real games get their words from their own helpers; the lobby, the rules page and
the table's frame must pass the pseudo-locale and page scans on their own, so this game (the
toy dice race, two seats, options of every kind, an advanced option, presets that repeat the
defaults or each other) says everything through ``solotable.words``: its formatter is
``tests.words.worded_toy.words``, registered only while a test uses the ``worded`` fixture.
"""

from __future__ import annotations

from typing import Any

from solotable.core.game import ActionInfo, GameInfo, Observation
from solotable.core.message import Msg, Translator, msg
from solotable.core.options import OptionSpec
from tests.toy_game import DOUBLE, SKIP, TAKE, ToyGame, ToyState

NAME = "worded-toy"
KINDS = {TAKE: "take", DOUBLE: "double", SKIP: "skip"}


class WordedToy(ToyGame):
    info = GameInfo(
        name=NAME,
        title="Worded toy",
        summary="a test-only dice race whose words all come from the catalog",
        num_players=2,
        perfect_information=True,
        has_chance=True,
        options=(
            OptionSpec("target", int, 7, "points to win", minimum=1, maximum=100),
            OptionSpec("doubling", bool, True, "allow doubling a 1"),
            OptionSpec("mode", str, "normal", "a choice", choices=("normal", "fast")),
            OptionSpec("skipping", bool, False, "allow skipping a roll"),
            OptionSpec(
                "tie_rule",
                str,
                "shared",
                "a convention",
                choices=("shared", "first"),
                advanced=True,
            ),
        ),
        presets={
            "standard": {"target": 7},
            "short": {"target": 3},
            "quick": {"target": 3},
            "long": {"target": 12},
        },
        package="tests.words.worded_toy",
        default_agent="random",
        hint_agent="random",
        ai_levels=("random",),
    )

    def new_initial_state(self, seed: int = 0) -> WordedState:
        from solotable.core.rng import Rng

        return WordedState(self, Rng(seed))

    def sample_state(self, observation: Observation, player: int, rng: Any) -> WordedState:
        s = WordedState(self, rng.spawn())
        s.points = list(observation["points"])
        s.to_move = observation["to_move"]
        s.roll = observation["roll"]
        return s

    def draw(self, observation: Observation, words: Translator) -> str:
        return words._(
            "points: %(a)s to %(b)s; roll: %(roll)s",
            a=observation["points"][0],
            b=observation["points"][1],
            roll=observation["roll"],
        )

    def best_score_key(self) -> str | None:
        return None


class WordedState(ToyState):
    def action_info(self, action: int) -> ActionInfo:
        notation = self.action_to_string(action)
        if action < TAKE:
            return ActionInfo(action, notation, "roll", {"n": action + 1}, owner=NAME)
        return ActionInfo(action, notation, KINDS[action], {"roll": self.roll}, owner=NAME)

    def outcome(self) -> Msg:
        return msg(f"{NAME}.outcome", points=list(self.points))

    def clone(self) -> WordedState:
        c = WordedState(self.game, self.rng.clone())  # type: ignore[arg-type]
        c.points = list(self.points)
        c.to_move = self.to_move
        c.roll = self.roll
        c.history = list(self.history)
        return c
