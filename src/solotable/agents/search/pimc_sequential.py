"""Sequential PIMC: deal until the best move is significantly ahead (issue 25, hints).

A hint in a hidden-information game is an estimate from sampled deals. With a fixed,
small number of deals (``pimc``'s 8) it carries ±16–18 points of win chance, so asking
twice with another seed can name another move. This agent spends deals where the
decision is close and stops where it is not:

1. Candidates are ``pimc``'s (the base policy's ``top`` picks, plus any move asked
   about). Deal ``j`` is dealt from the player's observation with a seed hashed from
   ``(seed, j)`` (:func:`deal_seed`), so the hint is a function of the observation and
   the seed alone, and every candidate faces the same deals and the same future draws
   (common random numbers: a difference between two moves is the move's, not luck's).
2. After ``samples`` deals, after every deal, each candidate that the leader (the best
   mean) beats by more than ``z`` paired standard errors is dropped: the remaining
   deals go to the moves still in contention (successive elimination).
3. The search stops when one move is left ("clearly best"), when the ones left have had
   exactly the same outcome as the leader on every deal (an exact tie: more deals would
   not separate them), or when the budget runs out: ``upto`` deals or ``work`` units of
   rollout work, or ``cpu`` seconds of the searching thread's CPU time. Work is the
   budget meant to end a search — a machine-independent measure of CPU time, so the same
   position and seed always get the same hint. A unit is a rollout step, plus
   ``option_cost`` per legal move the base policy weighs at a decision and ``rollout_cost``
   per rollout (its set-up): with steps alone, 51st State's hints with many moves to weigh
   took 2–4× the CPU of the others. ``work`` and the weights are calibrated to about one
   CPU second per hint on the reference machine (docs/ai.md), but no cost model is exact:
   the slowest hints still took 1.7 s. ``cpu`` is the cap the player waits on (issue 25:
   "a time cap of about 1 s"); it binds only where the work estimate was low, and only
   there does the hint depend on the machine. CPU time of the thread, not the wall clock,
   so a loaded machine or a busy web server does not cut a hint short (``time`` remains a
   wall-clock safety net). The CPU cap never stops a search before ``samples`` deals.

The move played and the move hinted are both the best mean (returns first, then scores,
then the base policy's order), so a hint lists its candidates in the order of the values
it shows. Each candidate says whether the search could tell it from the first
(:attr:`Candidate.close`, the same paired test), and why, in the game's own terms: the
points it scores now, the expected end, the statistics (the game's ``stats()``) in which
it differs most from the move it is compared with, and the range over the deals.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from solotable.agents.search._playout import mean, play_out, playout_reason, reason, significant
from solotable.agents.search.pimc import PimcAgent
from solotable.core.agent import UNIT_SCORE, Agent, Candidate, Turn, agent_params
from solotable.core.game import Game, Observation, State
from solotable.core.message import Msg, msg
from solotable.core.registry import make_agent, register_agent
from solotable.core.rng import Rng
from solotable.session.parts import info_words

Outcome = tuple[float, float]
"""(return, score) of one rollout for the searching player."""


_cpu_clock = getattr(time, "thread_time", time.process_time)
"""This thread's CPU time (the cap must not count other threads' work); WebAssembly Python
(the browser build) has no ``thread_time`` and one thread, where process time is the same."""

MAX_STAT_PARTS = 2
"""Statistics named in a reason: the two in which the moves differ most."""
MIN_STAT_DIFF = 0.2
"""A smaller mean difference in a statistic is not worth a word (0.1 of a turn…)."""


def deal_seed(seed: int, j: int) -> int:
    """The seed of deal ``j`` (splitmix64 of the pair): independent of how many deals a
    search ends up using, so a longer search extends a shorter one's deals."""
    x = (seed * 0x9E3779B97F4A7C15 + (j + 1) * 0xBF58476D1CE4E5B9) % 2**64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) % 2**64
    return (x ^ (x >> 31)) % 2**62


def beyond_noise(gains: Sequence[float], z: float) -> bool:
    """Mean gain positive and above ``z`` standard errors, with ``z`` widened to the
    Student t quantile for the deals' degrees of freedom (Cornish–Fisher expansion): at
    8 deals the normal threshold drops a move that is only unlucky once in a dozen looks,
    and a dropped move never comes back."""
    n = len(gains)
    if n < 2:
        return False
    df = n - 1
    t = z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
    return significant(gains, t)


