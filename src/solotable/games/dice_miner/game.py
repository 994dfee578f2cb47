"""Dice Miner (Atlas Games), solo mode: the Game class and its options.

The dice table is loaded once per Game (built-in ``data/dice.json`` or the
file named by the ``dice`` option) and turned into per-code lookup tuples so
that states only do integer arithmetic.
"""

from __future__ import annotations

from typing import Any

from solotable.core.errors import OptionError
from solotable.core.events import Event
from solotable.core.game import Assumption, Game, GameInfo, Observation, parse_assumptions
from solotable.core.message import Msg, Translator, msg
from solotable.core.options import OptionSpec
from solotable.core.registry import register_game
from solotable.core.rng import Rng
from solotable.core.scorebook import settings_key
from solotable.core.tensor import TensorSpec
from solotable.games.dice_miner.actions import Layout
from solotable.games.dice_miner.dice import (
    FACES_PER_DIE,
    MAGIC,
    NTYPES,
    DiceTable,
    load_dice_file,
    parse_dice,
)
from solotable.games.dice_miner.die_text import die_text
from solotable.games.dice_miner.events import dice_miner_events
from solotable.games.dice_miner.observation import observe, sample_state
from solotable.games.dice_miner.render import render
from solotable.games.dice_miner.rules.beer_and_hiding import joker_faces
from solotable.games.dice_miner.rules.mountain import Mountain, check_rows, parse_rows
from solotable.games.dice_miner.rules.scoring import Ratings, parse_ratings
from solotable.games.dice_miner.rules.selection import Need, selection_need
from solotable.games.dice_miner.state import DiceMinerState

F = FACES_PER_DIE


