"""``solotable serve``: the web table on this computer.

Kept apart from ``cli.main`` (which registers it in one line) so the terminal
commands start without importing FastAPI, and so the web table owns its flags.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
import webbrowser
from typing import Annotated

import typer

from solotable.web.access import TOKEN_PARAM, Access, AccessError, new_token, primary_address

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765


def is_loopback(host: str) -> bool:
    """Whether ``host`` only listens on this machine (``localhost`` counts)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def url_for(host: str, port: int) -> str:
    shown = host if host not in ("0.0.0.0", "::") else DEFAULT_HOST
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def network_url(host: str, port: int, token: str) -> str:
    """The link another device opens: the address listened on (for 0.0.0.0 or ::, this
    computer's address on the network, else its name), with the token."""
    shown = host
    if host in ("0.0.0.0", "::"):
        family = socket.AF_INET6 if host == "::" else socket.AF_INET
        shown = primary_address(family) or primary_address(socket.AF_INET) or socket.gethostname()
    return with_token(url_for(shown, port), token)


def with_token(url: str, token: str) -> str:
    return f"{url}?{TOKEN_PARAM}={token}"


def _open_when_up(host: str, port: int, url: str, timeout: float = 15.0) -> None:
    """Open the browser once the port accepts connections (not before: a blank tab)."""
    target = DEFAULT_HOST if host in ("0.0.0.0", "::") else host
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with socket.create_connection((target, port), timeout=0.5):
                webbrowser.open(url)
                return
        except OSError:
            time.sleep(0.1)


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = DEFAULT_HOST,
    port: Annotated[int, typer.Option(help="Port to listen on.")] = DEFAULT_PORT,
    no_browser: Annotated[
        bool, typer.Option("--no-browser", help="Do not open a browser tab.")
    ] = False,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-host",
            help="Another name the table may be opened by (NAME or NAME:PORT; repeatable).",
        ),
    ] = None,
) -> None:
    """Play in the browser: start the web table on this computer and open the lobby.

    The table answers only requests addressed to it by one of its own names (see
    ``web.security``); off loopback it also needs the token of the printed link."""
    import uvicorn

    from solotable.web.app import create_app

    if not 0 < port < 65536:
        raise typer.BadParameter(f"port must be between 1 and 65535, not {port}")
    token = None if is_loopback(host) else new_token()
    try:
        access = Access.serving(host, port, allow_host or (), token)
    except AccessError as e:
        raise typer.BadParameter(str(e)) from None
    url = url_for(host, port)
    problem = port_problem(host, port)
    if problem:
        typer.secho(f"cannot listen on {host}:{port}: {problem}", fg=typer.colors.RED, err=True)
        raise typer.Exit(2)
    if token is not None:
        typer.secho(
            f"warning: listening on {host}, so other machines can reach this table; only a "
            "browser that opened the link below can use it. The link is not encrypted "
            "(plain HTTP): anyone who can watch this network can copy it.",
            fg=typer.colors.YELLOW,
            err=True,
        )
        url = with_token(url, token)
        typer.echo(f"from another device: {network_url(host, port, token)}")
    web = create_app(access=access)  # opens the store: one that cannot be used stops here
    if web.state.tables.store.warning:
        typer.secho(web.state.tables.store.warning, fg=typer.colors.YELLOW, err=True)
    typer.echo(f"solotable web table on {url} (Ctrl-C to stop)")
    if not no_browser:
        threading.Thread(target=_open_when_up, args=(host, port, url), daemon=True).start()
    # uvicorn stops on Ctrl-C and SIGTERM after the app's shutdown, which closes the store
    # (folding its write-ahead log back into solotable.db).
    uvicorn.run(web, host=host, port=port, log_level="warning")


def port_problem(host: str, port: int) -> str | None:
    """Why the port cannot be bound (in use, bad address), or None; checked up front
    because uvicorn would only log the error and exit."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as e:
        return f"unknown address ({e})"
    family, kind, proto, _, addr = infos[0]
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(addr)
        except OSError as e:
            return f"{e.strerror or e} (is another solotable serve running? try --port)"
    return None
