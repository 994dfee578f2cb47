"""What the player sees, in words and JSON, and states sampled back from it.

The observation is built from public facts only: face-up cards, known deck
tops, counts, and the procedure state (which decision is pending). Face-down
Ocean cards appear as ``"?"``; the unknown parts of decks and discards appear
as sizes. ``sample_state`` inverts this: it keeps every public fact and deals
the unknown cards at random, so search agents can simulate honestly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from solotable.core.errors import SolotableError
from solotable.core.rng import Rng
from solotable.games.mini_divercity import state as S
from solotable.games.mini_divercity.actions import N_LAGOON, N_SLOTS, SLOTS

if TYPE_CHECKING:
    from solotable.games.mini_divercity.game import MiniDiverCityGame

POS_NAMES = {
    S.ELIMINATED: "eliminated",
    S.RED: "red",
    S.BLUE: "blue",
    S.GREEN: "green",
    S.SAVED: "saved",
}
POS_VALUE = {v: k for k, v in POS_NAMES.items()}
HIDDEN = "?"

DECISIONS = {
    S.K_DIVERS: (
        "divers",
        "Divers phase: optionally one Diver special action and/or Quick Exploration, "
        "then one main action (explore, close:COLOUR:SLOT, id:SLOT)",
    ),
    S.K_EV_OIL: ("oil", "Oil Platform: choose the card of your hand to discard (oil:SLOT)"),
    S.K_PAY: ("pay", "extra cost: discard cards of your choice (pay:SLOT)"),
    S.K_SWAP: ("swap", "a Hotel was closed: swap a Lagoon and an Ocean card (swap:lXoY) or noswap"),
    S.K_PEEK: ("peek", "after a special action: look at the top Corporation card? (peek/nopeek)"),
    S.K_FLIP: ("flip", "choose an unexplored Ocean card to turn face up (flip:oN)"),
    S.K_VIS_ORDER: ("visionary", "Visionary: choose the next Corporation card from the top"),
    S.K_CAP_CHOICE: (
        "captain",
        "Captain: discard a drawn card to improve it (cap:SPECIES) or cap:more",
    ),
}


def _sp(s: S.MiniDiverCityState, i: int) -> str:
    return s.t.species_ids[i]


def observe(s: S.MiniDiverCityState) -> dict[str, Any]:
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
        if kind in (S.K_PAY, S.K_FLIP):
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
            t.diver_ids[d]: ("ready" if s.divers[d] == S.D_READY else "used")
            for d in range(8)
            if s.divers[d] != S.D_OUT
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


def log_text(s: S.MiniDiverCityState, e: tuple[int, int, int]) -> str:
    """One event in words (only public facts ever reach the log)."""
    t = s.t
    code, a, b = e
    names = t.species_names
    if code == S.L_TURN:
        return f"— turn {a} —"
    if code == S.L_CORP:
        return f"Corporations: {corp_words(s, a)}"
    if code == S.L_RESHUFFLE:
        return f"the Corporation discard ({a} cards) is shuffled into a new deck"
    if code == S.L_DISCARD:
        return f"{names[b]} discarded from {SLOTS[a]}"
    if code == S.L_HARM:
        return f"{names[a]} pushed toward extinction: now {POS_NAMES[b]}"
    if code == S.L_IMPROVE:
        return f"{names[a]} improved: now {POS_NAMES[b]}"
    if code == S.L_NO_EFFECT:
        return f"{names[a]} is already {POS_NAMES[b]}: no effect"
    if code == S.L_HOTEL_BUILT:
        return f"the {t.colours[a]} Island becomes a Hotel"
    if code == S.L_HOTEL_ALREADY:
        return f"the {t.colours[a]} card is already a Hotel"
    if code == S.L_HOTEL_CLOSED:
        return f"the {t.colours[a]} Hotel is closed (Island again)"
    if code == S.L_DYN_DECK:
        return f"Dynamite Fishers hit the top Species card: {names[a]}"
    if code == S.L_DYN_DISCARD:
        return f"Dynamite Fishers (empty deck) hit a random discarded card: {names[a]}"
    if code == S.L_DYN_NONE:
        return "Dynamite Fishers find no card at all"
    if code == S.L_DIVER:
        return f"special action: {t.diver_names[a]}"
    if code == S.L_OIL_EMPTY:
        return "Oil Platform: the hand is empty, no effect"
    if code == S.L_PEEK:
        return f"the top Corporation card is turned up: {corp_words(s, a)}"
    if code == S.L_REVEAL_TOP:
        return f"the top Species card is turned up: {names[a]}"
    if code == S.L_QUICK:
        return "Quick Exploration: both Lagoon cards discarded"
    if code == S.L_EXPLORE:
        return "Explore: the Ocean cards are turned face up"
    if code == S.L_SWAP:
        return f"{SLOTS[a]} and {SLOTS[b]} swapped (both face up)"
    if code == S.L_CAP_RETURN:
        return f"Captain: {names[a]} goes back face up on the Species deck"
    if code == S.L_CAP_DRAW:
        return f"Captain draws {names[a]}"
    if code == S.L_CAP_DISCARD:
        return f"Captain: {names[a]} goes to the discard"
    if code == S.L_LOOK:
        return f"the {'Species' if a == 0 else 'Corporation'} discard is looked through"
    if code == S.L_OIL_COST:
        return f"that costs {a} more discard(s) from the hand"
    if code == S.L_FLIP:
        return f"{SLOTS[a]} turned face up: {names[b]}"
    if code == S.L_VIS_ORDER:
        return f"Visionary: {a} Corporation cards put back in the chosen order"
    if code == S.L_END:
        return f"game over: {S.CAUSES[a]}"
    return f"event {code}"


def corp_words(s: S.MiniDiverCityState, c: int) -> str:
    parts = []
    for kind, a, b in s.t.corp_events[c]:
        if kind == 0:
            parts.append("Oil Platform (discard a card of your choice; its species moves down)")
        elif kind == 1:
            parts.append("Dynamite Fishers (the top Species card's species moves down)")
        else:
            parts.append(f"Hotels ({s.t.colours[a]} and {s.t.colours[b]} Islands become Hotels)")
    return " + ".join(parts)


def outcome_text(s: S.MiniDiverCityState, detailed: bool = False) -> str:
    """How the game ended; short (a category for simulation tallies) unless ``detailed``."""
    tail = f"{s.saved} saved, {s.elim} eliminated, {sum(s.hotels)} hotels, turn {s.turn}"
    if not s.result:
        return f"in progress: {tail}"
    if s.cause == "saved":
        text = f"Won: {s.goal} species saved"
    elif s.cause == "eliminated":
        text = f"Lost: {s.limit} species eliminated"
    elif s.cause == "hotels":
        text = "Lost: all 6 Islands became Hotels"
    elif s.cause == "impossible":
        text = f"Lost: saving {s.goal} species became impossible"
        if detailed:
            more = s.max_more_saves()
            need = s.goal - s.saved
            text += (
                f": {need} more needed, but at most {more} more can still reach SAVED "
                "(the other species in play have too few cards left outside the discard, "
                "even with the unused free Diver moves)"
            )
    else:
        text = "Lost: resigned"
    return f"{text}; {tail}" if detailed else text


def describe(s: S.MiniDiverCityState, a: int) -> str:
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
        text += f" — {corp_words(s, a - A.VIS_ORDER)}"
    return text


def _index(names: tuple[str, ...], key: Any, what: str) -> int:
    if key not in names:
        raise SolotableError(f"observation: unknown {what} {key!r}")
    return names.index(key)


def _known_discard(
    pile: dict[str, Any], logged: list[int], ids: tuple[str, ...], what: str
) -> tuple[int, int, list[int]]:
    """What the player knows of a discard pile: its size, its top card and the
    copies of each card known to be in it (from the log, the top, or a look)."""
    size = int(pile["size"])
    top = -1 if pile["top"] is None else _index(ids, pile["top"], what)
    known = logged
    if top >= 0:
        known[top] = max(known[top], 1)
    if pile["contents"] is not None:
        for x, n in pile["contents"].items():
            c = _index(ids, x, what)
            if int(n) < known[c]:
                raise SolotableError("observation: the discard contents contradict the log")
            known[c] = int(n)
    return size, top, known


def _logged_discards(log: list[tuple[int, int, int]], n: int) -> list[int]:
    """Species cards the visible log shows going to the discard, per species.

    The Species discard is never reshuffled and a Dynamite pick leaves its card
    there, so every logged discard is still in the pile: a lower bound on its
    content that a sampled state must respect.
    """
    counts = [0] * n
    for code, a, b in log:
        if code == S.L_DISCARD:
            counts[b] += 1
        elif code == S.L_DYN_DECK or code == S.L_CAP_DISCARD:
            counts[a] += 1
    return counts


def _logged_corp_discards(log: list[tuple[int, int, int]], n: int) -> list[int]:
    """Corporation cards the visible log shows resolved since the last reshuffle."""
    counts = [0] * n
    for code, a, _ in log:
        if code == S.L_RESHUFFLE:
            counts = [0] * n
        elif code == S.L_CORP:
            counts[a] += 1
    return counts


def sample_state(game: MiniDiverCityGame, obs: dict[str, Any], rng: Rng) -> S.MiniDiverCityState:
    """A full state agreeing with ``obs``; the unseen cards are dealt at random.

    Unknown species cards = all cards minus those visible now (hand face up,
    deck top, Captain's cards) and those known to lie in the discard (its top,
    the looked-through content, every discard the visible event log shows);
    they are spread over face-down Ocean slots, the deck and the rest of the
    discard. The Corporation discard likewise keeps the cards the log shows
    drawn since its last reshuffle.
    """
    t = game.tables
    sp, cids = t.species_ids, t.corp_ids
    s = S.MiniDiverCityState(game, rng.below(2**62), blank=True)
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
    s.divers = [S.D_OUT] * 8
    for d, v in obs["divers"].items():
        s.divers[_index(t.diver_ids, d, "diver")] = S.D_READY if v == "ready" else S.D_USED
    s.special_turn = bool(obs["this_turn"]["special_action_used"])
    s.quick_turn = bool(obs["this_turn"]["quick_exploration_used"])
    s.looked = [bool(obs["species_discard"]["looked"]), bool(obs["corporation_discard"]["looked"])]
    res = obs["result"]
    if res is not None:
        s.result, s.cause = res["result"], res["cause"]
    unknown = [t.copies] * t.n_species
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
    s.ndisc, s.disc_top, s.disc = _known_discard(
        obs["species_discard"], _logged_discards(s.log, t.n_species), sp, "species"
    )
    for c in range(t.n_species):
        unknown[c] -= s.disc[c]
    disc_hidden = s.ndisc - sum(s.disc)
    deck_hidden = int(obs["species_deck"]["size"]) - (1 if s.top >= 0 else 0)
    pool = [c for c in range(t.n_species) for _ in range(unknown[c])]
    if min(unknown) < 0 or disc_hidden < 0 or len(pool) != len(down) + deck_hidden + disc_hidden:
        raise SolotableError("observation: species card counts are inconsistent")
    rng.shuffle(pool)
    for k in down:
        s.hand[k], s.up[k] = pool.pop(), False
    s.deck = [0] * t.n_species
    for _ in range(deck_hidden):
        s.deck[pool.pop()] += 1
    s.ndeck = deck_hidden
    for c in pool:
        s.disc[c] += 1
    # Corporation cards.
    cu = list(t.corp_copies)
    s.ctop = [_index(cids, x, "Corporation card") for x in obs["corporation_deck"]["known_top"]]
    s.vis = [_index(cids, x, "Corporation card") for x in obs["visionary_cards"]]
    s.vis_placed = [_index(cids, x, "Corporation card") for x in obs["visionary_placed"]]
    for c in s.ctop + s.vis + s.vis_placed:
        cu[c] -= 1
    s.ncdisc, s.cdisc_top, s.cdisc = _known_discard(
        obs["corporation_discard"],
        _logged_corp_discards(s.log, t.n_corp),
        cids,
        "Corporation card",
    )
    for c in range(t.n_corp):
        cu[c] -= s.cdisc[c]
    cdisc_hidden = s.ncdisc - sum(s.cdisc)
    cdeck_hidden = int(obs["corporation_deck"]["size"]) - len(s.ctop)
    cpool = [c for c in range(t.n_corp) for _ in range(cu[c])]
    if min(cu) < 0 or cdisc_hidden < 0 or len(cpool) != cdeck_hidden + cdisc_hidden:
        raise SolotableError("observation: Corporation card counts are inconsistent")
    rng.shuffle(cpool)
    s.cdeck = [0] * t.n_corp
    for _ in range(cdeck_hidden):
        s.cdeck[cpool.pop()] += 1
    s.ncdeck = cdeck_hidden
    for c in cpool:
        s.cdisc[c] += 1
    return s
