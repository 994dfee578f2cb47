"""The virtual opponent: its deck's reveal and its open cards (seed: La phase de pioche).

The opponent deck is a count vector (its order is never stored); revealed
cards stay in play and accumulate (spec §9 A2). The player may send one
worker to each of them once per round for its production (spec §9 A3); the
opponent itself gains nothing.
"""

from __future__ import annotations

from bisect import insort
from itertools import compress
from typing import TYPE_CHECKING, Final

from solotable.games.fifty_first_state.goods import WORKER
from solotable.games.fifty_first_state.rules.payment import pay
from solotable.games.fifty_first_state.rules.production import produce, production_phase
from solotable.games.fifty_first_state.table import T_OPPONENT_USES, OpponentCard

if TYPE_CHECKING:
    from solotable.games.fifty_first_state.state import FiftyFirstStateState

ONE_WORKER: Final = ((WORKER, 1),)


def opponent_reveal(s: FiftyFirstStateState, t: int) -> None:
    """Seed: La phase de pioche, last paragraph — the opponent's top card enters play.

    Production follows (seed: the other phases are unchanged). An empty
    opponent deck reveals nothing (spec §9 A2): ``state._settle`` then goes
    straight to Production.
    """
    s.opp_deck[t] -= 1
    s.opp_n -= 1
    s.opp.append(OpponentCard(t, 0))
    free = s.opp_free
    if t not in free:
        insort(free, t)
    production_phase(s)


def free_opponent_cards(opp: list[OpponentCard]) -> list[int]:
    """The card types among the opponent's cards no worker used this round, in order.

    The state keeps this as ``opp_free`` (the move list offers one id per type),
    updated by the reveal, a worker's use and Cleanup.
    """
    return sorted({o.card for o in opp if not o.used})


def sample_reveal(s: FiftyFirstStateState) -> int:
    """The opponent card revealed now, drawn as the core's ``State.sample_chance``
    draws it from ``chance_outcomes`` (same weights, same floats, same generator call)."""
    opp = s.opp_deck
    tot = s.opp_n
    types = list(compress(range(len(opp)), opp))
    return types[s.rng.weighted_index([opp[t] / tot for t in types])]


def use_opponent_card(s: FiftyFirstStateState, t: int) -> None:
    """Spec §9 A3: 1 worker, an unused opponent card of type ``t`` produces for the player.

    A per-type production counts the opponent's cards, not the player's.
    """
    pay(s, ONE_WORKER)
    marked = False
    still_free = False
    for o in s.opp:
        if o.card == t and not o.used:
            if marked:
                still_free = True
                break
            o.used = 1
            marked = True
    if not still_free:
        s.opp_free.remove(t)
    produce(s, t, s.opp)
    s.tally[T_OPPONENT_USES] += 1
