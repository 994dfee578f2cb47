"""The 51st State solo game: options, data loading, registration."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, ClassVar

from solotable.core.events import Event
from solotable.core.game import Assumption, Game, GameInfo, Observation, State
from solotable.core.message import Msg, Translator
from solotable.core.options import OptionSpec
from solotable.core.registry import register_game
from solotable.core.rng import Rng
from solotable.core.scorebook import settings_key
from solotable.core.tensor import TensorOut, TensorSpec
from solotable.games.fifty_first_state.actions import Layout
from solotable.games.fifty_first_state.card_text import (
    bonus_msg,
    effect_msg,
    full_card_text,
)
from solotable.games.fifty_first_state.cards import CardSet, load_card_set, read_card_file
from solotable.games.fifty_first_state.events import fifty_first_events
from solotable.games.fifty_first_state.factions import FactionSet, load_factions
from solotable.games.fifty_first_state.goods import GOOD_NAMES, goods_of
from solotable.games.fifty_first_state.observation import observe, state_from_observation
from solotable.games.fifty_first_state.render import render
from solotable.games.fifty_first_state.rules.action_moves import MoveTables
from solotable.games.fifty_first_state.state import FiftyFirstStateState
from solotable.games.fifty_first_state.tensor import Encoder
from solotable.games.fifty_first_state.tensor_state import StateEncoder

PACKAGE = "solotable.games.fifty_first_state"
FACTION_CHOICES = ("random", "new-york", "appalachian", "mutants", "merchants")


@lru_cache(maxsize=1)
def _default_cards() -> CardSet:
    text = resources.files(PACKAGE).joinpath("data", "base_deck.json").read_text("utf-8")
    return load_card_set(json.loads(text), "base_deck.json")


@lru_cache(maxsize=1)
def _default_factions() -> FactionSet:
    text = resources.files(PACKAGE).joinpath("data", "factions.json").read_text("utf-8")
    return load_factions(json.loads(text), "factions.json")


@register_game
class FiftyFirstStateGame(Game):
    """Solo 51st State on the Master Set rules with the French solo overlay."""

    info: ClassVar[GameInfo] = GameInfo(
        name="51st-state",
        title="51st State — solo variant",
        summary="Build a post-apocalyptic state in 6 rounds against a virtual opponent deck.",
        num_players=1,
        perfect_information=False,
        has_chance=True,
        options=(
            OptionSpec(
                "faction",
                str,
                "random",
                "your faction board ('random': a chance node picks one)",
                choices=FACTION_CHOICES,
            ),
            OptionSpec(
                "cards",
                str,
                "",
                "path to another card-set JSON file (empty: the Master Set Base deck)",
                datafile=True,
                advanced=True,
            ),
        ),
        package=PACKAGE,
        default_agent="heuristic",
        # Until significant, or 12,500 units of work (≤ 1 CPU s for 9 hints in 10): a unit
        # is a rollout step, 0.07 per legal move the rule-based player weighs, 4 per
        # rollout; or 1 CPU second at most (docs/ai.md, "Hint stability").
        hint_agent="spimc:work=12500,option_cost=0.07,rollout_cost=4,cpu=1",
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        path = str(self.options["cards"])
        self.cards: CardSet = read_card_file(path) if path else _default_cards()
        self.factions: FactionSet = _default_factions()
        self.layout = Layout(self.cards, self.factions.ids())
        mask = self.cards.icon_mask
        # develop_compat[t] has bit u set when t may replace u paying brick:
        # a shared icon, or a card without icons (it matches anything).
        self.develop_compat: tuple[int, ...] = tuple(
            sum(
                1 << u
                for u in range(self.cards.n)
                if mask[t] & mask[u] or not mask[t] or not mask[u]
            )
            for t in range(self.cards.n)
        )
        self.move_tables = MoveTables(self.cards, self.layout, self.factions, self.develop_compat)
        fac = str(self.options["faction"])
        self.fixed_faction = -1 if fac == "random" else self.factions.ids().index(fac)
        self.faction_actions: tuple[tuple[tuple[dict[str, int], int, dict[str, int]], ...], ...] = (
            tuple(
                tuple(
                    (goods_of(f.action_cost[k]), f.action_card[k], goods_of(f.action_gain[k]))
                    for k in range(3)
                )
                for f in self.factions.factions
            )
        )
        """Per faction, its three actions as (cost, hand cards, gain) in the observation's
        terms (the observation copies them)."""
        self._tensor_spec: TensorSpec | None = None
        self._encoder: Encoder | None = None
        self._state_encoder: StateEncoder | None = None

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without ``move_tables``: derived from the cards, and compiled classes
        are not made by ``__new__`` alone, which pickling needs (``solotable.accel``)."""
        d = dict(self.__dict__)
        del d["move_tables"]
        return d

    def __setstate__(self, d: dict[str, Any]) -> None:
        self.__dict__.update(d)
        self.move_tables = MoveTables(self.cards, self.layout, self.factions, self.develop_compat)

    def num_distinct_actions(self) -> int:
        return self.layout.size

    def max_game_length(self) -> int:
        return 20_000

    def new_initial_state(self, seed: int = 0) -> FiftyFirstStateState:
        s = FiftyFirstStateState(self, seed)
        s._settle()
        return s

    def observation_tensor_spec(self) -> TensorSpec:
        """Sized by the card file (the ``cards`` option): see ``tensor.py``."""
        from solotable.games.fifty_first_state.tensor import build_spec

        if self._tensor_spec is None:
            self._tensor_spec = build_spec(self)
        return self._tensor_spec

    def observation_tensor(self, observation: Observation) -> list[float]:
        if self._encoder is None:
            self._encoder = Encoder(self, self.observation_tensor_spec())
        return self._encoder(observation)

    def observation_tensor_into(self, state: State, player: int, out: TensorOut) -> None:
        """Straight from the state (``tensor_state.py``), proved equal to encoding
        ``observation(player)`` by ``tests/games/fifty_first_state/test_tensor_state.py``."""
        assert isinstance(state, FiftyFirstStateState)
        if self._state_encoder is None:
            self._state_encoder = StateEncoder(self, self.observation_tensor_spec())
        self._state_encoder(state, out)

    def sample_state(self, observation: Observation, player: int, rng: Rng) -> FiftyFirstStateState:
        return state_from_observation(self, observation, rng)

    def state_from_dict(self, d: dict[str, Any]) -> FiftyFirstStateState:
        """A position from ``State.to_dict`` output (tests stage situations this way)."""
        return FiftyFirstStateState.from_dict(self, d)

    def observe(self, state: FiftyFirstStateState) -> dict[str, Any]:
        """The player's view of ``state`` (``State.observation`` asks the game, so that
        ``observation.py`` may import the state and never the reverse)."""
        return observe(state)

    def draw(self, observation: Observation, words: Translator) -> str:
        return render(self, observation, words)

    def events(self, before: Observation, after: Observation, player: int) -> list[Event]:
        """The Lookout, the opponent's reveal, Production and Cleanup (``events.py``)."""
        return fifty_first_events(self, before, after)

    def card_text(self, name: str) -> Msg | None:
        """A location or connection card by id or name, with its three uses (a message)."""
        return full_card_text(self.cards, name)

    def best_score_key(self) -> str | None:
        return settings_key(
            self.name, {"faction": self.options["faction"], "cards": self.options["cards"]}
        )

    def assumptions(self) -> list[Assumption]:
        return [*self.cards.assumptions, *self.factions.assumptions]

    def card_catalog(self) -> list[dict[str, Any]]:
        """Every card's public facts in plain values: the location cards (kind
        ``production``, ``feature`` or ``action``), then the connection cards (kind
        ``connection``) and the faction boards (kind ``faction``).

        Agents read the numbers; pages draw card faces from them and say their effects from
        the messages (``effect``, ``bonus``: ``Msg.to_json()``), so a user's card file shows
        its own cards and no page reads a card's text.
        """
        cs = self.cards
        out = [_location(cs, t) for t in range(cs.n)]
        for c in range(len(cs.conn_ids)):
            out.append(
                {
                    "id": cs.conn_ids[c],
                    "name": cs.conn_names[c],
                    "kind": "connection",
                    "deck": ("blue", "red")[cs.conn_deck[c]],
                    "copies": cs.conn_copies[c],
                    "cost": goods_of(cs.conn_cost[c]),
                    "gain": goods_of(cs.conn_gain[c]),
                }
            )
        for f in self.factions.factions:
            out.append(
                {
                    "id": f.id,
                    "name": f.name,
                    "kind": "faction",
                    "good": GOOD_NAMES[f.good],
                    "actions": [
                        {
                            "cost": goods_of(f.action_cost[k]),
                            "card": f.action_card[k],
                            "gain": goods_of(f.action_gain[k]),
                        }
                        for k in range(3)
                    ],
                }
            )
        return out