@register_game
class DiceMinerGame(Game):
    info = GameInfo(
        name="dice-miner",
        title="Dice Miner (solo)",
        summary="Dig dice out of a mountain: neutralise dangers, hide gems, complete tunnels.",
        num_players=1,
        perfect_information=False,
        has_chance=True,
        options=(
            OptionSpec(
                "magic_dice",
                int,
                3,
                "starting Magic dice (fewer is harder)",
                minimum=0,
                maximum=10,
            ),
            OptionSpec(
                "rows",
                str,
                "6-5-4-3-2",
                "mountain row sizes, bottom row first, each row shorter than the one below",
                check=check_rows,
                advanced=True,
            ),
            OptionSpec(
                "refills", int, 2, "mountain refills allowed per game", minimum=0, maximum=10
            ),
            OptionSpec(
                "dice",
                str,
                "",
                "path to a dice JSON file (empty: the built-in table, data/dice.json)",
                datafile=True,
                advanced=True,
            ),
        ),
        presets={  # in difficulty order; the defaults (three Magic dice) need no preset
            "hard": {"magic_dice": 2},
            "harder": {"magic_dice": 1},
            "hardest": {"magic_dice": 0},
        },
        package="solotable.games.dice_miner",
        default_agent="heuristic",
        # Until significant, or 20,000 rollout steps (a third of a CPU second on average),
        # or 1 CPU second at most (docs/ai.md, "Hint stability").
        hint_agent="spimc:work=20000,cpu=1",
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        path = str(self.options["dice"])
        self.table: DiceTable = (
            load_dice_file(path) if path else parse_dice(self.load_data("dice.json"), "dice.json")
        )
        self.ratings: Ratings = parse_ratings(self.load_data("ratings.json"), "ratings.json")
        self.solo_assumptions: tuple[Assumption, ...] = tuple(
            parse_assumptions(self.load_data("solo.json")["assumptions"], "solo.json")
        )
        """Read at construction so that a bad confidence value fails here, not in ``rules``."""
        magic = int(self.options["magic_dice"])
        if magic > self.table.counts[MAGIC]:
            raise OptionError(
                msg(
                    "dice-miner.option.magic-dice",
                    n=magic,
                    source=self.table.source,
                    count=self.table.counts[MAGIC],
                )
            )
        self.mtn = Mountain.build(parse_rows(str(self.options["rows"])))
        self.layout = Layout.build(self.mtn.size)
        table = self.table
        self.magic_kinds: tuple[int, ...] = tuple(
            k for k in range(len(table.kinds[MAGIC])) if k != table.beer_kind[MAGIC]
        )
        codes = range(NTYPES * F)
        self.need: tuple[Need, ...] = tuple(selection_need(table, c) for c in codes)
        """The selection rule each face code falls under (``rules.selection.selectable``)."""
        self.options_of: tuple[tuple[int, ...], ...] = tuple(joker_faces(table, c) for c in codes)
        """The faces a die showing code ``c`` may be taken as (several for beer)."""
        self.face_odds: tuple[tuple[tuple[int, float], ...], ...] = tuple(
            tuple((t * F + k, w / F) for k, w in enumerate(table.weights[t])) for t in range(NTYPES)
        )

        self.odds_cache: dict[tuple[int, ...], list[tuple[int, float]]] = {}
        """Fill-draw outcomes by bag contents: they depend on nothing else."""
        self._tensor_spec: TensorSpec | None = None
        self._catalog: list[dict[str, Any]] | None = None

    def num_distinct_actions(self) -> int:
        return self.layout.size

    def max_game_length(self) -> int:
        fills = self.mtn.size * (int(self.options["refills"]) + 1)
        return 3 * fills + 3 * self.table.total + 20

    def new_initial_state(self, seed: int = 0) -> DiceMinerState:
        return DiceMinerState(self, seed)

    def observation_tensor_spec(self) -> TensorSpec:
        """Sized by the mountain (the ``rows`` option): see ``tensor.py``."""
        from solotable.games.dice_miner.tensor import build_spec

        if self._tensor_spec is None:
            self._tensor_spec = build_spec(self.mtn.size)
        return self._tensor_spec

    def observation_tensor(self, observation: Observation) -> list[float]:
        from solotable.games.dice_miner.tensor import encode

        return encode(self, self.observation_tensor_spec(), observation)

    def sample_state(self, observation: Observation, player: int, rng: Rng) -> DiceMinerState:
        """Everything is on the table; only the sampled state's RNG is new."""
        return sample_state(self, observation, rng)

    def observe(self, state: DiceMinerState) -> Observation:
        """The player's view of ``state`` (``observation.py``; the state asks through here
        so that it never imports the module that imports it)."""
        return observe(state)

    def draw(self, observation: Observation, words: Translator) -> str:
        return render(observation, words, self.card_catalog())

    def events(self, before: Observation, after: Observation, player: int) -> list[Event]:
        """Beer faces, fills and refills, and the end reason (``events.py``)."""
        return dice_miner_events(self.table, before, after, int(self.options["refills"]))

    def card_text(self, name: str) -> Msg | None:
        """A die type (``tunnel``, ``danger``) or a face (``dragon4``) from the dice table."""
        return die_text(self.table, name)

    def card_catalog(self) -> list[dict[str, Any]]:
        """Every die face of this dice table and every rating band, as plain values.

        Faces (``kind: "face"``) are what the observation's face codes stand for: ``id``
        (``tunnel n3``), ``code``, ``type``, ``name`` (the face's label, ``n3``), ``symbols``
        (``[[symbol, count], …]``), ``beer`` and ``weight`` (faces of the die showing it).
        Bands (``kind: "band"``): ``id``, ``name`` and ``text`` (terms of ``ratings.json``),
        ``min`` and ``max``. Front ends draw dice and say the rating from this, never from
        a label's letters.
        """
        if self._catalog is None:
            table = self.table
            faces = [
                {
                    **table.die(t * F + k),
                    "kind": "face",
                    "id": table.die_text(t * F + k),
                    "name": table.labels[t * F + k],
                    "beer": k == table.beer_kind[t],
                    "weight": table.weights[t][k],
                }
                for t in range(NTYPES)
                for k in range(len(table.kinds[t]))
            ]
            bands = [
                {
                    "kind": "band",
                    "id": f"band:{b.name}",
                    "name": b.name,
                    "text": b.text,
                    "min": b.low,
                    "max": b.high,
                }
                for b in self.ratings.bands
            ]
            self._catalog = faces + bands
        return [dict(entry) for entry in self._catalog]

    def best_score_key(self) -> str:
        """Scores compare only with the same magic dice, mountain, refills and dice table."""
        return settings_key(
            self.name,
            {
                "magic_dice": self.options["magic_dice"],
                "rows": self.options["rows"],
                "refills": self.options["refills"],
                "dice": "builtin" if not self.options["dice"] else f"sha:{self.table.digest}",
            },
        )

    def assumptions(self) -> list[Assumption]:
        return [*self.table.assumptions, *self.ratings.assumptions, *self.solo_assumptions]
