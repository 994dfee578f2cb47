"""Name → game class, and name → agent factory.

``core`` knows no game: game packages register themselves when imported, and
``solotable.games`` lists the built-in packages to import lazily (so the CLI
starts fast and a broken game cannot break the others).

Plug-ins extend both without editing solotable (docs/agents.md):

- an agent spec may name a class or factory directly, ``module.path:ClassName[:key=value,…]``,
  but only where the player typed it: :func:`make_agent` imports a module only when its caller
  says the spec came from the command line (``allow_plugins=True``). Records, saves, stored
  games and web forms name registered agents only (files are data, never code);
- research agents (``register_agent(..., research=True)``, or any class whose
  ``sees_true_state`` is true) see the true state; :func:`make_agent` builds them only when
  asked with ``research=True`` (simulate, compare) and :func:`agent_names` never lists them;
- installed packages declare entry points in the groups ``solotable.agents`` (name → an Agent
  subclass or factory) and ``solotable.games`` (name → a module that registers the game, or the
  Game class itself). They are read lazily, only when a name is not a built-in one.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from contextvars import ContextVar
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from solotable.core.agent import Agent, agent_params, is_research
from solotable.core.errors import (
    OptionError,
    PluginRefusedError,
    ResearchAgentError,
    SolotableError,
    UnknownNameError,
)
from solotable.core.game import Game
from solotable.core.message import msg
from solotable.core.untrusted import shorten

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
        raise UnknownNameError(
            msg("core.registry.game-missing", game=name, detail=f"{ep.value}: {e}")
        ) from e
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
            raise UnknownNameError(
                msg("core.registry.game-missing", game=name, detail=f"{module} missing")
            ) from e
    try:
        return _GAMES[name]
    except KeyError:
        raise UnknownNameError(
            msg("core.registry.unknown-game", game=shorten(repr(name)), known=game_names())
        ) from None


def load_game(name: str, **options: Any) -> Game:
    """A game with validated options (unknown option → OptionError, naming the game so that
    the option is said by its label)."""
    cls = game_class(name)
    try:
        return cls(**options)
    except OptionError as e:
        raise e.for_game(cls.info.name) from None


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
    return ResearchAgentError(msg("core.registry.research", agent=shorten(repr(name))))


MAX_SPEC = 200
"""Longest agent spec: nested specs included, real ones are well under 100 characters."""


def check_spec(spec: object) -> str:
    """``spec`` if it is short printable text, else one line saying what is wrong.

    Specs come from files and forms too; this is :mod:`solotable.core.untrusted`'s rule for
    names (no control characters, no markup brackets) with room for parameters."""
    if not isinstance(spec, str) or not spec.strip():
        raise UnknownNameError(msg("core.registry.no-agent-name", got=shorten(repr(spec))))
    if len(spec) > MAX_SPEC:
        raise UnknownNameError(
            msg("core.registry.agent-too-long", agent=repr(shorten(spec)), n=MAX_SPEC)
        )
    bad = next((c for c in spec if c in "[]\\" or not c.isprintable()), None)
    if bad is not None:
        raise UnknownNameError(
            msg("core.registry.agent-bad-char", agent=repr(shorten(spec)), char=repr(bad))
        )
    return spec


def _parse_params(rest: str) -> dict[str, str]:
    params: dict[str, str] = {}
    if rest:
        for item in rest.split(","):
            k, sep, v = item.partition("=")
            if not sep:
                raise UnknownNameError(
                    msg("core.registry.param-not-pair", param=repr(shorten(item)))
                )
            if not k.strip().isidentifier():
                raise UnknownNameError(msg("core.registry.param-name", param=repr(shorten(k))))
            params[k.strip()] = v.strip()
    return params


FACTORY_PARAMS = ("game", "player", "seed", "params")
"""The parameters of a plug-in factory function, as docs/agents.md documents it."""


def is_agent_factory(target: Any) -> bool:
    """Whether ``target`` is a factory function as documented: a Python function (not a
    built-in, a class or another callable object) whose parameters are exactly
    ``game, player, seed, params``, none of them keyword-only, no ``*args``/``**kwargs``.

    Read from its code object, so nothing is called and a ``__signature__`` or
    ``__wrapped__`` set on it cannot pass for another shape: ``os:system``,
    ``builtins:eval`` or ``subprocess:call`` are not factories, whatever they would do
    with the four arguments."""
    if not inspect.isfunction(target):
        return False
    code = target.__code__
    if code.co_kwonlyargcount or code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS):
        return False
    return tuple(code.co_varnames[: code.co_argcount]) == FACTORY_PARAMS


def plugin_factory(target: Any, where: str) -> AgentFactory:
    """An agent factory from a plug-in object: an ``Agent`` subclass or a factory function.

    A class is built as ``cls(game, player, seed, **params)``; its ``param_defaults`` (a class
    attribute, ``{}`` by default) type-check the ``key=value`` text the same way built-in agents
    do, so a typo is an error naming the valid keys. A factory function
    (:func:`is_agent_factory`: ``f(game, player, seed, params)``) is used as an
    :data:`AgentFactory`. Anything else (``os:system``) is refused before it is called; a
    constructor that raises, or a factory that returns something other than an agent, is one
    line naming the plug-in.
    """
    if isinstance(target, type):
        if not issubclass(target, Agent):
            raise UnknownNameError(f"{where} is a class but not a solotable Agent subclass")
        cls = target

        def construct(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
            typed = agent_params(where, params, cls.param_defaults)
            return cls(game, player, seed, **typed)

        factory: AgentFactory = construct
    elif is_agent_factory(target):
        factory = target
    else:
        raise UnknownNameError(msg("core.plugin.not-an-agent", agent=shorten(where)))

    def build(game: Game, player: int, seed: int, params: dict[str, str]) -> Agent:
        try:
            agent = factory(game, player, seed, params)
        except SolotableError:
            raise
        except Exception as e:  # the plug-in's own code failed
            raise UnknownNameError(
                f"{where} could not build an agent: {type(e).__name__}: {shorten(str(e))}"
            ) from e
        if not isinstance(agent, Agent):
            raise UnknownNameError(
                f"{where} is not an agent: it returned {shorten(type(agent).__name__)}, "
                "not a solotable Agent"
            )
        return agent

    return build


def _import_target(module: str, attr: str) -> Any:
    """``module.attr``, with an error that says which half is wrong.

    Only reached for a spec the player typed (:func:`make_agent`'s ``allow_plugins``); a
    module that fails while being imported is that plug-in's error, said in one line."""
    try:
        mod = importlib.import_module(module)
    except ImportError as e:
        raise UnknownNameError(f"cannot import agent module {module!r}: {e}") from e
    except Exception as e:  # a plug-in module that raises on import
        raise UnknownNameError(
            f"agent module {module!r} failed to import: {type(e).__name__}: {shorten(str(e))}"
        ) from e
    try:
        return getattr(mod, attr)
    except AttributeError:
        raise UnknownNameError(f"module {module!r} has no {attr!r}") from None


_PLUGINS_OK: ContextVar[bool] = ContextVar("solotable_plugins_ok", default=False)
"""True while an agent named on the command line is being built, so the agents it builds
(``pimc:base=mybots:Bot``) may be plug-ins too."""
_NAMED_PLUGINS: set[str] = set()
"""``module:attr`` plug-ins this process built from a spec the player typed: the agents
that build helpers as they play (PIMC's rankers) may build them again later."""


def _is_registered(name: str, game: str) -> bool:
    """Whether ``name`` is a registered or installed agent of ``game`` (nothing imported)."""
    return (game, name) in _AGENTS or (None, name) in _AGENTS or name in _entry_points(AGENTS_GROUP)


def is_plugin_spec(spec: str, game: Game | str) -> bool:
    """Whether ``spec`` names a module to import (``module.path:attr``) rather than a
    registered agent. Imports nothing."""
    name, _, rest = spec.partition(":")
    attr = rest.partition(":")[0]
    game_name = game if isinstance(game, str) else game.name
    return "." in name or (attr.isidentifier() and not _is_registered(name, game_name))


def names_plugin(spec: str, game: Game | str) -> bool:
    """Whether ``spec``, or a spec nested in its parameters (``pimc:base=mybots:Bot``),
    names a module. Imports and builds nothing: what a file says is checked with this
    before anything is built, so that the player is told which agent to name again.

    Nested specs are parameter values with a ``:``; ``make_agent`` refuses an unnamed
    plug-in at any depth anyway, this only finds it early."""
    todo, seen = [spec], 0
    while todo and seen < MAX_SPEC:
        one = todo.pop()
        seen += 1
        if is_plugin_spec(one, game):
            return True
        _, _, rest = one.partition(":")
        for item in rest.split(","):
            value = item.partition("=")[2].strip()
            if ":" in value:
                todo.append(value)
    return bool(todo)


def _build_plugin(spec: str, game: Game, player: int, seed: int) -> Agent:
    name, _, rest = spec.partition(":")
    attr, _, after = rest.partition(":")
    if not attr.isidentifier():
        raise UnknownNameError(msg("core.registry.plugin-spec", agent=repr(shorten(spec))))
    target = f"{name}:{attr}"
    if not (_PLUGINS_OK.get() or target in _NAMED_PLUGINS):
        known = [n for n, _ in agent_names(game.name)]
        raise PluginRefusedError(
            spec,
            msg("core.plugin.module", agent=shorten(repr(spec)), game=game.name, known=known),
        )
    factory = plugin_factory(_import_target(name, attr), target)
    _NAMED_PLUGINS.add(target)
    return factory(game, player, seed, _parse_params(after))


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
    except Exception as e:  # an installed plug-in that fails to import
        raise UnknownNameError(
            f"agent plug-in {name!r} ({ep.value}) failed to load: {shorten(str(e))}"
        ) from e
    return plugin_factory(target, f"agent plug-in {name!r} ({ep.value})")


def make_agent(
    spec: str,
    game: Game,
    player: int,
    seed: int = 0,
    *,
    research: bool = False,
    allow_plugins: bool = False,
) -> Agent:
    """Build an agent from ``name[:key=value,…]`` or ``module.path:ClassName[:key=value,…]``.

    ``name`` is a registered agent (built-in or an installed ``solotable.agents`` entry
    point), its parameters checked against the ones it declares. A module path (a name with
    a dot, or any unknown name followed by ``:Identifier``) names a class or factory to
    import, so people try their own agent without registering anything
    (``--agents mybots.greedy:Greedy:depth=2``). Parameters always contain ``=``, so
    ``name:key=value`` stays unambiguous.

    Importing runs code, so a module path is refused (:class:`PluginRefusedError`, nothing
    imported) unless ``allow_plugins`` says the player typed ``spec`` on the command line:
    records, saves, stored games and web forms name registered agents only. A plug-in
    allowed once may be built again by this process (the helpers a search agent builds
    while it plays), and agents built while an allowed spec is built inherit the
    permission (``pimc:base=mybots:Bot``).

    A research agent (registered so, or whose class ``sees_true_state``, plug-ins included)
    is a :class:`ResearchAgentError` unless ``research`` is true: only simulate and compare
    pass it, every place where a player picks an agent keeps the default.
    """
    check_spec(spec)
    token = _PLUGINS_OK.set(True) if allow_plugins else None
    try:
        agent = _build_agent(spec, game, player, seed, research)
    finally:
        if token is not None:
            _PLUGINS_OK.reset(token)
    if is_research(agent) and not research:
        raise _refuse_research(spec.partition(":")[0])
    return agent


def is_research_spec(spec: str, game: Game, *, allow_plugins: bool = False) -> bool:
    """Whether the agent ``spec`` names sees hidden information (built once to ask its class,
    so a plug-in's own ``sees_true_state`` counts)."""
    return is_research(make_agent(spec, game, 0, 0, research=True, allow_plugins=allow_plugins))


def _build_agent(spec: str, game: Game, player: int, seed: int, research: bool) -> Agent:
    if is_plugin_spec(spec, game):
        return _build_plugin(spec, game, player, seed)
    name, _, rest = spec.partition(":")
    found = _find_agent(name, game, research)
    if found is None:
        raise UnknownNameError(
            msg(
                "core.registry.unknown-agent",
                agent=shorten(repr(name)),
                game=game.name,
                known=[n for n, _ in agent_names(game.name)],
            )
        )
    return found(game, player, seed, _parse_params(rest))
