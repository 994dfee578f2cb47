"""What the player sees, as JSON data (no words), and states sampled back from it.

The observation is built from public facts only: face-up cards, known deck
tops, counts, and the procedure state (which decision is pending, what the
table has still to resolve). Face-down Ocean cards appear as ``"?"``; the
unknown parts of the decks appear as sizes. It has perfect recall: every card
that enters a discard pile is shown face up, so ``discards_seen`` carries each
pile's whole content (the Corporation one since its last reshuffle) even though
the event log keeps only recent entries, and ``species_cards`` says per species
how many copies are still unseen. It carries no sentence: the log is entries of
ids (``log.py``), the decision and the result are codes, which ``solotable.words``
says in the player's language (which also keeps it cheap to build).
``sample_state`` inverts this: it keeps every public fact and deals the unseen
cards at random, so search agents simulate honestly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.core.errors import SolotableError
from solotable.core.message import msg
from solotable.core.rng import Rng
from solotable.games.mini_divercity.actions import N_SLOTS, SLOTS
from solotable.games.mini_divercity.codes import POS_NAMES, DiverState, Pos, Step
from solotable.games.mini_divercity.log import DEALING
from solotable.games.mini_divercity.rules.ending import max_more_saves
from solotable.games.mini_divercity.state import MiniDiverCityState

if TYPE_CHECKING:
    from solotable.games.mini_divercity.game import MiniDiverCityGame

POS_VALUE = {v: int(k) for k, v in POS_NAMES.items()}
PLACE = tuple(POS_NAMES[p] for p in range(Pos.ELIMINATED, Pos.SAVED + 1))
"""Position names indexed by ``pos + 2`` (the hot path's lookup)."""
HIDDEN = "?"
_READY, _OUT = int(DiverState.READY), int(DiverState.OUT)
_PAY, _FLIP = int(Step.PAY), int(Step.FLIP)

DECISIONS: dict[int, str] = {
    Step.DIVERS: "divers",
    Step.OIL: "oil",
    Step.PAY: "pay",
    Step.SWAP: "swap",
    Step.PEEK: "peek",
    Step.FLIP: "flip",
    Step.VIS_ORDER: "visionary",
    Step.CAP_CHOICE: "captain",
    Step.CAP_COUNT: "captain_draw",
}
"""The decision awaited at each step kind (``decision.kind``; words say what to do)."""
_DECISIONS = {int(k): v for k, v in DECISIONS.items()}
_DEALING_CODE = {name: code for code, name in DEALING.items()}


def observe(s: MiniDiverCityState) -> dict[str, Any]:
    t = s.t
    sp = t.species_ids
    cids = t.corp_ids
    book = s.game.book  # type: ignore[attr-defined]
    h, up = s.hand, s.up
    hand: dict[str, str | None] = {}
    for k in range(N_SLOTS):
        c = h[k]
        hand[SLOTS[k]] = None if c < 0 else (sp[c] if up[k] else HIDDEN)
    stack = s.stack
    decision: dict[str, Any] | None = None
    if stack and not s.result and not s.chance:
        kind = stack[-1] >> 8
        name = _DECISIONS.get(kind)
        if name is not None:
            decision = {"kind": name}
            if kind in (_PAY, _FLIP):
                decision["left"] = stack[-1] & 255
    result = None
    hotels = s.hotels
    n_hotels = sum(hotels)
    if s.result:
        result = {
            "result": s.result,
            "cause": s.cause,
            "saved": s.saved,
            "eliminated": s.elim,
            "hotels": n_hotels,
        }
    pos = s.pos
    divers = s.divers
    dids = t.diver_ids
    showing = s.showing
    disc, cdisc = s.disc, s.cdisc
    return {
        "game": "mini-divercity",
        "turn": s.turn,
        "goal": {"save": s.goal, "eliminated_limit": s.limit},
        "scale": dict(zip(sp, [PLACE[p + 2] for p in pos], strict=True)),
        "saved": s.saved,
        "eliminated": s.elim,
        "islands": {col: ("hotel" if hotels[i] else "island") for i, col in enumerate(t.colours)},
        "hotels": n_hotels,
        "divers": {
            dids[d]: ("ready" if v == _READY else "used") for d, v in enumerate(divers) if v != _OUT
        },
        "hand": hand,
        "species_deck": {"size": s.deck_size(), "top": sp[s.top] if s.top >= 0 else None},
        "species_discard": {
            "size": s.ndisc,
            "top": sp[s.disc_top] if s.disc_top >= 0 else None,
            "looked": s.looked[0],
            "contents": ({sp[i]: n for i, n in enumerate(disc) if n} if showing == 1 else None),
        },
        "corporation_deck": {
            "size": s.corp_deck_size(),
            "known_top": [cids[c] for c in s.ctop],
        },
        "corporation_discard": {
            "size": s.ncdisc,
            "top": cids[s.cdisc_top] if s.cdisc_top >= 0 else None,
            "looked": s.looked[1],
            "contents": ({cids[i]: n for i, n in enumerate(cdisc) if n} if showing == 2 else None),
        },
        "this_turn": {
            "special_action_used": s.special_turn,
            "quick_exploration_used": s.quick_turn,
        },
        "captain_cards": [sp[c] for c in s.cap],
        "visionary_cards": [cids[c] for c in s.vis],
        "visionary_placed": [cids[c] for c in s.vis_placed],
        "decision": decision,
        "copies_per_species": t.copies,
        "discards_seen": {
            "species": dict(zip(sp, disc, strict=True)),
            "corporation": dict(zip(cids, cdisc, strict=True)),
        },
        "species_cards": _species_cards(s),
        "win": _win(s),
        "log": book.entries(s.log),
        "events_total": s.nlog,
        "result": result,
        "pending": [book.step(x) for x in reversed(stack)],
        "dealing": DEALING[s.chance],
    }


def _species_cards(s: MiniDiverCityState) -> dict[str, dict[str, int]]:
    """Per species: copies (from the data file), cards seen go to the discard,
    cards visible now (face-up hand, deck top, Captain's cards), and the rest:
    unseen, somewhere in the deck or face down in the Ocean."""
    t = s.t
    visible = [0] * t.n_species
    h, up = s.hand, s.up
    for k in range(N_SLOTS):
        c = h[k]
        if c >= 0 and up[k]:
            visible[c] += 1
    if s.top >= 0:
        visible[s.top] += 1
    for c in s.cap:
        visible[c] += 1
    copies = t.copies
    return {
        sid: {"copies": copies, "discarded": d, "visible": v, "unseen": copies - d - v}
        for sid, d, v in zip(t.species_ids, s.disc, visible, strict=True)
    }


def _win(s: MiniDiverCityState) -> dict[str, Any]:
    """Whether the save goal can still be reached, with the counts behind it.

    ``reachable`` is False from the move that put the win out of reach (the
    game ends then unless the option ``end_when_impossible`` is off);
    ``out_of_reach_since`` is the turn it happened while play went on. The
    counts alone say it, also after an "impossible" end: that end comes only
    once ``max_more_saves`` < ``need``, and nothing moves after the end.
    """
    need = max(s.goal - s.saved, 0)
    more = max_more_saves(s)
    return {
        "reachable": more >= need,
        "more_needed": need,
        "max_more_saves": more,
        "out_of_reach_since": s.hopeless or None,
    }


def _bad(what: str) -> SolotableError:
    return SolotableError(msg("mini-divercity.observation.bad", what=what))


def _index(names: tuple[str, ...], key: Any, what: str) -> int:
    if key not in names:
        raise _bad(what)
    return names.index(key)


def _seen_pile(
    pile: dict[str, Any], seen: dict[str, Any], ids: tuple[str, ...], what: str
) -> tuple[int, int, list[int]]:
    """A discard pile as the player has seen it: every card went there face up,
    so its whole content is known (perfect recall), not only its top."""
    counts = [int(seen[x]) for x in ids]
    size = int(pile["size"])
    top = -1 if pile["top"] is None else _index(ids, pile["top"], what)
    if sum(counts) != size or (top >= 0 and not counts[top]):
        raise _bad(f"{what} discard")
    if pile["contents"] is not None:
        for x, n in pile["contents"].items():
            if counts[_index(ids, x, what)] != int(n):
                raise _bad(f"{what} discard")
    return size, top, counts


def sample_state(game: MiniDiverCityGame, obs: dict[str, Any], rng: Rng) -> MiniDiverCityState:
    """A full state agreeing with ``obs``; the unseen cards are dealt at random.

    Perfect recall: every card that entered either discard pile was shown, so
    the piles are rebuilt exactly (``discards_seen``). The unseen species
    cards (all copies minus the discard and what is face up now: hand, deck
    top, Captain's cards) are spread over the face-down Ocean slots and the
    deck; the unseen Corporation cards make the deck under its known top.
    """
    t = game.tables
    sp, cids = t.species_ids, t.corp_ids
    s = MiniDiverCityState(game, rng.below(2**62), blank=True)
    book = game.book
    s.stack = [book.step_code(x) for x in reversed(obs["pending"])]
    if obs["dealing"] not in _DEALING_CODE:
        raise _bad("dealing")
    s.chance = int(_DEALING_CODE[obs["dealing"]])
    s.log = [book.code(e) for e in obs["log"]]
    s.showing = (
        1
        if obs["species_discard"]["contents"] is not None
        else 2
        if obs["corporation_discard"]["contents"] is not None
        else 0
    )
    s.nlog = int(obs["events_total"])
    s.turn = int(obs["turn"])
    s.goal = int(obs["goal"]["save"])
    s.limit = int(obs["goal"]["eliminated_limit"])
    if any(obs["scale"].get(x) not in POS_VALUE for x in sp):
        raise _bad("scale")
    s.pos = [POS_VALUE[obs["scale"][x]] for x in sp]
    s.saved = int(obs["saved"])
    s.elim = int(obs["eliminated"])
    s.hotels = [obs["islands"][c] == "hotel" for c in t.colours]
    s.divers = [int(DiverState.OUT)] * 8
    for d, v in obs["divers"].items():
        s.divers[_index(t.diver_ids, d, "diver")] = int(
            DiverState.READY if v == "ready" else DiverState.USED
        )
    s.special_turn = bool(obs["this_turn"]["special_action_used"])
    s.quick_turn = bool(obs["this_turn"]["quick_exploration_used"])
    s.looked = [bool(obs["species_discard"]["looked"]), bool(obs["corporation_discard"]["looked"])]
    s.hopeless = int(obs["win"]["out_of_reach_since"] or 0)
    res = obs["result"]
    if res is not None:
        s.result, s.cause = res["result"], res["cause"]
    seen = obs["discards_seen"]
    s.ndisc, s.disc_top, s.disc = _seen_pile(obs["species_discard"], seen["species"], sp, "species")
    unknown = [t.copies - s.disc[c] for c in range(t.n_species)]
    down: list[int] = []
    for k in range(N_SLOTS):
        v = obs["hand"][SLOTS[k]]
        if v is None:
            continue
        if v == HIDDEN:
            down.append(k)
            continue
        c = _index(sp, v, "species")
        s.hand[k], s.up[k] = c, True
        unknown[c] -= 1
    top = obs["species_deck"]["top"]
    s.top = -1 if top is None else _index(sp, top, "species")
    if s.top >= 0:
        unknown[s.top] -= 1
    s.cap = [_index(sp, x, "species") for x in obs["captain_cards"]]
    for c in s.cap:
        unknown[c] -= 1
    deck_hidden = int(obs["species_deck"]["size"]) - (1 if s.top >= 0 else 0)
    pool = [c for c in range(t.n_species) for _ in range(unknown[c])]
    if min(unknown) < 0 or len(pool) != len(down) + deck_hidden:
        raise _bad("species card counts")
    rng.shuffle(pool)
    for k in down:
        s.hand[k], s.up[k] = pool.pop(), False
    s.deck = [0] * t.n_species
    for c in pool:
        s.deck[c] += 1
    s.ndeck = deck_hidden
    # Corporation cards: the discard since the last reshuffle was seen whole.
    s.ncdisc, s.cdisc_top, s.cdisc = _seen_pile(
        obs["corporation_discard"], seen["corporation"], cids, "Corporation card"
    )
    cu = [t.corp_copies[c] - s.cdisc[c] for c in range(t.n_corp)]
    s.ctop = [_index(cids, x, "Corporation card") for x in obs["corporation_deck"]["known_top"]]
    s.vis = [_index(cids, x, "Corporation card") for x in obs["visionary_cards"]]
    s.vis_placed = [_index(cids, x, "Corporation card") for x in obs["visionary_placed"]]
    for c in s.ctop + s.vis + s.vis_placed:
        cu[c] -= 1
    cdeck_hidden = int(obs["corporation_deck"]["size"]) - len(s.ctop)
    if min(cu) < 0 or sum(cu) != cdeck_hidden:
        raise _bad("Corporation card counts")
    s.cdeck = cu
    s.ncdeck = cdeck_hidden
    return s
