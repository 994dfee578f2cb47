"""51st State's observation tensor written straight from the state (the environments' path).

``Encoder`` (``tensor.py``) encodes ``observation(player)``; building that dict costs more
than encoding it, and a learner pays both at every step. :class:`StateEncoder` reads only
the state fields ``observation.observe`` reads, and writes the same values into a zeroed
buffer, non-zero entries only. It can show nothing the observation does not:
``tests/games/fifty_first_state/test_tensor_state.py`` checks, over the decisions of many
random games under every faction option, that its output equals ``Encoder(observe(state))``
bit for bit once in ``float32``. Sums (several copies of a card on the table) are added in
the same order as ``Encoder`` adds them, so the floats round the same way.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from solotable.core.tensor import TensorOut, TensorSpec
from solotable.games.fifty_first_state.table import END, ROUNDS

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.game import FiftyFirstStateGame
    from solotable.games.fifty_first_state.state import FiftyFirstStateState


def _write_counts(out: TensorOut, offset: int, vec: list[int], scale: float) -> None:
    """``out[offset + i] = vec[i] / scale`` for the non-zero counts (the scans stay in C:
    most piles are empty or sparse at a given step)."""
    if any(vec):
        for i in compress(range(len(vec)), vec):
            out[offset + i] = vec[i] / scale


class StateEncoder:
    """Writes ``Encoder(observe(state))``'s non-zero values from the state's own fields."""

    def __init__(self, game: FiftyFirstStateGame, spec: TensorSpec) -> None:
        cs = game.cards
        self.c = len(cs.ids)
        self.n = len(cs.conn_ids)
        self.n_factions = len(game.factions.ids())
        self.kind = cs.kind
        self.faction_actions = game.faction_actions
        self.at = {name: offset for name, (offset, _shape) in spec.layout.items()}

    def __call__(self, s: FiftyFirstStateState, out: TensorOut) -> None:
        at, c, n = self.at, self.c, self.n
        _write_counts(out, at["hand"], s.hand, 3)
        out[at["pending_card"] + (c if s.pending_card < 0 else s.pending_card)] = 1.0
        if s.locs:
            self._locations(s, out)
        _write_counts(out, at["deals"], s.deals, 1)
        if s.opp:
            o = at["opponent"]
            seen: dict[int, float] = {}
            for opp in s.opp:
                i = o + (c if opp.used else 0) + opp.card
                seen[i] = seen.get(i, 0.0) + 1.0
            for i, x in seen.items():
                out[i] = x
        _write_counts(out, at["opponent_deck"], s.opp_deck, 3)
        _write_counts(out, at["discard"], s.discard, 3)
        _write_counts(out, at["set_aside"], s.aside, 3)
        _write_counts(out, at["goods"], s.goods, 10)
        o = at["connections_up"]
        for row, cid in enumerate(s.face_up[:2]):
            out[o + row * (n + 1) + (n if cid < 0 else cid)] = 1.0
        _write_counts(out, at["connections_discard"], s.conn_discard, 4)
        fac = s.faction
        out[at["faction"] + (self.n_factions if fac < 0 else fac)] = 1.0
        if fac >= 0:
            o, used = at["faction_actions_used"], s.fac_used
            for k in range(len(self.faction_actions[fac])):
                if used >> k & 1:
                    out[o + k] = 1.0
        out[at["phase"] + int(s.phase)] = 1.0
        o = at["counters"]
        counters = (
            s.round / ROUNDS,
            s.vp / 50,
            (s.vp + len(s.locs)) / 80,
            s.pending_draws / 5,
            s.opp_n / 20,
            s.pile_n / 80,
            sum(s.conn_pile) / 20,
            s.lk_step / 5,
            s.rerolls / 5,
            s.extra_left / 5,
            s.flip_idx / 5,
        )
        for j, x in enumerate(counters):
            if x:
                out[o + j] = x
        o = at["flags"]
        if s.lk_refused:
            out[o] = 1.0
        if s.phase == END:
            out[o + 1] = 1.0
        _write_counts(out, at["tally"], s.tally, 10)

    def _locations(self, s: FiftyFirstStateState, out: TensorOut) -> None:
        """Rows, uses and stored goods, summed per card as ``Encoder`` sums them."""
        at, c, kind = self.at, self.c, self.kind
        o_loc, o_uses, o_stored = at["locations"], at["location_uses"], at["location_stored"]
        sums: dict[int, float] = {}
        get = sums.get
        for loc in s.locs:
            i = loc.card
            j = o_loc + kind[i] * c + i
            sums[j] = get(j, 0.0) + 1.0
            if loc.uses:  # adding 0.0 changes no sum: only non-zero terms are added
                j = o_uses + i
                sums[j] = get(j, 0.0) + loc.uses / 3
            stored = sum(loc.stored)
            if stored:
                j = o_stored + i
                sums[j] = get(j, 0.0) + stored / 3
        for j, x in sums.items():
            out[j] = x
