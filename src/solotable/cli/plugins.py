"""Agent plug-ins typed on the command line are found in the current folder.

``cd examples && solotable simulate dice-miner --agents lookahead_agent:Lookahead`` should work
the way ``python -m`` would: the installed ``solotable`` script does not have the current
folder on ``sys.path`` (only the script's own folder), so a module there was not found. Here,
for each ``module:Class`` spec given as a command-line option whose top-level module is not
importable otherwise, the current folder is added when it holds ``module.py`` or a
``module/`` package. It goes at the end of ``sys.path`` (unlike ``python -m``, which puts it
first), so a file in the folder never shadows an installed module. Specs read from files
(a run folder's ``--resume``, records, the web table) never come here: a file is data, and
nothing it names is looked for in the current folder. Worker processes inherit ``sys.path``;
a Ray cluster does not (put the module on its ``PYTHONPATH``, docs/ray.md).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path


def _module_of(spec: str) -> str | None:
    """The top-level module a ``module.path:Attr[:params]`` spec names, if it names one."""
    head, _, rest = spec.strip().partition(":")
    attr = rest.partition(":")[0]
    if not head or "=" in head or not attr.isidentifier():
        return None
    top = head.split(".")[0]
    return top if top.isidentifier() else None


def add_current_folder_for(agents: str | None) -> bool:
    """Put the current folder at the end of ``sys.path`` when a command-line agent spec
    names a module only it holds; returns whether it did."""
    folder = Path.cwd()
    for piece in (agents or "").split(","):
        top = _module_of(piece)
        if top is None or importlib.util.find_spec(top) is not None:
            continue
        if (folder / f"{top}.py").is_file() or (folder / top / "__init__.py").is_file():
            if str(folder) not in sys.path and os.fspath(folder) not in sys.path:
                sys.path.append(str(folder))
            return True
    return False
