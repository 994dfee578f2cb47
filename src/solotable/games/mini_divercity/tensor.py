"""Mini DiverCity's observation as numbers.

Everything comes from ``observation(player)``: a face-down Ocean card is the "hidden" code,
decks are their sizes and whatever the player has been shown (a known top card, discards
seen), never their order. Species, colours, Divers and Corporation cards are indexed in the
data file's order (``Tables``), which is game data, not state. The engine's bookkeeping under
``machine`` and the log's text are not encoded.

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
from solotable.core.tensor import TensorSpec, scaled
from solotable.games.mini_divercity.actions import SLOTS
from solotable.games.mini_divercity.codes import POS_NAMES, Pos
from solotable.games.mini_divercity.observation import DECISIONS, HIDDEN
from solotable.games.mini_divercity.tables import DIVER_IDS, Tables

PLACES = tuple(POS_NAMES[p] for p in (Pos.ELIMINATED, Pos.RED, Pos.BLUE, Pos.GREEN, Pos.SAVED))
DECISION_KINDS = tuple(name for name, _ in DECISIONS.values())
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


def encode(t: Tables, spec: TensorSpec, obs: Observation) -> list[float]:
    """The vector for ``obs``."""
    sp = {name: i for i, name in enumerate(t.species_ids)}
    corp = {name: i for i, name in enumerate(t.corp_ids)}
    n_s, n_k = t.n_species, t.n_corp
    w = spec.writer()
    for name, place in obs["scale"].items():
        w.set("scale", 1.0, sp[name], PLACES.index(place))
    for slot, card in obs["hand"].items():
        col = n_s + 1 if card is None else (n_s if card == HIDDEN else sp[card])
        w.set("hand", 1.0, SLOTS.index(slot), col)
    for i, colour in enumerate(t.colours):
        w.set("islands", float(obs["islands"][colour] == "hotel"), i)
    for diver, status in obs["divers"].items():
        w.set("divers", 1.0, DIVER_IDS.index(diver), 0 if status == "ready" else 1)
    goal, win = obs["goal"], obs["win"]
    sdeck, sdisc = obs["species_deck"], obs["species_discard"]
    cdeck, cdisc = obs["corporation_deck"], obs["corporation_discard"]
    w.fill(
        "counters",
        [
            scaled(obs["turn"], 30),
            scaled(obs["saved"], 12),
            scaled(obs["eliminated"], 12),
            scaled(goal["save"], 12),
            scaled(goal["eliminated_limit"], 12),
            scaled(obs["hotels"], 6),
            scaled(sdeck["size"], 60),
            scaled(sdisc["size"], 60),
            scaled(cdeck["size"], 30),
            scaled(cdisc["size"], 30),
            scaled(win["more_needed"], 12),
            scaled(win["max_more_saves"], 12),
        ],
    )
    turn = obs["this_turn"]
    w.fill(
        "flags",
        [
            float(bool(win["reachable"])),
            float(bool(turn["special_action_used"])),
            float(bool(turn["quick_exploration_used"])),
            float(bool(sdisc["looked"])),
            float(bool(cdisc["looked"])),
        ],
    )
    for name, pile in (("species_deck_top", sdeck), ("species_discard_top", sdisc)):
        w.set(name, 1.0, n_s if pile["top"] is None else sp[pile["top"]])
    known = cdeck["known_top"]
    for i in range(KNOWN_TOP):
        w.set("corporation_known_top", 1.0, i, corp[known[i]] if i < len(known) else n_k)
    w.set("corporation_discard_top", 1.0, n_k if cdisc["top"] is None else corp[cdisc["top"]])
    for row, key in enumerate(("discarded", "visible", "unseen")):
        for name, facts in obs["species_cards"].items():
            w.set("species_seen", scaled(facts[key], 5), row, sp[name])
    for name, n in obs["discards_seen"]["corporation"].items():
        w.set("corporations_seen", scaled(n, 6), corp[name])
    for name, n in (sdisc["contents"] or {}).items():
        w.set("discard_shown", scaled(n, 5), sp[name])
    for name, n in (cdisc["contents"] or {}).items():
        w.set("discard_shown", scaled(n, 5), n_s + corp[name])
    for key, index in (("captain_cards", sp), ("visionary_cards", corp)):
        plane = "captain" if key == "captain_cards" else "visionary"
        for name in obs[key]:
            w.add(plane, 1 / 3, index[name])
    for name in obs["visionary_placed"]:
        w.add("visionary_placed", 1 / 3, corp[name])
    decision = obs["decision"]
    n_d = len(DECISION_KINDS)
    if decision is None:
        w.set("decision", 1.0, n_d)
    else:
        w.set("decision", 1.0, DECISION_KINDS.index(decision["kind"]))
        w.set("decision", scaled(decision.get("left", 0), 5), n_d + 1)
    return w.values
