"""51st State's observation as numbers.

Read from ``observation(player)`` only: the draw piles are their sizes, the hand and the
piles the player has seen are counts per card. Cards, Connections and factions are indexed
in the card file's order (``CardSet``), which is game data, not state; the card file option
therefore sizes the vector.

Slices (``game.observation_tensor_spec().describe()`` prints them); C = location cards,
H = cards a hand can hold (locations then Connections), N = Connection types:

- ``hand`` [H]: cards in hand (/3);
- ``pending_card`` [C + 1]: the card being decided on, or none (C);
- ``locations`` [3, C]: built locations per row (production, feature, action);
- ``location_uses``, ``location_stored`` [C]: uses left, goods stored on them (/3);
- ``deals`` [C]: deals made per card;
- ``opponent`` [2, C]: the virtual opponent's cards in play, unused / used;
- ``opponent_deck``, ``discard``, ``set_aside`` [C]: cards known to be there (/3);
- ``goods`` [11]: goods and contacts held (/10), in the observation's order;
- ``connections_up`` [2, N + 1]: the face-up blue and red Connection, or none (N);
- ``connections_discard`` [N]: discarded Connections (/4);
- ``faction`` [F + 1]: the faction, or none yet (F); ``faction_actions_used`` [3];
- ``phase`` [10]: one-hot over the engine's phases (``phase_id``);
- ``counters`` [11]: round/rounds, VP (/50), final score (/80), pending draws (/5),
  opponent deck size (/20), draw pile size (/80), Connection pile size (/20), lookout step
  (/5), rerolls left, extra draws left, flip index (/5);
- ``flags`` [2]: the lookout offer was refused, the game is over;
- ``tally`` [7]: the game's running tallies (/10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solotable.core.game import Observation
from solotable.core.tensor import TensorSpec, scaled
from solotable.games.fifty_first_state.cards import KINDS
from solotable.games.fifty_first_state.table import PHASE_NAMES

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.game import FiftyFirstStateGame

N_GOODS = 11
N_TALLY = 7


def build_spec(game: FiftyFirstStateGame) -> TensorSpec:
    cs = game.cards
    c, n, f = len(cs.ids), len(cs.conn_ids), len(game.factions.ids())
    return TensorSpec.build(
        [
            ("hand", (c + n,), "cards in hand (locations, then Connections) / 3"),
            ("pending_card", (c + 1,), "the card being decided on, or none"),
            ("locations", (len(KINDS), c), "built locations per row: " + ", ".join(KINDS)),
            ("location_uses", (c,), "uses left on built locations / 3"),
            ("location_stored", (c,), "goods stored on built locations / 3"),
            ("deals", (c,), "deals made per card"),
            ("opponent", (2, c), "the opponent's cards in play, unused / used"),
            ("opponent_deck", (c,), "cards known in the opponent's deck / 3"),
            ("discard", (c,), "discarded cards / 3"),
            ("set_aside", (c,), "cards set aside / 3"),
            ("goods", (N_GOODS,), "goods and contacts held / 10"),
            ("connections_up", (2, n + 1), "face-up blue and red Connection, or none"),
            ("connections_discard", (n,), "discarded Connections / 4"),
            ("faction", (f + 1,), "the faction, or none yet"),
            ("faction_actions_used", (3,), "faction actions used this round"),
            ("phase", (len(PHASE_NAMES),), "one-hot over the engine's phase_id"),
            ("counters", (11,), "round, VP, score, draws, pile sizes, lookout counters"),
            ("flags", (2,), "lookout refused, game over"),
            ("tally", (N_TALLY,), "running tallies / 10"),
        ]
    )


class Encoder:
    """Writes the vector of an observation straight at precomputed offsets.

    Built once per game (``game.observation_tensor`` keeps it): the slices' offsets, the card
    and connection indices and the faction list are fixed for a card file, so encoding one
    observation is a few loops over what it holds. It fills the same values, in the same
    order, as writing each slice through ``TensorSpec.writer`` would (a test compares them).
    """

    def __init__(self, game: FiftyFirstStateGame, spec: TensorSpec) -> None:
        cs = game.cards
        self.size = spec.size
        self.c = c = len(cs.ids)
        self.n = len(cs.conn_ids)
        self.card = {cid: i for i, cid in enumerate(cs.ids)}
        self.hand = {**self.card, **{cid: c + i for i, cid in enumerate(cs.conn_ids)}}
        self.conn = {cid: i for i, cid in enumerate(cs.conn_ids)}
        self.factions = game.factions.ids()
        self.at = {name: offset for name, (offset, _shape) in spec.layout.items()}
        self.rows = {kind: r * c for r, kind in enumerate(KINDS)}

    def __call__(self, obs: Observation) -> list[float]:
        at = self.at
        card = self.card
        c, n = self.c, self.n
        v = [0.0] * self.size
        o = at["hand"]
        hand = self.hand
        for cid, k in obs["hand"].items():
            v[o + hand[cid]] = k / 3
        pending = obs["pending_card"]
        v[at["pending_card"] + (c if pending is None else card[pending])] = 1.0
        o_loc, o_uses, o_stored = at["locations"], at["location_uses"], at["location_stored"]
        rows = self.rows
        for loc in obs["locations"]:
            i = card[loc["card"]]
            v[o_loc + rows[loc["row"]] + i] += 1.0
            v[o_uses + i] += loc["uses_left"] / 3
            v[o_stored + i] += sum(loc["stored"].values()) / 3
        o = at["deals"]
        for cid, k in obs["deals"].items():
            v[o + card[cid]] = float(k)
        o = at["opponent"]
        for opp in obs["opponent"]:
            v[o + (c if opp["used"] else 0) + card[opp["card"]]] += 1.0
        for part in ("opponent_deck", "discard", "set_aside"):
            o = at[part]
            for cid, k in obs[part].items():
                v[o + card[cid]] = k / 3
        o = at["goods"]
        for j, k in enumerate(obs["goods"].values()):
            v[o + j] = k / 10
        connections = obs["connections"]
        o = at["connections_up"]
        up = connections["face_up"]
        for row, colour in enumerate(("blue", "red")):
            cid = up[colour]
            v[o + row * (n + 1) + (n if cid is None else self.conn[cid])] = 1.0
        o = at["connections_discard"]
        for cid, k in connections["discard"].items():
            v[o + self.conn[cid]] = k / 4
        fac = obs["faction"]
        factions = self.factions
        v[at["faction"] + (len(factions) if fac is None else factions.index(fac))] = 1.0
        o = at["faction_actions_used"]
        for k, action in enumerate(obs["faction_actions"]):
            v[o + k] = 1.0 if action["used"] else 0.0
        v[at["phase"] + int(obs["phase_id"])] = 1.0
        lookout = obs["lookout"]
        o = at["counters"]
        v[o : o + 11] = [
            obs["round"] / obs["rounds"],
            obs["vp"] / 50,
            obs["score"]["total"] / 80,
            obs["pending_draws"] / 5,
            obs["opponent_deck_size"] / 20,
            obs["draw_pile_size"] / 80,
            connections["pile_size"] / 20,
            lookout["step"] / 5,
            lookout["rerolls_left"] / 5,
            lookout["extra_left"] / 5,
            lookout["flip"] / 5,
        ]
        o = at["flags"]
        v[o] = 1.0 if lookout["refused"] else 0.0
        v[o + 1] = 1.0 if obs["terminal"] else 0.0
        o = at["tally"]
        for j, k in enumerate(obs["tally"]):
            v[o + j] = k / 10
        return v


def encode(game: FiftyFirstStateGame, spec: TensorSpec, obs: Observation) -> list[float]:
    """The vector for ``obs``, slice by slice through the spec's writer (the reference the
    faster :class:`Encoder` is checked against)."""
    cs = game.cards
    card = {cid: i for i, cid in enumerate(cs.ids)}
    conn = {cid: i for i, cid in enumerate(cs.conn_ids)}
    c, n = len(cs.ids), len(cs.conn_ids)
    w = spec.writer()
    for cid, k in obs["hand"].items():
        w.set("hand", scaled(k, 3), card[cid] if cid in card else c + conn[cid])
    pending = obs["pending_card"]
    w.set("pending_card", 1.0, c if pending is None else card[pending])
    for loc in obs["locations"]:
        i = card[loc["card"]]
        w.add("locations", 1.0, KINDS.index(loc["row"]), i)
        w.add("location_uses", scaled(loc["uses_left"], 3), i)
        w.add("location_stored", scaled(sum(loc["stored"].values()), 3), i)
    for cid, k in obs["deals"].items():
        w.set("deals", float(k), card[cid])
    for opp in obs["opponent"]:
        w.add("opponent", 1.0, int(bool(opp["used"])), card[opp["card"]])
    for part in ("opponent_deck", "discard", "set_aside"):
        for cid, k in obs[part].items():
            w.set(part, scaled(k, 3), card[cid])
    w.fill("goods", [scaled(v, 10) for v in obs["goods"].values()])
    connections = obs["connections"]
    for row, colour in enumerate(("blue", "red")):
        up = connections["face_up"][colour]
        w.set("connections_up", 1.0, row, n if up is None else conn[up])
    for cid, k in connections["discard"].items():
        w.set("connections_discard", scaled(k, 4), conn[cid])
    factions = game.factions.ids()
    fac = obs["faction"]
    w.set("faction", 1.0, len(factions) if fac is None else factions.index(fac))
    for k, action in enumerate(obs["faction_actions"]):
        w.set("faction_actions_used", float(bool(action["used"])), k)
    w.set("phase", 1.0, int(obs["phase_id"]))
    lookout = obs["lookout"]
    w.fill(
        "counters",
        [
            scaled(obs["round"], obs["rounds"]),
            scaled(obs["vp"], 50),
            scaled(obs["score"]["total"], 80),
            scaled(obs["pending_draws"], 5),
            scaled(obs["opponent_deck_size"], 20),
            scaled(obs["draw_pile_size"], 80),
            scaled(connections["pile_size"], 20),
            scaled(lookout["step"], 5),
            scaled(lookout["rerolls_left"], 5),
            scaled(lookout["extra_left"], 5),
            scaled(lookout["flip"], 5),
        ],
    )
    w.fill("flags", [float(bool(lookout["refused"])), float(bool(obs["terminal"]))])
    w.fill("tally", [scaled(v, 10) for v in obs["tally"]])
    return w.values
