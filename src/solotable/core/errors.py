"""The errors the engine raises at its public boundary.

Every error a user can provoke (a bad move, bad notation, a bad option, a
corrupt file) is a ``SolotableError`` so that front ends can catch one type
and show the message instead of a traceback.
"""

from __future__ import annotations

from solotable.core.message import Msg, Text, msg


class SolotableError(Exception):
    """Base of every error caused by input rather than by a bug.

    It carries a :class:`~solotable.core.message.Msg` (or, for text that is not yet a
    message, a plain string): front ends say it in the player's language with
    ``solotable.words``; ``str(error)`` is the English sentence.
    """

    def __init__(self, message: Text = "", *args: object) -> None:
        super().__init__(message, *args)
        self.message: Text = message

    def __str__(self) -> str:
        return str(self.message)


class IllegalActionError(SolotableError, ValueError):
    """An action that the rules forbid in the current state.

    Also a ``ValueError``, as python-chess's move errors are, so callers that
    catch ``ValueError`` around parsing keep working.

    The state is left exactly as it was before the call.
    """

    def __init__(self, action: int | str, reason: Text) -> None:
        self.action = action
        self.reason = reason
        super().__init__(msg("core.illegal-action", action=repr(action), reason=reason))


class NotationError(SolotableError, ValueError):
    """Text that does not parse as an action of the game."""

    def __init__(self, text: str, reason: Text) -> None:
        self.text = text
        self.reason = reason
        shown = text if len(text) <= 60 else text[:57] + "…"
        super().__init__(msg("core.notation", text=shown, reason=reason))


class OptionError(SolotableError):
    """An unknown game option or a value outside its valid choices.

    Its message names the option by key; :meth:`for_game` adds the game, so that
    ``solotable.words`` names the option by its label in the player's language."""

    def for_game(self, game: str) -> OptionError:
        if isinstance(self.message, Msg) and "game" in self.message.args:
            return OptionError(Msg(self.message.key, {**self.message.args, "game": game}))
        return self


class RecordError(SolotableError):
    """A game record (save file) that is malformed or does not replay."""


class DataFileError(SolotableError):
    """A game data file (cards, dice, …) that fails validation."""


class UnknownNameError(SolotableError):
    """An unknown game or agent name."""


class ResearchAgentError(UnknownNameError):
    """A research agent (one that sees hidden information) named where a player picks an
    agent: ``play``, a seat, a hint. Research agents only run in ``simulate`` and ``compare``."""


class PluginRefusedError(UnknownNameError):
    """A plug-in agent (``module:attribute``) named where only registered agents may be:
    a record, a save, a stored game, a web form. Files are data, never code: a plug-in is
    imported only when the player names it on the command line (``spec`` says which)."""

    def __init__(self, spec: str, message: Text) -> None:
        self.spec = spec
        super().__init__(message)


class ReplayMismatchError(RecordError):
    """A well-formed record or save whose moves do not replay (a move the rules refuse, a
    chance outcome the seed does not give): ``replay --check`` exits 1 for this, and 2 for
    a malformed file."""
