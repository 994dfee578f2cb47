"""One French word, one action: the web table's button and link labels never collide.

Issue 35: "Rejouer" said both "Play again" (a new game with the same settings, on the end
screen) and "Replay" (watch a finished game move by move, in the history). A player learns
what a word does on one page and meets it doing something else on the next, so the check is
over the whole web table: every label of a button, a link or a disclosure (``<summary>``) in
the shared templates, plus each game's own template with them (a game's page speaks its
domain, falling back on the shared one). Two different English labels may share one French
translation only when they really name the same thing (:data:`SAME_THING`).

The labels are read from the templates' source (``_()``, ``pgettext()``, ``ngettext()``
inside those elements) and said by the catalogs exactly as a page says them
(``catalog.translations``), so a new template label is checked without listing it here. The
few labels a page builds in Python (Mini DiverCity's prompt buttons) are added by calling the
page's own function.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from solotable.web.pages import mini_divercity as mdc
from solotable.words import words
from solotable.words.catalog import SHARED, translations

TEMPLATES = Path(__file__).resolve().parents[2] / "src" / "solotable" / "web" / "templates"
LABELLED = re.compile(r"<(button|a|summary)\b[^>]*>(.*?)</\1>", re.S)
STRING = r"(?:\"((?:[^\"\\]|\\.)*)\"|'((?:[^'\\]|\\.)*)')"
CALL = re.compile(rf"\b(_|gettext|pgettext|ngettext)\(\s*(?:{STRING}\s*,\s*)?{STRING}")

SAME_THING: frozenset[frozenset[str]] = frozenset(
    {
        # The table's "Rules" link and the lobby's "rules" link open the same page.
        frozenset({"Rules", "rules"}),
    }
)
"""English labels that do share a French word because they are the same action."""


def labels(text: str) -> Iterator[tuple[str | None, str]]:
    """``(context, msgid)`` of every catalog call inside a button, link or summary."""
    for element in LABELLED.finditer(text):
        for m in CALL.finditer(element.group(2)):
            fn, ctx1, ctx2, id1, id2 = m.groups()
            first = ctx1 if ctx1 is not None else ctx2
            msgid = id1 if id1 is not None else id2
            if fn == "pgettext":
                yield first, msgid
            else:  # _("x"), or ngettext("singular", ...): the first string is the msgid
                yield None, first if first is not None else msgid


def said(lang: str, domain: str, ctx: str | None, msgid: str) -> str:
    t = translations(lang, domain)
    return str(t.pgettext(ctx, msgid) if ctx is not None else t.gettext(msgid))


def shared_labels() -> set[tuple[str | None, str]]:
    out: set[tuple[str | None, str]] = set()
    for path in sorted(TEMPLATES.glob("*.html")):
        out |= set(labels(path.read_text("utf-8")))
    return out


def game_pages() -> dict[str, set[tuple[str | None, str]]]:
    """Each game's domain and the labels of its own template (``games/<domain>.html``)."""
    out: dict[str, set[tuple[str | None, str]]] = {}
    for path in sorted((TEMPLATES / "games").glob("*.html")):
        out[path.stem] = set(labels(path.read_text("utf-8")))
    return out


def python_labels(domain: str, lang: str) -> list[str]:
    """Labels a page builds in Python, said in ``lang``."""
    if domain != "mini_divercity":
        return []
    t = words(lang).game(mdc.GAME)
    return [mdc._button_label(t, k) for k in mdc.BUTTON_KINDS]


def french_words(domain: str, found: set[tuple[str | None, str]]) -> dict[str, set[str]]:
    """Each French label (case aside) and the English labels it says."""
    by_french: dict[str, set[str]] = {}
    for ctx, msgid in found:
        english = said("en", domain, ctx, msgid)
        by_french.setdefault(said("fr", domain, ctx, msgid).casefold(), set()).add(english)
    for en, fr in zip(python_labels(domain, "en"), python_labels(domain, "fr"), strict=True):
        by_french.setdefault(fr.casefold(), set()).add(en)
    return by_french


def collisions(domain: str, found: set[tuple[str | None, str]]) -> dict[str, set[str]]:
    """French labels said for two English labels or more (the allowed pairs left out)."""
    return {
        fr: ens
        for fr, ens in french_words(domain, found).items()
        if len(ens) > 1 and frozenset(ens) not in SAME_THING
    }


def test_the_scan_finds_the_labels() -> None:
    """The scan reads buttons, links and summaries, with their contexts (it can fail)."""
    found = shared_labels()
    assert (None, "Play again") in found  # the end screen's button
    assert (None, "Replay") in found  # the history's link
    assert (None, "Resign…") in found  # a summary
    sample = '<a href="/">{{ pgettext("button", "Play") }}</a> <p>{{ _("not a label") }}</p>'
    assert list(labels(sample)) == [("button", "Play")]
    rules: set[tuple[str | None, str]] = {(None, "Rules"), (None, "rules")}
    assert french_words(SHARED, rules) == {"règles": {"Rules", "rules"}}  # a clash is seen
    assert collisions(SHARED, rules) == {}  # and this one is allowed


def test_no_two_shared_labels_share_a_french_word() -> None:
    assert collisions(SHARED, shared_labels()) == {}


def test_no_two_labels_of_a_game_page_share_a_french_word() -> None:
    shared = shared_labels()
    bad = {
        domain: clash
        for domain, own in game_pages().items()
        if (clash := collisions(domain, shared | own))
    }
    assert bad == {}


def test_replay_is_revoir_and_play_again_is_rejouer() -> None:
    """The two meanings of issue 35, each with its own French word."""
    assert said("fr", SHARED, None, "Play again") == "Rejouer"
    assert said("fr", SHARED, None, "Replay").startswith("Revoir")
