"""The site can be added to a phone's home screen: Chromium's own installability check (the
one behind "Install app" and "Add to home screen") finds nothing missing, and the manifest's
icons are the PNG sizes it names."""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import pytest

from tests.browser.site import open_profile, table_frame, watch

pytestmark = pytest.mark.xdist_group("site")


def test_chromium_finds_the_site_installable(
    playwright: Any,
    chromium: str,
    browser_args: list[str],
    site_url: str,
    site_dir: Path,
    tmp_path: Path,
) -> None:
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text("utf-8"))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    for icon in manifest["icons"]:
        png = (site_dir / icon["src"]).read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", png[16:24])
        assert f"{width}x{height}" == icon["sizes"]
    context = open_profile(playwright, chromium, browser_args, tmp_path / "profile", "en")
    page = watch(context.pages[0] if context.pages else context.new_page())
    table_frame(page, site_url)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    cdp = context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == []
    shown = cdp.send("Page.getAppManifest")
    assert shown["url"].endswith("/manifest.webmanifest") and not shown["errors"]
    context.close()
