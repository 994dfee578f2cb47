"""API contract: conformance, notation, hidden information, sampling, rendering."""

from __future__ import annotations

import pytest
from rich.text import Text

from solotable.core.conformance import (
    check_every_action,
    check_replay,
    check_sampling,
    check_state,
    random_playout,
)
from solotable.core.errors import IllegalActionError, NotationError
from solotable.core.game import State
from solotable.core.rng import Rng
from solotable.games.fifty_first_state.state import ACTIONS, FiftyFirstStateState

from .helpers import (
    game,
    play,
    staged,
)


@pytest.mark.parametrize("seed", [1, 2])
def test_conformance_over_random_games(seed: int) -> None:
    random_playout(game("random"), seed, Rng(seed), check_state)


def _unseen(s: FiftyFirstStateState) -> tuple[list[int], list[int]]:
    """Cards the player has not seen where they are: the draw pile and the
    connection decks (the opponent deck's contents are known, only its order is not)."""
    return [p + o for p, o in zip(s.pile, s.opp_deck, strict=True)], list(s.conn_pile)


def _same_unseen_cards(true: State, sampled: State) -> None:
    assert isinstance(true, FiftyFirstStateState) and isinstance(sampled, FiftyFirstStateState)
    assert _unseen(sampled) == _unseen(true), "the sampler dealt cards the player has seen"
    assert sampled.opp_deck == true.opp_deck and sampled.discard == true.discard


@pytest.mark.parametrize("seed", [3, 4])
def test_every_action_id_has_a_reason_exactly_when_illegal(seed: int) -> None:
    """``illegal_reason(a) is None`` exactly for the legal ids, over the whole space."""
    g = game("random")
    rng = Rng(seed)
    s = g.new_initial_state(seed)
    step = 0
    while not s.is_terminal():
        if step % 9 == 0 or s.phase != ACTIONS:
            check_every_action(s)
        s.apply_action(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))
        step += 1
    check_every_action(s)


@pytest.mark.parametrize("seed", [5, 6])
def test_sampled_states_keep_every_seen_card_out_of_the_hidden_piles(seed: int) -> None:
    """Perfect recall: a sampled state hides exactly the cards the true one hides."""
    g = game("random")
    rng = Rng(seed)
    s = g.new_initial_state(seed)
    while not s.is_terminal():
        if not s.is_chance_node():
            check_sampling(s, 0, Rng(len(s.history)), samples=2, consistent=_same_unseen_cards)
        s.apply_action(s.sample_chance() if s.is_chance_node() else rng.choice(s.legal_actions()))


def test_replay_reproduces_the_game() -> None:
    end = check_replay(game("merchants"), 7, Rng(7))
    assert end.is_terminal()


@pytest.mark.parametrize(
    "text",
    [
        "pass",
        "keep",
        "refuse",
        "done",
        "build pub",
        "deal docks",
        "raze gun-shop",
        "develop arena over assassin",
        "develop church over docks token",
        "use corner-shop ammo",
        "use hideout pub",
        "use thieves-caravan iron",
        "use motel",
        "faction 2",
        "faction 1 church",
        "faction 1 punks",
        "work card",
        "take red",
        "play thugs",
        "opp sharrash",
        "store worker",
        "draw:school",
        "reveal:pub",
        "flip:junk-train",
        "faction:appalachian",
    ],
)
def test_notation_round_trips(text: str) -> None:
    s = game().new_initial_state(0)
    a = s.string_to_action(text)
    assert s.action_to_string(a) == text


def test_notation_accepts_unique_prefixes_and_rejects_bad_text() -> None:
    s = game().new_initial_state(0)
    assert s.action_to_string(s.string_to_action("BUILD  Gun-S")) == "build gun-shop"
    for bad, why in [
        ("", "empty"),
        ("build", "expected 'build CARD'"),
        ("build castle", "unknown card"),
        ("build s", "ambiguous"),
        ("faction 4", "faction 1|2|3"),
        ("fly away", "unknown move"),
        ("draw:", "missing card name"),
        ("use motel a b", "use LOCATION"),
        ("develop pub on docks", "develop CARD over"),
    ]:
        with pytest.raises(NotationError, match=why):
            s.string_to_action(bad)


