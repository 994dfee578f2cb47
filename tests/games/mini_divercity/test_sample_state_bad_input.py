"""An observation that does not fit the game is refused by ``sample_state`` with one clear
sentence naming the part that is wrong (never a state dealt from nonsense, never a bare
KeyError or a negative card count).

Observations come from the game itself, but also from files and front ends (a hint asked
for a position, a study replaying saved observations), so each check is proved here: a
valid observation with one fault refused with the part's name, and the same observation
without the fault accepted (so the refusal is due to that fault alone).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from solotable.core import Rng
from solotable.core.errors import SolotableError
from solotable.core.message import Msg

from .helpers import game, play, start

G = game()
KEY = "mini-divercity.observation.bad"


def _discards() -> dict[str, Any]:
    """Both discards non-empty: octopus and turtle (top) in the species discard, the turn-1
    Hotels card and an Oil Platform (top) in the Corporation one; o2 and o3 face down."""
    s = start()
    play(s, "id:o1", "draw:manta", "corp:oil", "oil:o2", "draw:lobster")
    obs = s.observation(0)
    assert obs["species_discard"]["top"] == "turtle" and obs["corporation_discard"]["top"] == "oil"
    assert obs["discards_seen"]["species"]["nudibranch"] == 0
    return obs


def _looked(move: str) -> dict[str, Any]:
    """A discard's contents on show, right after a look through it."""
    s = start()
    play(s, "id:o1", "draw:manta", "corp:oil", move)
    return s.observation(0)


def _captain() -> dict[str, Any]:
    """The Captain's two cards on show (the first one left face up on the deck by the
    Communications Specialist the turn before)."""
    s = start(divers=("captain", "communications", "swimmer"))
    play(s, "communications", "flip:o1", "flip:o2", "draw:eel", "nopeek", "explore")
    play(s, "corp:hotels-green-purple", "captain", "cap:more", "draw:starfish")
    obs = s.observation(0)
    assert obs["captain_cards"] == ["eel", "starfish"] and obs["decision"] == {"kind": "captain"}
    return obs


def _visionary() -> dict[str, Any]:
    """The Visionary's cards, one placed back, the next one known on the deck."""
    s = start(divers=("visionary", "explorer", "swimmer"))
    play(s, "visionary", "corp:oil", "corp:dyn", "corp:oil-dyn", "corp:oil", "vtop:dyn")
    obs = s.observation(0)
    assert obs["visionary_cards"] and obs["visionary_placed"] == ["dyn"]
    return obs


BASES: dict[str, Callable[[], dict[str, Any]]] = {
    "discards": _discards,
    "species look": lambda: _looked("look:species"),
    "corp look": lambda: _looked("look:corp"),
    "captain": _captain,
    "visionary": _visionary,
}


def _refusal(obs: dict[str, Any]) -> str:
    """The part named by the refusal of ``obs`` (its key and its English sentence checked)."""
    with pytest.raises(SolotableError) as e:
        G.sample_state(obs, 0, Rng(1))
    message = e.value.message
    assert isinstance(message, Msg) and message.key == KEY
    assert list(message.args) == ["what"]
    what = message.args["what"]
    assert isinstance(what, str)
    assert str(e.value) == f"the observation does not fit this game ({what})"
    return what


def _pool_gap(obs: dict[str, Any]) -> int:
    """Unseen species cards the observation counts minus the hidden places it shows."""
    seen = obs["discards_seen"]["species"]
    visible = {sp: 0 for sp in seen}
    for v in obs["hand"].values():
        if v not in (None, "?"):
            visible[v] += 1
    for v in [obs["species_deck"]["top"], *obs["captain_cards"]]:
        if v is not None:
            visible[v] += 1
    pool = sum(max(obs["copies_per_species"] - seen[sp] - visible[sp], 0) for sp in seen)
    down = list(obs["hand"].values()).count("?")
    deck_hidden = obs["species_deck"]["size"] - (obs["species_deck"]["top"] is not None)
    return pool - down - deck_hidden


