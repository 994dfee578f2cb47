"""When a game was played, as a player writes it: "today 9:24 AM", "hier 18:05",
"Nov 3, 2026, 9:40 PM" or "3 nov. 2026, 21:40" — not "2026-11-03 21:40".

The store keeps Unix times; this says one in the page's language with Babel's date and time
formats for the locale (the order of day and month, the month's short name, a 12- or 24-hour
clock). Times are shown in the **server's local timezone**, on purpose: ``solotable serve``
runs on the player's own computer, so its local time is the player's. (A table served to
another machine would show the server's clock; the page holds no script to convert it.)

``clock`` is the time "today" is measured from; tests replace it with a fixed one.
"""

from __future__ import annotations

import time
from datetime import date, datetime, timedelta
from typing import Any

from babel.dates import format_date, format_time

from solotable.words import Words

clock = time.time
"""Now, as a Unix time (a module attribute so that a test can fix it)."""


def _locale(w: Words) -> str:
    """Babel's locale for the page's language (the test pseudo-locale dates as English)."""
    return w.lang if w.lang in ("en", "fr") else "en"


def said_when(t: Any, w: Words, now: float | None = None) -> str:
    """A stored Unix time ``t`` in ``w``'s words and the local timezone ("" when absent).

    Today and yesterday are said by name; any other day (one after ``now`` too, a clock
    set back) by its date, with the year."""
    if not isinstance(t, int | float) or isinstance(t, bool) or not t:
        return ""
    try:
        moment = datetime.fromtimestamp(float(t))
        today = datetime.fromtimestamp(clock() if now is None else now).date()
    except (OverflowError, OSError, ValueError):  # a damaged stored time
        return ""
    locale = _locale(w)
    hour = format_time(moment, "short", locale=locale)
    day: date = moment.date()
    if day == today:
        return w._("today %(time)s", time=hour)
    if day == today - timedelta(days=1):
        return w._("yesterday %(time)s", time=hour)
    # TRANSLATORS: a day and a time of day, such as "Nov 3, 2026, 9:40 PM".
    return w._("%(date)s, %(time)s", date=format_date(day, "medium", locale=locale), time=hour)


def said_day(t: float, w: Words) -> str:
    """Only the day of a Unix time, as the locale writes it ("Nov 3, 2026", "3 nov. 2026")."""
    return format_date(datetime.fromtimestamp(t).date(), "medium", locale=_locale(w))
