"""Staging helpers: positions are built through the public API plus ``to_dict``/
``state_from_dict`` (the game's documented way to set up test positions)."""

from __future__ import annotations

from typing import Any

from solotable.core.players import CHANCE
from solotable.core.registry import load_game
from solotable.games.fifty_first_state.game import FiftyFirstStateGame
from solotable.games.fifty_first_state.goods import GOOD_NAMES, NUM_GOODS
from solotable.games.fifty_first_state.state import ACTIONS, LK_DRAW, STORE, FiftyFirstStateState

GOODS = GOOD_NAMES[:NUM_GOODS]
"""The goods a player holds, in storage order (VP and cards are not goods)."""


def game(faction: str = "new-york", **opts: Any) -> FiftyFirstStateGame:
    g = load_game("51st-state", faction=faction, **opts)
    assert isinstance(g, FiftyFirstStateGame)
    return g


def play(s: FiftyFirstStateState, *moves: str) -> None:
    for m in moves:
        s.apply_action(s.string_to_action(m))


def to_actions(s: FiftyFirstStateState) -> None:
    """Resolve chance (keeping every Lookout card) until the player must act."""
    while s.phase != ACTIONS or s.current_player() == CHANCE:
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance())
        elif s.phase == ACTIONS:
            break
        else:
            legal = s.legal_actions()
            s.apply_action(1 if 1 in legal else legal[-1])


def idx(g: FiftyFirstStateGame, card: str) -> int:
    return g.layout.card_index[card]


def staged(
    faction: str = "new-york",
    *,
    hand: tuple[str, ...] = (),
    locs: tuple[str, ...] = (),
    deals: tuple[str, ...] = (),
    opp: tuple[str, ...] = (),
    goods: dict[str, int] | None = None,
    vp: int = 0,
    round_: int = 1,
    seed: int = 0,
    **opts: Any,
) -> FiftyFirstStateState:
    """An action-phase position with exactly the given cards and goods.

    Cards are moved from the draw pile (or, if used up there, the discard), so
    card conservation still holds; the hand is emptied first.
    """
    g = game(faction, **opts)
    s = g.new_initial_state(seed)
    to_actions(s)
    d = s.to_dict()
    n = g.cards.n
    for t in range(n):
        d["pile"][t] += d["hand"][t]
        d["hand"][t] = 0
    for t, c in enumerate(d["discard"]):
        d["pile"][t] += c
        d["discard"][t] = 0

    def take(card: str) -> int:
        t = idx(g, card)
        if d["pile"][t] == 0:
            # The seed dealt it to the opponent: swap in another open card.
            u = next(u for u in range(n) if u != t and g.cards.open[u] and d["pile"][u] > 0)
            if d["opp_deck"][t] > 0:
                d["opp_deck"][t] -= 1
                d["opp_deck"][u] += 1
            else:
                entry = next(e for e in d["opp"] if e[0] == t)
                entry[0] = u
            d["pile"][t] += 1
            d["pile"][u] -= 1
        assert d["pile"][t] > 0, f"no {card} left to stage"
        d["pile"][t] -= 1
        return t

    for c in hand:
        d["hand"][take(c)] += 1
    for c in locs:
        t = take(c)
        d["locs"].append([t, g.cards.act_uses[t], [0] * 11])
    for c in deals:
        d["deals"][take(c)] += 1
    for c in opp:
        d["opp"].append([take(c), 0])
    d["goods"] = [0] * 11
    for k, v in (goods or {}).items():
        d["goods"][GOODS.index(k)] = v
    d["vp"] = vp
    d["round"] = round_
    d["pending_draws"] = 0
    return g.state_from_dict(d)


def card_total(s: FiftyFirstStateState) -> list[int]:
    """Copies of each card type found across every zone."""
    d = s.to_dict()
    n = s.cs.n
    tot = [
        d["pile"][t]
        + d["discard"][t]
        + d["aside"][t]
        + d["hand"][t]
        + d["opp_deck"][t]
        + d["deals"][t]
        for t in range(n)
    ]
    for loc in d["locs"]:
        tot[loc[0]] += 1
    for o in d["opp"]:
        tot[o[0]] += 1
    if d["pending_card"] >= 0:
        tot[d["pending_card"]] += 1
    return tot


def conn_total(s: FiftyFirstStateState) -> list[int]:
    d = s.to_dict()
    n = s.cs.n
    tot = [
        d["conn_pile"][c] + d["conn_discard"][c] + d["hand"][n + c]
        for c in range(len(d["conn_pile"]))
    ]
    for f in d["face_up"]:
        if f >= 0:
            tot[f] += 1
    return tot


def goods_of(s: FiftyFirstStateState) -> dict[str, int]:
    return dict(s.observation(0)["goods"])


def moves(s: FiftyFirstStateState) -> list[str]:
    return [m for m, _ in s.legal_moves_text()]


def first_outcome(s: FiftyFirstStateState) -> None:
    s.apply_action(s.chance_outcomes()[0][0])


def pass_to_next_lookout(s: FiftyFirstStateState) -> None:
    """Pass, skip Cleanup storage, resolve the connection flips: stop at the first Lookout draw."""
    play(s, "pass")
    while s.phase != LK_DRAW:
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance())
        elif s.phase == STORE:
            play(s, "done")
        else:
            raise AssertionError(f"unexpected decision in phase {s.phase}")


def finish_lookout(s: FiftyFirstStateState) -> None:
    """Keep whatever comes until the Action phase."""
    while s.phase != ACTIONS or s.current_player() == CHANCE:
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance())
        else:
            play(s, "keep")


def without_opponent(s: FiftyFirstStateState) -> FiftyFirstStateState:
    d = s.to_dict()
    for o in d["opp"]:
        d["pile"][o[0]] += 1
    d["opp"] = []
    return s.game.state_from_dict(d)


def round_one_lookout() -> FiftyFirstStateState:
    s = game().new_initial_state(0)
    play(s, "draw:docks", "draw:pub", "draw:quarry")
    play(s, "draw:arena", "draw:church", "draw:motel", "draw:archive")
    play(s, "flip:merchants", "flip:punks")
    assert s.phase == LK_DRAW
    return s


def with_pile_of(s: FiftyFirstStateState, n: int) -> FiftyFirstStateState:
    """``s`` with its draw pile cut to its first ``n`` cards, the rest put in the discard
    (a pile about to run out, so that draws reach the reshuffle, spec §9 A8)."""
    d = s.to_dict()
    kept = 0
    for t, c in enumerate(d["pile"]):
        stay = min(c, n - kept)
        kept += stay
        d["discard"][t] += c - stay
        d["pile"][t] = stay
    assert kept == n
    return s.game.state_from_dict(d)
