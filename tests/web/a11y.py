"""What the accessibility and layout browser tests share: axe-core's serious and critical
findings on the page as it stands, how far a page scrolls sideways, and the pages to check.

axe-core comes from the pinned ``axe-playwright-python`` package (the ``dev`` extra), which
ships axe's own ``axe.min.js``; nothing is fetched at test time. Only ``serious`` and
``critical`` findings fail a test (the issue's bar); lesser ones are axe's advice.
"""

from __future__ import annotations

from typing import Any

from axe_playwright_python.sync_playwright import Axe

_AXE = Axe()
BLOCKING = ("serious", "critical")
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
# The games, with the settings their test games are played with and the seat against an AI.
GAMES: dict[str, dict[str, Any]] = {
    "divercite": {"options": None, "level": "easy"},
    "mini-divercity": {"options": None, "level": None},
    "dice-miner": {"options": None, "level": None},
    "51st-state": {"options": {"faction": "random"}, "level": None},
}


def serious_violations(page: Any) -> list[str]:
    """axe-core's serious and critical violations on ``page``, one line each (rule, impact,
    the first elements), empty when there is none."""
    results = _AXE.run(page)
    lines = []
    for v in results.response["violations"]:
        if v.get("impact") in BLOCKING:
            targets = [" ".join(map(str, n.get("target", []))) for n in v["nodes"][:3]]
            lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])}×): {targets}")
    return lines


def sideways(page: Any) -> int:
    """How many pixels the page scrolls sideways (0 when it fits the window's width)."""
    return int(
        page.evaluate(
            "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
            " - document.documentElement.clientWidth"
        )
    )


def check_page(page: Any, url: str, problems: list[str]) -> None:
    """Open ``url`` at the phone's and the laptop's sizes: no sideways scroll, no serious or
    critical axe finding; each fault is added to ``problems`` (so one run lists them all)."""
    for size in (PHONE, LAPTOP):
        page.set_viewport_size(size)
        page.goto(url)
        page.wait_for_load_state("networkidle")
        path = url.split("/", 3)[-1]
        extra = sideways(page)
        if extra > 0:
            problems.append(f"/{path} at {size['width']} px scrolls {extra} px sideways")
        problems.extend(f"/{path} at {size['width']} px: {v}" for v in serious_violations(page))


def header_contrast(page: Any) -> list[str]:
    """axe's colour-contrast findings in the page's header, checked on each colour of the
    header's background gradient put there as a plain colour (axe cannot judge text over a
    gradient: it reports it as needing review, never as a violation)."""
    import re

    image = str(
        page.evaluate("getComputedStyle(document.querySelector('.topbar')).backgroundImage")
    )
    colours = re.findall(r"rgba?\([^)]*\)", image) or [
        str(page.evaluate("getComputedStyle(document.querySelector('.topbar')).backgroundColor"))
    ]
    found = []
    for colour in colours:
        page.evaluate(
            "c => { const h = document.querySelector('.topbar');"
            " h.style.backgroundImage = 'none'; h.style.backgroundColor = c; }",
            colour,
        )
        options = {"runOnly": {"type": "rule", "values": ["color-contrast"]}}
        results = _AXE.run(page, context=".topbar", options=options)
        for v in results.response["violations"]:
            for n in v["nodes"]:
                found.append(f"on {colour}: {' '.join(map(str, n.get('target', [])))}")
    return found
