"""Mini DiverCity's observation tensor written straight from the state (the environments' path).

``Encoder`` (``tensor.py``) encodes ``observation(player)``; building that dict (the log, the
per-species facts, the piles) costs more than encoding it, and a learner pays both at every
step. :class:`StateEncoder` reads only the state fields ``observation.observe`` reads for the
encoded slices, and writes the same values into a zeroed buffer, non-zero entries only. It
can show nothing the observation does not: ``tests/games/mini_divercity/test_tensor_state.py``
checks, at every position of many random games under several option sets, that its output
equals ``Encoder(observe(state))`` exactly. Repeated cards (the Captain's, the Visionary's)
are summed in the same order as ``Encoder`` sums them, so the floats round the same way.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from solotable.core.tensor import TensorOut, TensorSpec
from solotable.games.mini_divercity.actions import N_SLOTS
from solotable.games.mini_divercity.codes import DiverState, Pos, Step
from solotable.games.mini_divercity.observation import DECISIONS, PLACE
from solotable.games.mini_divercity.rules.ending import max_more_saves
from solotable.games.mini_divercity.tables import DIVER_IDS, Tables
from solotable.games.mini_divercity.tensor import DECISION_KINDS, KNOWN_TOP, PLACES

if TYPE_CHECKING:
    from solotable.games.mini_divercity.state import MiniDiverCityState

_OUT, _READY = int(DiverState.OUT), int(DiverState.READY)
_PAY, _FLIP = int(Step.PAY), int(Step.FLIP)


def _write_counts(out: TensorOut, offset: int, vec: list[int], scale: float) -> None:
    """``out[offset + i] = vec[i] / scale`` for the non-zero counts (the scans stay in C:
    most piles are empty or sparse at a given step)."""
    if any(vec):
        for i in compress(range(len(vec)), vec):
            out[offset + i] = vec[i] / scale


def _write_sums(out: TensorOut, offset: int, cards: list[int], step: float) -> None:
    """``out[offset + c] += step`` per card, summed from 0.0 in the cards' order."""
    sums: dict[int, float] = {}
    for c in cards:
        sums[c] = sums.get(c, 0.0) + step
    for c, x in sums.items():
        out[offset + c] = x


class StateEncoder:
    """Writes ``Encoder(observe(state))``'s non-zero values from the state's own fields."""

    def __init__(self, t: Tables, spec: TensorSpec) -> None:
        self.at = {name: offset for name, (offset, _) in spec.layout.items()}
        self.n_s, self.n_k = t.n_species, t.n_corp
        # column of each Scale position (indexed by pos + 2, as ``observe`` reads PLACE)
        self.place_col = tuple(PLACES.index(name) for name in PLACE)
        # the Diver slice follows tables.DIVER_IDS; the state follows the data file's order
        self.diver_col = tuple(DIVER_IDS.index(d) for d in t.diver_ids)
        self.decision_col = {
            int(step): DECISION_KINDS.index(name) for step, name in DECISIONS.items()
        }
        self.copies = t.copies
        assert PLACE[int(Pos.ELIMINATED) + 2] == PLACES[0]

    def __call__(self, s: MiniDiverCityState, out: TensorOut) -> None:
        at, n_s, n_k = self.at, self.n_s, self.n_k
        o, col = at["scale"], self.place_col
        for i, p in enumerate(s.pos):
            out[o + i * 5 + col[p + 2]] = 1.0
        o, width, h, up = at["hand"], n_s + 2, s.hand, s.up
        visible = [0] * n_s
        for k in range(N_SLOTS):
            c = h[k]
            if c < 0:
                out[o + k * width + n_s + 1] = 1.0
            elif up[k]:
                out[o + k * width + c] = 1.0
                visible[c] += 1
            else:
                out[o + k * width + n_s] = 1.0
        o, hotels = at["islands"], s.hotels
        for i, hotel in enumerate(hotels):
            if hotel:
                out[o + i] = 1.0
        o, dcol = at["divers"], self.diver_col
        for d, v in enumerate(s.divers):
            if v != _OUT:
                out[o + dcol[d] * 2 + (0 if v == _READY else 1)] = 1.0
        need = max(s.goal - s.saved, 0)
        more = max_more_saves(s)
        o = at["counters"]
        counters = (
            s.turn / 30,
            s.saved / 12,
            s.elim / 12,
            s.goal / 12,
            s.limit / 12,
            sum(hotels) / 6,
            s.deck_size() / 60,
            s.ndisc / 60,
            s.corp_deck_size() / 30,
            s.ncdisc / 30,
            need / 12,
            more / 12,
        )
        for j, x in enumerate(counters):
            if x:
                out[o + j] = x
        o = at["flags"]
        flags = (
            more >= need,  # an "impossible" end comes only once more < need
            s.special_turn,
            s.quick_turn,
            s.looked[0],
            s.looked[1],
        )
        for j, flag in enumerate(flags):
            if flag:
                out[o + j] = 1.0
        top = s.top
        out[at["species_deck_top"] + (n_s if top < 0 else top)] = 1.0
        out[at["species_discard_top"] + (n_s if s.disc_top < 0 else s.disc_top)] = 1.0
        o, known = at["corporation_known_top"], s.ctop
        for i in range(KNOWN_TOP):
            out[o + i * (n_k + 1) + (known[i] if i < len(known) else n_k)] = 1.0
        out[at["corporation_discard_top"] + (n_k if s.cdisc_top < 0 else s.cdisc_top)] = 1.0
        self._seen(s, out, visible)
        _write_sums(out, at["captain"], s.cap, 1 / 3)
        _write_sums(out, at["visionary"], s.vis, 1 / 3)
        _write_sums(out, at["visionary_placed"], s.vis_placed, 1 / 3)
        o, n_d = at["decision"], len(DECISION_KINDS)
        stack = s.stack
        column = None
        if stack and not s.result and not s.chance:
            top_step = stack[-1]
            kind = top_step >> 8
            column = self.decision_col.get(kind)
            if column is not None and kind in (_PAY, _FLIP) and top_step & 255:
                out[o + n_d + 1] = (top_step & 255) / 5
        out[o + (n_d if column is None else column)] = 1.0

    def _seen(self, s: MiniDiverCityState, out: TensorOut, visible: list[int]) -> None:
        """Cards seen per species and Corporation type, and a discard pile being looked at."""
        at, n_s = self.at, self.n_s
        if s.top >= 0:
            visible[s.top] += 1
        for c in s.cap:
            visible[c] += 1
        o, copies, disc = at["species_seen"], self.copies, s.disc
        for i, (d, v) in enumerate(zip(disc, visible, strict=True)):
            if d:
                out[o + i] = d / 5
            if v:
                out[o + n_s + i] = v / 5
            if copies - d - v:
                out[o + 2 * n_s + i] = (copies - d - v) / 5
        _write_counts(out, at["corporations_seen"], s.cdisc, 6)
        if s.showing == 1:
            _write_counts(out, at["discard_shown"], disc, 5)
        elif s.showing == 2:
            _write_counts(out, at["discard_shown"] + n_s, s.cdisc, 5)
