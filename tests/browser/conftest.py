"""Fixtures for the browser build: the site built once per test process, a static server on it,
and Playwright for browsers with profiles of their own (``site.open_profile``)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.site import build_site, static_server
from tests.web.conftest import CHROMIUM_ARGS, require_chromium


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``make site`` into a folder of this test process (``SOLOTABLE_SITE``: one built already)."""
    given = os.environ.get("SOLOTABLE_SITE")
    if given:
        return Path(given)
    return build_site(tmp_path_factory.mktemp("site") / "site")


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    with static_server(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def chromium() -> str:
    return require_chromium()


@pytest.fixture
def browser_args() -> list[str]:
    return list(CHROMIUM_ARGS)
