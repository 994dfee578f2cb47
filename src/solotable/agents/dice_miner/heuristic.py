"""A rule-based Dice Miner solo player.

Taking a die never costs points in solo, so the real decisions are about
order and timing: tools before the dangers and treasure they unlock, hide
big gems rather than small ones, defer a treasure that cannot be hidden,
spend Magic only to clear dice that block the mountain, and refill only when
nothing else is worth doing. It reads the observation (documented in
``games/dice_miner/observation.py``; dice are face codes, named through the game's
``card_catalog()``) and names moves through a sampled state's notation, never the true
state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from weakref import WeakKeyDictionary

from solotable.agents._per_game import per_game
from solotable.core.agent import Agent, Turn, agent_params
from solotable.core.game import Game
from solotable.core.registry import register_agent
from solotable.core.rng import Rng


def _symbols(label: str) -> dict[str, int]:
    """``shield1+chest1`` → ``{"shield": 1, "chest": 1}``."""
    out: dict[str, int] = {}
    for part in label.split("+"):
        name = part.rstrip("0123456789")
        out[name] = int(part[len(name) :] or 1)
    return out


class _Tables:
    """A game's faces by code and the notation of its moves, read once per game object
    (``agents._per_game``)."""

    def __init__(self, game: Game) -> None:
        faces = [e for e in game.card_catalog() if e.get("kind") == "face"]
        self.names = {int(e["code"]): (str(e["type"]), str(e["name"])) for e in faces}
        self.code_of = {name: code for code, name in self.names.items()}
        self.slot_of: dict[int, int] = {}
        self.text: dict[tuple[int, str | None], str] = {}
        self.slot_index: dict[str, int] = {}


_TABLES: WeakKeyDictionary[Game, _Tables] = WeakKeyDictionary()


class DiceMinerHeuristic(Agent):
    name = "heuristic"

    def __init__(
        self,
        game: Game,
        player: int,
        seed: int = 0,
        *,
        hide_min: int = 2,
        refill_value: float = 0.5,
        spend_big: float = 1.0,
    ) -> None:
        super().__init__(game, player, seed)
        self.rng = Rng(seed)
        # Shared by every agent of the game (the hint makes one per rollout): what they
        # hold depends on the game's tables only, never on a state.
        shared = per_game(_TABLES, game, _Tables)
        self._slot_of: dict[int, int] = shared.slot_of
        self._text: dict[tuple[int, str | None], str] = shared.text
        self._slot_index: dict[str, int] = shared.slot_index
        self._names: dict[int, tuple[str, str]] = shared.names
        """Face code → (die type, face label), e.g. ``("tunnel", "n3")``."""
        self._code_of = shared.code_of
        self.hide_min = hide_min
        """Hide gems worth less than this only when two chests are free."""
        self.refill_value = refill_value
        """Refill priority: below spending (0.7-1.3) by default, which measured better."""
        self.spend_big = spend_big
        """+1 spends the Magic die with most symbols first (measured better), -1 the fewest."""

    def act(self, turn: Turn) -> int:
        if len(turn.legal_actions) == 1:
            return turn.legal_actions[0]
        obs = turn.observation
        moves = self._moves(obs, turn.legal_actions)
        best = max(turn.legal_actions, key=lambda a: self._value(obs, moves[a]))
        return best

    def _moves(self, obs: dict[str, Any], legal: Sequence[int]) -> dict[int, str]:
        """Notation of the legal moves, cached: a move's text depends only on the die
        on the slot it names (a beer face is named by its die's type), so a state
        is dealt only for moves not seen with that die before. Search agents call
        this player thousands of times, and dealing a state was half its cost."""
        mountain = obs["position"]["mountain"]
        slots = self._slot_index
        if not slots:  # the game's slot names: the same in every observation
            slots.update((name, i) for i, name in enumerate(obs["slots"]))
        out: dict[int, str] = {}
        for a in legal:
            slot = self._slot_of.get(a, -2)
            text = self._text.get((a, mountain[slot] if slot >= 0 else None))
            if text is None:
                break
            out[a] = text
        else:
            return out
        state = self.game.sample_state(obs, self.player, self.rng)
        for a in legal:
            text = state.action_to_string(a)
            words = text.split()
            slot = slots[words[1]] if words[0] == "take" else -1
            self._slot_of[a] = slot
            self._text[(a, mountain[slot] if slot >= 0 else None)] = text
            out[a] = text
        return out

    # -- evaluation -----------------------------------------------------------------
    def _die(self, obs: dict[str, Any], slot: str) -> tuple[str, str]:
        return self._names[obs["position"]["mountain"][obs["slots"].index(slot)]]

    def _takeable(self, obs: dict[str, Any], tname: str, label: str) -> bool:
        tools = obs["tools"]
        runs = obs["open_runs"]
        if tname == "tunnel":
            return bool(label in ("beer", "n1") or str(int(label[1:]) - 1) in runs)
        if tname == "hazard":
            if label == "beer":
                return bool(tools["shield"]["free"] > 0 or tools["pickaxe"]["free"] > 0)
            sym = _symbols(label)
            need = "shield" if "dragon" in sym else "pickaxe"
            return bool(tools[need]["free"] > 0)
        return True

    def _demand(self, obs: dict[str, Any]) -> dict[str, int]:
        """Dice on the mountain still waiting for a tool symbol of each kind."""
        want = {"shield": 0, "pickaxe": 0, "chest": 0}
        for die in obs["position"]["mountain"]:
            if die is None:
                continue
            tname, label = self._names[die]
            sym = _symbols(label)
            if tname == "hazard":
                want["shield"] += 1 if "dragon" in sym else 0
                want["pickaxe"] += 1 if "cavein" in sym else 0
            elif tname == "treasure":
                want["chest"] += 1
        tools = obs["tools"]
        return {k: max(0, n - tools[k]["free"]) for k, n in want.items()}

    def _take_value(self, obs: dict[str, Any], tname: str, face: str, hide: bool) -> float:
        sym = _symbols(face)
        if tname == "tool":
            demand = self._demand(obs)
            value = 3.0
            for kind, base in (("shield", 1.5), ("pickaxe", 1.0), ("chest", 1.2)):
                value += sym.get(kind, 0) * (base + (2.0 if demand[kind] else 0.0))
            return value
        if tname == "magic":
            return 2.5 + 0.5 * sym.get("magic", 0)
        if tname == "hazard":
            return 2.0 + sym.get("dragon", 0) + sym.get("cavein", 0)
        if tname == "tunnel":
            n = sym.get("n", 1)
            # A run reaching n unblocks the mountain's Tunnel n+1 dice.
            unblocks = 0
            if n < 5 and str(n) not in obs["open_runs"]:
                code = self._code_of.get(("tunnel", f"n{n + 1}"))
                unblocks = obs["position"]["mountain"].count(code) if code is not None else 0
            return 1.0 + n + 0.5 * unblocks
        gems = sym.get("gem", 0)
        if hide:
            return 2.0 + 2 * gems
        # Keep an unhideable treasure for last: a chest may still turn up.
        return 0.1 * gems

    def _uncovers(self, obs: dict[str, Any], slot: str) -> float:
        """How many takeable dice removing the die on ``slot`` would expose."""
        rows: list[int] = obs["rows"]
        mountain = obs["position"]["mountain"]
        r, i = ord(slot[0]) - 97, int(slot[1:]) - 1
        if r == 0:
            return 0.0
        first = [sum(rows[:k]) for k in range(len(rows))]
        gained = 0.0
        for j in (i, i + 1):
            below = first[r - 1] + j
            other = i + 1 if j == i + 1 else i - 1  # the other die resting on ``below``
            if 0 <= other < rows[r] and mountain[first[r] + other] is not None:
                continue
            die = mountain[below]
            if die is not None and self._takeable(obs, *self._names[die]):
                gained += 1.0
        return gained

    def _value(self, obs: dict[str, Any], move: str) -> float:
        words = move.split()
        verb = words[0]
        if verb == "face":
            return float(_symbols(words[1]).get("magic", 0))
        if verb == "recycle":
            tname, label = self._die(obs, words[1])
            bonus = self._uncovers(obs, words[1])
            if not self._takeable(obs, tname, label):
                return 10.0 + bonus
            return 5.0 - self._take_value(obs, tname, label, False) + bonus
        if verb == "take":
            tname, label = self._die(obs, words[1])
            face = words[3] if len(words) > 3 and words[2] == "as" else label
            hide = words[-1] == "hide"
            if tname == "treasure":
                gems = _symbols(face).get("gem", 0)
                if hide and gems < self.hide_min and obs["tools"]["chest"]["free"] < 2:
                    return 0.05
            return 10.0 + self._take_value(obs, tname, face, hide)
        blocked = any(not self._takeable(obs, *self._die(obs, s)) for s in obs["exposed"])
        if verb == "spend":
            if not blocked:
                return -5.0
            return 1.0 + self.spend_big * 0.1 * _symbols(words[1]).get("magic", 0)
        if verb == "refill":
            return self.refill_value
        return -1.0


def _factory(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
    p = agent_params("heuristic", params, {"hide_min": 2, "refill_value": 0.5, "spend_big": 1.0})
    return DiceMinerHeuristic(
        game,
        player,
        seed,
        hide_min=int(p["hide_min"]),
        refill_value=float(p["refill_value"]),
        spend_big=float(p["spend_big"]),
    )


register_agent(
    "heuristic",
    _factory,
    "rule-based: tools first, hide big gems, spend Magic on blockers, refill when stuck",
    game="dice-miner",
)
