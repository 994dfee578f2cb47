"""The options every command that plays many games shares: where, how many processes,
replacing a results file, game options; and their checks before any game is played.

(``simulate``, ``metrics``, ``compare`` and ``sweep`` take them.)
"""

from __future__ import annotations

from typing import Annotated

import typer

from solotable.core.errors import UnknownNameError
from solotable.sim.simulation import check_backend as check_backend_name

JobsOption = Annotated[
    int | None,
    typer.Option(
        min=1,
        max=100_000,
        help="Worker processes (default 1; with --backend ray, every CPU of the cluster).",
    ),
]
BackendOption = Annotated[
    str,
    typer.Option(
        help=r"Where games are played: local (a process pool) or ray (solotable\[ray] extra).",
    ),
]
ForceOption = Annotated[
    bool, typer.Option("--force", help="Replace the --out file if it exists (else refused).")
]
AddressOption = Annotated[
    str | None,
    typer.Option(help="With --backend ray: the cluster's address (default: start a local Ray)."),
]


def check_backend(backend: str, address: str | None, jobs: int | None) -> None:
    """Refuse a bad ``--backend``/``--address``/``--jobs`` before any game is played
    (one line, exit 2), and a missing Ray with its install hint. Also for ``compare``
    and ``sweep``, which take the same options."""
    check_backend_name(backend, address)
    if backend == "local":
        if jobs is not None and jobs > 256:
            raise UnknownNameError(f"--jobs: at most 256 local processes, got {jobs}")
        return
    if address is not None and not address.strip():
        raise UnknownNameError("--address: empty address")
    from solotable.sim.ray_backend import import_ray

    import_ray()


SetOption = Annotated[
    list[str] | None,
    typer.Option("--set", "-s", help="Game option as key=value (repeatable); preset=NAME too."),
]
