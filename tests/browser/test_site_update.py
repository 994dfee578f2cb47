"""A new build of the site replaces the cached one: the page says a new version is ready,
"Reload" switches to it, the page says it was installed, and the game under way goes on
from the storage the old build wrote."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.browser.site import ROOT, open_profile, static_server, table_frame, watch
from tests.web.browser_helpers import new_game
from tests.web.test_browser import click_die_move, settle

pytestmark = pytest.mark.xdist_group("site")


def rebuilt(site: Path) -> str:
    """The same site with one file changed, as a new build of the sources would be: a new
    service worker with a new build id and file list (``tools/build_site.py`` writes it)."""
    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    with (site / "shell.css").open("a", encoding="utf-8") as f:
        f.write("\n/* the next build */\n")
    return str(tool.write_service_worker(site))


def test_a_new_build_is_offered_then_installed_and_the_game_goes_on(
    playwright: Any,
    chromium: str,
    browser_args: list[str],
    site_dir: Path,
    tmp_path: Path,
) -> None:
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    with static_server(site) as url:
        context = open_profile(playwright, chromium, browser_args, tmp_path / "profile", "en")
        page = watch(context.pages[0] if context.pages else context.new_page())
        frame = table_frame(page, url)
        new_game(frame, url, "dice-miner", 11)
        data = settle(frame)
        for _ in range(2):
            _, data = click_die_move(frame, data)
        kept = frame.locator("#table-root").get_attribute("data-version")
        first = page.evaluate("caches.keys()")
        build = rebuilt(site)
        page.reload()
        table_frame(page)
        offer = page.locator("#notice[data-key='update-ready']")
        offer.wait_for(timeout=60_000)
        assert "new version of the table is ready" in offer.inner_text()
        offer.get_by_role("button", name="Reload").click()
        page.locator("#notice[data-key='updated']").wait_for(timeout=60_000)
        assert "your games are kept" in page.locator("#notice").inner_text()
        assert page.evaluate("caches.keys()") == [f"solotable-{build}"] != first
        frame = table_frame(page)  # where it was: the game's table
        assert "/games/" in frame.url and "/games/" in page.url
        settle(frame)
        assert frame.locator("#table-root").get_attribute("data-version") == kept
        assert page.errors == []
        context.close()
