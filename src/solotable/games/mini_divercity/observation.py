"""What the player sees, in words and JSON, and states sampled back from it.

The observation is built from public facts only: face-up cards, known deck
tops, counts, and the procedure state (which decision is pending). Face-down
Ocean cards appear as ``"?"``; the unknown parts of the decks appear as sizes.
It has perfect recall: every card that enters a discard pile is shown face up,
so ``discards_seen`` carries each pile's whole content (the Corporation one
since its last reshuffle) even though the event log keeps only recent lines,
and ``species_cards`` says per species how many copies are still unseen.
``sample_state`` inverts this: it keeps every public fact and deals the unseen
cards at random, so search agents simulate honestly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.core.errors import SolotableError
from solotable.core.events import counted
from solotable.core.rng import Rng
from solotable.games.mini_divercity.actions import N_SLOTS, SLOTS, corp_words
from solotable.games.mini_divercity.codes import CAUSES, POS_NAMES, DiverState, Log, Step
from solotable.games.mini_divercity.rules.ending import max_more_saves, outcome_text
from solotable.games.mini_divercity.state import MiniDiverCityState
from solotable.games.mini_divercity.tables import Event, Tables

if TYPE_CHECKING:
    from solotable.games.mini_divercity.game import MiniDiverCityGame

POS_VALUE = {v: int(k) for k, v in POS_NAMES.items()}
HIDDEN = "?"

DECISIONS: dict[int, tuple[str, str]] = {
    Step.DIVERS: (
        "divers",
        "Divers phase: optionally one Diver special action and/or Quick Exploration, "
        "then one main action (explore, close:COLOUR:SLOT, id:SLOT)",
    ),
    Step.OIL: ("oil", "Oil Platform: choose the card of your hand to discard (oil:SLOT)"),
    Step.PAY: ("pay", "extra cost: discard cards of your choice (pay:SLOT)"),
    Step.SWAP: (
        "swap",
        "a Hotel was closed: swap a Lagoon and an Ocean card (swap:lXoY) or noswap",
    ),
    Step.PEEK: ("peek", "after a special action: look at the top Corporation card? (peek/nopeek)"),
    Step.FLIP: ("flip", "choose an unexplored Ocean card to turn face up (flip:oN)"),
    Step.VIS_ORDER: ("visionary", "Visionary: choose the next Corporation card from the top"),
    Step.CAP_CHOICE: (
        "captain",
        "Captain: discard a drawn card to improve its species (cap:SPECIES)",
    ),
    Step.CAP_COUNT: (
        "captain_draw",
        "Captain: draw 2 cards (cap:more) or only 1 (cap:one), before seeing any",
    ),
}


def observe(s: MiniDiverCityState) -> dict[str, Any]:
    t = s.t
    sp = t.species_ids
    hand: dict[str, str | None] = {}
    for k in range(N_SLOTS):
        c = s.hand[k]
        hand[SLOTS[k]] = None if c < 0 else (sp[c] if s.up[k] else HIDDEN)
    kind = s.pending_kind()
    decision: dict[str, Any] | None = None
    if not s.result and not s.chance and kind in DECISIONS:
        name, text = DECISIONS[kind]
        decision = {"kind": name, "text": text}
        if kind in (Step.PAY, Step.FLIP):
            decision["left"] = s.stack[-1] & 255
    result = None
    if s.result:
        result = {
            "result": s.result,
            "cause": s.cause,
            "saved": s.saved,
            "eliminated": s.elim,
            "hotels": sum(s.hotels),
            "text": outcome_text(s, detailed=True),
        }
    return {
        "game": "mini-divercity",
        "turn": s.turn,
        "goal": {"save": s.goal, "eliminated_limit": s.limit},
        "scale": {sp[i]: POS_NAMES[p] for i, p in enumerate(s.pos)},
        "saved": s.saved,
        "eliminated": s.elim,
        "islands": {col: ("hotel" if s.hotels[i] else "island") for i, col in enumerate(t.colours)},
        "hotels": sum(s.hotels),
        "divers": {
            t.diver_ids[d]: ("ready" if s.divers[d] == DiverState.READY else "used")
            for d in range(8)
            if s.divers[d] != DiverState.OUT
        },
        "hand": hand,
        "species_deck": {"size": s.deck_size(), "top": sp[s.top] if s.top >= 0 else None},
        "species_discard": {
            "size": s.ndisc,
            "top": sp[s.disc_top] if s.disc_top >= 0 else None,
            "looked": s.looked[0],
            "contents": ({sp[i]: n for i, n in enumerate(s.disc) if n} if s.showing == 1 else None),
        },
        "corporation_deck": {
            "size": s.corp_deck_size(),
            "known_top": [t.corp_ids[c] for c in s.ctop],
        },
        "corporation_discard": {
            "size": s.ncdisc,
            "top": t.corp_ids[s.cdisc_top] if s.cdisc_top >= 0 else None,
            "looked": s.looked[1],
            "contents": (
                {t.corp_ids[i]: n for i, n in enumerate(s.cdisc) if n} if s.showing == 2 else None
            ),
        },
        "this_turn": {
            "special_action_used": s.special_turn,
            "quick_exploration_used": s.quick_turn,
        },
        "captain_cards": [sp[c] for c in s.cap],
        "visionary_cards": [t.corp_ids[c] for c in s.vis],
        "visionary_placed": [t.corp_ids[c] for c in s.vis_placed],
        "decision": decision,
        "copies_per_species": t.copies,
        "discards_seen": {
            "species": dict(zip(sp, s.disc, strict=True)),
            "corporation": dict(zip(t.corp_ids, s.cdisc, strict=True)),
        },
        "species_cards": _species_cards(s),
        "corporation_cards": corporation_cards(t),
        "win": _win(s),
        "log": [log_text(s, e) for e in s.log],
        "events_total": s.nlog,
        "result": result,
        "machine": {
            "stack": list(s.stack),
            "chance": s.chance,
            "log": [list(e) for e in s.log],
            "showing": s.showing,
        },
    }


def log_text(s: MiniDiverCityState, e: tuple[int, int, int]) -> str:
    """One event in words (only public facts ever reach the log)."""
    return entry_text(s.t, e)


def entry_text(t: Tables, e: tuple[int, int, int]) -> str:
    """A log entry in words from the tables alone, so that events can word it too."""
    code, a, b = e
    names = t.species_names
    if code == Log.TURN:
        return f"— turn {a} —"
    if code == Log.CORP:
        return f"Corporations: {corp_words(t, a)}"
    if code == Log.RESHUFFLE:
        return f"the Corporation discard ({a} cards) is shuffled into a new deck"
    if code == Log.DISCARD:
        return f"{names[b]} discarded from {SLOTS[a]}"
    if code == Log.HARM:
        return f"{names[a]} pushed toward extinction: now {POS_NAMES[b]}"
    if code == Log.IMPROVE:
        return f"{names[a]} improved: now {POS_NAMES[b]}"
    if code == Log.NO_EFFECT:
        return f"{names[a]} is already {POS_NAMES[b]}: no effect"
    if code == Log.HOTEL_BUILT:
        return f"the {t.colours[a]} Island becomes a Hotel"
    if code == Log.HOTEL_ALREADY:
        return f"the {t.colours[a]} card is already a Hotel"
    if code == Log.HOTEL_CLOSED:
        return f"the {t.colours[a]} Hotel is closed (Island again)"
    if code == Log.DYN_DECK:
        return f"Dynamite Fishers hit the top Species card: {names[a]}"
    if code == Log.DYN_DISCARD:
        return f"Dynamite Fishers (empty deck) hit a random discarded card: {names[a]}"
    if code == Log.DYN_NONE:
        return "Dynamite Fishers find no card at all"
    if code == Log.DIVER:
        return f"special action: {t.diver_names[a]}"
    if code == Log.OIL_EMPTY:
        return "Oil Platform: the hand is empty, no effect"
    if code == Log.PEEK:
        return f"the top Corporation card is turned up: {corp_words(t, a)}"
    if code == Log.REVEAL_TOP:
        return f"the top Species card is turned up: {names[a]}"
    if code == Log.QUICK:
        return "Quick Exploration: both Lagoon cards discarded"
    if code == Log.EXPLORE:
        return "Explore: the Ocean cards are turned face up"
    if code == Log.SWAP:
        return f"{SLOTS[a]} and {SLOTS[b]} swapped (both face up)"
    if code == Log.CAP_RETURN:
        return f"Captain: {names[a]} goes back face up on the Species deck"
    if code == Log.CAP_DRAW:
        return f"Captain draws {names[a]}"
    if code == Log.CAP_DISCARD:
        return f"Captain: {names[a]} goes to the discard"
    if code == Log.LOOK:
        return f"the {'Species' if a == 0 else 'Corporation'} discard is looked through"
    if code == Log.OIL_COST:
        return f"that costs {counted(a, 'more discard')} from the hand"
    if code == Log.FLIP:
        return f"{SLOTS[a]} turned face up: {names[b]}"
    if code == Log.VIS_ORDER:
        return f"Visionary: {a} Corporation cards put back in the chosen order"
    if code == Log.END:
        return f"game over: {CAUSES[a]}"
    if code == Log.OUT_OF_REACH:
        return (
            f"the win is now out of reach: {a} more species needed, "
            f"at most {b} more can still be saved (play goes on)"
        )
    return f"event {code}"


def _species_cards(s: MiniDiverCityState) -> dict[str, dict[str, int]]:
    """Per species: copies (from the data file), cards seen go to the discard,
    cards visible now (face-up hand, deck top, Captain's cards), and the rest:
    unseen, somewhere in the deck or face down in the Ocean."""
    t = s.t
    visible = [0] * t.n_species
    for k in range(N_SLOTS):
        c = s.hand[k]
        if c >= 0 and s.up[k]:
            visible[c] += 1
    if s.top >= 0:
        visible[s.top] += 1
    for c in s.cap:
        visible[c] += 1
    return {
        sid: {
            "copies": t.copies,
            "discarded": s.disc[i],
            "visible": visible[i],
            "unseen": t.copies - s.disc[i] - visible[i],
        }
        for i, sid in enumerate(t.species_ids)
    }


def corporation_cards(t: Tables) -> dict[str, dict[str, Any]]:
    """The Corporation card types from the data file: copies and events."""
    out: dict[str, dict[str, Any]] = {}
    for c, cid in enumerate(t.corp_ids):
        events = t.corp_events[c]
        out[cid] = {
            "copies": t.corp_copies[c],
            "oil": sum(1 for e in events if e[0] == Event.OIL),
            "dynamite": sum(1 for e in events if e[0] == Event.DYNAMITE),
            "hotels": [t.colours[x] for e in events if e[0] == Event.HOTELS for x in e[1:]],
        }
    return out


def _win(s: MiniDiverCityState) -> dict[str, Any]:
    """Whether the save goal can still be reached, with the counts behind it.

    ``reachable`` is False from the move that put the win out of reach (the
    game ends then unless the option ``end_when_impossible`` is off);
    ``out_of_reach_since`` is the turn it happened while play went on.
    """
    need = max(s.goal - s.saved, 0)
    more = max_more_saves(s)
    return {
        "reachable": more >= need and s.cause != "impossible",
        "more_needed": need,
        "max_more_saves": more,
        "out_of_reach_since": s.hopeless or None,
    }


def _index(names: tuple[str, ...], key: Any, what: str) -> int:
    if key not in names:
        raise SolotableError(f"observation: unknown {what} {key!r}")
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
        raise SolotableError(f"observation: the {what} discard does not match its size or top")
    if pile["contents"] is not None:
        for x, n in pile["contents"].items():
            if counts[_index(ids, x, what)] != int(n):
                raise SolotableError(f"observation: the {what} discard contradicts the look")
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
    m = obs["machine"]
    s.stack = [int(x) for x in m["stack"]]
    s.chance = int(m["chance"])
    s.log = [(int(e[0]), int(e[1]), int(e[2])) for e in m["log"]]
    s.showing = int(m["showing"])
    s.nlog = int(obs["events_total"])
    s.turn = int(obs["turn"])
    s.goal = int(obs["goal"]["save"])
    s.limit = int(obs["goal"]["eliminated_limit"])
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
        raise SolotableError("observation: species card counts are inconsistent")
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
        raise SolotableError("observation: Corporation card counts are inconsistent")
    s.cdeck = cu
    s.ncdeck = cdeck_hidden
    return s
