"""The shared formatter: the ``core`` owner's messages, said in the ``solotable`` domain.

This package holds the words every game shares: ``session`` (seats, turns, saves),
``errors`` (the engine's refusals), ``advice`` (hints and reviews), ``lab`` (the report),
``learn`` (the lessons' frame) and ``web`` (the web table's own labels). It is a package
so that the folder, not a ``shared_`` prefix, says they belong together, as
``words/<game>/`` does for one game's words.

``words/core.py`` registers the core's own messages on it and loads ``session``, ``errors``
and ``advice``, which register theirs; they import the formatter from here, not from
``words/core.py``, so that no import cycle forms.
"""

from __future__ import annotations

from solotable.words.catalog import SHARED
from solotable.words.registry import Formatter

WORDS = Formatter("core", SHARED)
