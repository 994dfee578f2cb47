"""Communications leaves a top card that is already face up as it is (no draw, no log).

Seed: Phase Plongeurs A, Spécialiste en communications (the top Species card face up).
The Captain's returned card is already face up on top (``rules/divers.py``
``communications_reveal``): the special action then goes straight on to the look offer.
"""

from __future__ import annotations

from tests.games.mini_divercity.helpers import log, moves, play, start


def test_communications_with_the_captains_card_on_top_reveals_nothing_more() -> None:
    s = start(divers=("captain", "communications", "explorer"))
    play(s, "captain", "cap:more", "draw:manta", "draw:lobster", "cap:lobster", "nopeek")
    play(s, "explore", "corp:hotels-green-purple")  # every Ocean card is now face up
    assert s.observation(0)["species_deck"]["top"] == "manta"
    before = len(log(s))
    play(s, "communications")
    assert s.current_player() == 0
    assert moves(s) == {"peek", "nopeek"}
    assert s.observation(0)["species_deck"]["top"] == "manta"
    assert [e["kind"] for e in log(s)[before:]] == ["special-action"]


def test_with_a_known_corporation_top_it_goes_straight_back_to_the_divers_phase() -> None:
    """The Visionary's ordered cards are known tops, so no look is offered after it: the
    Divers phase goes on (no special action left this turn)."""
    s = start(divers=("captain", "communications", "visionary"))
    play(s, "captain", "cap:more", "draw:manta", "draw:lobster", "cap:lobster", "nopeek")
    play(s, "explore", "corp:hotels-red-orange", "visionary")
    play(s, "corp:hotels-blue-purple", "corp:hotels-green-purple")
    play(s, "corp:hotels-green-yellow", "corp:hotels-orange-yellow")
    play(s, "vtop:hotels-blue-purple", "vtop:hotels-green-purple", "vtop:hotels-green-yellow")
    play(s, "explore")  # turn 3 draws the first ordered card; three stay known
    assert s.observation(0)["species_deck"]["top"] == "manta"
    assert len(s.observation(0)["corporation_deck"]["known_top"]) == 3
    before = len(log(s))
    play(s, "communications")
    assert s.current_player() == 0
    now = moves(s)
    assert {"explore", "id:l1", "resign"} <= now
    assert not now & {"peek", "nopeek", "captain", "communications", "visionary"}
    assert s.observation(0)["species_deck"]["top"] == "manta"
    assert [e["kind"] for e in log(s)[before:]] == ["special-action"]