def gains(better: Sequence[Outcome], worse: Sequence[Outcome]) -> list[float]:
    """Paired gains of one move over another on the deals both faced: in returns, or in
    scores when the returns tie on every deal (win/loss games where both lose)."""
    n = min(len(better), len(worse))
    out = [better[j][0] - worse[j][0] for j in range(n)]
    if not any(out):
        out = [better[j][1] - worse[j][1] for j in range(n)]
    return out


class SequentialPimcAgent(PimcAgent):
    """PIMC whose number of deals adapts to how close the decision is."""

    name = "spimc"

    def __init__(
        self,
        game: Game,
        player: int,
        seed: int = 0,
        *,
        samples: int = 8,
        upto: int = 400,
        work: int = 0,
        option_cost: float = 0.0,
        rollout_cost: float = 0.0,
        top: int = 4,
        base: str | None = None,
        z: float = 2.5,
        time_limit: float | None = None,
        cpu: float = 0.0,
    ) -> None:
        super().__init__(
            game, player, seed, samples=samples, top=top, base=base, time_limit=time_limit, z=z
        )
        self.upto = max(self.samples, upto)
        self.work = work
        self.cpu = cpu
        self.option_cost = option_cost
        self.rollout_cost = rollout_cost
        self._stats: dict[int, list[dict[str, float]]] = {}
        self._alive: set[int] = set()
        """The candidates of the last search that were not dropped."""
        self.last_deals = 0
        """Deals the last search used (for the stability benchmark)."""
        self.last_steps = 0
        """Rollout steps the last search played."""
        self.last_work = 0.0
        """Units of work the last search spent (steps, options weighed, rollouts)."""
        self.last_capped = False
        """Whether the last search was stopped by the CPU cap (``cpu``)."""

    def label(self) -> str:
        return f"spimc({self.base})"

    # ------------------------------------------------------------------ act
    def act(self, turn: Turn) -> int:
        cpu_start = _cpu_clock()
        legal = list(turn.legal_actions)
        self.last_values = {}
        if len(legal) == 1:
            return legal[0]
        candidates = self._candidates(turn.player, legal, turn.observation)
        if len(candidates) == 1:
            return candidates[0]
        limit = self.time_limit if self.time_limit is not None else turn.time_budget
        self._sequential(turn.player, candidates, turn.observation, limit, cpu_start)
        return self._order(candidates)[0]

    # The base policy's ranking with policies seeded by a constant: the ranking is then a
    # function of the observation alone, whatever the hint's sampling seed, and it is what
    # breaks ties between moves the deals cannot tell apart.
    def _first_choice(self, player: int, legal: list[int], obs: Observation) -> int:
        return make_agent(self.base, self.game, player, 0).act(Turn(player, legal, lambda: obs))

    def _ranker(self, player: int) -> Agent:
        return make_agent(self.base, self.game, player, 1)

    def _order(self, candidates: list[int]) -> list[int]:
        """The hint's order: first the base policy's favourite among the moves the leader
        (best mean) does not beat beyond noise, then the others by mean.

        When the deals cannot separate two moves, which one has the higher mean is a coin
        toss that another seed would call the other way; the base policy's order is not,
        so a repeated hint names the same move. Wherever the search did separate the
        moves, the order is the order of the means."""
        results = self._results
        by_value = self._ranked(candidates, results)
        alive = [a for a in candidates if a in self._alive]
        leader = self._ranked(alive, results)[0]
        group = [
            a
            for a in alive
            if a == leader or not beyond_noise(gains(results[leader], results[a]), self.z)
        ]
        first = group[0]
        return [first] + [a for a in by_value if a != first]

    def _told_apart(self, a: int, b: int) -> bool:
        """Whether one of two moves beats the other beyond noise (paired, either way)."""
        ra, rb = self._results[a], self._results[b]
        return beyond_noise(gains(ra, rb), self.z) or beyond_noise(gains(rb, ra), self.z)

    def _sequential(
        self,
        player: int,
        candidates: list[int],
        obs: Observation,
        limit: float | None,
        cpu_start: float,
    ) -> None:
        """Deal, play every live candidate out on the deal, drop the clearly worse; until
        one is left, the rest tie exactly, or the budget is spent (``cpu_start``: the
        thread's CPU clock when the decision began, for the ``cpu`` cap)."""
        results: dict[int, list[Outcome]] = {a: [] for a in candidates}
        stats: dict[int, list[dict[str, float]]] = {a: [] for a in candidates}
        alive = list(candidates)
        start = time.perf_counter()
        steps = deals = 0
        work = 0.0
        capped = False
        while True:
            base_state = self.game.sample_state(obs, player, Rng(deal_seed(self.seed, deals)))
            for a in alive:
                state = base_state.clone()
                state.apply_legal_action(a)
                played, options = self._counted_rollout(state, deals)
                steps += played
                work += played + self.option_cost * options + self.rollout_cost
                results[a].append((state.returns()[player], state.scores()[player]))
                stats[a].append(numeric_stats(state))
            deals += 1
            if deals >= self.samples and len(alive) > 1:
                alive, settled = self._survivors(alive, results, deals >= 2 * self.samples)
                if settled:
                    break
            if deals >= self.upto or (self.work and work >= self.work):
                break
            if self.cpu and deals >= self.samples and _cpu_clock() - cpu_start >= self.cpu:
                capped = True
                break
            if limit is not None and time.perf_counter() - start > limit:
                break
        self._results, self._stats, self._alive = results, stats, set(alive)
        self.last_deals, self.last_steps, self.last_work = deals, steps, work
        self.last_capped = capped
        self.last_values = {
            a: (mean([r for r, _ in v]), mean([s for _, s in v]), len(v))
            for a, v in results.items()
        }

    def _survivors(
        self, alive: list[int], results: dict[int, list[Outcome]], ties_settle: bool
    ) -> tuple[list[int], bool]:
        """The candidates the leader does not beat beyond noise, and whether the search is
        settled (one left, or — after enough deals — the rest identical to the leader)."""
        lead, *others = self._ranked(alive, results)
        kept = [lead]
        kept += [a for a in others if not beyond_noise(gains(results[lead], results[a]), self.z)]
        if len(kept) == 1:
            return kept, True
        tied = all(not any(gains(results[lead], results[a])) for a in kept[1:])
        return kept, ties_settle and tied

    def _counted_rollout(self, state: State, j: int) -> tuple[int, int]:
        """Play a candidate's copy of deal ``j`` out; the steps played and the legal moves
        the base policy weighed at its decisions.

        Each rollout gets policies of its own, seeded by the deal alone: a policy that
        draws random numbers (a lookahead on its own sampled deal) then draws the same
        ones after every candidate, which keeps the comparison paired."""
        agents: dict[int, Agent] = {}
        options = 0

        def choose(s: State, p: int, legal: list[int]) -> int:
            nonlocal options
            options += len(legal)
            agent = agents.get(p)
            if agent is None:
                seed = (self.seed * 1_000_003 + j * 7_919 + p * 104_729) % 2**62
                agent = agents[p] = make_agent(self.base, self.game, p, seed)
            action = agent.act(Turn.for_state(s, p, legal_actions=legal))
            return action if action in legal else legal[0]

        return play_out(state, choose, self.max_steps), options

    # -------------------------------------------------------------- analyse
    def analyse(self, turn: Turn, k: int = 3, include: Sequence[int] = ()) -> list[Candidate]:
        """The candidates best value first (the first is the move ``act`` plays), each with
        whether the search told it apart from the first, and why in the game's terms."""
        cpu_start = _cpu_clock()
        legal = list(turn.legal_actions)
        obs = turn.observation
        ranked = self._candidates(turn.player, legal, obs)
        ranked += [a for a in include if a in legal and a not in ranked]
        probe = self.game.sample_state(obs, turn.player, Rng(self.seed))
        if len(ranked) == 1:
            self.last_deals = self.last_steps = 0
            return [Candidate(ranked[0], 0.0, 0.0, msg("core.reason.only-move"), UNIT_SCORE)]
        limit = self.time_limit if self.time_limit is not None else turn.time_budget
        self._sequential(turn.player, ranked, obs, limit, cpu_start)
        results = self._results
        order = self._order(ranked)
        shown = order[: max(1, k)]
        shown += [a for a in include if a in results and a not in shown]
        by_score = all(r == sc for v in results.values() for r, sc in v)
        first, second = order[0], order[1]
        leader = self._ranked([a for a in ranked if a in self._alive], results)[0]
        out = []
        for a in shown:
            other = second if a == first else first
            close = a != first and not self._told_apart(first, a)
            # listed above a higher mean: the reason says why (the rule-based tie-break)
            tie_break = a == first and first != leader
            out.append(self._explained(probe, turn.player, a, other, by_score, close, tie_break))
        return out

    def _explained(
        self,
        probe: State,
        player: int,
        action: int,
        other: int,
        by_score: bool,
        close: bool,
        tie_break: bool,
    ) -> Candidate:
        """A candidate's value, spread and reason: the score now, the expected end, how it
        differs from ``other`` in the game's statistics, and the range over the deals."""
        outcomes = self._results[action]
        rets = [r for r, _ in outcomes]
        scores = [sc for _, sc in outcomes]
        sample = msg("core.sample.deals", n=len(outcomes))
        unit, value, spread, parts = playout_reason(
            probe, player, action, rets, scores, by_score, sample
        )
        versus = self._versus(probe, action, other)
        if versus is not None:
            parts.insert(len(parts) - 1, versus)
        if tie_break:
            parts.append(msg("core.reason.rule-choice-among-equals"))
        return Candidate(action, value, spread, reason(parts), unit, True, close)

    def _versus(self, probe: State, action: int, other: int) -> Msg | None:
        """The game statistics in which ``action`` ends most differently from ``other``
        (mean paired difference over the deals both faced, the most consistent first)."""
        mine, theirs = self._stats[action], self._stats[other]
        n = min(len(mine), len(theirs))
        if n == 0:
            return None
        keys = [k for k in mine[0] if k != "score" and all(k in d for d in theirs[:n])]
        ranked: list[tuple[float, str, float]] = []
        for key in keys:
            diffs = [mine[j][key] - theirs[j][key] for j in range(n)]
            m = mean(diffs)
            sd = math.sqrt(sum((d - m) ** 2 for d in diffs) / max(1, n - 1))
            # only a difference the deals show beyond noise, and big enough to say
            if abs(m) < MIN_STAT_DIFF or abs(m) <= self.z * sd / math.sqrt(n):
                continue
            ranked.append((abs(m) / (sd + 1e-9), key, m))
        if not ranked:
            return None
        ranked.sort(key=lambda t: (-t[0], t[1]))
        diffs_msg = [
            msg("core.reason.stat-diff", game=self.game.name, stat=key, delta=round(m, 1))
            for _, key, m in ranked[:MAX_STAT_PARTS]
        ]
        words = info_words(probe.action_info(other), lambda: probe.describe_action(other))
        return msg("core.reason.versus", other=words, diffs=diffs_msg)


