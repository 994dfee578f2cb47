"""A rule-based player for solo 51st State.

It reads only the observation, the move notation and the game's public card
catalogue, values every card by what it brings over the rounds left, and
follows a priority list: score VP with action locations, build, develop,
make deals, get the contacts a good card in hand lacks, raze for spoils, and
turn idle workers into cards. Contact-producing cards are valued as engines,
spare red contacts raze cards rather than vanish, and the last round develops
over spent locations for the VP (measured: +4.5 points a game, docs/agents.md).
Goods vanish at Cleanup, so they are worth little in themselves: only what
they turn into counts.
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from solotable.agents._per_game import per_game
from solotable.core.agent import Agent, Turn, agent_params
from solotable.core.game import Game
from solotable.core.registry import register_agent
from solotable.core.rng import Rng

GAME = "51st-state"
ROUNDS = 6
PERMANENT = {"vp": 1.0, "card": 0.55}
TRANSIENT = 0.3
"""Rough worth of one good, worker or contact during the round it is held."""
BASIC = ("fuel", "gun", "iron", "brick")


CONTACTS = ("grey", "universal", "blue", "red")


def _gain_value(
    vec: dict[str, int], transient: float = TRANSIENT, contact: float | None = None
) -> float:
    """VP-like worth of goods; ``contact`` (when given) prices grey and universal
    contacts, and blue and red at 60% of it: contacts are what turn cards into VP."""
    total = 0.0
    for g, n in vec.items():
        if contact is not None and g in CONTACTS:
            total += (contact if g in ("grey", "universal") else 0.6 * contact) * n
        else:
            total += PERMANENT.get(g, transient) * n
    return total


class _Tables:
    """A game's location cards by id and the notation of its moves, read once per game
    object (``agents._per_game``): the hint makes a new agent for every rollout, and
    building the catalog (every card's messages) took three fifths of a late-game hint's
    time. The agents only read the cards."""

    def __init__(self, game: Game) -> None:
        catalog = getattr(game, "card_catalog", None)
        if catalog is None:
            raise TypeError("the heuristic agent needs the 51st-state game")
        kinds = ("production", "feature", "action")
        self.cards: dict[str, dict[str, Any]] = {
            c["id"]: c for c in catalog() if c["kind"] in kinds
        }
        self.notation: dict[int, str] = {}
        """51st State writes an action id from the game's move tables alone (``state.L``),
        whatever the state, so one sampled state per new id serves every agent."""


_TABLES: WeakKeyDictionary[Game, _Tables] = WeakKeyDictionary()


class FiftyFirstStateHeuristic(Agent):
    """Greedy priorities over card values; never looks at the true state."""

    name = "heuristic"

    def __init__(
        self,
        game: Game,
        player: int,
        seed: int = 0,
        keep_threshold: float = 2.0,
        raze_any: bool = True,
        engine: float | None = 1.5,
        dev_late: bool = True,
    ):
        super().__init__(game, player, seed)
        self.rng = Rng(seed)
        shared = per_game(_TABLES, game, _Tables)
        self.cards: dict[str, dict[str, Any]] = shared.cards
        self.keep_threshold = keep_threshold
        self.raze_any = raze_any
        """Raze any card for its spoils when nothing better is left: red contacts vanish
        at Cleanup (measured: ~4 wasted a game), spoils often include VP or cards."""
        self.engine = engine
        """Worth of one contact a production card yields each round (None: as a good).
        Contacts are what turn cards into locations, so contact engines (Sharrash,
        Construction Vehicles) priced like goods were never built (+2 points measured)."""
        self.dev_late = dev_late
        """In the last round, develop over spent locations for the VP alone."""
        self._notation = shared.notation

    # ----------------------------------------------------------- helpers
    def _names(self, turn: Turn) -> dict[int, str]:
        missing = [a for a in turn.legal_actions if a not in self._notation]
        if missing:
            state = self.game.sample_state(turn.observation, self.player, self.rng)
            for a in missing:
                self._notation[a] = state.action_to_string(a)
        return {a: self._notation[a] for a in turn.legal_actions}

    def card_value(self, cid: str, obs: dict[str, Any]) -> float:
        """Best of building, dealing or razing the card, in VP-like units."""
        return max(self.build_value(cid, obs), self.deal_value(cid, obs), self.raze_value(cid))

    def build_value(self, cid: str, obs: dict[str, Any]) -> float:
        c = self.cards[cid]
        left = ROUNDS - obs["round"]
        v = 1.0 + _gain_value(c["bonus_gain"]) + 0.35 * sum(c["bonus_store"].values())
        icons = set(c["icons"])
        if c["bonus_vp_per_icon"]:
            same = sum(
                1 for loc in obs["locations"] if icons & set(self.cards[loc["card"]]["icons"])
            )
            v += min(5, same + 1) * 0.8
        if c["kind"] == "production":
            per = _gain_value(c["prod_gain"], 0.4, self.engine)
            if c["per_icon"]:
                same = sum(
                    1 for loc in obs["locations"] if icons & set(self.cards[loc["card"]]["icons"])
                )
                per = 0.4 * min(c["per_icon"]["max"], same + 1)
            v += per * (left + 1)
        elif c["kind"] == "action":
            net = _gain_value(c["act_gain"]) + 0.3 * c["act_choice"]
            v += 0.5 * net * c["act_uses"] * (left + 0.5)
        elif not c["bonus_gain"] and not c["bonus_store"] and not c["bonus_vp_per_icon"]:
            v += 0.25 * left
        return float(v)

    def deal_value(self, cid: str, obs: dict[str, Any]) -> float:
        left: int = ROUNDS - obs["round"]
        per = _gain_value(self.cards[cid]["deal"], 0.35)
        reroll = 0.8 * left if self.cards[cid]["lookout_reroll"] else 0.0
        return per * (left + 1) + reroll

    def raze_value(self, cid: str) -> float:
        return _gain_value(self.cards[cid]["raze"], 0.25)

    # ------------------------------------------------------------- policy
    def act(self, turn: Turn) -> int:
        legal = turn.legal_actions
        if len(legal) == 1:
            return legal[0]
        names = self._names(turn)
        by_name = {v: k for k, v in names.items()}
        obs = turn.observation
        if "keep" in by_name:
            card = obs["pending_card"]
            keep = self.card_value(card, obs) >= self.keep_threshold
            return by_name["keep" if keep else "refuse"]
        if "done" in by_name:
            stores = [n for n in by_name if n.startswith("store")]
            return by_name[stores[0]] if stores else by_name["done"]
        return by_name[self.choose(obs, list(by_name))]

    def choose(self, obs: dict[str, Any], moves: list[str]) -> str:
        hand = obs["hand"]
        best: tuple[float, str] = (0.0, "pass")

        def consider(score: float, move: str) -> None:
            nonlocal best
            if score > best[0]:
                best = (score, move)

        loc_value = {
            loc["card"]: self.build_value(loc["card"], obs) - 1 for loc in obs["locations"]
        }
        for m in moves:
            parts = m.split()
            verb = parts[0]
            if verb == "use":
                c = self.cards[parts[1]]
                gain = c["act_gain"]
                if "vp" in gain:
                    consider(10 + gain["vp"], m)
                elif "card" in gain:
                    consider(4, m)
                elif c["act_choice"] and self._needs_basic(obs, parts[2]):
                    consider(3.5, m)
                elif any(k in gain for k in ("grey", "blue", "red", "universal")):
                    if self._contacts_help(obs, gain):
                        consider(6, m)
                elif gain and self._useful_goods(obs, gain):
                    consider(3, m)
            elif verb == "build":
                consider(7 + self.build_value(parts[1], obs), m)
            elif verb == "develop":
                gain = 1 + self.build_value(parts[1], obs) - 1 - loc_value.get(parts[3], 0)
                if gain > 1.2:
                    consider(6.5 + gain, m)
                elif self.dev_late and obs["round"] == ROUNDS and self._spent(obs, parts[3]):
                    # The last round: a spent location is worth nothing more; the VP is.
                    consider(6.0, m)
            elif verb == "deal":
                v = self.deal_value(parts[1], obs)
                if v >= max(1.5, self.build_value(parts[1], obs) * 0.8) or obs["round"] >= 5:
                    consider(7 + v, m)
            elif verb in ("faction", "play") or (
                verb == "opp" and self._opp_gives_contacts(parts[1])
            ):
                gain = self._move_contacts(obs, m)
                if gain and self._contacts_help(obs, gain):
                    consider(6, m)
                elif verb == "opp":
                    consider(2, m)
            elif verb == "opp":
                consider(
                    2.5 if self._useful_goods(obs, self.cards[parts[1]]["prod_gain"]) else 1.2, m
                )
            elif verb == "raze":
                v = self.raze_value(parts[1])
                keep = max(self.build_value(parts[1], obs), self.deal_value(parts[1], obs))
                if obs["round"] == ROUNDS or keep < 2 or hand.get(parts[1], 0) > 1:
                    consider(1.5 + v, m)
                elif self.raze_any:
                    consider(0.5 + v, m)
            elif verb == "work":
                if parts[1] == "card":
                    consider(1.0, m)
                elif self._needs_basic(obs, parts[1]):
                    consider(3.2, m)
            elif verb == "take":
                consider(1.1, m)
        return best[1]

    def _spent(self, obs: dict[str, Any], cid: str) -> bool:
        """The location ``cid`` has nothing left to give this game (no action use left)."""
        for loc in obs["locations"]:
            if loc["card"] == cid:
                return bool(self.cards[cid]["kind"] != "action" or loc["uses_left"] <= 0)
        return False

    def _opp_gives_contacts(self, cid: str) -> bool:
        return any(k in self.cards[cid]["prod_gain"] for k in ("grey", "blue", "red", "universal"))

    def _move_contacts(self, obs: dict[str, Any], move: str) -> dict[str, int]:
        parts = move.split()
        if parts[0] == "opp":
            return dict(self.cards[parts[1]]["prod_gain"])
        if parts[0] == "play":
            return {
                "merchants": {"blue": 2},
                "junk-train": {"blue": 3},
                "punks": {"red": 2},
                "thugs": {"red": 3},
            }.get(parts[1], {})
        k = int(parts[1]) - 1
        return dict(obs["faction_actions"][k]["gain"])

    def _contacts_help(self, obs: dict[str, Any], gain: dict[str, int]) -> bool:
        """True when the gained contacts let a worthwhile hand card be built/dealt/razed."""
        g = obs["goods"]
        univ = g["universal"] + gain.get("universal", 0)
        for cid in obs["hand"]:
            if cid not in self.cards:
                continue
            d = self.cards[cid]["distance"]
            for colour, value in (
                ("grey", self.build_value(cid, obs)),
                ("blue", self.deal_value(cid, obs) if obs["round"] < ROUNDS else 0.0),
                ("red", self.raze_value(cid)),
            ):
                have = g[colour] + g["universal"]
                after = g[colour] + gain.get(colour, 0) + univ
                if have < d <= after and value >= 1.5:
                    return True
        return False

    def _needs_basic(self, obs: dict[str, Any], good: str) -> bool:
        """A VP action location with uses left lacks this good."""
        g = obs["goods"]
        for loc in obs["locations"]:
            if loc["uses_left"] <= 0:
                continue
            c = self.cards[loc["card"]]
            if "vp" not in c["act_gain"]:
                continue
            need = c["act_cost"].get(good, 0)
            if need and g[good] + g["ammo"] < need:
                return True
        return False

    def _useful_goods(self, obs: dict[str, Any], gain: dict[str, int]) -> bool:
        if "card" in gain or "vp" in gain:
            return True
        return any(self._needs_basic(obs, good) for good in gain if good in BASIC)


def _factory(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
    p = agent_params(
        "heuristic",
        params,
        {"keep": 2.0, "raze_any": 1, "engine": 1.5, "dev_late": 1},
    )
    return FiftyFirstStateHeuristic(
        game,
        player,
        seed,
        keep_threshold=float(p["keep"]),
        raze_any=bool(int(p["raze_any"])),
        engine=float(p["engine"]) or None,
        dev_late=bool(int(p["dev_late"])),
    )


register_agent(
    "heuristic",
    _factory,
    "rule-based: scores VP, builds the best cards, deals, develops, fetches missing contacts",
    game=GAME,
)
