"""Information-set MCTS guided by the game's rule-based player (PUCT priors, policy rollouts).

``mcts`` explores uniformly and rolls out at random, which wastes nearly all of
its budget in games where good play is narrow; ``pimc`` trusts its base policy
but only re-weighs a few root moves at a fixed number of deals. This agent sits
between them:

- **One tree over the searching player's information sets** (single observer,
  open loop: chance is sampled, not branched), grown from determinizations
  dealt from the agent's own observation with ``game.sample_state`` — the
  true state is never seen.
- **Priors from the base policy** (``heuristic`` when the game has one):
  at every node the policy's pick gets ``prior`` of the probability mass, the
  other moves share the rest, and selection is PUCT (``Q + c·P·√N/(1+n)``),
  so the search spends its budget on what the policy thinks first and
  leaves it only when the values say so.
- **Rollouts by the base policy**, fed observations of the sampled state.
- **A cycle of ``deals`` determinizations** (iteration ``i`` plays deal
  ``i mod deals``, with the deal's own future chance draws): root moves are
  compared on the same deals, as in ``pimc``, which cancels much of the luck.
- **``shape``** adds that weight times the final score to the return, so in
  win/loss games (Mini DiverCity) rollouts that all lose still rank moves.
- **A guard for the policy's pick**: the root move with the most visits is
  played only if its mean beats the policy's pick by more than ``z`` standard
  errors of the per-deal paired differences; otherwise the pick stands.

``iterations`` fixes the budget (one rollout each), so a run with a seed is
reproducible move for move; ``time`` (seconds) caps it as well when set.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from solotable.agents.search._playout import mean, play_out, playout_reason, reason, significant
from solotable.agents.search.pimc import default_base
from solotable.core.agent import UNIT_SCORE, Agent, Candidate, Turn, agent_params
from solotable.core.errors import UnknownNameError
from solotable.core.game import Game, State
from solotable.core.message import msg
from solotable.core.players import CHANCE
from solotable.core.registry import make_agent, register_agent
from solotable.core.rng import Rng

MIN_PAIRS = 4
"""Deals a challenger must share with the policy's pick before it may overrule it: with
two, the standard error is a guess and a lucky pair passes the z test often."""


class _Node:
    __slots__ = ("children", "pick", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.pick: int | None = None
        """The base policy's choice here (from the first deal that reached the node)."""
        self.children: dict[int, _Node] = {}


class _RootStats:
    """Raw outcomes of one root move: per deal, for the paired guard and the hint."""

    __slots__ = ("by_deal", "returns", "scores")

    def __init__(self) -> None:
        self.returns: list[float] = []
        self.scores: list[float] = []
        self.by_deal: dict[int, list[float]] = {}


