"""Production pays each deal once per copy, and the revealed opponent card starts unused
(spec §3.3, §9 A3; seed: La phase de pioche).

Two deals of Docks give 2 iron at Production (one per copy), on top of the faction's
income and own good. The card the opponent reveals before Production is unused
(``0`` in ``to_dict``, ``used: False`` in the observation) and can take a worker.
"""

from __future__ import annotations

from solotable.games.fifty_first_state.state import ACTIONS

from .helpers import finish_lookout, goods_of, pass_to_next_lookout, staged


def _next_production_goods(deals: tuple[str, ...]) -> dict[str, int]:
    s = staged(deals=deals)
    pass_to_next_lookout(s)
    finish_lookout(s)
    assert s.phase == ACTIONS and s.round == 2
    return goods_of(s)


def test_each_copy_of_a_deal_pays_at_production() -> None:
    none = _next_production_goods(())
    one = _next_production_goods(("docks",))
    two = _next_production_goods(("docks", "docks"))
    assert none["iron"] == 1  # New York's own good
    assert (one["iron"], two["iron"]) == (2, 3)
    for g in none:
        if g != "iron":
            assert none[g] == one[g] == two[g], g


def test_the_revealed_opponent_card_starts_unused() -> None:
    s = staged()
    pass_to_next_lookout(s)
    before = len(s.to_dict()["opp"])
    finish_lookout(s)
    opp = s.to_dict()["opp"]
    assert len(opp) == before + 1
    assert all(used == 0 for _, used in opp)
    assert all(o["used"] is False for o in s.observation(0)["opponent"])
