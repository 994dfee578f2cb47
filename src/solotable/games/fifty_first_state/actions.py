"""The fixed action space and its typable notation.

Actions name card *types* (``build pub``), not hand positions, so ids stay
fixed whatever the hand holds and notation reads like the table. The space
size depends only on the card set (number of types and connection cards).
What an action does is data (``action_info.py``), why one is refused a message
(``illegal.py``); a notation error's reason is a message too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from solotable.core.errors import NotationError
from solotable.core.message import Msg, msg

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.cards import CardSet

PASS_ID: Final = 0
KEEP_ID: Final = 1
REFUSE_ID: Final = 2
DONE_ID: Final = 3
"""The four fixed action ids: pass, keep and refuse (Lookout), done (Cleanup)."""

WORK_GOODS = ("fuel", "gun", "iron", "brick", "card")
STORE_GOODS = ("fuel", "gun", "iron", "brick", "worker")
PAY_GOODS = ("fuel", "gun", "iron", "brick", "ammo")
"""Parameter 1..5 of ``use``: a good chosen to pay or to take."""
COLOURS = ("blue", "red")

# Kinds returned by Layout.decode.
PASS, KEEP, REFUSE, DONE = "pass", "keep", "refuse", "done"
FACTION, WORK, TAKE, STORE = "faction", "work", "take", "store"
BUILD, DEAL, RAZE, PLAY, OPP = "build", "deal", "raze", "play", "opp"
DEVELOP, USE = "develop", "use"
DRAW, REVEAL, FLIP, PICK = "draw", "reveal", "flip", "pick"


VERBS = (
    "keep",
    "refuse",
    "build",
    "deal",
    "raze",
    "develop",
    "use",
    "opp",
    "faction",
    "work",
    "take",
    "play",
    "store",
    "done",
    "pass",
)
"""The moves a player types, for the "unknown move" message."""


def expected(form: str) -> Msg:
    """A notation error's reason: the form the move takes (notation, shown as it is)."""
    return msg("51st-state.notation.expected", form=form)


