"""``clairvoyant``: a research agent that plans on the true future of a solo game.

It is an upper bound, not a player. A solo game's only randomness is the
state's own generator, and a clone carries it (``core.game``), so from the
true state every action sequence has one known outcome: the cards still
hidden and the dice not yet rolled are the real ones. Planning there is a
deterministic search, which this agent does as a nested Monte Carlo search
of level 1 with a memory of the best sequence (Cazenave 2009):

1. For every legal action, ``rollouts`` playouts on clones of the true
   state: the first with the game's rule-based policy (``heuristic``), the
   others with that policy deviating to a random legal action with
   probability ``eps`` (seeded), for diversity.
2. Each playout's outcome is exact, so the best one found is a sequence the
   agent can really play. The agent keeps the best sequence found so far and
   follows it unless a new playout beats it: its final result is never worse
   than any playout it has seen, the rule-based policy's own game included.

What it exploits that no honest player can know: the next dice faces, the
order of the decks, the hidden cards — every draw its choices will cause.
So ``honest / clairvoyant`` bounds how much of the gap to perfect play is
still achievable. The agent registers with ``research=True`` and acts only
on a :class:`~solotable.core.agent.ResearchTurn` (simulate, compare).
"""

from __future__ import annotations

from solotable.core.agent import Agent, ResearchAgent, Turn, agent_params
from solotable.core.errors import UnknownNameError
from solotable.core.game import Game, State
from solotable.core.players import CHANCE
from solotable.core.registry import agent_names, make_agent, register_agent
from solotable.core.rng import Rng

SOLO_GAMES = ("mini-divercity", "dice-miner", "51st-state")
"""The games it registers for: solo games, where the true future is one known sequence."""

WIN_LOSS_GAMES = ("mini-divercity",)
"""Solo games whose return is win (1) or loss (0): their bound is a win rate."""

Value = tuple[float, float]
"""``(return, score)`` of the searching player: returns first (win/loss), then score."""


class ClairvoyantAgent(ResearchAgent):
    """Nested Monte Carlo (level 1, best-sequence memory) on clones of the true state."""

    name = "clairvoyant"

    def __init__(
        self,
        game: Game,
        player: int,
        seed: int = 0,
        *,
        rollouts: int = 2,
        eps: float = 0.1,
        base: str = "",
        win_stop: bool = True,
    ) -> None:
        super().__init__(game, player, seed)
        if game.num_players() != 1:
            raise UnknownNameError("clairvoyant: solo games only (the future must be one sequence)")
        self.rng = Rng(seed)
        self.rollouts = max(1, rollouts)
        self.eps = eps
        self.win_stop = win_stop and game.info.name in WIN_LOSS_GAMES
        names = {n for n, _ in agent_names(game.name)}
        self.base = base or ("heuristic" if "heuristic" in names else "random")
        self.max_steps = game.max_game_length()
        # One policy per playout index, reused across decisions (building one costs ~1 ms).
        self._policies: list[Agent] = [
            make_agent(self.base, game, player, (seed * 1_000_003 + r * 7_919) % 2**62)
            for r in range(self.rollouts)
        ]
        self._best: Value | None = None
        self._plan: list[int] = []
        """The rest of the best sequence found: every decision of the player, in order."""
        self.playouts = 0
        """Playouts run so far (a fixed-budget work count for the bound table)."""

    @property
    def expected(self) -> Value | None:
        """``(return, score)`` of the plan being followed: what the game will give it."""
        return self._best

    def label(self) -> str:
        return f"clairvoyant({self.base},r={self.rollouts})"

    def plan(self, state: State, turn: Turn) -> int:
        legal = list(turn.legal_actions)
        if self._plan and self._plan[0] not in legal:
            self._best, self._plan = None, []  # not our game any more: start afresh
        if len(legal) == 1 or self._settled():
            choice = self._plan[0] if self._plan else legal[0]
            self._plan = self._plan[1:]
            return choice
        for action in legal:
            for r in range(self.rollouts):
                child = state.clone()
                child.apply_legal_action(action)
                moves = self._playout(child, r)
                value = (child.returns()[self.player], child.scores()[self.player])
                if self._best is None or value > self._best:
                    self._best, self._plan = value, [action, *moves]
        choice = self._plan[0]
        self._plan = self._plan[1:]
        return choice

    def _settled(self) -> bool:
        """With ``win_stop``, a known winning sequence in a win/loss game is simply
        followed: more search could raise the score but not the win rate it bounds."""
        return self.win_stop and self._best is not None and self._best[0] > 0 and bool(self._plan)

    def _playout(self, state: State, r: int) -> list[int]:
        """Play ``state`` to the end (chance from its own generator: the real draws) and
        return the player's decisions in order."""
        policy = self._policies[r]
        moves: list[int] = []
        steps = 0
        noisy = r > 0 and self.eps > 0
        while not state.is_terminal() and steps < self.max_steps:
            steps += 1
            p = state.current_player()
            if p == CHANCE:
                state.apply_legal_action(state.sample_chance())
                continue
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif noisy and self.rng.random() < self.eps:
                action = legal[self.rng.below(len(legal))]
            else:
                action = policy.act(Turn.for_state(state, p, legal_actions=legal))
                if action not in legal:
                    action = legal[0]
            moves.append(action)
            state.apply_legal_action(action)
        self.playouts += 1
        return moves


def _factory(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
    p = agent_params("clairvoyant", params, {"rollouts": 2, "eps": 0.1, "base": "", "win_stop": 1})
    return ClairvoyantAgent(
        game,
        player,
        seed,
        rollouts=int(p["rollouts"]),
        eps=float(p["eps"]),
        base=str(p["base"]),
        win_stop=bool(int(p["win_stop"])),
    )


for _game in SOLO_GAMES:
    register_agent(
        "clairvoyant",
        _factory,
        "sees the true future (next draws, hidden cards): nested Monte Carlo with heuristic "
        "playouts on clones of the true state; an upper bound "
        "(params: rollouts=, eps=, base=, win_stop=)",
        game=_game,
        research=True,
    )