def numeric_stats(state: State) -> dict[str, float]:
    """The game's end-of-game statistics that are numbers (categories left out)."""
    return {
        k: float(v)
        for k, v in state.stats().items()
        if isinstance(v, int | float) and not isinstance(v, bool)
    }


_PARAMS: dict[str, int | float | str] = {
    "samples": 8,
    "upto": 400,
    "work": 0,
    "option_cost": 0.0,
    "rollout_cost": 0.0,
    "top": 4,
    "base": "",
    "z": 2.5,
    "time": 0.0,
    "cpu": 0.0,
}


def _factory(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
    p = agent_params("spimc", params, _PARAMS)
    return SequentialPimcAgent(
        game,
        player,
        seed,
        samples=int(p["samples"]),
        upto=int(p["upto"]),
        work=int(p["work"]),
        option_cost=float(p["option_cost"]),
        rollout_cost=float(p["rollout_cost"]),
        top=int(p["top"]),
        base=str(p["base"]) or None,
        z=float(p["z"]),
        time_limit=float(p["time"]) or None,
        cpu=float(p["cpu"]),
    )


register_agent(
    "spimc",
    _factory,
    "sequential PIMC: deals until the best move is significantly ahead or the budget is "
    "spent; the hint agent of the solo games (params: samples=, upto=, work=, option_cost=, "
    "rollout_cost=, top=, base=, z=, time=, cpu=)",
)
