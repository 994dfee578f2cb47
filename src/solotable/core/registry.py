"""Name → game class, and name → agent factory.

``core`` knows no game: game packages register themselves when imported, and
``solotable.games`` lists the built-in packages to import lazily (so the CLI
starts fast and a broken game cannot break the others).

Plug-ins extend both without editing solotable (docs/agents.md):

- an agent spec may name a class or factory directly, ``module.path:ClassName[:key=value,…]``;
- research agents (``register_agent(..., research=True)``, or any class whose
  ``sees_true_state`` is true) see the true state; :func:`make_agent` builds them only when
  asked with ``research=True`` (simulate, compare) and :func:`agent_names` never lists them;
- installed packages declare entry points in the groups ``solotable.agents`` (name → an Agent
  subclass or factory) and ``solotable.games`` (name → a module that registers the game, or the
  Game class itself). They are read lazily, only when a name is not a built-in one.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from solotable.core.agent import Agent, agent_params, is_research
from solotable.core.errors import ResearchAgentError, UnknownNameError
from solotable.core.game import Game

_GAMES: dict[str, type[Game]] = {}
_LAZY_GAMES: dict[str, str] = {}
AgentFactory = Callable[[Game, int, int, dict[str, str]], Agent]
"""``factory(game, player, seed, params) -> Agent``."""
_AGENTS: dict[tuple[str | None, str], tuple[AgentFactory, str, bool]] = {}
"""``(game or None, name) -> (factory, summary, research)``."""


def register_game(cls: type[Game]) -> type[Game]:
    """Class decorator for a game; its ``info.name`` becomes loadable."""
    _GAMES[cls.info.name] = cls
    return cls


def declare_game_module(name: str, module: str) -> None:
    """Announce that importing ``module`` registers the game ``name``."""
    _LAZY_GAMES.setdefault(name, module)


AGENTS_GROUP = "solotable.agents"
GAMES_GROUP = "solotable.games"


def _entry_points(group: str) -> dict[str, EntryPoint]:
    """Installed plug-ins of one group by name (read each time: installs change at runtime)."""
    return {ep.name: ep for ep in entry_points(group=group)}


def game_names() -> list[str]:
    return sorted(set(_GAMES) | set(_LAZY_GAMES) | set(_entry_points(GAMES_GROUP)))


def _load_plugin_game(name: str) -> None:
    """Import a ``solotable.games`` entry point; a Game class it names gets registered."""
    ep = _entry_points(GAMES_GROUP).get(name)
    if ep is None:
        return
    try:
        loaded = ep.load()
    except ImportError as e:
        raise UnknownNameError(f"game {name!r} is not available ({ep.value}: {e})") from e
    if isinstance(loaded, type) and issubclass(loaded, Game):
        register_game(loaded)
        if loaded.info.name != name:
            _GAMES.setdefault(name, loaded)


def game_class(name: str) -> type[Game]:
    if name not in _GAMES and name not in _LAZY_GAMES:
        _load_plugin_game(name)
    if name not in _GAMES and name in _LAZY_GAMES:
        module = _LAZY_GAMES[name]
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name is None or not module.startswith(e.name):
                raise
            raise UnknownNameError(f"game {name!r} is not available ({module} missing)") from e
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownNameError(
            f"unknown game {name!r}; known games: {', '.join(game_names())}"
        ) from None


def load_game(name: str, **options: Any) -> Game:
    """A game with validated options (unknown option → OptionError)."""
    return game_class(name)(**options)


def register_agent(
    name: str,
    factory: AgentFactory,
    summary: str,
    game: str | None = None,
    *,
    research: bool = False,
) -> None:
    """Register an agent for one game (``game=name``) or for every game (None).

    ``research=True`` marks an agent that sees hidden information: it is listed only by
    :func:`research_agent_names` and built only by ``make_agent(..., research=True)``.
    """
    _AGENTS[(game, name)] = (factory, summary, research)


def agent_names(game: str) -> list[tuple[str, str]]:
    """``(name, summary)`` of the agents a player may pick for ``game`` (installed plug-ins
    included); research agents are not among them (:func:`research_agent_names`)."""
    names: dict[str, str] = {}
    for (g, n), (_, summary, research) in _AGENTS.items():
        if (g is None or g == game) and not research:
            names[n] = summary
    for n, ep in _entry_points(AGENTS_GROUP).items():
        names.setdefault(n, f"plug-in ({ep.value})")
    return sorted(names.items())


def research_agent_names(game: str) -> list[tuple[str, str]]:
    """``(name, summary)`` of the research agents for ``game``: they see hidden information,
    so they bound what players can reach and are never offered to players."""
    names = {
        n: summary
        for (g, n), (_, summary, research) in _AGENTS.items()
        if research and (g is None or g == game)
    }
    return sorted(names.items())


RESEARCH_LABEL = "research: sees hidden information"
"""How every listing and summary marks a research agent."""


def _refuse_research(name: str) -> ResearchAgentError:
    return ResearchAgentError(
        f"agent {name!r} is a research agent ({RESEARCH_LABEL}): "
        "it runs only in simulate and compare, never as a player or a hint"
    )


def _parse_params(rest: str) -> dict[str, str]:
    params: dict[str, str] = {}
    if rest:
        for item in rest.split(","):
            k, sep, v = item.partition("=")
            if not sep:
                raise UnknownNameError(f"agent parameter {item!r} is not key=value")
            params[k.strip()] = v.strip()
    return params


def plugin_factory(target: Any, where: str) -> AgentFactory:
    """An agent factory from a plug-in object: an ``Agent`` subclass or a factory function.

    A class is built as ``cls(game, player, seed, **params)``; its ``param_defaults`` (a class
    attribute, ``{}`` by default) type-check the ``key=value`` text the same way built-in agents
    do, so a typo is an error naming the valid keys. A plain callable is used as an
    :data:`AgentFactory` as it is.
    """
    if isinstance(target, type):
        if not issubclass(target, Agent):
            raise UnknownNameError(f"{where} is a class but not a solotable Agent subclass")
        cls = target

        def build(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
            typed = agent_params(where, params, cls.param_defaults)
            return cls(game, player, seed, **typed)

        return build
    if callable(target):
        factory: AgentFactory = target
        return factory
    raise UnknownNameError(f"{where} is neither an Agent subclass nor a factory")


def _import_target(module: str, attr: str) -> Any:
    """``module.attr``, with an error that says which half is wrong."""
    try:
        mod = importlib.import_module(module)
    except ImportError as e:
        raise UnknownNameError(f"cannot import agent module {module!r}: {e}") from e
    try:
        return getattr(mod, attr)
    except AttributeError:
        raise UnknownNameError(f"module {module!r} has no {attr!r}") from None


def _find_agent(name: str, game: Game, research: bool = False) -> AgentFactory | None:
    entry = _AGENTS.get((game.name, name)) or _AGENTS.get((None, name))
    if entry is not None:
        if entry[2] and not research:
            raise _refuse_research(name)
        return entry[0]
    ep = _entry_points(AGENTS_GROUP).get(name)
    if ep is None:
        return None
    try:
        target = ep.load()
    except (ImportError, AttributeError) as e:
        raise UnknownNameError(f"agent plug-in {name!r} ({ep.value}) failed to load: {e}") from e
    return plugin_factory(target, f"agent plug-in {name!r} ({ep.value})")


def make_agent(
    spec: str, game: Game, player: int, seed: int = 0, *, research: bool = False
) -> Agent:
    """Build an agent from ``name[:key=value,…]`` or ``module.path:ClassName[:key=value,…]``.

    A module path (a name with a dot, or any unknown name followed by ``:Identifier``) names a
    class or factory to import, so people try their own agent without registering anything
    (``--agents mybots.greedy:Greedy:depth=2``). Parameters always contain ``=``, so
    ``name:key=value`` stays unambiguous.

    A research agent (registered so, or whose class ``sees_true_state``, plug-ins included)
    is a :class:`ResearchAgentError` unless ``research`` is true: only simulate and compare
    pass it, every place where a player picks an agent keeps the default.
    """
    agent = _build_agent(spec, game, player, seed, research)
    if is_research(agent) and not research:
        raise _refuse_research(spec.partition(":")[0])
    return agent


def is_research_spec(spec: str, game: Game) -> bool:
    """Whether the agent ``spec`` names sees hidden information (built once to ask its class,
    so a plug-in's own ``sees_true_state`` counts)."""
    return is_research(make_agent(spec, game, 0, 0, research=True))


def _build_agent(spec: str, game: Game, player: int, seed: int, research: bool) -> Agent:
    name, _, rest = spec.partition(":")
    attr, _, after = rest.partition(":")
    if "." in name or (attr.isidentifier() and _find_agent(name, game, research) is None):
        if not attr.isidentifier():
            raise UnknownNameError(f"agent {spec!r}: expected module.path:ClassName[:key=value]")
        factory = plugin_factory(_import_target(name, attr), f"{name}:{attr}")
        return factory(game, player, seed, _parse_params(after))
    found = _find_agent(name, game, research)
    if found is None:
        known = ", ".join(n for n, _ in agent_names(game.name))
        raise UnknownNameError(f"unknown agent {name!r} for {game.name}; known agents: {known}")
    return found(game, player, seed, _parse_params(rest))
