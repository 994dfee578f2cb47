"""Mini DiverCity's observation as numbers.

Everything comes from ``observation(player)``: a face-down Ocean card is the "hidden" code,
decks are their sizes and whatever the player has been shown (a known top card, discards
seen), never their order. Species, colours, Divers and Corporation cards are indexed in the
data file's order (``Tables``), which is game data, not state. The pending steps and the log
are not encoded.

Slices (``game.observation_tensor_spec().describe()`` prints them); S = 12 species,
K = Corporation card types:

- ``scale`` [S, 5]: each species' place: eliminated, red, blue, green, saved;
- ``hand`` [5, S + 2]: slots l1 l2 o1 o2 o3: the species, face down (S) or empty (S + 1);
- ``islands`` [6]: a Hotel on the island of each colour;
- ``divers`` [8, 2]: each Diver power dealt and ready / dealt and used;
- ``counters`` [12]: turn (/30), saved, eliminated, save goal, elimination limit (/12),
  hotels (/6), species deck and discard sizes (/60), Corporation deck and discard sizes (/30),
  more saves needed, most saves still possible (/12);
- ``flags`` [5]: win still reachable, special action used, Quick Exploration used,
  species discard looked at, Corporation discard looked at;
- ``species_deck_top``, ``species_discard_top`` [S + 1]: a known top card, or none (S);
- ``corporation_known_top`` [3, K + 1]: the next Corporation cards when known, or none (K);
- ``corporation_discard_top`` [K + 1];
- ``species_seen`` [3, S]: per species, copies discarded, visible and still unseen (/5);
- ``corporations_seen`` [K]: Corporation cards of each type discarded (/6);
- ``discard_shown`` [S + K]: the discard piles' contents while one is being looked at (/5);
- ``captain``, ``visionary``, ``visionary_placed``: cards in those choices, per type (/3);
- ``decision`` [10]: the decision asked (one-hot over the game's kinds, or none), then
  ``left`` (/5) for the counted ones.
"""

from __future__ import annotations

from solotable.core.game import Observation
from solotable.core.tensor import TensorSpec
from solotable.games.mini_divercity.actions import SLOTS
from solotable.games.mini_divercity.codes import POS_NAMES, Pos
from solotable.games.mini_divercity.observation import DECISIONS, HIDDEN
from solotable.games.mini_divercity.tables import DIVER_IDS, Tables

PLACES = tuple(POS_NAMES[p] for p in (Pos.ELIMINATED, Pos.RED, Pos.BLUE, Pos.GREEN, Pos.SAVED))
DECISION_KINDS = tuple(DECISIONS.values())
KNOWN_TOP = 3


def build_spec(t: Tables) -> TensorSpec:
    s, k = t.n_species, t.n_corp
    return TensorSpec.build(
        [
            ("scale", (s, len(PLACES)), "each species' place: " + ", ".join(PLACES)),
            ("hand", (len(SLOTS), s + 2), "species in l1 l2 o1 o2 o3, face down, or empty"),
            ("islands", (len(t.colours),), "a Hotel on the island: " + ", ".join(t.colours)),
            ("divers", (len(DIVER_IDS), 2), "Diver dealt and ready / used"),
            ("counters", (12,), "turn, saved, eliminated, goals, hotels, pile sizes, win counts"),
            ("flags", (5,), "win reachable, special/quick used, discards looked at"),
            ("species_deck_top", (s + 1,), "known top species card, or none"),
            ("species_discard_top", (s + 1,), "top of the species discard, or none"),
            ("corporation_known_top", (KNOWN_TOP, k + 1), "next Corporation cards when known"),
            ("corporation_discard_top", (k + 1,), "top of the Corporation discard, or none"),
            ("species_seen", (3, s), "per species: discarded, visible, unseen (/5)"),
            ("corporations_seen", (k,), "Corporation cards discarded per type (/6)"),
            ("discard_shown", (s + k,), "discard contents while looked at (/5)"),
            ("captain", (s,), "species cards offered to the Captain (/3)"),
            ("visionary", (k,), "Corporation cards in the Visionary's choice (/3)"),
            ("visionary_placed", (k,), "Corporation cards the Visionary placed (/3)"),
            ("decision", (len(DECISION_KINDS) + 2,), "decision kind one-hot, none, then left/5"),
        ]
    )


