"""The mountain: its geometry, which dice are on top, and how it is filled.

Geometry: a pyramid of slots, bottom row first.

Slot ``(r, i)`` rests on ``(r-1, i)`` and ``(r-1, i+1)``; the dice resting on
it (its *covers*) are ``(r+1, i-1)`` and ``(r+1, i)`` when those exist. A die
can be taken only when no cover holds a die (spec §3.2-3.3). Each row must be
shorter than the one below so that every slot has its two supports.

Slots are numbered row by row from the bottom (the fill order) and named
``a1`` (bottom left) … with one letter per row, so moves are short to type.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from solotable.core.message import Msg, msg
from solotable.games.dice_miner.dice import NTYPES

if TYPE_CHECKING:
    from solotable.games.dice_miner.state import DiceMinerState

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


def dice_on_top(state: DiceMinerState) -> list[int]:
    """The slots whose die can be taken or recycled now, bottom row first.

    Spec §3.2, seed: Jeu ("au sommet de la montagne"): a die is on top when no
    die rests on either of its upper sides, not when it is on the highest row.
    """
    m = state.mountain
    covers = state.game.mtn.covers
    out = []
    for s in range(len(m)):
        if m[s] < 0:
            continue
        for x in covers[s]:  # a plain loop: this runs for every legal_actions()
            if m[x] >= 0:
                break
        else:
            out.append(s)
    return out


def next_fill_slot(state: DiceMinerState) -> int:
    """The slot the next die poured from the bag lands on, or -1 (spec §3.4 procedure).

    Seed: Mise en place and Remplissage de la Montagne pour dice from the bag
    onto the mountain; we fill the first empty slot, bottom row first, whose two
    supports hold dice, and stop when the bag is empty.
    """
    if state.bag_total == 0:
        return -1
    m = state.mountain
    for s, sup in enumerate(state.game.mtn.supports):
        if m[s] < 0 and (not sup or (m[sup[0]] >= 0 and m[sup[1]] >= 0)):
            return s
    return -1


def fill_odds(state: DiceMinerState) -> list[tuple[int, float]]:
    """Chance outcomes of pouring one die: its type by bag content, its face by weight.

    Seed: Remplissage de la Montagne (shake the bag, pour the dice). The odds
    depend on the bag only, so they are cached per bag on the game.
    """
    g = state.game
    key = tuple(state.bag)
    cached = g.odds_cache.get(key)
    if cached is None:
        draw = g.layout.draw
        total = state.bag_total
        cached = []
        for t in range(NTYPES):
            n = state.bag[t]
            if n:
                share = n / total
                cached.extend((draw + c, p * share) for c, p in g.face_odds[t])
        if len(g.odds_cache) > 100_000:
            g.odds_cache.clear()
        g.odds_cache[key] = cached
    return cached[:]


def pour_die(state: DiceMinerState, code: int, t: int) -> None:
    """A die of type ``t`` leaves the bag and lands on the fill slot showing ``code``.

    Seed: Mise en place / Remplissage de la Montagne (dice poured from the bag).
    """
    state.bag[t] -= 1
    state.bag_total -= 1
    state.mountain[state.fill_slot] = code
    state.on_mountain += 1


def why_not_on_top(state: DiceMinerState, s: int) -> Msg | None:
    """Why slot ``s`` has no die that can be taken or recycled (None if it has one)."""
    m = state.mountain
    names = state.game.mtn.names
    if m[s] < 0:
        return msg("dice-miner.illegal.empty-slot", slot=names[s])
    above = [names[x] for x in state.game.mtn.covers[s] if m[x] >= 0]
    if above:
        return msg("dice-miner.illegal.covered", slot=names[s], by=above)
    return None
