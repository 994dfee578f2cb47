"""The fixed action space, its typable notation and its words.

Actions name card *types* (``build pub``), not hand positions, so ids stay
fixed whatever the hand holds and notation reads like the table. The space
size depends only on the card set (number of types and connection cards).
``describe_action`` says what an action does and ``explain_illegal`` why one
is refused, both in the player's words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from solotable.core.errors import NotationError
from solotable.games.fifty_first_state.card_text import bonus_text, effect_text
from solotable.games.fifty_first_state.cards import E_ACTION, CardSet
from solotable.games.fifty_first_state.goods import AMMO, BRICK, WORKER, amount, vector_text
from solotable.games.fifty_first_state.table import LK_DECIDE
from solotable.games.fifty_first_state.table import STORE as STORE_PHASE

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.state import FiftyFirstStateState

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
            raise NotationError(text, f"missing {what} name")
        if word in table:
            return table[word]
        matches = [k for k in table if k.startswith(word)]
        if len(matches) == 1:
            return table[matches[0]]
        if matches:
            names = sorted(matches)
            more = ", ..." if len(names) > 6 else ""
            raise NotationError(text, f"{word!r} is ambiguous: {', '.join(names[:6])}{more}")
        raise NotationError(text, f"unknown {what} {word!r}")

    def from_string(self, text: str) -> int:
        t = " ".join(text.strip().lower().split())
        if not t:
            raise NotationError(text, "empty move")
        if ":" in t:
            head, _, word = t.partition(":")
            word = word.strip()
            if head == "draw":
                return self.DRAW + self._card(text, word, self.card_index, "card")
            if head == "reveal":
                return self.REVEAL + self._card(text, word, self.card_index, "card")
            if head == "flip":
                return self.FLIP + self._card(text, word, self.conn_index, "connection card")
            if head == "faction":
                fi = {f: i for i, f in enumerate(self.faction_ids)}
                return self.PICK + self._card(text, word, fi, "faction")
            raise NotationError(text, "unknown chance outcome; expected draw:, reveal:, flip:")
        words = t.split(" ")
        verb, args = words[0], words[1:]
        simple = {"pass": PASS_ID, "keep": KEEP_ID, "refuse": REFUSE_ID, "done": DONE_ID}
        if verb in simple:
            if args:
                raise NotationError(text, f"{verb!r} takes no argument")
            return simple[verb]
        if verb == "faction":
            if not args or args[0] not in ("1", "2", "3") or len(args) > 2:
                raise NotationError(text, "expected 'faction 1|2|3' (plus a card to discard)")
            k = int(args[0]) - 1
            if len(args) == 1:
                return self.FAC + k
            return self.FAC_CARD + k * self.h + self._card(text, args[1], self.hand_index, "card")
        if verb in ("work", "take", "store"):
            opts = {"work": WORK_GOODS, "take": COLOURS, "store": STORE_GOODS}[verb]
            if len(args) != 1 or args[0] not in opts:
                raise NotationError(text, f"expected '{verb} {'|'.join(opts)}'")
            first = {"work": self.WORK, "take": self.TAKE, "store": self.STORE}[verb]
            return first + opts.index(args[0])
        if verb in ("build", "deal", "raze", "opp"):
            if len(args) != 1:
                raise NotationError(text, f"expected '{verb} CARD'")
            starts = {"build": self.BUILD, "deal": self.DEAL, "raze": self.RAZE, "opp": self.OPP}
            return starts[verb] + self._card(text, args[0], self.card_index, "card")
        if verb == "play":
            if len(args) != 1:
                raise NotationError(text, "expected 'play CONNECTION'")
            return self.PLAY + self._card(text, args[0], self.conn_index, "connection card")
        if verb == "develop":
            if (
                len(args) not in (3, 4)
                or args[1] != "over"
                or (len(args) == 4 and args[3] != "token")
            ):
                raise NotationError(text, "expected 'develop CARD over LOCATION [token]'")
            c1 = self._card(text, args[0], self.card_index, "card")
            c2 = self._card(text, args[2], self.card_index, "card")
            return self.develop(c1, c2, len(args) == 4)
        if verb == "use":
            if len(args) not in (1, 2):
                raise NotationError(text, "expected 'use LOCATION [GOOD|DEAL]'")
            loc = self._card(text, args[0], self.card_index, "card")
            if len(args) == 1:
                return self.use(loc)
            if args[1] in PAY_GOODS:
                return self.use(loc, 1 + PAY_GOODS.index(args[1]))
            return self.use(loc, 6 + self._card(text, args[1], self.card_index, "card or good"))
        raise NotationError(
            text,
            "unknown move; expected keep, refuse, build, deal, raze, develop, use, opp, "
            "faction, work, take, play, store, done or pass",
        )


# ---------------------------------------------------------------- words
def describe_action(s: FiftyFirstStateState, a: int) -> str:
    """What action ``a`` does here, in words (the ``moves`` listing)."""
    cs = s.cs
    L = s.L
    kind, x, y, z = L.decode(a)
    if kind == PASS:
        return "pass: end your actions for this round"
    if kind == KEEP:
        t = s.pending_card
        return f"keep {cs.names[t]} in hand" if t >= 0 else "keep the card"
    if kind == REFUSE:
        t = s.pending_card
        name = cs.names[t] if t >= 0 else "the card"
        return f"discard {name} and draw another Lookout card"
    if kind == DONE:
        return "discard the goods left in the supply and end the round"
    if kind == DRAW:
        return f"the deck gives {cs.names[x]}"
    if kind == REVEAL:
        return f"the opponent reveals {cs.names[x]}"
    if kind == FLIP:
        return f"the connection card {cs.conn_names[x]} is turned face up"
    if kind == PICK:
        return f"you play {s.game.factions.factions[x].name}"
    if kind in (BUILD, DEAL, RAZE):
        colour = {BUILD: "grey", DEAL: "blue", RAZE: "red"}[kind]
        cost = amount(cs.distance[x], colour)
        if kind == BUILD:
            bonus = bonus_text(cs, x)
            extra = f", build bonus: {bonus}" if bonus else ""
            return f"build {cs.names[x]} for {cost}: {effect_text(cs, x)}{extra}"
        if kind == DEAL:
            deal = vector_text(cs.deal[x])
            return f"make a deal with {cs.names[x]} for {cost}: {deal} now and each round"
        return f"raze {cs.names[x]} from hand for {cost}: gain {vector_text(cs.raze[x])}"
    if kind == DEVELOP:
        pay = "a development token" if z else "1 brick (or ammo)"
        return f"develop {cs.names[y]} into {cs.names[x]} for {pay}: +1 VP, {cs.names[x]} is built"
    if kind == USE:
        base = f"use {cs.names[x]} ({effect_text(cs, x)})"
        if y == 0:
            return base
        if y <= 5:
            verb = "taking" if cs.act_choice[x] else "paying"
            return f"{base}, {verb} {PAY_GOODS[y - 1]}"
        return f"{base}, giving up your {cs.names[y - 6]} deal"
    if kind == FACTION:
        fac = s.game.factions.factions[s.faction] if s.faction >= 0 else None
        if fac is None:
            return f"faction action {x + 1}"
        cost = vector_text(fac.action_cost[x])
        if y >= 0:
            cost += f" + discard {L.hand_ids[y]} from hand"
        return f"faction action {x + 1}: {cost} -> {vector_text(fac.action_gain[x])}"
    if kind == WORK:
        return f"spend 2 workers to take 1 {WORK_GOODS[x]}"
    if kind == TAKE:
        c = s.face_up[x]
        name = cs.conn_names[c] if c >= 0 else "the face-up card"
        return f"spend 2 workers to take {name} ({COLOURS[x]} connection) into hand"
    if kind == PLAY:
        cost = vector_text(cs.conn_cost[x]) if cs.conn_cost[x] else "free"
        return f"play {cs.conn_names[x]} ({cost}): gain {vector_text(cs.conn_gain[x])}"
    if kind == OPP:
        return f"send 1 worker to the opponent's {cs.names[x]}: {effect_text(cs, x)}"
    if kind == STORE:
        return f"keep 1 {STORE_GOODS[x]} on a storage card through Cleanup"
    return L.to_string(a)


def explain_illegal(s: FiftyFirstStateState, a: int) -> str:
    """Why action ``a``, not legal at this decision node, is refused (in the game's words).

    The generic reasons (game over, chance node, outside the space) come
    first from ``State.illegal_reason``.
    """
    cs = s.cs
    L = s.L
    kind, x, y, z = L.decode(a)
    if kind in (DRAW, REVEAL, FLIP, PICK):
        return "chance outcomes are not yours to choose"
    if s.phase == LK_DECIDE:
        return f"Lookout: keep or refuse {cs.names[s.pending_card]} first"
    if s.phase == STORE_PHASE:
        if kind == STORE:
            return f"no room for {STORE_GOODS[x]} on your storage cards, or none in the supply"
        return "Cleanup: store goods or say done"
    if kind in (KEEP, REFUSE):
        return "there is no Lookout card to keep or refuse now"
    if kind in (DONE, STORE):
        return "this is only possible during Cleanup"
    have = s.goods
    st = s.st
    if kind in (BUILD, DEAL, RAZE):
        if not s.hand[x]:
            return f"you have no {cs.names[x]} in hand"
        col = {BUILD: "grey", DEAL: "blue", RAZE: "red"}[kind]
        return f"{kind} {cs.names[x]} needs {cs.distance[x]} {col} contacts (universal ones count)"
    if kind == DEVELOP:
        if not s.hand[x]:
            return f"you have no {cs.names[x]} in hand"
        if not any(loc.card == y for loc in s.locs):
            return f"you have no {cs.names[y]} in your state"
        if z:
            return "you have no development token"
        if not (cs.icon_mask[x] & cs.icon_mask[y]):
            return f"{cs.names[x]} and {cs.names[y]} share no type icon (use a development token)"
        if have[BRICK] + st[BRICK] + have[AMMO] + st[AMMO] == 0:
            return "developing needs 1 brick (or ammo)"
        return "not possible now"
    if kind == USE:
        return _why_not_use(s, x, y)
    if kind == FACTION:
        fac = s.game.factions.factions[s.faction]
        if s.fac_used >> x & 1:
            return f"faction action {x + 1} was already used this round"
        if fac.action_card[x] and y < 0:
            return f"faction action {x + 1} needs a card from hand: faction {x + 1} CARD"
        if not fac.action_card[x] and y >= 0:
            return f"faction action {x + 1} takes no card"
        if y >= 0 and not s.hand[y]:
            return f"you have no {L.hand_ids[y]} in hand"
        return f"faction action {x + 1} costs {vector_text(fac.action_cost[x])}"
    if kind in (WORK, TAKE):
        if have[WORKER] + st[WORKER] < 2:
            return "this needs 2 workers"
        return f"no {COLOURS[x]} connection card is face up"
    if kind == PLAY:
        if not s.hand[L.n + x]:
            return f"you have no {cs.conn_names[x]} in hand"
        return f"{cs.conn_names[x]} costs {vector_text(cs.conn_cost[x])}"
    if kind == OPP:
        if have[WORKER] + st[WORKER] < 1:
            return "this needs 1 worker"
        return f"the opponent has no unused {cs.names[x]} this round"
    return "not possible now"


def _why_not_use(s: FiftyFirstStateState, x: int, y: int) -> str:
    cs = s.cs
    locs = [loc for loc in s.locs if loc.card == x]
    if not locs:
        return f"you have no {cs.names[x]} in your state"
    if cs.effect[x] != E_ACTION:
        return f"{cs.names[x]} is not an action location"
    if all(loc.uses <= 0 for loc in locs):
        return f"{cs.names[x]} has no use left this round"
    if cs.act_any[x] and not 1 <= y <= 5:
        return f"{cs.names[x]} needs a good to pay: use {cs.ids[x]} fuel|gun|iron|brick|ammo"
    if cs.act_choice[x] and not 1 <= y <= 4:
        return f"{cs.names[x]} needs the good to take: use {cs.ids[x]} fuel|gun|iron|brick"
    if cs.act_deal[x]:
        if y < 6:
            return f"{cs.names[x]} needs a deal to give up: use {cs.ids[x]} CARD"
        if not s.deals[y - 6]:
            return f"you have no {cs.names[y - 6]} deal"
    if not (cs.act_any[x] or cs.act_choice[x] or cs.act_deal[x]) and y:
        return f"{cs.names[x]} takes no extra argument"
    return f"you cannot pay for {cs.names[x]}: {effect_text(cs, x)}"