class Layout:
    """Action id arithmetic for one card set and faction list."""

    def __init__(self, cs: CardSet, faction_ids: tuple[str, ...]) -> None:
        self.cs = cs
        self.faction_ids = faction_ids
        n = cs.n
        c = len(cs.conn_ids)
        self.n = n
        self.c = c
        self.h = h = n + c
        self.hand_ids = cs.ids + cs.conn_ids
        self.P = 6 + n
        self.FAC = 4
        self.FAC_CARD = 7
        self.WORK = self.FAC_CARD + 3 * h
        self.TAKE = self.WORK + len(WORK_GOODS)
        self.STORE = self.TAKE + 2
        self.BUILD = self.STORE + len(STORE_GOODS)
        self.DEAL = self.BUILD + n
        self.RAZE = self.DEAL + n
        self.PLAY = self.RAZE + n
        self.OPP = self.PLAY + c
        self.DEV = self.OPP + n
        self.USE = self.DEV + 2 * n * n
        self.DRAW = self.USE + n * self.P
        self.REVEAL = self.DRAW + n
        self.FLIP = self.REVEAL + n
        self.PICK = self.FLIP + c
        self.size = self.PICK + len(faction_ids)
        self.card_index = {cid: i for i, cid in enumerate(cs.ids)}
        self.hand_index = {cid: i for i, cid in enumerate(self.hand_ids)}
        self.conn_index = {cid: i for i, cid in enumerate(cs.conn_ids)}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as what it is computed from: a compiled class is not made by
        ``__new__`` alone, which the default pickling needs (``solotable.accel``)."""
        return (Layout, (self.cs, self.faction_ids))

    # -- encode -------------------------------------------------------------
    def use(self, t: int, param: int = 0) -> int:
        return self.USE + t * self.P + param

    def develop(self, t: int, u: int, token: bool) -> int:
        return self.DEV + ((1 if token else 0) * self.n + t) * self.n + u

    # -- decode -------------------------------------------------------------
    def decode(self, a: int) -> tuple[str, int, int, int]:
        """``(kind, x, y, z)``: the action's kind and its integer arguments."""
        if a < 4:
            return ((PASS, KEEP, REFUSE, DONE)[a], 0, 0, 0)
        if a < self.FAC_CARD:
            return (FACTION, a - self.FAC, -1, 0)
        if a < self.WORK:
            k, hh = divmod(a - self.FAC_CARD, self.h)
            return (FACTION, k, hh, 0)
        if a < self.TAKE:
            return (WORK, a - self.WORK, 0, 0)
        if a < self.STORE:
            return (TAKE, a - self.TAKE, 0, 0)
        if a < self.BUILD:
            return (STORE, a - self.STORE, 0, 0)
        if a < self.DEAL:
            return (BUILD, a - self.BUILD, 0, 0)
        if a < self.RAZE:
            return (DEAL, a - self.DEAL, 0, 0)
        if a < self.PLAY:
            return (RAZE, a - self.RAZE, 0, 0)
        if a < self.OPP:
            return (PLAY, a - self.PLAY, 0, 0)
        if a < self.DEV:
            return (OPP, a - self.OPP, 0, 0)
        if a < self.USE:
            r, u = divmod(a - self.DEV, self.n)
            mode, t = divmod(r, self.n)
            return (DEVELOP, t, u, mode)
        if a < self.DRAW:
            t, p = divmod(a - self.USE, self.P)
            return (USE, t, p, 0)
        if a < self.REVEAL:
            return (DRAW, a - self.DRAW, 0, 0)
        if a < self.FLIP:
            return (REVEAL, a - self.REVEAL, 0, 0)
        if a < self.PICK:
            return (FLIP, a - self.FLIP, 0, 0)
        return (PICK, a - self.PICK, 0, 0)

    # -- notation -------------------------------------------------------------
    def to_string(self, a: int) -> str:
        if not 0 <= a < self.size:
            raise ValueError(f"action {a} outside the action space")
        kind, x, y, z = self.decode(a)
        ids = self.cs.ids
        if kind in (PASS, KEEP, REFUSE, DONE):
            return kind
        if kind == FACTION:
            return f"faction {x + 1}" if y < 0 else f"faction {x + 1} {self.hand_ids[y]}"
        if kind == WORK:
            return f"work {WORK_GOODS[x]}"
        if kind == TAKE:
            return f"take {COLOURS[x]}"
        if kind == STORE:
            return f"store {STORE_GOODS[x]}"
        if kind in (BUILD, DEAL, RAZE, OPP):
            return f"{kind} {ids[x]}"
        if kind == PLAY:
            return f"play {self.cs.conn_ids[x]}"
        if kind == DEVELOP:
            return f"develop {ids[x]} over {ids[y]}" + (" token" if z else "")
        if kind == USE:
            if y == 0:
                return f"use {ids[x]}"
            if y <= 5:
                return f"use {ids[x]} {PAY_GOODS[y - 1]}"
            return f"use {ids[x]} {ids[y - 6]}"
        if kind == DRAW:
            return f"draw:{ids[x]}"
        if kind == REVEAL:
            return f"reveal:{ids[x]}"
        if kind == FLIP:
            return f"flip:{self.cs.conn_ids[x]}"
        return f"faction:{self.faction_ids[x]}"

    def _card(self, text: str, word: str, table: dict[str, int], what: str) -> int:
        if not word:
            raise NotationError(text, msg("51st-state.notation.missing", what=what))
        if word in table:
            return table[word]
        matches = [k for k in table if k.startswith(word)]
        if len(matches) == 1:
            return table[matches[0]]
        if matches:
            names = sorted(matches)
            raise NotationError(
                text,
                msg(
                    "51st-state.notation.ambiguous",
                    word=word,
                    matches=names[:6],
                    more=len(names) - min(6, len(names)),
                ),
            )
        raise NotationError(text, msg("51st-state.notation.unknown-name", what=what, word=word))

    def from_string(self, text: object) -> int:
        """Notation → id. ``text`` may be anything a caller was given: not text is refused
        as notation (a compiled ``str`` parameter would raise a bare TypeError)."""
        if not isinstance(text, str):
            raise NotationError(str(text), msg("51st-state.notation.not-text"))
        t = " ".join(text.strip().lower().split())
        if not t:
            raise NotationError(text, msg("51st-state.notation.empty"))
        if ":" in t:
            head, _, word = t.partition(":")
            word = word.strip()
            if head == "draw":
                return self.DRAW + self._card(text, word, self.card_index, "card")
            if head == "reveal":
                return self.REVEAL + self._card(text, word, self.card_index, "card")
            if head == "flip":
                return self.FLIP + self._card(text, word, self.conn_index, "connection")
            if head == "faction":
                fi = {f: i for i, f in enumerate(self.faction_ids)}
                return self.PICK + self._card(text, word, fi, "faction")
            raise NotationError(text, msg("51st-state.notation.unknown-chance"))
        words = t.split(" ")
        verb, args = words[0], words[1:]
        simple = {"pass": PASS_ID, "keep": KEEP_ID, "refuse": REFUSE_ID, "done": DONE_ID}
        if verb in simple:
            if args:
                raise NotationError(text, msg("51st-state.notation.no-argument", verb=verb))
            return simple[verb]
        if verb == "faction":
            if not args or args[0] not in ("1", "2", "3") or len(args) > 2:
                raise NotationError(text, expected("faction 1|2|3 [CARD]"))
            k = int(args[0]) - 1
            if len(args) == 1:
                return self.FAC + k
            return self.FAC_CARD + k * self.h + self._card(text, args[1], self.hand_index, "card")
        if verb in ("work", "take", "store"):
            opts = {"work": WORK_GOODS, "take": COLOURS, "store": STORE_GOODS}[verb]
            if len(args) != 1 or args[0] not in opts:
                raise NotationError(text, expected(f"{verb} {'|'.join(opts)}"))
            first = {"work": self.WORK, "take": self.TAKE, "store": self.STORE}[verb]
            return first + opts.index(args[0])
        if verb in ("build", "deal", "raze", "opp"):
            if len(args) != 1:
                raise NotationError(text, expected(f"{verb} CARD"))
            starts = {"build": self.BUILD, "deal": self.DEAL, "raze": self.RAZE, "opp": self.OPP}
            return starts[verb] + self._card(text, args[0], self.card_index, "card")
        if verb == "play":
            if len(args) != 1:
                raise NotationError(text, expected("play CONNECTION"))
            return self.PLAY + self._card(text, args[0], self.conn_index, "connection")
        if verb == "develop":
            if (
                len(args) not in (3, 4)
                or args[1] != "over"
                or (len(args) == 4 and args[3] != "token")
            ):
                raise NotationError(text, expected("develop CARD over LOCATION [token]"))
            c1 = self._card(text, args[0], self.card_index, "card")
            c2 = self._card(text, args[2], self.card_index, "card")
            return self.develop(c1, c2, len(args) == 4)
        if verb == "use":
            if len(args) not in (1, 2):
                raise NotationError(text, expected("use LOCATION [GOOD|DEAL]"))
            loc = self._card(text, args[0], self.card_index, "card")
            if len(args) == 1:
                return self.use(loc)
            if args[1] in PAY_GOODS:
                return self.use(loc, 1 + PAY_GOODS.index(args[1]))
            return self.use(loc, 6 + self._card(text, args[1], self.card_index, "card-or-good"))
        raise NotationError(text, msg("51st-state.notation.unknown-move", verbs=list(VERBS)))
