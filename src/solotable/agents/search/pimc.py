"""Perfect-information Monte Carlo (PIMC) search over a base policy, for any game.

Random rollouts tell a search almost nothing in games whose good play is
narrow, so this agent rolls out with the game's own rule-based player (the
``heuristic`` agent if the game has one, else ``greedy``, else ``random``) and
uses search only to correct that player's choice at the current decision:

1. Candidates: the base policy's pick, then its next picks on the legal list
   with the earlier picks removed (``top`` of them). Ranking by the policy
   itself is what keeps the search cheap without a value function.
2. Each of ``samples`` determinizations is dealt once from the agent's own
   observation (``game.sample_state``) and cloned for every candidate, so all
   candidates face the same hidden cards and the same future chance draws
   (common random numbers): differences between candidates then come from
   the move, not from luck, which is what makes few samples enough.
3. Every candidate is applied and played to the end by the base policy (fed
   observations of the sampled state, chance resolved with ``sample_chance``).
   The base pick is kept unless another candidate beats it by more than ``z``
   standard errors of the paired gain (returns first; scores when returns tie
   on every deal, as in win/loss games): a tuned policy overruled on noise
   plays worse than the policy alone, which plain argmax PIMC (``z=0``) does.

The true state is never touched. With ``halve=1`` the weaker half of the
candidates is dropped after half of the samples (successive halving), which
spends the budget where the decision is close.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from solotable.agents.search._playout import mean, play_out, playout_reason, reason, significant
from solotable.core.agent import UNIT_SCORE, Agent, Candidate, Turn, agent_params
from solotable.core.errors import UnknownNameError
from solotable.core.game import Game, Observation, State
from solotable.core.message import msg
from solotable.core.registry import agent_names, make_agent, register_agent
from solotable.core.rng import Rng

_BASE_PREFERENCE = ("heuristic", "greedy", "random")


def default_base(game: Game) -> str:
    """The strongest generic rollout policy the game offers."""
    names = {n for n, _ in agent_names(game.name)}
    return next((b for b in _BASE_PREFERENCE if b in names), "random")


class PimcAgent(Agent):
    """Flat Monte Carlo over determinizations with base-policy rollouts."""

    name = "pimc"

    def __init__(
        self,
        game: Game,
        player: int,
        seed: int = 0,
        *,
        samples: int = 8,
        top: int = 4,
        base: str | None = None,
        time_limit: float | None = None,
        halve: bool = False,
        z: float = 2.0,
    ) -> None:
        super().__init__(game, player, seed)
        self.rng = Rng(seed)
        self.samples = max(1, samples)
        self.top = top
        self.base = base or default_base(game)
        if self.base.partition(":")[0] == "pimc":
            raise UnknownNameError("pimc: the base policy cannot be pimc itself")
        self.time_limit = time_limit
        self.halve = halve
        self.z = z
        self.max_steps = game.max_game_length()
        # The root policy sees every real decision in order, as it would when
        # playing alone, so policies that remember past turns keep their memory.
        self.root = make_agent(self.base, game, player, seed)
        # Rollout policies per (sample index, player), reused across decisions:
        # building some policies costs about a millisecond.
        self._rollout_agents: dict[tuple[int, int], Agent] = {}
        self.last_values: dict[int, tuple[float, float, int]] = {}
        """Per candidate of the last search: (mean return, mean score, samples)."""
        self._results: dict[int, list[tuple[float, float]]] = {}

    def label(self) -> str:
        return f"pimc({self.base})"

    # ------------------------------------------------------------------ act
    def act(self, turn: Turn) -> int:
        legal = list(turn.legal_actions)
        self.last_values = {}
        if len(legal) == 1:
            return legal[0]
        obs = turn.observation
        start = time.perf_counter()
        limit = self.time_limit if self.time_limit is not None else turn.time_budget
        candidates = self._candidates(turn.player, legal, obs)
        if len(candidates) == 1:
            return candidates[0]
        return self._search(turn.player, candidates, obs, start, limit)

    def _first_choice(self, player: int, legal: list[int], obs: Observation) -> int:
        """The base policy's own move: the root policy, which remembers the real turns."""
        return self.root.act(Turn(player, legal, lambda: obs))

    def _ranker(self, player: int) -> Agent:
        """A throwaway policy ranks the rest, so the root's memory sees only the real turn."""
        return make_agent(self.base, self.game, player, self.rng.below(2**62))

    def _candidates(self, player: int, legal: list[int], obs: Observation) -> list[int]:
        """The base policy's ranking of the legal actions, best first, ``top`` long."""
        first = self._first_choice(player, legal, obs)
        if first not in legal:
            first = legal[0]
        ranked = [first]
        want = len(legal) if self.top <= 0 else min(self.top, len(legal))
        remaining = [a for a in legal if a != first]
        if want >= len(legal):
            return ranked + remaining
        ranker = self._ranker(player)
        while remaining and len(ranked) < want:
            try:
                pick = ranker.act(Turn(player, list(remaining), lambda: obs))
            except Exception:  # a policy need not cope with a cut-down legal list
                break
            if pick not in remaining:
                break
            ranked.append(pick)
            remaining.remove(pick)
        return ranked

    def _search(
        self,
        player: int,
        candidates: list[int],
        obs: Observation,
        start: float,
        limit: float | None,
    ) -> int:
        results: dict[int, list[tuple[float, float]]] = {a: [] for a in candidates}
        alive = list(candidates)
        seeds = [self.rng.below(2**62) for _ in range(self.samples)]
        half = (self.samples + 1) // 2
        for j, seed in enumerate(seeds):
            round_start = time.perf_counter()
            base_state = self.game.sample_state(obs, player, Rng(seed))
            for a in alive:
                state = base_state.clone()
                state.apply_legal_action(a)
                self._rollout(state, j)
                results[a].append((state.returns()[player], state.scores()[player]))
            now = time.perf_counter()
            if limit is not None and now + (now - round_start) - start > limit:
                break
            if self.halve and j + 1 == half and len(alive) > 2:
                # The base pick always stays: every challenger is judged against it.
                kept = self._ranked(alive, results)[: (len(alive) + 1) // 2]
                alive = [a for a in alive if a in kept or a == candidates[0]]
        self._results = results
        self.last_values = {
            a: (mean([r for r, _ in v]), mean([s for _, s in v]), len(v))
            for a, v in results.items()
            if v
        }
        base = candidates[0]
        for a in self._ranked(alive, results):
            if a == base or self._beats(results[a], results[base]):
                return a
        return base

    # -------------------------------------------------------------- analyse
    def analyse(self, turn: Turn, k: int = 3, include: Sequence[int] = ()) -> list[Candidate]:
        """The pick ``act`` would make, then the other candidates by mean outcome.

        The pick comes first even when a rival's mean is a little higher: the
        rival did not beat it beyond noise (``z``), and a hint should recommend
        the move the agent would play. Values are the mean return over the
        deals (the final score, or the win chance when returns are win/loss),
        spreads their standard errors; every candidate faced the same deals.
        """
        legal = list(turn.legal_actions)
        obs = turn.observation
        ranked = self._candidates(turn.player, legal, obs)
        ranked += [a for a in include if a in legal and a not in ranked]
        if len(ranked) == 1:
            self._results = {ranked[0]: []}
            pick = ranked[0]
        else:
            limit = self.time_limit if self.time_limit is not None else turn.time_budget
            pick = self._search(turn.player, ranked, obs, time.perf_counter(), limit)
        results = self._results
        others = [a for a in self._ranked(ranked, results) if a != pick and results[a]]
        order = [pick, *others][: max(1, k)]
        order += [a for a in include if a in results and a not in order]
        probe = self.game.sample_state(obs, turn.player, Rng(self.seed))
        # One unit for every candidate: win/loss returns anywhere make it a win chance.
        by_score = all(r == sc for v in results.values() for r, sc in v)
        return [self._candidate(probe, turn.player, a, results[a], by_score) for a in order]

    def _candidate(
        self,
        probe: State,
        player: int,
        action: int,
        outcomes: list[tuple[float, float]],
        by_score: bool,
    ) -> Candidate:
        """Value, spread and a reason in words: the score change now, the expected end, the
        risk (the range over the deals)."""
        if not outcomes:
            return Candidate(action, 0.0, 0.0, msg("core.reason.only-move"), UNIT_SCORE)
        rets = [r for r, _ in outcomes]
        scores = [sc for _, sc in outcomes]
        sample = msg("core.sample.deals", n=len(outcomes))
        unit, value, spread, parts = playout_reason(
            probe, player, action, rets, scores, by_score, sample
        )
        return Candidate(action, value, spread, reason(parts), unit)

    @staticmethod
    def _ranked(alive: Sequence[int], results: dict[int, list[tuple[float, float]]]) -> list[int]:
        """Candidates by mean return, then mean score, then the base policy's order."""
        order = {a: i for i, a in enumerate(alive)}

        def key(a: int) -> tuple[float, float, int]:
            v = results[a]
            return (-mean([r for r, _ in v]), -mean([s for _, s in v]), order[a])

        return sorted(alive, key=key)

    def _beats(
        self, challenger: list[tuple[float, float]], base: list[tuple[float, float]]
    ) -> bool:
        """Whether a challenger is better than the base pick beyond noise.

        Overruling a tuned policy on a lucky sample or two loses more than it
        gains, so the paired (same deal) mean gain must exceed ``z`` standard
        errors: in returns, or in scores when the returns tie on every deal
        (the usual case for win/loss games with few samples).
        """
        n = min(len(challenger), len(base))
        gains = [challenger[j][0] - base[j][0] for j in range(n)]
        if not any(gains):
            gains = [challenger[j][1] - base[j][1] for j in range(n)]
        return significant(gains, self.z)

    # -------------------------------------------------------------- rollout
    def _rollout(self, state: State, j: int) -> None:
        """Play ``state`` to the end with the base policy for every player."""

        def choose(s: State, p: int, legal: list[int]) -> int:
            action = self._rollout_agent(j, p).act(Turn.for_state(s, p, legal_actions=legal))
            return action if action in legal else legal[0]

        play_out(state, choose, self.max_steps)

    def _rollout_agent(self, j: int, player: int) -> Agent:
        agent = self._rollout_agents.get((j, player))
        if agent is None:
            seed = (self.seed * 1_000_003 + j * 7_919 + player * 104_729) % 2**62
            agent = make_agent(self.base, self.game, player, seed)
            self._rollout_agents[(j, player)] = agent
        return agent


def _factory(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
    p = agent_params(
        "pimc",
        params,
        {"samples": 8, "top": 4, "base": "", "time": 0.0, "halve": 0, "z": 2.0},
    )
    return PimcAgent(
        game,
        player,
        seed,
        samples=int(p["samples"]),
        top=int(p["top"]),
        base=str(p["base"]) or None,
        time_limit=float(p["time"]) or None,
        halve=bool(int(p["halve"])),
        z=float(p["z"]),
    )


register_agent(
    "pimc",
    _factory,
    "Monte Carlo over sampled deals with heuristic rollouts "
    "(params: samples=, top=, base=, time=, halve=, z=)",
)