def test_illegal_actions_give_reasons_and_change_nothing() -> None:
    s = staged(hand=("church",), goods={"worker": 1})
    before = s.to_dict()
    for move, why in [
        ("build pub", "no Pub in hand"),
        ("use motel", "no Motel in your state"),
        ("keep", "no Lookout card"),
        ("store fuel", "only possible during Cleanup"),
        ("draw:pub", "not yours to choose"),
        ("work fuel", "2 workers"),
    ]:
        with pytest.raises(IllegalActionError, match=why):
            play(s, move)
        assert s.to_dict() == before


def test_observation_hides_rng_and_order() -> None:
    """Two games from different seeds with the same chance outcomes look identical."""
    g = game()
    a = g.new_initial_state(1)
    b = g.new_initial_state(999)
    rng = Rng(5)
    while not a.is_terminal():
        act = a.sample_chance() if a.current_player() < 0 else rng.choice(a.legal_actions())
        a.apply_action(act)
        b.apply_action(act)
        assert a.observation(0) == b.observation(0)
    assert a.to_dict()["rng"] != b.to_dict()["rng"]
    obs = a.observation(0)
    assert "pile" not in obs and "rng" not in obs


def test_sample_state_matches_the_observation_and_plays_on() -> None:
    g = game("random")
    s = g.new_initial_state(4)
    rng = Rng(4)
    for _ in range(150):
        if s.current_player() < 0:
            s.apply_action(s.sample_chance())
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    while s.current_player() < 0:
        s.apply_action(s.sample_chance())
    t = g.sample_state(s.observation(0), 0, Rng(9))
    assert t.observation(0) == s.observation(0)
    assert t.legal_actions() == s.legal_actions()
    assert t.pile == s.pile and t.conn_pile == s.conn_pile
    random_playout(g, 0, Rng(1))  # and a sampled state plays to the end
    while not t.is_terminal():
        t.apply_action(t.sample_chance() if t.current_player() < 0 else t.legal_actions()[0])


def test_render_shows_rows_hand_costs_opponent_and_phase() -> None:
    s = staged(hand=("gun-shop",), locs=("docks", "church", "motel"), opp=("pub",))
    text = s.game.render(s.observation(0))
    for part in (
        "production",
        "feature",
        "action",
        "2 uses left",
        "gun-shop",
        "d3",
        "deal 1 gun",
        "raze 3 guns + 1 VP",
        "opponent",
        "Pub",
        "round 1/6",
        "actions",
    ):
        assert part in text
    assert all(len(line) <= 100 for line in Text.from_markup(text).plain.splitlines())


def test_every_legal_move_is_described_in_words() -> None:
    s = staged(
        hand=("church", "arena"),
        locs=("corner-shop",),
        opp=("docks",),
        goods={"worker": 3, "grey": 2, "blue": 2, "red": 2, "brick": 1, "fuel": 1},
    )
    texts = s.legal_moves_text()
    assert len(texts) > 10
    for notation, words in texts:
        assert words and words != notation


def test_best_score_key_per_faction() -> None:
    assert game("mutants").best_score_key() != game("merchants").best_score_key()
    assert "faction=mutants" in (game("mutants").best_score_key() or "")


def test_best_score_key_names_the_faction_actually_played():
    """Issue 5: best score for the same faction, even with faction=random."""
    import solotable

    g = solotable.load_game("51st-state", faction="random")
    s = g.new_initial_state(5)
    while s.is_chance_node() and "random" in (s.best_score_key() or ""):
        s.apply_action(s.sample_chance())
    key = s.best_score_key() or ""
    assert "random" not in key and "faction=" in key


def test_render_keeps_markup_live_for_used_faction_actions() -> None:
    """Found by the audit: the '(used)' mark was escaped and showed raw markup."""
    s = staged("new-york", goods={"iron": 1})
    play(s, "faction 1")
    plain = Text.from_markup(s.game.render(s.observation(0))).plain
    assert "(used)" in plain and "[dim]" not in plain and "[/dim]" not in plain


def test_end_screen_shows_result_cause_and_breakdown() -> None:
    s = staged(locs=("church", "docks"), vp=4, round_=6)
    play(s, "pass")
    plain = Text.from_markup(s.game.render(s.observation(0))).plain
    assert "GAME OVER" in plain and "after 6 rounds" in plain
    assert "VP tokens: 4" in plain and "locations: 2" in plain and "final score: 6" in plain
