"""The shared formatter: the ``core`` owner's messages, said in the ``solotable`` domain.

``words/core.py`` registers the core's own messages on it and loads ``shared_session``,
``shared_errors`` and ``shared_advice``, which register theirs; they import the formatter from
here, not from ``words/core.py``, so that no import cycle forms.
"""

from __future__ import annotations

from solotable.words.catalog import SHARED
from solotable.words.registry import Formatter

WORDS = Formatter("core", SHARED)
