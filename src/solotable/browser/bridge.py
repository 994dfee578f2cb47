"""The web table's app answering the browser build's requests, with no server and no thread.

The service worker hands each request of the table's frame to the page's Web Worker, which
calls :meth:`SiteApp.handle`: a plain ASGI call of ``create_app``'s app, so every page, form
and redirect is the one ``solotable serve`` gives. What a server would do besides is done here:

- cookies: a service worker neither sees the ``Cookie`` header nor may set ``Set-Cookie``, so
  the worker keeps the table's cookies itself (the only one is the language, which the store
  remembers as well);
- threads: WebAssembly Python has none, so the app moves its AI within the request and runs
  reviews in slices between requests (``inline``), and Starlette's thread pool calls run
  in place (:func:`run_in_place`);
- storage: the store is a file in ``home``, which the worker keeps in IndexedDB; after a
  request that may have written, the worker syncs before the answer goes out (a step is shown
  only once stored) and, when the browser refuses the write, calls :meth:`SiteApp.reopen` on
  the copy it restored, so the app forgets what it could not keep.

Importable and testable under CPython: ``tests/browser`` drives it exactly as the worker does.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from http.cookies import CookieError, SimpleCookie
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import unquote

T = TypeVar("T")

STORE_FILE = "solotable.db"


async def run_in_place(func: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``anyio.to_thread.run_sync`` for Python without threads: the call, in this task."""
    kwargs.pop("abandon_on_cancel", None)
    kwargs.pop("cancellable", None)
    kwargs.pop("limiter", None)
    return func(*args)


def without_threads() -> None:
    """Make Starlette's and FastAPI's ``run_in_threadpool`` (sync routes, static files, our
    own store calls) run in place: every one of them goes through ``anyio.to_thread``."""
    import anyio.to_thread

    anyio.to_thread.run_sync = run_in_place  # type: ignore[assignment]


Headers = Sequence[tuple[str, str]]


class SiteApp:
    """The table of one browser profile: its store in ``home`` and the app over it."""

    def __init__(self, home: str | Path, origin: str, *, patch_threads: bool = True) -> None:
        """``origin``: the page's own (``location.origin``), the only one the app answers.
        The AI and reviews always run without threads (``inline``); ``patch_threads=False``
        leaves Starlette's thread pool as it is (a test under CPython, where it works)."""
        from solotable.web.access import Access

        self.home = Path(home)
        self.origin = origin
        self.access = Access.site(origin)
        self.cookies: dict[str, str] = {}
        if patch_threads:
            os.environ["SOLOTABLE_HOME"] = str(self.home)
            without_threads()
        self.app: Any = None
        self.store: Any = None
        self.reopen()

    def reopen(self) -> None:
        """(Re)open the store file and a new app over it, forgetting every open table: after
        the worker restored the stored copy, the app must not show moves it could not keep."""
        from solotable.session.store import Store
        from solotable.web.app import create_app

        self.close()
        self.home.mkdir(parents=True, exist_ok=True)
        self.store = Store(self.home / STORE_FILE)
        self.app = create_app(self.store, access=self.access, inline=True)

    def close(self) -> None:
        """Close the store (its write-ahead log folds back into the one database file)."""
        if self.app is not None:
            self.app.state.tables.close()
        if self.store is not None:
            self.store.close()
        self.app = self.store = None

    def checkpoint(self) -> None:
        """Fold the write-ahead log into the database file before the worker copies the
        folder to IndexedDB: one file to copy, whole, instead of a log that keeps growing."""
        self.store.checkpoint()

    async def handle(
        self, method: str, target: str, headers: Headers, body: Any = b""
    ) -> tuple[int, list[tuple[str, str]], bytes]:
        """The app's answer to one request: status, headers and body."""
        if hasattr(body, "to_bytes"):  # a JavaScript Uint8Array, from the worker
            body = body.to_bytes()
        path, _, query = target.partition("?")
        host = self.origin.partition("://")[2]
        sent = [(str(k).lower(), str(v)) for k, v in headers]
        sent = [(k, v) for k, v in sent if k not in ("host", "cookie")]
        sent.append(("host", host))
        if self.cookies:
            sent.append(("cookie", "; ".join(f"{k}={v}" for k, v in self.cookies.items())))
        scope = {
            "type": "http",
            "asgi": {"version": "3.0", "spec_version": "2.3"},
            "http_version": "1.1",
            "method": method.upper(),
            "scheme": self.access.scheme,
            "path": unquote(path),
            "raw_path": path.encode("latin-1", "replace"),
            "query_string": query.encode("latin-1", "replace"),
            "root_path": "",
            "headers": [(k.encode("latin-1"), v.encode("latin-1", "replace")) for k, v in sent],
            "client": ("127.0.0.1", 0),
            "server": (host.rpartition(":")[0] or host, self.access.port),
            "state": {},
        }
        pending = [{"type": "http.request", "body": bytes(body), "more_body": False}]
        status, out_headers, chunks = 500, [], []

        async def receive() -> dict[str, Any]:
            return pending.pop() if pending else {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            nonlocal status, out_headers
            if message["type"] == "http.response.start":
                status = message["status"]
                out_headers = [
                    (k.decode("latin-1"), v.decode("latin-1"))
                    for k, v in message.get("headers", [])
                ]
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self.app(scope, receive, send)
        kept = []
        for k, v in out_headers:
            if k.lower() == "set-cookie":
                self._remember(v)
            else:
                kept.append((k, v))
        return status, kept, b"".join(chunks)

    def _remember(self, header: str) -> None:
        """Keep (or drop, for an expired one) a cookie the app set."""
        try:
            jar: SimpleCookie = SimpleCookie(header)
        except CookieError:
            return
        for name, morsel in jar.items():
            if morsel["max-age"] in ("0", "-1") or morsel.value == "":
                self.cookies.pop(name, None)
            else:
                self.cookies[name] = morsel.value
