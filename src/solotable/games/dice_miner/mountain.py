"""The mountain's geometry: a pyramid of slots, bottom row first.

Slot ``(r, i)`` rests on ``(r-1, i)`` and ``(r-1, i+1)``; the dice resting on
it (its *covers*) are ``(r+1, i-1)`` and ``(r+1, i)`` when those exist. A die
can be taken only when no cover holds a die (spec §3.2-3.3). Each row must be
shorter than the one below so that every slot has its two supports.

Slots are numbered row by row from the bottom (the fill order) and named
``a1`` (bottom left) … with one letter per row, so moves are short to type.
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_ROWS = 8
MAX_WIDTH = 12


def check_rows(text: object) -> str | None:
    """Why a ``rows`` option value is invalid, or None (for ``OptionSpec.check``)."""
    try:
        parse_rows(str(text))
    except ValueError as e:
        return str(e)
    return None


def parse_rows(text: str) -> tuple[int, ...]:
    """``"6-5-4-3-2"`` → ``(6, 5, 4, 3, 2)``, bottom row first; ValueError if malformed."""
    parts = text.strip().split("-")
    try:
        rows = tuple(int(p) for p in parts)
    except ValueError:
        raise ValueError(
            f"rows {text!r} must be row sizes joined by '-', bottom first, e.g. 6-5-4-3-2"
        ) from None
    if not 1 <= len(rows) <= MAX_ROWS:
        raise ValueError(f"rows {text!r}: between 1 and {MAX_ROWS} rows")
    if not 1 <= rows[0] <= MAX_WIDTH:
        raise ValueError(f"rows {text!r}: the bottom row holds 1 to {MAX_WIDTH} dice")
    for r in range(1, len(rows)):
        if not 1 <= rows[r] <= rows[r - 1] - 1:
            raise ValueError(
                f"rows {text!r}: row {r + 1} must hold at least 1 die and fewer than the row "
                f"below it ({rows[r - 1]}), since each die rests on two"
            )
    return rows


@dataclass(frozen=True)
class Mountain:
    """Precomputed slot tables for one row shape."""

    rows: tuple[int, ...]
    size: int
    row_of: tuple[int, ...]
    index_of: tuple[int, ...]
    supports: tuple[tuple[int, ...], ...]
    covers: tuple[tuple[int, ...], ...]
    names: tuple[str, ...]

    @classmethod
    def build(cls, rows: tuple[int, ...]) -> Mountain:
        first = [sum(rows[:r]) for r in range(len(rows))]
        row_of: list[int] = []
        index_of: list[int] = []
        for r, n in enumerate(rows):
            row_of += [r] * n
            index_of += list(range(n))
        supports: list[tuple[int, ...]] = []
        covers: list[tuple[int, ...]] = []
        for r, i in zip(row_of, index_of, strict=True):
            supports.append(() if r == 0 else (first[r - 1] + i, first[r - 1] + i + 1))
            above = []
            if r + 1 < len(rows):
                for j in (i - 1, i):
                    if 0 <= j < rows[r + 1]:
                        above.append(first[r + 1] + j)
            covers.append(tuple(above))
        names = tuple(f"{chr(97 + r)}{i + 1}" for r, i in zip(row_of, index_of, strict=True))
        return cls(
            rows,
            len(row_of),
            tuple(row_of),
            tuple(index_of),
            tuple(supports),
            tuple(covers),
            names,
        )

    def slot(self, name: str) -> int:
        """The slot named ``name`` (``c2``); ValueError if there is none."""
        return self.names.index(name.strip().lower())
