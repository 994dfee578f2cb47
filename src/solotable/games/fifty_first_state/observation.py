"""What the player sees (the observation), and the reverse: a full state
rebuilt from an observation for search agents (``sample_state``).

Every card the solo player handles is seen face up at some point, so the
composition of every pile can be worked out; only the order of the draw
pile and of the opponent deck is unknown, and the state holds no order.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any

from solotable.core.errors import SolotableError
from solotable.core.message import msg
from solotable.core.rng import Rng
from solotable.games.fifty_first_state.cards import KINDS
from solotable.games.fifty_first_state.goods import GOOD_NAMES, NUM_GOODS
from solotable.games.fifty_first_state.rules.deck import held_cards
from solotable.games.fifty_first_state.rules.opponent import free_opponent_cards
from solotable.games.fifty_first_state.state import FiftyFirstStateState
from solotable.games.fifty_first_state.table import (
    END,
    PHASE_NAMES,
    ROUNDS,
    Location,
    OpponentCard,
    Phase,
)

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.game import FiftyFirstStateGame

OBS_GOODS = GOOD_NAMES[:NUM_GOODS]


def _counts(ids: tuple[str, ...], vec: list[int]) -> dict[str, int]:
    """``{id: count}`` of the non-zero counts (``compress`` and ``filter`` keep the scan in C:
    the observation is built at every step of a learner)."""
    return dict(zip(compress(ids, vec), filter(None, vec), strict=True))


def observe(s: FiftyFirstStateState) -> dict[str, Any]:
    """The player's view: ids, codes and counts only (no sentence: words come at the edge).

    It is built at every decision of a learner (the Gymnasium environment), so it holds
    nothing a front end can work out from the game's public data: a card's name and text
    come from ``game.card_catalog()`` or ``game.card_text``, Production's sources from the
    faction, deals and locations shown here.
    """
    cs = s.cs
    L = s.L
    ids = cs.ids
    fac = s.game.factions.factions[s.faction] if s.faction >= 0 else None
    used = s.fac_used
    face_up = s.face_up
    conn_ids = cs.conn_ids
    return {
        "game": "51st-state",
        "round": s.round,
        "rounds": ROUNDS,
        "phase": PHASE_NAMES[s.phase],
        "phase_id": s.phase,
        "faction": fac.id if fac else None,
        "faction_actions": [
            {
                "n": k + 1,
                "cost": dict(cost),
                "card": card,
                "gain": dict(gain),
                "used": bool(used >> k & 1),
            }
            for k, (cost, card, gain) in enumerate(s.game.faction_actions[s.faction])
        ]
        if fac
        else [],
        "hand": _counts(L.hand_ids, s.hand),
        "pending_card": ids[s.pending_card] if s.pending_card >= 0 else None,
        "lookout": {
            "step": s.lk_step,
            "refused": s.lk_refused,
            "rerolls_left": s.rerolls,
            "extra_left": s.extra_left,
            "flip": s.flip_idx,
        },
        "pending_draws": s.pending_draws,
        "goods": dict(zip(OBS_GOODS, s.goods, strict=True)),
        "vp": s.vp,
        "locations": [
            {
                "card": ids[loc.card],
                "row": KINDS[cs.kind[loc.card]],
                "uses_left": loc.uses,
                "stored": _counts(OBS_GOODS, loc.stored) if any(loc.stored) else {},
            }
            for loc in s.locs
        ],
        "deals": _counts(ids, s.deals),
        "faction_used": used,
        "opponent": [{"card": ids[o.card], "used": bool(o.used)} for o in s.opp],
        "opponent_deck": _counts(ids, s.opp_deck),
        "opponent_deck_size": s.opp_n,
        "draw_pile_size": s.pile_n,
        "discard": _counts(ids, s.discard),
        "set_aside": _counts(ids, s.aside),
        "connections": {
            "face_up": {
                "blue": conn_ids[face_up[0]] if face_up[0] >= 0 else None,
                "red": conn_ids[face_up[1]] if face_up[1] >= 0 else None,
            },
            "discard": _counts(conn_ids, s.conn_discard),
            "pile_size": sum(s.conn_pile),
        },
        "tally": list(s.tally),
        "terminal": s.phase == END,
        "score": {"vp": s.vp, "locations": len(s.locs), "total": s.vp + len(s.locs)},
    }


def state_from_observation(
    game: FiftyFirstStateGame, obs: dict[str, Any], rng: Rng
) -> FiftyFirstStateState:
    """A state matching ``obs``; the draw pile is the complement of every seen card."""
    try:
        return _rebuild(game, obs, rng)
    except (KeyError, TypeError, ValueError, IndexError) as e:
        raise SolotableError(msg("51st-state.bad-observation", error=repr(e))) from e


def _rebuild(game: FiftyFirstStateGame, obs: dict[str, Any], rng: Rng) -> FiftyFirstStateState:
    cs = game.cards
    L = game.layout
    s = FiftyFirstStateState(game, blank=True)
    s.rng = Rng(rng.below(2**63))
    s.history = []

    def vec(d: dict[str, int], index: dict[str, int], size: int) -> list[int]:
        out = [0] * size
        for k, c in d.items():
            out[index[k]] = c
        return out

    s.phase = int(Phase(int(obs["phase_id"])))
    s.round = int(obs["round"])
    s.faction = game.factions.ids().index(obs["faction"]) if obs["faction"] else -1
    s.hand = vec(obs["hand"], L.hand_index, L.h)
    s.held = held_cards(s.hand)
    s.discard = vec(obs["discard"], L.card_index, L.n)
    s.aside = vec(obs["set_aside"], L.card_index, L.n)
    s.opp_deck = vec(obs["opponent_deck"], L.card_index, L.n)
    s.opp_n = sum(s.opp_deck)
    s.opp = [OpponentCard(L.card_index[o["card"]], int(o["used"])) for o in obs["opponent"]]
    s.opp_free = free_opponent_cards(s.opp)
    s.locs = [
        Location(
            L.card_index[loc["card"]],
            loc["uses_left"],
            [loc["stored"].get(OBS_GOODS[i], 0) for i in range(NUM_GOODS)],
        )
        for loc in obs["locations"]
    ]
    s.deals = vec(obs["deals"], L.card_index, L.n)
    s.goods = [obs["goods"][OBS_GOODS[i]] for i in range(NUM_GOODS)]
    s.st = [sum(loc.stored[i] for loc in s.locs) for i in range(NUM_GOODS)]
    s.vp = obs["vp"]
    s.fac_used = obs["faction_used"]
    s.pending_draws = obs["pending_draws"]
    s.pending_card = L.card_index[obs["pending_card"]] if obs["pending_card"] else -1
    lk = obs["lookout"]
    s.lk_step = lk["step"]
    s.lk_refused = lk["refused"]
    s.rerolls = lk["rerolls_left"]
    s.extra_left = lk["extra_left"]
    s.flip_idx = lk["flip"]
    conn = obs["connections"]
    s.face_up = [
        L.conn_index[conn["face_up"][c]] if conn["face_up"][c] else -1 for c in ("blue", "red")
    ]
    s.conn_discard = vec(conn["discard"], L.conn_index, L.c)
    s.tally = list(obs["tally"])
    seen = [s.hand[t] + s.discard[t] + s.aside[t] + s.opp_deck[t] + s.deals[t] for t in range(L.n)]
    for o in s.opp:
        seen[o.card] += 1
    for loc in s.locs:
        seen[loc.card] += 1
    if s.pending_card >= 0:
        seen[s.pending_card] += 1
    s.pile = [cs.copies[t] - seen[t] for t in range(L.n)]
    if min(s.pile) < 0:
        raise ValueError("more copies seen than the card set holds")
    s.pile_n = sum(s.pile)
    s.conn_pile = [
        cs.conn_copies[c]
        - s.hand[L.n + c]
        - s.conn_discard[c]
        - sum(1 for f in s.face_up if f == c)
        for c in range(L.c)
    ]
    return s