class Encoder:
    """The vector of an observation, written at flat offsets computed once per game.

    The same layout as ``build_spec`` (``TensorSpec.split`` reads it back); only the
    writing is direct, because the encoding runs at every step of a learner."""

    def __init__(self, t: Tables, spec: TensorSpec) -> None:
        self.size = spec.size
        self.at = {name: offset for name, (offset, _) in spec.layout.items()}
        self.sp = {name: i for i, name in enumerate(t.species_ids)}
        self.corp = {name: i for i, name in enumerate(t.corp_ids)}
        self.n_s, self.n_k = t.n_species, t.n_corp
        self.place = {p: i for i, p in enumerate(PLACES)}
        self.slot = {s: k for k, s in enumerate(SLOTS)}
        self.colours = t.colours
        self.diver = {d: i for i, d in enumerate(DIVER_IDS)}
        self.decision = {k: i for i, k in enumerate(DECISION_KINDS)}

    def __call__(self, obs: Observation) -> list[float]:
        at, sp, corp, n_s, n_k = self.at, self.sp, self.corp, self.n_s, self.n_k
        v = [0.0] * self.size
        o = at["scale"]
        place = self.place
        for name, p in obs["scale"].items():
            v[o + sp[name] * 5 + place[p]] = 1.0
        o, width, slot = at["hand"], n_s + 2, self.slot
        for s, card in obs["hand"].items():
            col = n_s + 1 if card is None else (n_s if card == HIDDEN else sp[card])
            v[o + slot[s] * width + col] = 1.0
        o, islands = at["islands"], obs["islands"]
        for i, colour in enumerate(self.colours):
            if islands[colour] == "hotel":
                v[o + i] = 1.0
        o, diver = at["divers"], self.diver
        for d, status in obs["divers"].items():
            v[o + diver[d] * 2 + (0 if status == "ready" else 1)] = 1.0
        goal, win = obs["goal"], obs["win"]
        sdeck, sdisc = obs["species_deck"], obs["species_discard"]
        cdeck, cdisc = obs["corporation_deck"], obs["corporation_discard"]
        o = at["counters"]
        v[o : o + 12] = [
            obs["turn"] / 30,
            obs["saved"] / 12,
            obs["eliminated"] / 12,
            goal["save"] / 12,
            goal["eliminated_limit"] / 12,
            obs["hotels"] / 6,
            sdeck["size"] / 60,
            sdisc["size"] / 60,
            cdeck["size"] / 30,
            cdisc["size"] / 30,
            win["more_needed"] / 12,
            win["max_more_saves"] / 12,
        ]
        turn = obs["this_turn"]
        o = at["flags"]
        v[o : o + 5] = [
            float(bool(win["reachable"])),
            float(bool(turn["special_action_used"])),
            float(bool(turn["quick_exploration_used"])),
            float(bool(sdisc["looked"])),
            float(bool(cdisc["looked"])),
        ]
        top = sdeck["top"]
        v[at["species_deck_top"] + (n_s if top is None else sp[top])] = 1.0
        top = sdisc["top"]
        v[at["species_discard_top"] + (n_s if top is None else sp[top])] = 1.0
        known = cdeck["known_top"]
        o = at["corporation_known_top"]
        for i in range(KNOWN_TOP):
            v[o + i * (n_k + 1) + (corp[known[i]] if i < len(known) else n_k)] = 1.0
        top = cdisc["top"]
        v[at["corporation_discard_top"] + (n_k if top is None else corp[top])] = 1.0
        o = at["species_seen"]
        for name, facts in obs["species_cards"].items():
            i = sp[name]
            v[o + i] = facts["discarded"] / 5
            v[o + n_s + i] = facts["visible"] / 5
            v[o + 2 * n_s + i] = facts["unseen"] / 5
        o = at["corporations_seen"]
        for name, n in obs["discards_seen"]["corporation"].items():
            if n:
                v[o + corp[name]] = n / 6
        o = at["discard_shown"]
        for name, n in (sdisc["contents"] or {}).items():
            v[o + sp[name]] = n / 5
        for name, n in (cdisc["contents"] or {}).items():
            v[o + n_s + corp[name]] = n / 5
        o = at["captain"]
        for name in obs["captain_cards"]:
            v[o + sp[name]] += 1 / 3
        o = at["visionary"]
        for name in obs["visionary_cards"]:
            v[o + corp[name]] += 1 / 3
        o = at["visionary_placed"]
        for name in obs["visionary_placed"]:
            v[o + corp[name]] += 1 / 3
        decision = obs["decision"]
        o, n_d = at["decision"], len(DECISION_KINDS)
        if decision is None:
            v[o + n_d] = 1.0
        else:
            v[o + self.decision[decision["kind"]]] = 1.0
            v[o + n_d + 1] = decision.get("left", 0) / 5
        return v
