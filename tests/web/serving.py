"""How tests address the web table: the explicit allowance for Starlette's ``TestClient``."""

from __future__ import annotations

from solotable.web.access import Access


def allow_testserver() -> Access:
    """What a ``TestClient`` app must allow: it sends ``Host: testserver`` (port 80), a name
    no real table answers to, so every test that uses it says so explicitly."""
    return Access.serving("testserver", 80)
