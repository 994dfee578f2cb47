"""The fixed action space: id layout, notation and each action as data.

Every decision (player or chance) is one int. Ids are grouped in blocks whose
offsets are computed once per game from the data tables, so the hot paths do
arithmetic only, and notation is a table lookup both ways. What an action does
is data too (:func:`action_info`: a kind, ids, the table elements it acts on),
said in words by ``solotable.words``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.core.errors import NotationError
from solotable.core.game import ActionInfo
from solotable.core.message import msg
from solotable.games.mini_divercity.codes import POS_NAMES, Pos
from solotable.games.mini_divercity.tables import Tables

if TYPE_CHECKING:
    from solotable.games.mini_divercity.state import MiniDiverCityState

OWNER = "mini-divercity"
_SAVED, _ELIMINATED = int(Pos.SAVED), int(Pos.ELIMINATED)
SLOTS = ("l1", "l2", "o1", "o2", "o3")
"""Hand slots: two Lagoon slots (always face up) then three Ocean slots."""
N_LAGOON = 2
N_SLOTS = 5
FORMS = (
    "oil:SLOT, pay:SLOT, id:SLOT, close:COLOUR:SLOT, explore, quick, swap:l1o2, noswap, "
    "captain, cap:more, cap:one, cap:SPECIES, explorer, swimmer:oN, communications, "
    "endurance:SPECIES, diving:SPECIES, environmentalist:COLOUR, visionary, vtop:CARD, "
    "flip:oN, peek, nopeek, look:species, look:corp, resign (SLOT = l1 l2 o1 o2 o3)"
)
"""The notation's forms, for the error of a move that does not parse (notation, not words)."""


class ActionSpace:
    """Block offsets and the notation table of one game's action ids."""

    def __init__(self, t: Tables) -> None:
        ns, nc, ncol = t.n_species, t.n_corp, len(t.colours)
        names: list[str] = []
        kinds: list[str] = []
        args: list[dict[str, Any]] = []
        targets: list[tuple[str, ...]] = []

        def block(count: int) -> int:
            start = len(names)
            names.extend([""] * count)
            kinds.extend([""] * count)
            args.extend({} for _ in range(count))
            targets.extend([()] * count)
            return start

        self.DEAL_DIVER = block(8)
        self.DRAW = block(ns)
        self.PICK = block(ns)
        self.CORP = block(nc)
        self.OIL = block(N_SLOTS)
        self.PAY = block(N_SLOTS)
        self.CAPTAIN = block(1)
        self.CAP_MORE = block(1)
        self.CAP_KEEP = block(ns)
        self.ENV = block(ncol)
        self.EXPLORER = block(1)
        self.SWIM = block(3)
        self.COMMS = block(1)
        self.ENDU = block(ns)
        self.DIVE = block(ns)
        self.VISIONARY = block(1)
        self.VIS_ORDER = block(nc)
        self.FLIP = block(3)
        self.PEEK = block(1)
        self.NOPEEK = block(1)
        self.QUICK = block(1)
        self.EXPLORE = block(1)
        self.CLOSE = block(ncol * N_SLOTS)
        self.SWAP = block(N_LAGOON * 3)
        self.NOSWAP = block(1)
        self.IDENTIFY = block(N_SLOTS)
        self.LOOK_SPECIES = block(1)
        self.LOOK_CORP = block(1)
        self.RESIGN = block(1)
        self.CAP_ONE = block(1)
        """Added after the others so that the older ids keep their numbers."""
        self.size = len(names)
        self.close_rows = tuple(
            tuple(self.CLOSE + c * N_SLOTS + k for k in range(N_SLOTS)) for c in range(ncol)
        )
        """Close-a-Hotel ids per colour for a full hand (a hot path)."""
        self.identify_all = tuple(self.IDENTIFY + k for k in range(N_SLOTS))

        sp, cid, cols = t.species_ids, t.corp_ids, t.colours

        def put(a: int, name: str, kind: str, *where: str, **data: Any) -> None:
            names[a] = name
            kinds[a] = kind
            args[a] = data
            targets[a] = where

        for i, d in enumerate(t.diver_ids):
            put(self.DEAL_DIVER + i, f"diver:{d}", "deal-diver", f"diver:{d}", diver=d)
        for s in range(ns):
            x = sp[s]
            put(self.DRAW + s, f"draw:{x}", "draw", species=x)
            put(self.PICK + s, f"pick:{x}", "pick", species=x)
            put(self.CAP_KEEP + s, f"cap:{x}", "captain-keep", f"captain:{x}", species=x)
            put(
                self.ENDU + s,
                f"endurance:{x}",
                "endurance",
                "diver:endurance",
                f"sp:{x}",
                species=x,
            )
            put(self.DIVE + s, f"diving:{x}", "diving", "diver:diving", f"sp:{x}", species=x)
        for c in range(nc):
            put(self.CORP + c, f"corp:{cid[c]}", "corp-draw", card=cid[c])
            put(
                self.VIS_ORDER + c,
                f"vtop:{cid[c]}",
                "visionary-order",
                f"vision:{cid[c]}",
                card=cid[c],
            )
        for k, slot in enumerate(SLOTS):
            at = f"slot:{slot}"
            put(self.OIL + k, f"oil:{slot}", "oil", at, slot=slot)
            put(self.PAY + k, f"pay:{slot}", "pay", at, slot=slot)
            put(self.IDENTIFY + k, f"id:{slot}", "identify", at, slot=slot)
            for ci, col in enumerate(cols):
                put(
                    self.CLOSE + ci * N_SLOTS + k,
                    f"close:{col}:{slot}",
                    "close",
                    f"isle:{col}",
                    at,
                    colour=col,
                    slot=slot,
                )
        for j in range(3):
            o = SLOTS[N_LAGOON + j]
            put(self.SWIM + j, f"swimmer:{o}", "swimmer", "diver:swimmer", f"slot:{o}", slot=o)
            put(self.FLIP + j, f"flip:{o}", "flip", f"slot:{o}", slot=o)
            for li in range(N_LAGOON):
                lag = SLOTS[li]
                put(
                    self.SWAP + li * 3 + j,
                    f"swap:{lag}{o}",
                    "swap",
                    f"slot:{lag}",
                    f"slot:{o}",
                    lagoon=lag,
                    ocean=o,
                )
        for ci, col in enumerate(cols):
            put(
                self.ENV + ci,
                f"environmentalist:{col}",
                "environmentalist",
                "diver:environmentalist",
                f"isle:{col}",
                colour=col,
            )
        put(self.CAPTAIN, "captain", "captain", "diver:captain")
        put(self.CAP_MORE, "cap:more", "captain-two")
        put(self.CAP_ONE, "cap:one", "captain-one")
        put(self.EXPLORER, "explorer", "explorer", "diver:explorer")
        put(self.COMMS, "communications", "communications", "diver:communications")
        put(self.VISIONARY, "visionary", "visionary", "diver:visionary")
        put(self.PEEK, "peek", "peek")
        put(self.NOPEEK, "nopeek", "no-peek")
        put(self.QUICK, "quick", "quick")
        put(self.EXPLORE, "explore", "explore")
        put(self.NOSWAP, "noswap", "no-swap")
        put(self.LOOK_SPECIES, "look:species", "look", "pile:species", pile="species")
        put(self.LOOK_CORP, "look:corp", "look", "pile:corporation", pile="corporation")
        put(self.RESIGN, "resign", "resign")
        self.names = tuple(names)
        self.kinds = tuple(kinds)
        self.args = tuple(args)
        self.targets = tuple(targets)
        self.by_name = {n: i for i, n in enumerate(names)}
        slot_of = [-1] * len(names)
        for base, n, first in (
            (self.OIL, N_SLOTS, 0),
            (self.PAY, N_SLOTS, 0),
            (self.IDENTIFY, N_SLOTS, 0),
            (self.SWIM, 3, N_LAGOON),
        ):
            for k in range(n):
                slot_of[base + k] = first + k
        for a in range(self.CLOSE, self.CLOSE + ncol * N_SLOTS):
            slot_of[a] = (a - self.CLOSE) % N_SLOTS
        self.slot_of = tuple(slot_of)
        """The hand slot whose card an action uses (-1: none): its words name the card when
        it is face up."""

    def parse(self, text: object) -> int:
        """Notation → id; the error lists the forms the notation takes."""
        if not isinstance(text, str):
            raise NotationError(str(text), msg("mini-divercity.notation.not-text"))
        key = "".join(text.split()).lower()
        a = self.by_name.get(key)
        if a is None:
            raise NotationError(text, msg("mini-divercity.notation.unknown", forms=FORMS))
        return a


