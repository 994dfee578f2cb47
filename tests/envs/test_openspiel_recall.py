"""Perfect-recall information states and ``resample_from_infostate`` (issue 23 §3).

The information state holds every observation the player has had, in order, and the player's
own moves (rebuilt here from the string and compared with what the test saw while playing);
resampling deals with the game's own sampler, keeps the information state and passes each
game's perfect-recall checks (the same callbacks the games' own tests give
``core.conformance.check_sampling``)."""

from __future__ import annotations

import json

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (OpenSpiel) is not installed")
np = pytest.importorskip("numpy")

import solotable.openspiel as so  # noqa: E402
from solotable.core.conformance import check_sampling  # noqa: E402
from solotable.core.rng import Rng  # noqa: E402
from solotable.openspiel.recall import (  # noqa: E402
    CHANCE_MOVE,
    OWN_MOVE,
    START,
    RecallLayout,
    RecallOverflow,
    observations_from_string,
)
from tests.games.dice_miner.test_properties import consistent as dice_miner_consistent  # noqa: E402
from tests.games.fifty_first_state.test_api import (  # noqa: E402
    _same_unseen_cards as fifty_first_state_consistent,
)
from tests.games.mini_divercity.test_hidden_information import (  # noqa: E402
    _same_unseen_cards as mini_divercity_consistent,
)

# Each solo game's own perfect-recall check: a sampled state agrees with everything seen.
CONSISTENT = {
    "dice-miner": dice_miner_consistent,
    "mini-divercity": mini_divercity_consistent,
    "51st-state": fifty_first_state_consistent,
}
GAMES = ["divercite", *CONSISTENT]


def _game(name, **params):
    so.register([name])
    return pyspiel.load_game(so.short_name(name), params)


def _plain(observation):
    return json.loads(json.dumps(observation))


def _play_and_watch(game, seed, plies):
    """A random game through OpenSpiel; per player, what the test saw: ``(who, observation)``
    after every action, ``who`` as the information state writes it."""
    rng = Rng(seed)
    state = game.new_initial_state(seed)
    players = range(game.num_players())
    seen = {p: [("start", _plain(state.inner.observation(p)))] for p in players}
    moves = {p: [] for p in players}
    for _ in range(plies):
        if state.is_terminal():
            break
        actor = state.current_player()
        if state.is_chance_node():
            action = state.inner.sample_chance()
        else:
            action = rng.choice(state.legal_actions())
            moves[actor].append(action)
        notation = state.action_to_string(action)
        state.apply_action(action)
        for p in players:
            if actor == pyspiel.PlayerId.CHANCE:
                who = "chance"
            elif actor == p:
                who = f"you {notation}"
            else:
                who = f"p{actor} {notation}"  # Divercité: the other's move is public
            seen[p].append((who, _plain(state.inner.observation(p))))
    return state, seen, moves


@pytest.mark.parametrize("name", GAMES)
def test_the_game_type_declares_a_perfect_recall_information_state(name):
    kind = _game(name).get_type()
    assert kind.provides_information_state_string and kind.provides_information_state_tensor


@pytest.mark.parametrize("name", GAMES)
def test_the_information_state_is_everything_seen_in_order_with_ones_own_moves(name):
    game = _game(name)
    for plies in (0, 1, 9, 40):
        state, seen, _ = _play_and_watch(game, 7, plies)
        for p, expected in seen.items():
            assert observations_from_string(state.information_state_string(p)) == expected


@pytest.mark.parametrize("name", GAMES)
def test_the_information_state_tensor_holds_each_observation_actor_and_own_move(name):
    game = _game(name)
    state, seen, moves = _play_and_watch(game, 3, 25)
    layout = RecallLayout(game.inner)
    assert game.information_state_tensor_shape() == [layout.size]
    for p, expected in seen.items():
        flat = np.asarray(state.information_state_tensor(p), dtype=np.float32)
        rows = layout.views(flat)
        n = len(expected)
        for i, (_, observation) in enumerate(expected):
            encoded = np.asarray(game.inner.observation_tensor(observation), dtype=np.float32)
            assert np.array_equal(rows["observations"][i], encoded)
        kinds = rows["actors"][:n].argmax(axis=1)
        assert kinds[0] == START and rows["actors"][:n].sum() == n
        own = [i for i, (who, _) in enumerate(expected) if who.startswith("you ")]
        assert [i for i in range(n) if kinds[i] == OWN_MOVE] == own
        chance = [i for i, (who, _) in enumerate(expected) if who == "chance"]
        assert [i for i in range(n) if kinds[i] == CHANCE_MOVE] == chance
        weights = 1 << np.arange(layout.bits)
        decoded = [int(rows["actions"][i] @ weights) for i in own]
        assert decoded == moves[p]
        assert not rows["observations"][n:].any() and not rows["actors"][n:].any()


