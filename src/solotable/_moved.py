"""Old module paths, kept importable for one release (issue 36: the layout reads as the
architecture).

Why one table and one finder instead of a shim file per old path: about a hundred modules
moved; a shim each would be a hundred files to keep in step and to delete. Instead
:data:`MOVED` maps every old dotted name to its new one, and :class:`MovedFinder` (installed
first on ``sys.meta_path`` by ``solotable/__init__.py``) answers an import of an old name by
importing the new module, warning (:class:`DeprecationWarning`, naming the new path) and
aliasing the old name to the *same module object* in ``sys.modules``. So ``import
solotable.core.store`` still works, ``solotable.core.store is solotable.session.store``, and a
pickle that names an old class path (``solotable.core.simulation.Summary``) still loads.

It never shadows a real module: only the names in the table are answered, and the new names
are found by the ordinary finders (and ``solotable.accel``'s path hook, which decides whether a
compiled build is used: this finder is on ``sys.meta_path`` and imports through
``importlib.import_module``, so it never sees a file). The old names go away in the next
release (CHANGELOG.md lists them).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from types import ModuleType

_CORE_TO = {
    "session": "session.session",
    "sessionparts": "session.parts",
    "sessionviews": "session.views",
    "sessionsave": "session.save",
    "sessionstore": "session.commit",
    "savefile": "session.savefile",
    "seal": "session.seal",
    "review": "session.review",
    "playstats": "session.playstats",
    "advice": "session.advice",
    "consequences": "session.consequences",
    "store": "session.store",
    "storeschema": "session.store.schema",
    "storefaults": "session.store.faults",
    "simulation": "sim.simulation",
    "simrun": "sim.run",
    "simray": "sim.ray_backend",
    "workerpool": "sim.pool",
    "workerlife": "sim.workerlife",
    "batches": "sim.batches",
    "results": "sim.results",
    "compare": "sim.compare",
    "matrix": "sim.matrix",
    "stats": "stats.intervals",
    "rating": "stats.rating",
    "skill": "stats.skill",
    "metrics": "stats.metrics",
    "moments": "stats.moments",
    "accumulate": "stats.accumulate",
}

_AGENTS_TO = {
    "dice_miner_heuristic": "dice_miner.heuristic",
    "divercite_advice": "divercite.advice",
    "divercite_alphabeta": "divercite.alphabeta",
    "divercite_deepening": "divercite.deepening",
    "divercite_greedy": "divercite.greedy",
    "divercite_levels": "divercite.levels",
    "divercite_search": "divercite.search",
    "fifty_first_state_heuristic": "fifty_first_state.heuristic",
    "mini_divercity_heuristic": "mini_divercity.heuristic",
    "mini_divercity_weights": "mini_divercity.weights",
    "pimc": "search.pimc",
    "pimc_sequential": "search.pimc_sequential",
    "ismcts": "search.ismcts",
    "mcts": "search.mcts",
    "clairvoyant": "search.clairvoyant",
    "_playout": "search._playout",
}

_WORDS_TO = {
    "dice_miner_dice": "dice_miner.dice",
    "dice_miner_errors": "dice_miner.errors",
    "dice_miner_learn": "dice_miner.learn",
    "divercite_learn": "divercite.learn",
    "divercite_more": "divercite.more",
    "divercite_terms": "divercite.terms",
    "fifty_first_state_base": "fifty_first_state.base",
    "fifty_first_state_events": "fifty_first_state.events",
    "fifty_first_state_learn": "fifty_first_state.learn",
    "fifty_first_state_moves": "fifty_first_state.moves",
    "mini_divercity_cards": "mini_divercity.cards",
    "mini_divercity_learn": "mini_divercity.learn",
    "mini_divercity_log": "mini_divercity.log",
    "mini_divercity_terms": "mini_divercity.terms",
    "shared_advice": "shared.advice",
    "shared_errors": "shared.errors",
    "shared_lab": "shared.lab",
    "shared_learn": "shared.learn",
    "shared_session": "shared.session",
    "shared_web": "shared.web",
}

MOVED: dict[str, str] = {
    **{f"solotable.core.{old}": f"solotable.{new}" for old, new in _CORE_TO.items()},
    **{f"solotable.agents.{old}": f"solotable.agents.{new}" for old, new in _AGENTS_TO.items()},
    **{f"solotable.words.{old}": f"solotable.words.{new}" for old, new in _WORDS_TO.items()},
}
"""Old dotted module name -> new dotted module name (one release of grace)."""


class _AliasLoader(importlib.abc.Loader):
    """Puts the new module in ``sys.modules`` under the old name (the import system then
    returns what ``sys.modules`` holds, so the placeholder it made is dropped)."""

    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None  # a placeholder; exec_module replaces it in sys.modules

    def exec_module(self, module: ModuleType) -> None:
        old = module.__name__
        warnings.warn(
            f"{old} moved to {self.new}; the old path goes away in the next release",
            DeprecationWarning,
            stacklevel=2,
        )
        sys.modules[old] = importlib.import_module(self.new)


class MovedFinder(importlib.abc.MetaPathFinder):
    """Finds the old names of :data:`MOVED`, and only those."""

    def find_spec(
        self,
        fullname: str,
        path: object = None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        new = MOVED.get(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(new))


def install() -> None:
    """Put the finder first on ``sys.meta_path`` (once: a second call changes nothing)."""
    if not any(isinstance(f, MovedFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, MovedFinder())