def action_info(s: MiniDiverCityState, a: int) -> ActionInfo:
    """Action ``a`` as data; a card the action uses is named only when it is face up
    (the same data whatever a face-down card is: a sampled state gives the same info)."""
    A = s.A
    args = dict(A.args[a])
    k = A.slot_of[a]
    if k >= 0:
        c = s.hand[k]
        if c >= 0 and s.up[k]:
            args["species"] = s.t.species_ids[c]
            args["place"] = POS_NAMES[s.pos[c]]
        else:
            args["species"] = None
        if k < N_LAGOON and c >= 0 and (a - k == A.IDENTIFY or a - k == A.OIL):
            extra = _lagoon_cost(s, a - k == A.IDENTIFY, c)
            if extra:
                args["extra_discards"] = extra
    elif A.SWAP <= a < A.SWAP + N_LAGOON * 3:
        li, j = divmod(a - A.SWAP, 3)
        for key, slot in (("lagoon_species", li), ("ocean_species", N_LAGOON + j)):
            c = s.hand[slot]
            args[key] = s.t.species_ids[c] if c >= 0 and s.up[slot] else None
    return ActionInfo(a, A.names[a], A.kinds[a], args, A.targets[a], OWNER)


def _lagoon_cost(s: MiniDiverCityState, identify: bool, c: int) -> int:
    """The extra discards a Lagoon card costs (``extra_discards``), said before the click.

    Identify with a Lagoon card always costs two more; an Oil Platform on a Lagoon card
    costs two more when its species is already saved or eliminated (``rules/main_actions``
    and ``rules/corporations``). Two shrink to what the hand holds once the card is gone
    (``rules.hand.extra_cost``). A Lagoon card is face up, so this tells nothing hidden.
    """
    if not identify and s.pos[c] not in (_SAVED, _ELIMINATED):
        return 0
    held = sum(1 for x in s.hand if x >= 0) - 1
    return min(2, held)
