"""The OpenSpiel game and state around a solotable ``Game`` and ``State``.

Pickling and OpenSpiel's serialization: OpenSpiel serializes a Python state as its history
plus a pickle of the state's ``__dict__``. Here that dictionary holds one :class:`Core`, which
pickles as plain data (game name, options, where the state comes from, the actions since and
the generator's state when it moved) and is rebuilt by replaying them, so a state never
carries its game's code or data tables, and any game state pickles, whatever it holds.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from solotable.core.game import Game, State
from solotable.core.registry import game_names, load_game
from solotable.core.rng import Rng
from solotable.openspiel.observers import RecallObserver, SolotableObserver
from solotable.openspiel.params import game_type, short_name, solotable_options, spiel_params
from solotable.openspiel.recall import Entry, Trail

SOLO_UTILITY = 1000.0
"""Solo games return their final score: a bound no game's score reaches."""

Origin = tuple[Any, ...]
"""Where a state's replay starts: ``("seed", seed)``, or ``("sample", observation, player,
seed, trail)`` for a state drawn by ``resample_from_infostate`` (``trail``: the information
state it was drawn from, as plain data)."""


def spiel_returns(inner: State) -> list[float]:
    """OpenSpiel's returns: 0 until the end, then the final score in a solo game (as in
    OpenSpiel's own one-player games; Mini DiverCity's ``returns()`` is only win or loss,
    which leaves a search nothing to climb) and ``returns()`` in the others."""
    if not inner.is_terminal():
        return [0.0] * inner.game.num_players()
    final = inner.scores() if inner.game.num_players() == 1 else inner.returns()
    return [float(r) for r in final]


class Core:
    """A solotable state with its origin and the players' information-state trail."""

    __slots__ = ("inner", "origin", "rng0", "start", "trail")

    def __init__(self, inner: State, origin: Origin, trail: Trail | None = None) -> None:
        self.inner = inner
        self.origin = origin
        self.start = len(inner.history)
        self.rng0 = inner.rng.to_json()
        self.trail = trail or Trail.start(inner)

    def clone(self) -> Core:
        """An independent copy (the trail and the origin are shared: they never change)."""
        other = Core.__new__(Core)
        other.inner = self.inner.clone()
        other.origin, other.start, other.rng0 = self.origin, self.start, self.rng0
        other.trail = self.trail
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        """OpenSpiel clones a Python state by deep-copying its ``__dict__``: that is this."""
        return self.clone()

    def caught_up(self) -> Trail:
        """The trail extended to the present (kept: later calls start from here)."""
        self.trail = self.trail.extend(self.inner)
        return self.trail

    def __reduce__(self) -> tuple[Any, ...]:
        rng = self.inner.rng.to_json()
        game = self.inner.game
        return (
            rebuild,
            (
                game.name,
                dict(game.options),
                self.origin,
                list(self.inner.history[self.start :]),
                None if rng == self.rng0 else rng,
            ),
        )


def _plain_trail(trail: Trail) -> list[Any]:
    return [
        None if seen is None else [[e.kind, e.action, e.observation, e.line] for e in seen]
        for seen in trail.seen
    ]


def rebuild(
    name: str, options: dict[str, Any], origin: Origin, actions: list[int], rng: Any
) -> Core:
    """The :class:`Core` that :meth:`Core.__reduce__` wrote (every action re-checked)."""
    game = load_game(name, **options)
    if origin[0] == "seed":
        inner = game.new_initial_state(int(origin[1]))
        core = Core(inner, origin)
    elif origin[0] == "sample":
        _, observation, player, seed, plain = origin
        inner = game.sample_state(observation, int(player), Rng(int(seed)))
        seen = tuple(
            None if s is None else tuple(Entry(k, a, o, line) for k, a, o, line in s) for s in plain
        )
        core = Core(inner, origin, Trail(len(inner.history), inner.clone(), seen))
    else:
        raise ValueError(f"unknown state origin {origin[0]!r}")
    for action in actions:
        core.inner.apply_action(int(action))
    if rng is not None:
        core.inner.rng = Rng.from_json(rng)
    return core


class SolotableSpielGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game around one solotable ``Game`` (options from OpenSpiel params)."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        self.inner: Game = load_game(name, **solotable_options(name, params))
        n = self.inner.num_players()
        utility = 1.0 if n == 2 else SOLO_UTILITY
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.inner.num_distinct_actions(),
            max_chance_outcomes=self.inner.num_distinct_actions()
            if self.inner.info.has_chance
            else 0,
            num_players=n,
            min_utility=-utility,
            max_utility=utility,
            utility_sum=0.0 if n == 2 else None,
            max_game_length=self.inner.max_game_length(),
        )
        super().__init__(game_type(name), game_info, spiel_params(self.inner))

    def new_initial_state(self, seed: int = 0) -> SolotableSpielState:
        """The start of a game; ``seed`` seeds the solotable state's own generator (OpenSpiel
        samples chance itself, so it matters only to code that calls ``sample_chance``)."""
        return SolotableSpielState(self, Core(self.inner.new_initial_state(seed), ("seed", seed)))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SolotableObserver | RecallObserver:
        """The observation (default) or, for a perfect-recall type, the information state."""
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return RecallObserver(self.inner)
        return SolotableObserver(self.inner)


class SolotableSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state forwarding to a solotable ``State`` (player ids are the same)."""

    def __init__(self, game: SolotableSpielGame, core: Core) -> None:
        super().__init__(game)
        self._core = core

    @property
    def inner(self) -> State:
        """The solotable state (the true one: read it only where a player may)."""
        return self._core.inner

    def current_player(self) -> int:
        return int(self.inner.current_player())  # CHANCE -1 and TERMINAL -4, as in OpenSpiel

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.inner.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.inner.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.inner.action_to_string(int(action))

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        return spiel_returns(self.inner)

    def recall(self) -> Trail:
        """Every player's experience so far (the information states are read from it)."""
        return self._core.caught_up()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one, hidden parts dealt at random.

        The game's own sampler deals it (``Game.sample_state``: consistent with everything
        the player has seen, which the games' tests check) with a generator seeded from
        ``probability_sampler()`` (OpenSpiel's ``UniformProbabilitySampler``); it carries
        the player's information state, so OpenSpiel's Python ``ISMCTSBot`` finds its tree.
        Its OpenSpiel ``history()`` is empty: the true actions are exactly what it must not
        know. In a game of perfect information it is a copy.
        """
        if self.inner.game.info.perfect_information:
            return self.clone()
        trail = self._core.caught_up()
        seed = int(float(probability_sampler()) * 2**53)
        observation = self.inner.observation(player_id)
        inner = self.inner.game.sample_state(observation, player_id, Rng(seed))
        seen = tuple(s if p == player_id else None for p, s in enumerate(trail.seen))
        kept = Trail(len(inner.history), inner.clone(), seen)
        origin = ("sample", observation, player_id, seed, _plain_trail(kept))
        return SolotableSpielState(self.get_game(), Core(inner, origin, kept))

    def __str__(self) -> str:
        return str(self.inner.outcome()) or repr(self.inner.history[-10:])

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as OpenSpiel's own serialization, read back by :func:`load_state`, which
        registers the game first (a fresh process has not)."""
        game = self.get_game()
        return (load_state, (game.get_type().short_name, serialize_game_and_state(game, self)))


def serialize_game_and_state(game: Any, state: Any) -> str:
    return str(pyspiel.serialize_game_and_state(game, state))


def load_state(short_name: str, text: str) -> SolotableSpielState:
    """The state of ``pyspiel.serialize_game_and_state`` text, its game registered first."""
    register_short_name(short_name)
    state: SolotableSpielState = pyspiel.deserialize_game_and_state(text)[1]
    return state


# -- registration (here, so that unpickling a state can register its game) ----------------

CLASS_PREFIX = "Spiel_"
_classes: dict[str, type[SolotableSpielGame]] = {}


def game_class_for(name: str) -> type[SolotableSpielGame]:
    """The OpenSpiel game class of solotable game ``name``, built as ``cls(params)`` like
    OpenSpiel's own Python games and reachable as ``solotable.openspiel.Spiel_<name>`` (so
    that pickle finds it)."""
    cls = _classes.get(name)
    if cls is None:

        def __init__(self: SolotableSpielGame, params: dict[str, Any] | None = None) -> None:
            SolotableSpielGame.__init__(self, name, params)

        cls_name = CLASS_PREFIX + name.replace("-", "_")
        module = "solotable.openspiel"
        cls = type(cls_name, (SolotableSpielGame,), {"__init__": __init__, "__module__": module})
        _classes[name] = cls
    return cls


def register(names: list[str] | None = None) -> list[str]:
    """Register solotable games with OpenSpiel (all by default); returns their short names.

    Registering twice is harmless: OpenSpiel keeps the first factory, which builds the same game.
    """
    done = []
    for name in names or game_names():
        kind = game_type(name)
        if kind.short_name not in pyspiel.registered_names():
            pyspiel.register_game(kind, game_class_for(name))
        done.append(kind.short_name)
    return done


def game_named(attr_or_short_name: str) -> str | None:
    """The solotable game behind ``Spiel_<game>`` or ``python_solotable_<game>``, if any."""
    for name in game_names():
        if attr_or_short_name in (CLASS_PREFIX + name.replace("-", "_"), short_name(name)):
            return name
    return None


def register_short_name(name: str) -> None:
    """Register the solotable game OpenSpiel calls ``name`` (nothing if it is not one)."""
    found = game_named(name)
    if found is not None:
        register([found])
