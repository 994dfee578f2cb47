"""A rule-based Mini DiverCity player that decides from the observation only.

It values each species by what one step up is worth now (saving a green
species most, rescuing a red one when eliminations are close), protects the
Islands once four are Hotels, spends Oil Platforms on dead or cheap cards, and
uses Divers when they pay for themselves. Moves are read through the public
notation (``action_to_string`` is context-free), the position through the
observation's structured fields (``discards_seen``, ``copies_per_species``) and
the Corporation cards through the game's card catalog (static facts), so no game
internals or English text are parsed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from solotable.agents.mini_divercity.weights import HAND_SET, INT_KEYS, load_weights, merged
from solotable.core.agent import Agent, Turn, agent_params
from solotable.core.errors import UnknownNameError
from solotable.core.game import Game
from solotable.core.registry import register_agent
from solotable.core.untrusted import shorten

HIDDEN = "?"
OCEAN = ("o1", "o2", "o3")
LAGOON = ("l1", "l2")
_RANK = {"green": 3, "blue": 2, "red": 1}


def _corporation_cards(game: Game) -> dict[str, dict[str, Any]]:
    """Per Corporation card type: how many Oil and Dynamite events it has and the colours
    its Hotels events name (from ``Game.card_catalog``)."""
    out: dict[str, dict[str, Any]] = {}
    for card in game.card_catalog():
        if card.get("type") != "corporation":
            continue
        events = card["events"]
        out[card["id"]] = {
            "copies": int(card.get("copies", 1)),
            "oil": sum(1 for e in events if e["event"] == "oil"),
            "dynamite": sum(1 for e in events if e["event"] == "dynamite"),
            "hotels": [c for e in events if e["event"] == "hotels" for c in e["colours"]],
        }
    return out


class MiniDiverCityHeuristic(Agent):
    """Greedy player whose values are weights (``weights``): by default the
    tuned data file; ``weights=HAND_SET`` is the player as it was before tuning."""

    name = "heuristic"

    def __init__(
        self,
        game: Game,
        player: int,
        seed: int = 0,
        weights: Mapping[str, float] | None = None,
    ) -> None:
        super().__init__(game, player, seed)
        w = dict(load_weights() if weights is None else weights)
        self.w = w
        self._cache: tuple[object, set[str]] = (None, set())
        self.blind = w["blind"]
        self.extra = int(w["extra"])
        self.rescue = int(w["rescue"])
        self.quick = w["quick"]
        self._notation = game.new_initial_state(0)
        self.close_at = int(w["close_at"])
        self._cards: dict[str, Any] = _corporation_cards(game)
        self._hotel_sets = [frozenset(c["hotels"]) for c in self._cards.values()]

    # ------------------------------------------------------------ values
    def _targets(self, obs: dict[str, Any]) -> set[str]:
        """The species worth saving: the most advanced in-play ones, one spare."""
        if self._cache[0] is not obs:
            alive = [s for s, v in obs["scale"].items() if v in _RANK]
            held = [c for c in obs["hand"].values() if c]

            copies = obs["copies_per_species"]
            w = self.w
            discarded = obs["discards_seen"]["species"]

            def promise(sp: str) -> tuple[int, int]:
                rank = _RANK[obs["scale"][sp]]
                spare = copies - discarded[sp] - (4 - rank)
                worth = (
                    w["promise_rank"] * rank
                    + w["promise_spare"] * min(spare, 2)
                    + w["promise_enough"] * (spare >= 0)
                )
                return (-worth, -held.count(sp))

            alive.sort(key=promise)
            need = obs["goal"]["save"] - obs["saved"]
            self._cache = (obs, set(alive[: need + self.extra]))
        return self._cache[1]

    def _spare_eliminations(self, obs: dict[str, Any]) -> int:
        return int(obs["goal"]["eliminated_limit"] - obs["eliminated"] - 1)

    def _step_value(self, obs: dict[str, Any], sp: str) -> float:
        """Worth of moving ``sp`` one step toward safety now."""
        state = obs["scale"][sp]
        if state in ("saved", "eliminated"):
            return 0.0
        w = self.w
        if state == "red" and self._spare_eliminations(obs) <= self.rescue:
            return w["v_rescue"]
        if sp not in self._targets(obs):
            return w["v_other"]
        return w["v_" + state]

    def _harm_cost(self, obs: dict[str, Any], sp: str) -> float:
        """Cost of ``sp`` moving one step toward extinction."""
        state = obs["scale"][sp]
        if state in ("saved", "eliminated"):
            return 0.0
        if state == "red":
            if self._spare_eliminations(obs) <= 0:
                return 1000.0
            return self.w["h_red"] if sp in self._targets(obs) else self.w["h_red_other"]
        if sp not in self._targets(obs):
            return self.w["h_other"]
        return self.w["h_green"] if state == "green" else self.w["h_blue"]

    def _mean(self, obs: dict[str, Any], f: Any) -> float:
        """Expected ``f`` of a face-down card: over the species, or (``weighted_blind``)
        weighed by each species' unseen copies, where face-down cards come from."""
        species = list(obs["scale"])
        if self.w["weighted_blind"]:
            unseen = obs["species_cards"]
            total = float(sum(unseen[s]["unseen"] for s in species))
            if total > 0:
                return float(sum(f(obs, s) * unseen[s]["unseen"] for s in species)) / total
        return float(sum(f(obs, s) for s in species)) / len(species)

    def _card_value(self, obs: dict[str, Any], slot: str) -> float:
        """Worth of keeping the card in ``slot`` (Ocean cards are cheap to play)."""
        v = obs["hand"][slot]
        if v is None:
            return 0.0
        base = self._mean(obs, self._step_value) if v == HIDDEN else self._step_value(obs, v)
        return base if slot in OCEAN else self.w["lagoon"] * base

    def _loss_if_discarded(self, obs: dict[str, Any], slot: str) -> float:
        """Oil Platform: harm to the species plus the card lost (extra cost included)."""
        v = obs["hand"][slot]
        if v == HIDDEN:
            return self._mean(obs, self._harm_cost) + self._card_value(obs, slot)
        dead = obs["scale"][v] in ("saved", "eliminated")
        if slot in LAGOON and dead:
            others = sorted(
                self._card_value(obs, s) for s, c in obs["hand"].items() if c and s != slot
            )
            return 2.0 + sum(others[:2])
        return self._harm_cost(obs, v) + self._card_value(obs, slot)

    # ------------------------------------------------------------ choice
    def act(self, turn: Turn) -> int:
        obs = turn.observation
        moves = {self._notation.action_to_string(a): a for a in turn.legal_actions}
        kind = obs["decision"]["kind"] if obs["decision"] else ""
        choice = self._choose(obs, kind, moves)
        if choice not in moves:  # never play an illegal move: fall back to a safe one
            choice = next(iter(moves))
        return moves[choice]

    def _choose(self, obs: dict[str, Any], kind: str, moves: dict[str, int]) -> str:
        if kind == "oil":
            opts = [m for m in moves if m.startswith("oil:")]
            return min(opts, key=lambda m: self._loss_if_discarded(obs, m[4:]))
        if kind == "pay":
            opts = [m for m in moves if m.startswith("pay:")]
            return min(opts, key=lambda m: self._card_value(obs, m[4:]))
        if kind == "peek":
            return "peek"
        if kind == "flip":
            return next(m for m in moves if m.startswith("flip:"))
        if kind == "captain_draw":
            return "cap:more"
        if kind == "captain":
            opts = [m for m in moves if m.startswith("cap:")]
            return max(opts, key=lambda m: self._step_value(obs, m[4:]))
        if kind == "visionary":
            opts = [m for m in moves if m.startswith("vtop:")]
            return min(opts, key=lambda m: self._threat(obs, m[5:]))
        if kind == "swap":
            return self._swap(obs, moves)
        return self._divers_phase(obs, moves)

    def _must_close(self, obs: dict[str, Any]) -> bool:
        """True when one Corporation card could turn the last Islands into Hotels."""
        islands = {c for c, v in obs["islands"].items() if v == "island"}
        if not islands or obs["hotels"] == 0:
            return False
        known = obs["corporation_deck"]["known_top"]
        if known:
            return self._hotels_of(known[0]) >= islands
        if self.w["count_corp"]:
            risk = self._ending_chance(obs, islands)
            return risk > 0 and risk >= self.w["close_risk"]
        if len(islands) <= 6 - self.close_at:
            return any(h >= islands for h in self._hotel_sets if h)
        return False

    def _close_cost(self, obs: dict[str, Any], move: str) -> float:
        """Card given up, plus how exposed the Islands stay after closing that colour."""
        _, colour, slot = move.split(":")
        islands = {c for c, v in obs["islands"].items() if v == "island"} | {colour}
        known = obs["corporation_deck"]["known_top"]
        cost = self._card_value(obs, slot) if slot else 0.0
        if known and self._hotels_of(known[0]) >= islands:
            cost += 100.0
        return cost + 5.0 * sum(1 for h in self._hotel_sets if h and h >= islands)

    def _ending_chance(self, obs: dict[str, Any], islands: set[str]) -> float:
        """Chance that the next Corporation card turns every Island left into a Hotel,
        counted from the cards not yet seen since the last reshuffle (the discard is
        public), or from the whole discard when the deck is empty (it is reshuffled)."""
        seen = obs["discards_seen"]["corporation"]
        size = obs["corporation_deck"]["size"]
        if size > 0:
            left = {c: f["copies"] - seen.get(c, 0) for c, f in self._cards.items()}
        else:
            left = dict(seen)
        total = sum(int(n) for n in left.values() if n > 0)
        if total <= 0:
            return 0.0
        hit = sum(int(n) for c, n in left.items() if n > 0 and self._hotels_of(c) >= islands)
        return hit / total

    def _hotels_of(self, card: str) -> frozenset[str]:
        """The Islands a Corporation card's Hotels event turns (empty: none)."""
        return frozenset(self._cards[card]["hotels"])

    def _threat(self, obs: dict[str, Any], card: str) -> float:
        """Rough harm of a Corporation card, to play the worst ones last."""
        facts = self._cards[card]
        harm = 2.0 * (facts["oil"] > 0) + 3.0 * (facts["dynamite"] > 0)
        new = sum(1 for c in facts["hotels"] if obs["islands"].get(c) == "island")
        return float(harm + 2.5 * new)

    def _swap(self, obs: dict[str, Any], moves: dict[str, int]) -> str:
        best, gain = "noswap", self.w["swap_gain"]
        for m in moves:
            if not m.startswith("swap:"):
                continue
            lag, oce = m[5:7], m[7:9]
            lv, ov = obs["hand"][lag], obs["hand"][oce]
            now = self._card_value(obs, lag) + self._card_value(obs, oce)
            after = (0.0 if lv is None else self._step_value(obs, lv)) + self.w["lagoon"] * (
                self._mean(obs, self._step_value) if ov == HIDDEN else self._step_value(obs, ov)
            )
            if after - now > gain:
                best, gain = m, after - now
        return best

    def _divers_phase(self, obs: dict[str, Any], moves: dict[str, int]) -> str:
        hand = obs["hand"]
        scale = obs["scale"]
        to_win = obs["goal"]["save"] - obs["saved"]
        sv = self._step_value
        # 1. An immediate save that wins.
        if to_win == 1:
            for m in moves:
                head, _, arg = m.partition(":")
                if head in ("endurance", "diving") and scale.get(arg) == "green":
                    return m
                card = hand.get(arg)
                if (
                    head in ("id", "swimmer")
                    and card not in (None, HIDDEN)
                    and scale[card] == "green"
                ):
                    return m
        known_ocean = [(sv(obs, hand[o]), o) for o in OCEAN if hand[o] not in (None, HIDDEN)]
        known_ocean.sort(reverse=True)
        down = sum(1 for o in OCEAN if hand[o] == HIDDEN)
        # 2. One special action when it pays.
        special = self._special(obs, moves, known_ocean, down)
        if special:
            return special
        # 3. Quick Exploration when nothing good is known and Lagoon cards are cheap.
        quick_down = int(self.w["quick_down"])
        if "quick" in moves and down >= quick_down and (not known_ocean or known_ocean[0][0] < 5):
            lag = sum(self._card_value(obs, s) for s in LAGOON)
            if lag < self.quick:
                return "quick"
        # 4. Main action.
        if self._must_close(obs):
            close = [m for m in moves if m.startswith("close:")]
            if close:
                return min(close, key=lambda m: self._close_cost(obs, m))
        if known_ocean and known_ocean[0][0] >= self.w["id_known"]:
            return f"id:{known_ocean[0][1]}"
        for slot in LAGOON:
            v = hand[slot]
            if v not in (None, HIDDEN) and scale[v] == "green" and f"id:{slot}" in moves:
                return f"id:{slot}"
        if down and self._mean(obs, sv) >= self.blind + self.w["blind_down"] * (down - 1):
            blind = [o for o in OCEAN if hand[o] == HIDDEN]
            return f"id:{blind[0]}"
        if down:
            return "explore"
        if known_ocean and known_ocean[0][0] > 0:
            return f"id:{known_ocean[0][1]}"
        close = [m for m in moves if m.startswith("close:")]
        if close:
            return min(close, key=lambda m: self._card_value(obs, m.split(":")[2]))
        if known_ocean and self.w["cycle"]:
            # Nothing face down to explore: identifying a card of an out-of-play species
            # at least draws a new one, where Explore would do nothing.
            return f"id:{known_ocean[-1][1]}"
        return "explore"

    def _special(
        self,
        obs: dict[str, Any],
        moves: dict[str, int],
        known_ocean: list[tuple[float, str]],
        down: int,
    ) -> str | None:
        scale = obs["scale"]
        greens = [s for s, v in scale.items() if v == "green"]
        reds = [s for s, v in scale.items() if v == "red"]
        danger = obs["goal"]["eliminated_limit"] - obs["eliminated"] <= 1
        for diver in ("endurance", "diving"):
            if greens and f"{diver}:{greens[0]}" in moves:
                return f"{diver}:{greens[0]}"
            if danger and reds and f"{diver}:{reds[0]}" in moves:
                return f"{diver}:{reds[0]}"
        if self._must_close(obs):
            env = [m for m in moves if m.startswith("environmentalist:")]
            if env:
                return min(env, key=lambda m: self._close_cost(obs, m + ":"))
        if "captain" in moves:
            return "captain"
        if known_ocean and known_ocean[0][0] >= self.w["swim"]:
            swim = f"swimmer:{known_ocean[0][1]}"
            if swim in moves:
                return swim
        if down >= 3 and "explorer" in moves:
            return "explorer"
        if down >= 2 and "communications" in moves:
            return "communications"
        if (down >= 2 or obs["hotels"] >= 3) and "visionary" in moves:
            return "visionary"
        return None


def _factory(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
    """Any weight may be overridden as a parameter (``heuristic:close_at=5``); the rest
    come from the tuned file (``weights=hand`` starts from the values before tuning)."""
    base_name = params.get("weights", "tuned")
    if base_name not in ("tuned", "hand"):
        raise UnknownNameError(
            f"heuristic: weights must be tuned or hand, not {shorten(base_name)}"
        )
    base = HAND_SET if base_name == "hand" else load_weights()
    defaults: dict[str, int | float | str] = {
        k: (int(v) if k in INT_KEYS else float(v)) for k, v in base.items()
    }
    defaults["weights"] = "tuned"
    p = agent_params("heuristic", params, defaults)
    overrides = {k: float(v) for k, v in p.items() if k != "weights"}
    return MiniDiverCityHeuristic(game, player, seed, weights=merged(base, overrides))


register_agent(
    "heuristic",
    _factory,
    "rule-based: values species steps, guards the Islands, uses Divers; weights tuned by"
    " simulation (params: any weight, e.g. close_at=N; weights=hand for the untuned values)",
    game="mini-divercity",
)
