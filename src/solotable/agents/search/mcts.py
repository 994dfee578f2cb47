"""Information-set Monte Carlo tree search for any game of the registry.

Each iteration deals a fresh guess of the hidden state from the agent's own
observation (``game.sample_state``), so the search never peeks at the true
state; statistics are shared across guesses in one tree keyed by the
searching side's action sequence (single-observer ISMCTS, Cowling et al.
2012). Chance nodes are sampled, not branched ("open loop"). Rewards are
``returns()`` scaled to [0, 1] with the range seen so far, so solo games
whose returns are scores work as well as win/loss games.

Rollouts are random by default; ``rollout=heuristic`` (or any agent name, or
``base`` for the game's best rule-based agent) plays them with that policy
instead, fed observations of the sampled state, which costs more per
iteration but tells the tree far more in games where random play is hopeless.
"""

from __future__ import annotations

import math
import time

from solotable.agents.search.pimc import default_base
from solotable.core.agent import Agent, Turn, agent_params
from solotable.core.errors import UnknownNameError
from solotable.core.game import Game, State
from solotable.core.players import CHANCE
from solotable.core.registry import make_agent, register_agent
from solotable.core.rng import Rng


class _Node:
    __slots__ = ("avail", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.children: dict[int, _Node] = {}


class MctsAgent(Agent):
    """ISMCTS with random rollouts; ``iterations`` or ``time`` bounds the search."""

    name = "mcts"

    def __init__(
        self,
        game: Game,
        player: int,
        seed: int = 0,
        iterations: int = 400,
        time_limit: float | None = None,
        exploration: float = 0.7,
        rollout_limit: int = 10_000,
        rollout: str = "random",
    ) -> None:
        super().__init__(game, player, seed)
        self.rng = Rng(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.c = exploration
        self.rollout_limit = rollout_limit
        self.lo = math.inf
        self.hi = -math.inf
        self.rollout = default_base(game) if rollout == "base" else rollout
        if self.rollout.partition(":")[0] == "mcts":
            raise UnknownNameError("mcts: the rollout policy cannot be mcts itself")
        # One policy per player, built up front so a bad name fails at once.
        self.policies: list[Agent] | None = None
        if self.rollout != "random":
            self.policies = [
                make_agent(self.rollout, game, p, seed + 7_919 * (p + 1))
                for p in range(game.num_players())
            ]

    def act(self, turn: Turn) -> int:
        if len(turn.legal_actions) == 1:
            return turn.legal_actions[0]
        root = _Node(turn.player)
        limit = self.time_limit if self.time_limit is not None else turn.time_budget
        deadline = time.perf_counter() + limit if limit else math.inf
        legal = set(turn.legal_actions)
        for i in range(self.iterations):
            if i > 0 and time.perf_counter() > deadline:
                break
            state = self.game.sample_state(turn.observation, turn.player, self.rng)
            self._iterate(root, state)
        best = max(
            (a for a in root.children if a in legal),
            key=lambda a: (root.children[a].visits, root.children[a].total),
            default=turn.legal_actions[0],
        )
        return best

    def _iterate(self, root: _Node, state: State) -> None:
        node = root
        path = [root]
        expanded = False
        while not state.is_terminal() and not expanded:
            player = state.current_player()
            if player == CHANCE:
                state.apply_legal_action(state.sample_chance())
                continue
            legal = state.legal_actions()
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                action = untried[self.rng.below(len(untried))]
                child = _Node(player)
                node.children[action] = child
                expanded = True
            else:
                action = self._select(node, legal)
                child = node.children[action]
            state.apply_legal_action(action)
            node = child
            path.append(child)
        steps = 0
        while not state.is_terminal() and steps < self.rollout_limit:
            player = state.current_player()
            if player == CHANCE:
                state.apply_legal_action(state.sample_chance())
            else:
                legal = state.legal_actions()
                if self.policies is None or len(legal) == 1:
                    state.apply_legal_action(legal[self.rng.below(len(legal))])
                else:
                    turn = Turn.for_state(state, player, legal_actions=legal)
                    action = self.policies[player].act(turn)
                    state.apply_legal_action(action if action in legal else legal[0])
            steps += 1
        returns = state.returns()
        for node in path:
            node.visits += 1
            if node is not root:
                node.total += self._scale(returns[node.mover])

    def _select(self, node: _Node, legal: list[int]) -> int:
        best_a = legal[0]
        best_v = -math.inf
        for a in legal:
            ch = node.children[a]
            v = ch.total / ch.visits + self.c * math.sqrt(math.log(ch.avail) / ch.visits)
            if v > best_v:
                best_a, best_v = a, v
        return best_a

    def _scale(self, value: float) -> float:
        self.lo = min(self.lo, value)
        self.hi = max(self.hi, value)
        if self.hi <= self.lo:
            return 0.5
        return (value - self.lo) / (self.hi - self.lo)


def _factory(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
    p = agent_params(
        "mcts", params, {"iterations": 400, "time": 0.0, "c": 0.7, "rollout": "random"}
    )
    return MctsAgent(
        game,
        player,
        seed,
        iterations=int(p["iterations"]),
        time_limit=float(p["time"]) or None,
        exploration=float(p["c"]),
        rollout=str(p["rollout"]),
    )


register_agent(
    "mcts",
    _factory,
    "information-set MCTS, random or policy rollouts (params: iterations=, time=, c=, rollout=)",
)
