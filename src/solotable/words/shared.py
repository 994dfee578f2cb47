"""The shared formatter, complete: the core's messages and the session's, errors' and hints'.

``words/core.py`` holds the formatter and the core's own messages; ``shared_session``,
``shared_errors`` and ``shared_advice`` register theirs on it. Loading them from here (the
registry's module for the ``core`` owner) keeps the modules free of an import cycle.
"""

from __future__ import annotations

from solotable.words import shared_advice, shared_errors, shared_session
from solotable.words.core import WORDS

__all__ = ["WORDS", "shared_advice", "shared_errors", "shared_session"]