class IsmctsAgent(Agent):
    """ISMCTS with PUCT priors from the base policy; see the module docstring."""

    name = "ismcts"

    def __init__(
        self,
        game: Game,
        player: int,
        seed: int = 0,
        *,
        iterations: int = 200,
        c: float = 1.0,
        prior: float = 0.5,
        deals: int = 16,
        z: float = 1.5,
        base: str | None = None,
        time_limit: float | None = None,
        shape: float = 0.0,
        depth: int = 0,
    ) -> None:
        super().__init__(game, player, seed)
        self.rng = Rng(seed)
        self.iterations = max(1, iterations)
        self.c = c
        self.prior = min(max(prior, 0.0), 1.0)
        self.deals = max(1, deals)
        self.z = z
        self.base = base or default_base(game)
        if self.base.partition(":")[0] in ("ismcts", "pimc", "mcts"):
            raise UnknownNameError("ismcts: the base policy must be a rule-based agent")
        self.time_limit = time_limit
        self.shape = shape
        """Weight of the final score added to the return: in win/loss games most
        rollouts of a hard position lose alike, and the score (species saved)
        still tells the better moves apart."""
        self.depth = depth
        """Decisions of the player kept in the tree (0: no limit). With 1 the search is a
        bandit over the root moves (PUCT with priors, same deals): below the root every
        rollout follows the policy, so a root move's mean is not dragged down by the
        tree trying poor moves deeper, which with a few hundred rollouts it mostly does."""
        self.max_steps = game.max_game_length()
        # The root policy sees every real decision in order (policies may remember turns).
        self.root_policy = make_agent(self.base, game, player, seed)
        self.policies = [
            make_agent(self.base, game, p, (seed * 1_000_003 + 7_919 * (p + 1)) % 2**62)
            for p in range(game.num_players())
        ]
        self.lo = math.inf
        self.hi = -math.inf
        self.last_iterations = 0
        """Rollouts of the last search (for nodes/s figures)."""
        self._root_stats: dict[int, _RootStats] = {}
        self._root_pick = -1
        self._root = _Node()
        self._deal_seeds: list[int] = []

    def label(self) -> str:
        return f"ismcts({self.base})"

    # ------------------------------------------------------------------ act
    def act(self, turn: Turn) -> int:
        legal = list(turn.legal_actions)
        if len(legal) == 1:
            self._root_stats = {}
            return legal[0]
        return self._search(turn, legal)

    def _search(self, turn: Turn, legal: list[int]) -> int:
        obs = turn.observation
        pick = self.root_policy.act(Turn(turn.player, legal, lambda: obs))
        if pick not in legal:
            pick = legal[0]
        self._root_pick = pick
        root = _Node()
        root.pick = pick
        self._root_stats = {a: _RootStats() for a in legal}
        limit = self.time_limit if self.time_limit is not None else turn.time_budget
        deadline = time.perf_counter() + limit if limit else math.inf
        self._deal_seeds = [self.rng.below(2**62) for _ in range(self.deals)]
        self._root = root
        done = 0
        for i in range(self.iterations):
            if i > 0 and time.perf_counter() > deadline:
                break
            deal = i % self.deals
            state = self.game.sample_state(obs, turn.player, Rng(self._deal_seeds[deal]))
            self._iterate(root, state, turn.player, deal, None)
            done += 1
        self.last_iterations = done
        return self._choose(root, pick)

    def _probe(self, turn: Turn, action: int) -> None:
        """Rollouts of a move the search left alone, on its first deals, after the
        decision: a hint can then judge the player's own move without changing
        what the agent recommends."""
        obs = turn.observation
        for deal in range(min(self.deals, 8)):
            state = self.game.sample_state(obs, turn.player, Rng(self._deal_seeds[deal]))
            self._iterate(self._root, state, turn.player, deal, action)

    def _choose(self, root: _Node, pick: int) -> int:
        best = max(
            root.children,
            key=lambda a: (root.children[a].visits, root.children[a].total, a == pick),
            default=pick,
        )
        if best == pick or not self._beats(best, pick):
            return pick
        return best

    def _beats(self, a: int, b: int) -> bool:
        """Mean of per-deal paired differences of ``a`` over ``b`` above ``z`` errors."""
        sa, sb = self._root_stats[a].by_deal, self._root_stats[b].by_deal
        diffs = [mean(sa[d]) - mean(sb[d]) for d in sa if d in sb]
        n = len(diffs)
        if n < MIN_PAIRS:
            return False  # two or three deals give no usable error estimate
        return significant(diffs, self.z)

    # ------------------------------------------------------------- iteration
    def _iterate(
        self, root: _Node, state: State, player: int, deal: int, first: int | None
    ) -> None:
        node = root
        path = [root]
        root_action = -1
        expanded = False
        while not state.is_terminal() and not expanded:
            mover = state.current_player()
            if mover == CHANCE:
                state.apply_legal_action(state.sample_chance())
                continue
            if self.depth and len(path) > self.depth:
                break  # below the tree's depth limit: the policy plays on
            legal = state.legal_actions()
            if node.pick is None or node.pick not in legal:
                node.pick = self._policy_pick(state, mover, legal)
            forced = first is not None and node is root
            action = first if forced and first is not None else self._select(node, legal)
            if node is root:
                root_action = action
            child = node.children.get(action)
            if child is None:
                child = _Node()
                node.children[action] = child
                expanded = True
            state.apply_legal_action(action)
            node = child
            path.append(child)
        self._rollout(state)
        ret = state.returns()[player]
        score = state.scores()[player]
        shaped = ret + self.shape * score
        value = self._scale(shaped)
        for n in path:
            n.visits += 1
            n.total += value
        if root_action >= 0:
            st = self._root_stats[root_action]
            st.returns.append(ret)
            st.scores.append(score)
            st.by_deal.setdefault(deal, []).append(shaped)

    def _select(self, node: _Node, legal: list[int]) -> int:
        """PUCT over the legal moves of this deal, priors from the policy's pick."""
        n_legal = len(legal)
        rest = (1.0 - self.prior) / (n_legal - 1) if n_legal > 1 else 0.0
        sqrt_n = math.sqrt(node.visits + 1)
        # Unvisited moves start from the parent's mean (first-play urgency).
        parent_q = node.total / node.visits if node.visits else 0.5
        best_a, best_v = legal[0], -math.inf
        for a in legal:
            p = self.prior if a == node.pick else rest
            if n_legal == 1:
                p = 1.0
            child = node.children.get(a)
            if child is None or child.visits == 0:
                q, n = parent_q, 0
            else:
                q, n = child.total / child.visits, child.visits
            v = q + self.c * p * sqrt_n / (1 + n)
            if v > best_v:
                best_a, best_v = a, v
        return best_a

    def _policy_pick(self, state: State, mover: int, legal: list[int]) -> int:
        action = self.policies[mover].act(Turn.for_state(state, mover, legal_actions=legal))
        return action if action in legal else legal[0]

    def _rollout(self, state: State) -> None:
        play_out(state, self._policy_pick, self.max_steps)

    def _scale(self, value: float) -> float:
        """Returns to [0, 1] over the range seen so far (scores and win/loss alike)."""
        self.lo = min(self.lo, value)
        self.hi = max(self.hi, value)
        if self.hi <= self.lo:
            return 0.5
        return (value - self.lo) / (self.hi - self.lo)

    # -------------------------------------------------------------- analyse
    def analyse(self, turn: Turn, k: int = 3, include: Sequence[int] = ()) -> list[Candidate]:
        """The move ``act`` would play, then the most visited others, with their mean
        outcome over the rollouts that started with them (a standard error as spread)."""
        legal = list(turn.legal_actions)
        obs = turn.observation
        if len(legal) == 1:
            pick = legal[0]
            self._root_stats = {pick: _RootStats()}
        else:
            pick = self._search(turn, legal)
            for a in include:
                if a in self._root_stats and not self._root_stats[a].returns:
                    self._probe(turn, a)
        stats = self._root_stats
        others = sorted(
            (a for a in stats if a != pick and stats[a].returns),
            key=lambda a: (-len(stats[a].returns), -mean(stats[a].returns)),
        )
        order = [pick, *others][: max(1, k)]
        order += [a for a in include if a in stats and a not in order]
        probe = self.game.sample_state(obs, turn.player, Rng(self.seed))
        by_score = all(
            r == s for st in stats.values() for r, s in zip(st.returns, st.scores, strict=True)
        )
        return [self._candidate(probe, turn.player, a, stats[a], by_score) for a in order]

    def _candidate(
        self, probe: State, player: int, action: int, st: _RootStats, by_score: bool
    ) -> Candidate:
        n = len(st.returns)
        if not n:
            only = "only-move" if len(self._root_stats) == 1 else "not-explored"
            return Candidate(action, 0.0, 0.0, msg(f"core.reason.{only}"), UNIT_SCORE)
        deals = msg("core.sample.deals", n=len(st.by_deal))
        sample = msg("core.sample.rollouts", n=n, deals=deals)
        unit, value, spread, parts = playout_reason(
            probe, player, action, st.returns, st.scores, by_score, sample
        )
        if action == self._root_pick:
            parts.append(msg("core.reason.rule-choice"))
        return Candidate(action, value, spread, reason(parts), unit)


_PARAMS: dict[str, int | float | str] = {
    "iterations": 200,
    "c": 1.0,
    "prior": 0.5,
    "deals": 16,
    "z": 1.5,
    "base": "",
    "time": 0.0,
    "shape": 0.0,
    "depth": 0,
}


def _factory(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
    p = agent_params("ismcts", params, _PARAMS)
    return IsmctsAgent(
        game,
        player,
        seed,
        iterations=int(p["iterations"]),
        c=float(p["c"]),
        prior=float(p["prior"]),
        deals=int(p["deals"]),
        z=float(p["z"]),
        base=str(p["base"]) or None,
        time_limit=float(p["time"]) or None,
        shape=float(p["shape"]),
        depth=int(p["depth"]),
    )


register_agent(
    "ismcts",
    _factory,
    "information-set MCTS with the rule-based player as prior and rollout "
    "(params: iterations=, c=, prior=, deals=, z=, base=, time=, shape=, depth=)",
)
