"""Hints that explain: the best move and the next two, with values and reasons.

``GameSession.hint`` asks the game's hint agent to ``analyse`` the turn; the
hint budget is fixed (depth, samples, work), so the same position gets the same hint
wherever the work budget, not the CPU cap, ends the search.
"""

from __future__ import annotations

import pytest

from solotable.agents.search.pimc_sequential import SequentialPimcAgent
from solotable.core.agent import Candidate
from solotable.core.errors import IllegalActionError
from solotable.core.message import Msg
from solotable.core.registry import load_game, make_agent
from solotable.session.advice import hint_lines, verdict_msg
from solotable.session.session import GameSession, Seat
from solotable.words import words
from tests.hint_agents import use_hint_agent, without_cpu_cap


def _divercite() -> GameSession:
    s = GameSession.start("divercite", {}, [Seat(), Seat("easy")], seed=3)
    for _ in range(4):
        s.play(0, s.legal_moves(0)[0][0])
        while s.human_to_move() is None:
            s.step_agent()
    return s


def test_divercite_hint_ranks_three_moves_with_reasons_in_words() -> None:
    h = _divercite().hint(0)
    assert h.agent == "master"
    assert len(h.candidates) == 3
    assert h.candidates[0].action == h.action
    assert len({c.action for c in h.candidates}) == 3
    for c in h.candidates:
        assert c.unit == "points ahead at the end"
        assert isinstance(c.reason, Msg) and c.reason.key == "divercite.hint.reason"
        said = str(c.reason)
        assert said.startswith("White ") and "Black" in said
        assert words("fr").say(c.reason).startswith("Blanc ")
        assert c.spread >= 0 and not c.interval  # a deterministic search: no "±"


def test_hint_on_the_players_own_move_says_what_it_loses() -> None:
    s = _divercite()
    worst = s.legal_moves(0)[-1]
    h = s.hint(0, worst[1])
    assert h.mine is not None and h.mine.action == worst[0]
    loss = h.loss()
    assert loss is not None and loss == h.candidates[0].value - h.mine.value
    with pytest.raises(IllegalActionError):
        s.hint(0, 10**6)


def test_the_same_position_gets_the_same_hint() -> None:
    assert _divercite().hint(0) == _divercite().hint(0)


@pytest.mark.parametrize(
    ("game", "unit"), [("dice-miner", "final score"), ("mini-divercity", "win chance")]
)
def test_solo_hints_value_moves_by_sampled_deals(
    game: str, unit: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The hint's own budget less its CPU cap: the cap binds where this machine is slow (a
    # loaded CI runs this start position's hint past a second), and only the work budget
    # makes hints reproducible. The cap has tests of its own (test_pimc_sequential.py).
    spec = load_game(game).info.hint_agent
    assert without_cpu_cap(spec) != spec  # the game's hint has a cap, taken off here
    use_hint_agent(monkeypatch, game, without_cpu_cap(spec))
    s = GameSession.start(game, {}, [Seat()], seed=4)
    h = s.hint(0)
    assert h.agent == s.game.info.hint_agent.partition(":")[0]
    assert h.agent == "spimc"
    assert 1 <= len(h.candidates) <= 3 and h.candidates[0].action == h.action
    assert all(c.unit == unit for c in h.candidates)
    assert all("deals" in str(c.reason) for c in h.candidates)
    assert all(c.interval for c in h.candidates)
    assert h == s.hint(0), "seeded deals and a work budget make hints reproducible"


def test_a_deterministic_search_shows_no_interval() -> None:
    h = _divercite().hint(0)
    assert not any(c.interval for c in h.candidates)
    lines = [str(x) for x in hint_lines(h, str)]
    assert lines and not any("±" in line for line in lines)
    assert any("±" in line for line in _solo_lines("dice-miner", "en"))


def _solo_lines(game: str, lang: str, budget: str = "spimc:samples=4,upto=8") -> list[str]:
    s = GameSession.start(game, {}, [Seat()], seed=4)
    with pytest.MonkeyPatch.context() as mp:
        use_hint_agent(mp, game, budget)
        h = s.hint(0)
    names = {a: n for a, n, _ in s.legal_moves(0)}
    return [words(lang).say(x) for x in hint_lines(h, lambda a: names.get(a, str(a)))]


@pytest.mark.parametrize("game", ["dice-miner", "mini-divercity", "51st-state"])
def test_a_hint_says_whether_its_move_is_clearly_best_in_both_languages(game: str) -> None:
    en, fr = _solo_lines(game, "en"), _solo_lines(game, "fr")
    verdicts = {"clearly best": "nettement le meilleur", "about as good as": "à peu près aussi bon"}
    said = [(e, f) for e, f in zip(en, fr, strict=True) if any(v in e for v in verdicts)]
    assert len(said) == 1, en  # one verdict line, right under the move
    english, french = said[0]
    assert any(v in english and verdicts[v] in french for v in verdicts)
    assert en.index(english) == 1


def test_the_verdict_follows_the_statistics() -> None:
    """A move the deals separate from the others is "clearly best"; one they cannot is
    "about as good as" the next (the agent's own paired test, carried by ``close``)."""
    best = Candidate(1, 10.0, 1.0, "", "final score", True, None)
    tied = Candidate(2, 9.0, 1.0, "", "final score", True, True)
    apart = Candidate(2, 9.0, 1.0, "", "final score", True, False)
    assert verdict_msg([best, tied], "b") == Msg("core.hint.about-as-good", {"other": "b"})
    assert verdict_msg([best, apart], "b") == Msg("core.hint.clear", {})
    # An agent that does not say: the spreads decide; without an interval, equal values.
    unsaid = Candidate(2, 9.5, 1.0, "", "final score", True, None)
    assert verdict_msg([best, unsaid], "b") == Msg("core.hint.about-as-good", {"other": "b"})
    exact = Candidate(1, 3.0, 0.7, "", "points ahead at the end", False, None)
    lower = Candidate(2, 2.5, 0.7, "", "points ahead at the end", False, None)
    assert verdict_msg([exact, lower], "b") == Msg("core.hint.clear", {})
    assert verdict_msg([exact], "b") is None


@pytest.mark.parametrize("game", ["dice-miner", "51st-state", "mini-divercity"])
def test_a_sampled_hint_has_a_work_budget_and_a_cpu_cap_of_about_a_second(game: str) -> None:
    """Issue 25: deals until significant or about 1 s. The work budget ends most hints (the
    same hint for the same seed on any machine); the CPU cap bounds the slowest."""
    g = load_game(game)
    agent = make_agent(g.info.hint_agent, g, 0, 1)
    assert isinstance(agent, SequentialPimcAgent)
    assert agent.work > 0 and 0 < agent.cpu <= 1.0


def test_the_hints_page_shows_the_figures_of_todays_hint_agents() -> None:
    """``/hints`` (``web/data/hint_strength.json``) measured the hint agent each game names:
    a new hint agent or budget must come with its own measurements."""
    from solotable.web.hint_strength import figures

    for row in figures()["sampled"]:
        assert row["agent"] == load_game(row["game"]).info.hint_agent, row["game"]