def test_the_tensor_refuses_a_game_longer_than_its_rows():
    game = _game("divercite")
    layout = RecallLayout(game.inner)
    state, *_ = _play_and_watch(game, 1, 41)
    entries = state.recall().entries(0)
    assert len(entries) == layout.rows  # Divercité's rows hold its 41 plies exactly
    with pytest.raises(RecallOverflow, match="information-state string has no limit"):
        layout.fill(np.zeros(layout.size, np.float32), (*entries, entries[-1]))


def _dealt(inner):
    """The position without its generator and history (which a resample always changes)."""
    return {k: v for k, v in inner.to_dict().items() if k not in ("rng", "history")}


class FixedSampler:
    """A probability sampler that always answers the same number (for reproducible seeds)."""

    def __init__(self, value):
        self.value = value

    def __call__(self):
        return self.value


@pytest.mark.parametrize("name", list(CONSISTENT))
def test_resampling_uses_the_games_sampler_and_keeps_the_information_state(name):
    """At decision nodes of random games: the resampled state is ``game.sample_state`` with a
    seed from the probability sampler, shows the same observation, player, legal moves and
    information state (string and tensor), passes the game's perfect-recall check, and plays
    on (a game continued from it reaches its end)."""
    game = _game(name)
    every = {"dice-miner": 1, "mini-divercity": 4, "51st-state": 9}[name]
    checked = differed = 0
    for seed in (11, 12, 13) if name == "dice-miner" else (11,):
        rng = Rng(seed)
        state = game.new_initial_state(seed)
        step = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.inner.sample_chance())
                continue
            if step % every == 0:
                check_sampling(state.inner, 0, Rng(step), samples=1, consistent=CONSISTENT[name])
                value = (step % 7 + 0.5) / 7
                resampled = state.resample_from_infostate(0, FixedSampler(value))
                expected = game.inner.sample_state(
                    state.inner.observation(0), 0, Rng(int(value * 2**53))
                )
                assert resampled.inner.to_dict() == expected.to_dict()
                assert resampled.inner.observation(0) == state.inner.observation(0)
                assert resampled.current_player() == state.current_player()
                assert sorted(resampled.legal_actions()) == sorted(state.legal_actions())
                info = state.information_state_string(0)
                assert resampled.information_state_string(0) == info
                assert resampled.information_state_tensor(0) == state.information_state_tensor(0)
                CONSISTENT[name](state.inner, resampled.inner)
                differed += _dealt(resampled.inner) != _dealt(state.inner)
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    assert checked >= 3
    # Mini DiverCity deals cards face down; Dice Miner and 51st State hide only what chance
    # will draw next (their piles are counts), so a resample changes only the generator there.
    if name == "mini-divercity":
        assert differed, "no resampled state differed from the true one: nothing was tested"


def test_a_resampled_state_plays_on_and_remembers_the_new_sights():
    """The information state of a resampled state grows like any other: what the player
    sees after it is appended to what was seen before it."""
    game = _game("dice-miner")
    state, _, _ = _play_and_watch(game, 5, 12)
    while state.is_chance_node():
        state.apply_action(state.inner.sample_chance())
    before = state.information_state_string(0)
    resampled = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    action = resampled.legal_actions()[0]
    notation = resampled.action_to_string(action)
    resampled.apply_action(action)
    after = observations_from_string(resampled.information_state_string(0))
    assert resampled.information_state_string(0).startswith(before + "\n")
    assert after[-1] == (f"you {notation}", _plain(resampled.inner.observation(0)))


def test_resampling_a_game_of_perfect_information_is_a_copy():
    game = _game("divercite")
    state, *_ = _play_and_watch(game, 2, 6)
    copy = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert copy.information_state_string(0) == state.information_state_string(0)
    assert copy.inner.to_dict() == state.inner.to_dict()