def _bad_parts() -> list[tuple[str, Callable[[dict[str, Any]], None], str]]:
    def put(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
        *keys, last = path.split(".")

        def fn(obs: dict[str, Any]) -> None:
            d = obs
            for k in keys:
                d = d[k]
            d[last] = value

        return fn

    def unknown_diver(obs: dict[str, Any]) -> None:
        obs["divers"]["kraken"] = "ready"

    def species_pile_too_big(obs: dict[str, Any]) -> None:
        obs["species_discard"]["size"] += 1

    def species_top_never_discarded(obs: dict[str, Any]) -> None:
        # The first species of the data file (index 0): no nudibranch was ever discarded.
        obs["species_discard"]["top"] = "nudibranch"

    def corp_pile_too_small(obs: dict[str, Any]) -> None:
        obs["corporation_discard"]["size"] -= 1

    def corp_top_never_drawn(obs: dict[str, Any]) -> None:
        # The top is the first Corporation card of the data file (index 0), oil, but the
        # pile seen holds no oil (a dyn instead, so its size still adds up).
        obs["discards_seen"]["corporation"]["oil"] -= 1
        obs["discards_seen"]["corporation"]["dyn"] += 1

    def species_count_over_copies(obs: dict[str, Any]) -> None:
        # Two more crabs face up than exist (the Lagoon's and 5 in the Captain's cards),
        # with the deck size adjusted so that only the count per species is wrong.
        obs["captain_cards"] = ["crab"] * 5
        obs["species_deck"]["size"] += _pool_gap(obs)

    def corp_count_over_copies(obs: dict[str, Any]) -> None:
        # The only Hotels red-blue card is in the discard; say it is also on the deck's
        # top (the deck's size keeps the total right: only its count is wrong).
        obs["corporation_deck"]["known_top"] = ["hotels-red-blue"]

    return [
        ("discards", put("dealing", "tarot-card"), "dealing"),
        ("discards", put("scale.crab", "purple"), "scale"),
        ("discards", unknown_diver, "diver"),
        ("discards", put("hand.o2", "kraken"), "species"),
        ("discards", put("species_deck.top", "kraken"), "species"),
        ("discards", put("species_deck.size", 99), "species card counts"),
        ("discards", species_count_over_copies, "species card counts"),
        ("discards", put("captain_cards", ["kraken"]), "species"),
        ("discards", put("species_discard.top", "kraken"), "species"),
        ("discards", species_pile_too_big, "species discard"),
        ("discards", species_top_never_discarded, "species discard"),
        ("species look", put("species_discard.contents", {"octopus": 2}), "species discard"),
        ("species look", put("species_discard.contents", {"kraken": 1}), "species"),
        ("discards", put("corporation_discard.top", "tsunami"), "Corporation card"),
        ("discards", corp_pile_too_small, "Corporation card discard"),
        ("discards", corp_top_never_drawn, "Corporation card discard"),
        ("corp look", put("corporation_discard.contents", {"oil": 2}), "Corporation card discard"),
        ("corp look", put("corporation_discard.contents", {"tsunami": 1}), "Corporation card"),
        ("discards", put("corporation_deck.known_top", ["tsunami"]), "Corporation card"),
        ("discards", put("corporation_deck.size", 3), "Corporation card counts"),
        ("discards", corp_count_over_copies, "Corporation card counts"),
        ("captain", put("captain_cards", ["eel", "kraken"]), "species"),
        ("visionary", put("visionary_cards", ["tsunami"]), "Corporation card"),
        ("visionary", put("visionary_placed", ["tsunami"]), "Corporation card"),
    ]


BAD = _bad_parts()


@pytest.mark.parametrize("base", sorted(BASES))
def test_the_valid_observations_are_dealt(base):
    """Each position the faults start from is accepted as it is."""
    obs = BASES[base]()
    assert G.sample_state(copy.deepcopy(obs), 0, Rng(1)).observation(0) == obs


@pytest.mark.parametrize(
    ("base", "fault", "what"), BAD, ids=[f"{i}-{w}" for i, (_, _, w) in enumerate(BAD)]
)
def test_a_faulty_observation_is_refused_naming_the_part(base, fault, what):
    obs = BASES[base]()
    fault(obs)
    assert _refusal(obs) == what
