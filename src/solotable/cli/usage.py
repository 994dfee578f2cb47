"""Usage errors in the project's one style: one ``error: …`` line, exit 2; and the crash log
of exit 3.

Typer draws Click's usage errors (a bad ``--jobs``, an unknown option, a missing argument)
as a boxed panel under a usage block, several lines tall, while every other user error of
``solotable`` is one line. :func:`main <solotable.cli.main.main>` runs the app with
``standalone_mode=False`` so that those errors reach it as exceptions, and says them here the
same way as a :class:`~solotable.core.errors.SolotableError`. The detail ("Invalid value for
'--jobs': …") is Click's own English text; the frame around it is ours, in the player's
language, and names the command's ``--help``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

from typer import TyperException

from solotable.core.scorebook import data_home
from solotable.core.untrusted import shorten
from solotable.words import Words

USAGE_EXIT = 2
MAX_LINE = 400
"""Characters of the detail kept: an option name or value typed by the player is echoed."""


def one_line(text: str) -> str:
    """``text`` on one line (Click's messages may wrap or list choices on lines of their own),
    shortened to :data:`MAX_LINE` characters."""
    return shorten(" ".join(text.split()), MAX_LINE)


def shows_help_only(e: TyperException) -> bool:
    """Whether ``e`` is Click's "no arguments: show the help" (the help is already printed;
    matched by name, as Typer itself does, since the class is not part of Typer's API)."""
    return type(e).__name__ == "NoArgsIsHelpError"


def usage_line(w: Words, e: TyperException) -> str:
    """The one line (without the ``error:`` label) that says Click's error ``e``."""
    detail = one_line(e.format_message())
    ctx = getattr(e, "ctx", None)
    path = getattr(ctx, "command_path", None)
    if getattr(e, "exit_code", 1) != USAGE_EXIT or not path:
        return detail
    problem = detail[:-1] if detail.endswith(".") else detail  # "Missing argument 'game'."
    command = path + " --help"
    return w._("%(problem)s (see %(help)s)", problem=problem, help=command)


def write_crash_log(e: BaseException) -> Path:
    """Write ``e``'s traceback and the command line to a new file in the data folder
    (or the temporary folder if that is not writable); its path."""
    text = (
        f"solotable crash, {time.strftime('%Y-%m-%d %H:%M:%S')}\n"
        f"command: {sys.argv!r}\npython: {sys.version}\n\n" + "".join(traceback.format_exception(e))
    )
    name = f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.log"
    for folder in (data_home() / "logs", Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(text, "utf-8")
            return folder / name
        except OSError:
            continue
    return Path(name)


__all__ = ["USAGE_EXIT", "one_line", "shows_help_only", "usage_line", "write_crash_log"]
