"""What a game page is: a template, a context function and an optional script."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from solotable.core.game import ActionInfo, Game, Observation
from solotable.words import Words


@dataclass(frozen=True, slots=True)
class Move:
    """One legal move as the page offers it: its id, notation, words and structure.

    Pages place moves on the table from ``info`` (kind, arguments, targets), never by
    reading the notation, which is only for the notation box and the legal-move list."""

    id: int
    notation: str
    words: str
    info: ActionInfo


PageContext = Callable[[Game, Observation, Sequence[Move], int, Words], Mapping[str, Any]]
"""``context(game, observation, legal_moves, seat, words) -> template variables``.

The game is passed for its static facts (title, rules, ``render``), never a state; ``words``
is the player's language (every text a page adds comes from it)."""


RevealContext = Callable[[Game, Observation, Observation, Words], Mapping[str, Any]]
"""``reveal(game, observation, hidden, words) -> template variables`` for the end screen:
``hidden`` is ``Session.reveal()`` (given only once the game is over)."""


@dataclass(frozen=True, slots=True)
class GamePage:
    """How the web table draws one game."""

    game: str
    template: str
    context: PageContext
    script: str | None = None
    """A module under ``static/`` loaded after the generic table script, or None."""
    seat_names: tuple[str, ...] = ()
    """What the game calls its seats ("White", "Black"); empty: "You" and the AI."""
    reveal: RevealContext | None = None
    """What the end screen draws of what was hidden (``view.reveal``), or None."""
