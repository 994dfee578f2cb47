"""The addresses the web table answers on, and its token; standard library only.

Kept apart from ``web.security`` (the ASGI guard) so ``solotable serve`` can check its
``--allow-host`` names and print its link before FastAPI is imported (the terminal commands,
registered in the same CLI, never import it).
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import secrets
import socket
from collections.abc import Sequence
from dataclasses import dataclass

from solotable.core.errors import SolotableError

LOOPBACK = ("127.0.0.1", "localhost", "::1")
WILDCARDS = ("0.0.0.0", "::")
TOKEN_PARAM = "token"
_LABEL = r"[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?"
_NAME = re.compile(rf"{_LABEL}(\.{_LABEL})*")
_PORT = re.compile(r"[0-9]{1,5}")


class AccessError(SolotableError):
    """A host name given to ``--allow-host`` that is not a host name or address."""


Address = tuple[str, int]
"""A host (lower case; IPv6 without brackets) and a port."""


def split_authority(text: str, default_port: int) -> Address | None:
    """The host and port of ``host[:port]`` (IPv6 in brackets), or None if malformed."""
    if not text or len(text) > 300 or not text.isascii():
        return None
    text = text.lower()
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        try:
            host = ipaddress.IPv6Address(host).compressed
        except ValueError:
            return None
        if not bracket:
            return None
    else:
        host, colon, port = text.partition(":")
        rest = colon + port
        if not _NAME.fullmatch(host):
            return None
    if not rest:
        return host, default_port
    if rest[0] != ":" or not _PORT.fullmatch(rest[1:]) or not 0 < int(rest[1:]) < 65536:
        return None
    return host, int(rest[1:])


def _bracketed(host: str) -> str:
    """``::1`` as ``[::1]`` so it parses like a ``Host`` header; other names unchanged."""
    return f"[{host}]" if host.count(":") >= 2 and not host.startswith("[") else host


DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_address(source: str | None, scheme: str = "http") -> Address | None:
    """The host and port of an ``Origin`` or ``Referer`` of a ``scheme://`` page, else None
    (``null``, another scheme, user info, a malformed value)."""
    if not source or not source.isascii():
        return None
    given, sep, rest = source.partition("://")
    if given.lower() != scheme or not sep:
        return None
    authority = re.split(r"[/?#]", rest, maxsplit=1)[0]
    if "@" in authority:
        return None
    return split_authority(authority, DEFAULT_PORTS[scheme])


def new_token() -> str:
    """An unguessable token for the link (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


@dataclass(frozen=True)
class Access:
    """The addresses the table answers on and, when it is reachable from the network, its token.

    Built by ``solotable serve`` from the address it listens on; a test that talks to the app
    through Starlette's ``TestClient`` (which sends ``Host: testserver``) says so explicitly
    with ``Access.serving("testserver", 80)``.
    """

    addresses: frozenset[Address]
    port: int
    token: str | None = None
    scheme: str = "http"
    """The pages' scheme: ``solotable serve`` speaks plain HTTP; the browser build is served
    over whatever its host uses (https on the web, http on a local test server)."""
    framed: bool = False
    """Whether a page of the table's own origin may show it in a frame: the browser build's
    shell page does (it hosts the Python worker the table runs in); ``serve`` refuses all."""

    @classmethod
    def site(cls, origin: str) -> Access:
        """The browser build at ``origin`` (``https://host[:port]``, the page's own): only that
        address, its scheme, and framed by its own shell page. No token: nothing listens."""
        scheme = origin.partition("://")[0].lower()
        if scheme not in DEFAULT_PORTS:
            raise AccessError(f"the site's origin {origin[:80]!r} is not http or https")
        address = origin_address(origin, scheme)
        if address is None:
            raise AccessError(f"the site's origin {origin[:80]!r} is not host[:port]")
        return cls(frozenset({address}), address[1], None, scheme, framed=True)

    @classmethod
    def serving(
        cls, host: str, port: int, allow: Sequence[str] = (), token: str | None = None
    ) -> Access:
        """The table on ``host:port``: loopback names, ``host`` itself (every name and address
        of this computer for 0.0.0.0 and ::), and each ``allow`` entry (``NAME`` or
        ``NAME:PORT``; without a port, the table's own)."""
        names = [*LOOPBACK, host, *(machine_names() if host in WILDCARDS else ())]
        found = (split_authority(_bracketed(n), port) for n in names)
        addresses = {a for a in found if a is not None}
        for entry in allow:
            address = split_authority(_bracketed(entry.strip()), port)
            if address is None:
                raise AccessError(
                    f"--allow-host: {entry[:80]!r} is not a host name or address "
                    "(NAME or NAME:PORT)"
                )
            addresses.add(address)
        return cls(frozenset(addresses), port, token)

    @property
    def cookie(self) -> str:
        """The token's cookie name; cookies ignore ports, so the port is in the name."""
        return f"solotable-token-{self.port}"

    def host_ok(self, host: str | None) -> bool:
        address = split_authority(host or "", DEFAULT_PORTS[self.scheme])
        return address is not None and address in self.addresses

    def origin_ok(self, source: str | None) -> bool:
        address = origin_address(source, self.scheme)
        return address is not None and address in self.addresses

    def token_ok(self, offered: str | None) -> bool:
        """Whether ``offered`` is the token (compared in constant time)."""
        if self.token is None or offered is None:
            return False
        return secrets.compare_digest(
            offered.encode("utf-8", "replace"), self.token.encode("utf-8")
        )


def machine_names() -> list[str]:
    """This computer's host name and addresses, for a table listening on every interface
    (another device opens it by one of them). Best effort: a lookup that fails is skipped."""
    names: list[str] = []
    try:
        hostname = socket.gethostname().lower()
    except OSError:
        hostname = ""
    if hostname:
        names.append(hostname)
        if "." not in hostname:
            names.append(f"{hostname}.local")  # mDNS, as phones on the same network see it
        with contextlib.suppress(OSError, UnicodeError):
            names.extend(str(info[4][0]) for info in socket.getaddrinfo(hostname, None))
    for family in (socket.AF_INET, socket.AF_INET6):
        address = primary_address(family)
        if address:
            names.append(address)
    return list(dict.fromkeys(names))


def primary_address(family: socket.AddressFamily) -> str | None:
    """The address this computer would use to reach the network (a UDP "connect" sends
    nothing; it only picks the route), or None without such a route."""
    probe = "192.0.2.1" if family == socket.AF_INET else "2001:db8::1"
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as s:
            s.connect((probe, 9))
            return str(s.getsockname()[0]).split("%")[0]
    except OSError:
        return None
