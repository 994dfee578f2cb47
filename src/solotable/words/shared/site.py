"""The browser build's own words: what its page says around the table, before and besides it.

The table itself speaks through the app, as on ``solotable serve``. The page that hosts it
(``browser/shell``) must speak while Python is still loading, or when it cannot load at all, so
``make site`` writes these sentences, in every language, into ``index.html`` as data; the page
picks the browser's language (the table's own switch takes over once it is up).
"""

from __future__ import annotations

from solotable.words import words
from solotable.words.registry import N_

SITE_WORDS = {
    "loading": N_("Opening the table…"),
    "loading-python": N_(
        "Loading Python (about 15 MB on a first visit, kept in this browser afterwards)…"
    ),
    "loading-table": N_("Loading the games…"),
    "other-tab": N_(
        "solotable is already open in another tab of this browser: play there, or close it "
        "and reload this one (two tables at once would overwrite each other's games)."
    ),
    "unsupported": N_(
        "This browser cannot run the table: it needs service workers, module workers and "
        "WebAssembly (any recent Chrome, Firefox, Safari or Edge has them)."
    ),
    "not-secure": N_(
        "This page must be opened over https (or from localhost) for the table to run offline."
    ),
    "failed": N_("The table could not start: %(reason)s. Reload the page to try again."),
    "storage-refused": N_(
        "The browser refused to store that move (its storage is full, or not allowed for "
        "this site), so the game is as it was before it. Free some space, then play again."
    ),
    "storage-unavailable": N_(
        "The browser gives this site no lasting storage (a private window?): games are kept "
        "until the tab closes."
    ),
    "updated": N_("A new version of the table was installed; your games are kept."),
    "update-ready": N_("A new version of the table is ready: it opens on the next visit."),
    "reload": N_("Reload"),
    "dismiss": N_("Close"),
    "offline-ready": N_("The table is kept in this browser: it opens without a network now."),
}
"""Key → English sentence, said in the page's language by :func:`site_words`."""


def site_words(lang: str) -> dict[str, str]:
    """Every sentence of the browser build's page in ``lang``."""
    w = words(lang)
    return {key: w._(text) for key, text in SITE_WORDS.items()}
