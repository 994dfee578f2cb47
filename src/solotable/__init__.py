"""solotable: play tabletop games alone, against their solo rules or an AI.

``solotable.load_game(name, **options)`` is the entry point; see
``docs/architecture.md`` for the Game/State API.
"""

from solotable import _moved
from solotable import accel as _accel  # noqa: F401  (first: may hide a stale compiled build)
from solotable import agents as _agents  # noqa: F401  (registers the agents)
from solotable import games as _games  # noqa: F401  (declares the built-in games)
from solotable import words as _words  # noqa: F401  (str(msg) in English)
from solotable.core.registry import game_names, load_game, make_agent

_moved.install()  # old module paths import, with a DeprecationWarning, for one release

__all__ = ["game_names", "load_game", "make_agent"]
__version__ = "0.1.0"
