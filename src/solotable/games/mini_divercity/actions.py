"""The fixed action space: id layout, notation and words.

Every decision (player or chance) is one int. Ids are grouped in blocks whose
offsets are computed once per game from the data tables, so the hot paths do
arithmetic only, and notation is a table lookup both ways.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.core.errors import NotationError
from solotable.games.mini_divercity.codes import POS_NAMES
from solotable.games.mini_divercity.tables import Event, Tables

if TYPE_CHECKING:
    from solotable.games.mini_divercity.state import MiniDiverCityState

SLOTS = ("l1", "l2", "o1", "o2", "o3")
"""Hand slots: two Lagoon slots (always face up) then three Ocean slots."""
N_LAGOON = 2
N_SLOTS = 5


class ActionSpace:
    """Block offsets and the notation table of one game's action ids."""

    def __init__(self, t: Tables) -> None:
        ns, nc, ncol = t.n_species, t.n_corp, len(t.colours)
        names: list[str] = []
        words: list[str] = []

        def block(count: int) -> int:
            start = len(names)
            names.extend([""] * count)
            words.extend([""] * count)
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

        sp, spn, cid = t.species_ids, t.species_names, t.corp_ids

        def put(a: int, name: str, text: str) -> None:
            names[a] = name
            words[a] = text

        for i, d in enumerate(t.diver_ids):
            put(self.DEAL_DIVER + i, f"diver:{d}", f"chance: the {t.diver_names[i]} is dealt")
        for s in range(ns):
            put(
                self.DRAW + s,
                f"draw:{sp[s]}",
                f"chance: {_a(spn[s])} {spn[s]} card comes off the deck",
            )
            put(self.PICK + s, f"pick:{sp[s]}", f"chance: a {spn[s]} is picked from the discard")
            put(self.CAP_KEEP + s, f"cap:{sp[s]}", f"Captain: discard the {spn[s]} to improve it")
            put(self.ENDU + s, f"endurance:{sp[s]}", f"Endurance Specialist: improve {spn[s]}")
            put(self.DIVE + s, f"diving:{sp[s]}", f"Diving Specialist: improve {spn[s]}")
        for c in range(nc):
            put(self.CORP + c, f"corp:{cid[c]}", f"chance: Corporation card {cid[c]}")
            put(self.VIS_ORDER + c, f"vtop:{cid[c]}", f"Visionary: put {cid[c]} next on the deck")
        for k, slot in enumerate(SLOTS):
            put(self.OIL + k, f"oil:{slot}", f"Oil Platform: discard the card in {slot}")
            put(self.PAY + k, f"pay:{slot}", f"pay: discard the card in {slot}")
            put(self.IDENTIFY + k, f"id:{slot}", f"Identify: discard {slot} to improve its species")
            for ci, col in enumerate(t.colours):
                put(
                    self.CLOSE + ci * N_SLOTS + k,
                    f"close:{col}:{slot}",
                    f"Close the {col} Hotel, discarding {slot}",
                )
        for j in range(3):
            o = SLOTS[N_LAGOON + j]
            put(self.SWIM + j, f"swimmer:{o}", f"Swimmer: discard {o} to improve its species")
            put(self.FLIP + j, f"flip:{o}", f"turn {o} face up")
            for li in range(N_LAGOON):
                put(
                    self.SWAP + li * 3 + j,
                    f"swap:{SLOTS[li]}{o}",
                    f"swap {SLOTS[li]} with {o} (both face up)",
                )
        for ci, col in enumerate(t.colours):
            put(
                self.ENV + ci, f"environmentalist:{col}", f"Environmentalist: close the {col} Hotel"
            )
        put(self.CAPTAIN, "captain", "Captain: draw up to 2 Species cards")
        put(self.CAP_MORE, "cap:more", "Captain: draw 2 cards")
        put(self.CAP_ONE, "cap:one", "Captain: draw only 1 card")
        put(self.EXPLORER, "explorer", "Explorer: turn every Ocean card face up")
        put(self.COMMS, "communications", "Communications Specialist: 2 Ocean cards + deck top")
        put(self.VISIONARY, "visionary", "Visionary: reorder the next 4 Corporation cards")
        put(self.PEEK, "peek", "look at the top Corporation card")
        put(self.NOPEEK, "nopeek", "do not look at the top Corporation card")
        put(self.QUICK, "quick", "Quick Exploration: discard both Lagoon cards, turn Ocean up")
        put(self.EXPLORE, "explore", "Explore: turn the Ocean cards face up (ends the turn)")
        put(self.NOSWAP, "noswap", "keep the hand as it is (no swap)")
        put(self.LOOK_SPECIES, "look:species", "look through the Species discard (once a game)")
        put(self.LOOK_CORP, "look:corp", "look through the Corporation discard (once a game)")
        put(self.RESIGN, "resign", "give up (the game is lost)")
        self.names = tuple(names)
        self.words = tuple(words)
        self.by_name = {n: i for i, n in enumerate(names)}

    def parse(self, text: str) -> int:
        """Notation → id; the error lists the forms the notation takes."""
        if not isinstance(text, str):
            raise NotationError(str(text), "a move is text")
        key = "".join(text.split()).lower()
        a = self.by_name.get(key)
        if a is None:
            raise NotationError(
                text,
                "unknown move; forms: oil:SLOT, pay:SLOT, id:SLOT, close:COLOUR:SLOT, explore, "
                "quick, swap:l1o2, noswap, captain, cap:more, cap:one, cap:SPECIES, explorer, "
                "swimmer:oN, communications, endurance:SPECIES, diving:SPECIES, "
                "environmentalist:COLOUR, visionary, vtop:CARD, flip:oN, peek, nopeek, "
                "look:species, look:corp, resign (SLOT = l1 l2 o1 o2 o3; 'moves' lists them)",
            )
        return a


def _a(word: str) -> str:
    """The article for ``word``: "an Eel card", "a Crab card"."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def corp_words(t: Tables, c: int) -> str:
    """A Corporation card's events in words, in resolution order."""
    parts = []
    for kind, a, b in t.corp_events[c]:
        if kind == Event.OIL:
            parts.append("Oil Platform (discard a card of your choice; its species moves down)")
        elif kind == Event.DYNAMITE:
            parts.append("Dynamite Fishers (the top Species card's species moves down)")
        else:
            parts.append(f"Hotels ({t.colours[a]} and {t.colours[b]} Islands become Hotels)")
    return " + ".join(parts)


def describe(s: MiniDiverCityState, a: int) -> str:
    """The action in words, naming the card it uses when the player can see it."""
    A = s.A
    text = A.words[a]
    slot = -1
    for base, off in ((A.OIL, 0), (A.PAY, 0), (A.IDENTIFY, 0), (A.SWIM, N_LAGOON)):
        n = 3 if base == A.SWIM else N_SLOTS
        if base <= a < base + n:
            slot = a - base + off
    if A.CLOSE <= a < A.CLOSE + 6 * N_SLOTS:
        slot = (a - A.CLOSE) % N_SLOTS
    if 0 <= slot < N_SLOTS and s.hand[slot] >= 0:
        c = s.hand[slot]
        card = f"{s.t.species_names[c]}, {POS_NAMES[s.pos[c]]}" if s.up[slot] else "face down"
        text += f" [{card}]"
    if A.VIS_ORDER <= a < A.VIS_ORDER + s.t.n_corp:
        text += f" — {corp_words(s.t, a - A.VIS_ORDER)}"
    return text
