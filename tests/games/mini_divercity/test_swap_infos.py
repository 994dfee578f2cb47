"""The swap decision as the player sees it: shown only once the replacement card is dealt
(observation.py ``observe``); each swap names the two cards it exchanges (the Ocean one
only when face up), and "no swap" names none (actions.py ``action_info``)."""

from __future__ import annotations

from solotable.core import CHANCE
from tests.games.mini_divercity.helpers import play, start


def test_swap_infos_name_their_cards_and_no_swap_names_none():
    s = start()
    play(s, "close:red:l2")
    # The replacement card is dealt first: no decision is shown while it is (the swap
    # waits on the table's pending steps).
    assert s.current_player() == CHANCE and s.observation(0)["decision"] is None
    play(s, "draw:manta")
    assert s.observation(0)["decision"] == {"kind": "swap"}
    infos = {i.notation: i for i in s.legal_action_infos()}
    assert (infos["noswap"].kind, infos["noswap"].args) == ("no-swap", {})
    hand = s.observation(0)["hand"]
    for lagoon in ("l1", "l2"):
        for ocean in ("o1", "o2", "o3"):
            info = infos[f"swap:{lagoon}{ocean}"]
            shown = hand[ocean] if hand[ocean] != "?" else None
            assert info.args == {
                "lagoon": lagoon,
                "ocean": ocean,
                "lagoon_species": hand[lagoon],
                "ocean_species": shown,
            }
