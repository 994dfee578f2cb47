"""Learn to play's shared messages: what is wrong with a tutorial file (``web.learn``).

The guide's frame words (its title, Leave, the step counter) are said by ``web/learn.py``
itself; each step's sentence is in its game's catalog (``words/<game>/learn.py``).
"""

from __future__ import annotations

from solotable.words.registry import N_, Formatter


def register(words: Formatter) -> None:
    """Add the tutorial-file messages to the web table's formatter."""
    words.text("learn.bad-file", N_("this tutorial file is not valid (field %(field)s)"))
    words.text(
        "learn.bad-step",
        N_("a tutorial step's %(kind)s move is not exactly one legal move (%(found)s)"),
    )
    words.text("learn.no-tutorial", N_("there is no guided game for %(game)s"))