def _location(cs: CardSet, t: int) -> dict[str, Any]:
    bonus = bonus_msg(cs, t)
    return {
        "id": cs.ids[t],
        "name": cs.names[t],
        "kind": ("production", "feature", "action")[cs.kind[t]],
        "open": cs.open[t],
        "distance": cs.distance[t],
        "copies": cs.copies[t],
        "icons": list(cs.icons[t]),
        "prod_gain": goods_of(cs.prod_gain[t]),
        "per_icon": None
        if cs.effect[t] != 2
        else {"good": GOOD_NAMES[cs.per_icon[t].good], "max": cs.per_icon[t].max},
        "act_cost": goods_of(cs.act_cost[t]),
        "act_any": cs.act_any[t],
        "act_deal": cs.act_deal[t],
        "act_gain": goods_of(cs.act_gain[t]),
        "act_choice": cs.act_choice[t],
        "act_uses": cs.act_uses[t],
        "bonus_gain": goods_of(cs.bonus_gain[t]),
        "bonus_store": goods_of(cs.bonus_store[t]),
        "bonus_vp_per_icon": cs.bonus_vpi[t] is not None,
        "deal": goods_of(cs.deal[t]),
        "raze": goods_of(cs.raze[t]),
        "lookout_reroll": cs.deal_reroll[t] or cs.built_reroll[t],
        "deal_reroll": cs.deal_reroll[t],
        "built_reroll": cs.built_reroll[t],
        "solo_changed": bool(cs.solo_note[t]),
        "effect": effect_msg(cs, t).to_json(),
        "bonus": None if bonus is None else bonus.to_json(),
    }
