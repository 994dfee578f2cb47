"""render() in the Gymnasium and PettingZoo environments (issue 23 §1): the text holds the
table (score and board), ``human`` prints it, ``rgb_array`` draws it; SB3's way of making an
environment works."""

from __future__ import annotations

import re

import pytest

gym = pytest.importorskip("gymnasium", reason="the rl extra (Gymnasium) is not installed")
np = pytest.importorskip("numpy")
pytest.importorskip("PIL", reason="the rl extra (Pillow) is not installed")

import solotable.envs  # noqa: E402
from solotable.envs import render as view  # noqa: E402
from solotable.envs.pettingzoo import raw_env  # noqa: E402

IDS = list(solotable.envs.ENV_IDS)

# What each game's table shows: its score (from ``state.scores()[seat]``) and its board.
SHOWS = {
    "dice-miner": (r"Score so far: {score}\b", r"Mountain \(\* = exposed"),
    "mini-divercity": (r"saved {score}/7", r"Scale .*\n.*R  B  G"),
    "51st-state": (r"VP {score}\b", r"Hand \(\d+ cards"),
    "divercite": (r"White \(you\).*: {score} points", r"A   B   C   D   E   F   G   H   I"),
}


def _play(env, seed, steps):
    """``reset(seed)`` then ``steps`` legal moves (the first legal one each time)."""
    obs, _ = env.reset(seed=seed)
    for _ in range(steps):
        obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    return obs


def _score(env):
    value = env.unwrapped.state.scores()[env.unwrapped.seat]
    return str(int(value)) if value == int(value) else str(value)


@pytest.mark.parametrize("env_id", IDS)
def test_ansi_is_the_table_with_its_score_and_board(env_id):
    env = gym.make(env_id, render_mode="ansi")
    _play(env, 3, 6)
    text = env.render()
    name = env.unwrapped.game.name
    score_pattern, board_pattern = SHOWS[name]
    assert re.search(score_pattern.format(score=re.escape(_score(env))), text), text
    assert re.search(board_pattern, text), text
    assert "\x1b" not in text and "[/" not in text  # plain text: no colour codes, no markup
    assert max(len(line) for line in text.splitlines()) <= view.COLUMNS


def test_ansi_follows_the_game_and_human_prints_the_same_text(capsys):
    """The text changes when the position does, and ``human`` prints it at every step."""
    env = gym.make("solotable/DiceMiner-v0", render_mode="ansi")
    _play(env, 1, 0)
    before = env.render()
    _play(env, 1, 2)
    after = env.render()
    assert before != after
    human = gym.make("solotable/DiceMiner-v0", render_mode="human")
    capsys.readouterr()
    _play(human, 1, 2)
    printed = capsys.readouterr().out
    assert printed.count("Dice Miner — solo") == 3  # reset and two steps
    assert printed.endswith(after)
    assert human.render() is None and capsys.readouterr().out == after


def _ink(image):
    """Which text cells of the image have a pixel off the page colour in their middle
    columns (a few glyphs of the bitmap font lean one pixel into the next cell)."""
    cw, ch = view.CELL
    small = image[:: view.SCALE, :: view.SCALE]
    page = np.array(view.PAGE, dtype=np.uint8)
    inked = np.any(small != page, axis=2)
    m = view.MARGIN
    cells = inked[m : m + view.ROWS * ch, m : m + view.COLUMNS * cw]
    return cells.reshape(view.ROWS, ch, view.COLUMNS, cw)[:, :, :, 1:-1].any(axis=(1, 3))


@pytest.mark.parametrize("env_id", IDS)
def test_rgb_array_draws_the_text_of_the_table(env_id):
    """An H×W×3 uint8 image of fixed size which has ink in every cell of a visible
    character of the text and none below its last line (a space may have a background
    colour), and which changes when the position changes."""
    env = gym.make(env_id, render_mode="rgb_array")
    text_env = gym.make(env_id, render_mode="ansi")
    _play(env, 5, 0)
    first = env.render()
    _play(env, 5, 3)
    _play(text_env, 5, 3)
    image = env.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.shape == first.shape  # every frame the same size (video recorders need it)
    assert not np.array_equal(image, first)
    lines = text_env.render().splitlines()
    visible = np.zeros((view.ROWS, view.COLUMNS), dtype=bool)
    for r, line in enumerate(lines[: view.ROWS]):
        for c, char in enumerate(line[: view.COLUMNS]):
            visible[r, c] = not char.isspace()
    ink = _ink(image)
    assert visible.sum() > 200
    assert ink[visible].all() and not ink[len(lines) :].any()


def test_rgb_array_frames_collect_for_a_video():
    """Gymnasium's RenderCollection gathers one same-sized frame per step (what
    RecordVideo writes to a file, which needs moviepy)."""
    env = gym.wrappers.RenderCollection(gym.make("solotable/DiceMiner-v0", render_mode="rgb_array"))
    _play(env, 2, 3)
    frames = env.render()
    assert len(frames) == 4 and len({f.shape for f in frames}) == 1


@pytest.mark.filterwarnings("ignore:.*render_mode=.pixels. that is not in the possible")
def test_an_unknown_render_mode_is_refused():
    with pytest.raises(ValueError, match="render_mode"):
        gym.make("solotable/DiceMiner-v0", render_mode="pixels")


def _sb3_make_env(env_id, env_kwargs=None):
    """What Stable-Baselines3's ``make_vec_env(env_id)`` does for each copy of a registered
    id (``stable_baselines3/common/env_util.py``): ask for ``rgb_array`` rendering, fall back
    on the default only when the constructor refuses the keyword (a TypeError)."""
    env_kwargs = env_kwargs or {}
    kwargs = {"render_mode": "rgb_array", **env_kwargs}
    try:
        return gym.make(env_id, **kwargs)
    except TypeError:
        return gym.make(env_id, **env_kwargs)


def test_sb3s_make_vec_env_way_works_without_arguments():
    env = _sb3_make_env("solotable/DiceMiner-v0")
    assert env.render_mode == "rgb_array"
    assert env.spec.max_episode_steps == solotable.envs.MAX_EPISODE_STEPS[env.spec.id]
    obs, _ = env.reset(seed=0)
    done, steps = False, 0
    while not done:
        obs, _, terminated, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        done, steps = terminated or truncated, steps + 1
    assert terminated and not truncated and steps > 0
    assert env.render().shape[2] == 3


@pytest.mark.parametrize("game", ["divercite", "dice-miner"])
def test_pettingzoo_renders_the_selected_agents_table(game, capsys):
    e = raw_env(game=game, render_mode="ansi")
    e.reset(seed=0)
    assert re.search(SHOWS[game][1], e.render())
    e = raw_env(game=game, render_mode="rgb_array")
    e.reset(seed=0)
    first = e.render()
    obs, *_ = e.last()
    e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert first.dtype == np.uint8 and first.shape == e.render().shape
    assert not np.array_equal(first, e.render())
    e = raw_env(game=game, render_mode="human")
    capsys.readouterr()
    e.reset(seed=0)
    assert re.search(SHOWS[game][1], capsys.readouterr().out)
