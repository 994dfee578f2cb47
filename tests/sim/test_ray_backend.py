"""Issue 14 §5: the Ray backend plays the same games as the local pool — same results, the
same summary to the byte — streams them in order, and a stop keeps every finished game.

One small local Ray (2 CPUs) for the whole module, in its own xdist group so that no other
Ray test runs beside it. Skipped, with the reason shown, only where Ray is not installed.
"""

from __future__ import annotations

import json
import os
import signal
import time

import pytest

from solotable.cli.main import main
from solotable.core.errors import UnknownNameError
from solotable.sim import run as simrun
from solotable.sim.ray_backend import MIN_TASK_GAMES
from solotable.sim.run import JOURNAL, RunFolder, RunSpec
from solotable.sim.simulation import GameFailed, iter_games, play_one
from tests.sim.test_run import ROOT, cli
from tests.sim.test_simulation_pool import played

pytestmark = pytest.mark.xdist_group("ray")


@pytest.fixture(scope="module")
def ray_local():
    """A local Ray started once for the module; its workers can import ``tests``."""
    try:
        import ray
    except ImportError:
        pytest.skip("ray is not installed: pip install 'solotable[ray]' to test --backend ray")
    from solotable.sim.ray_backend import ray_session

    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT), *filter(None, [old])])
    try:
        with ray_session(None, 2) as ray:
            yield ray
    finally:
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old


def test_same_json_summary_whatever_the_backend_and_workers(ray_local, capsys):
    """The CLI's --json output, byte for byte: local 1 and 2 jobs, Ray with 2 workers and
    with the cluster's CPUs, a solo game (exact sums of scores) and a two-player game
    (seats alternate)."""
    for game, agents, n in (("dice-miner", "heuristic", 60), ("divercite", "random,greedy", 40)):
        base = ["simulate", game, "--agents", agents, "-n", str(n), "--seed", "4", "--json"]
        outputs = []
        for extra in (
            [],
            ["--jobs", "2"],
            ["--backend", "ray", "--jobs", "2"],
            ["--backend", "ray"],
        ):
            _run(base + extra)
            outputs.append(capsys.readouterr().out)
        assert json.loads(outputs[0])["games"] == n
        assert outputs[1:] == outputs[:1] * 3
        # the game metrics travel with the results, whatever the backend
        assert "branching" in json.loads(outputs[2])["metrics"]


def _run(argv: list[str]) -> None:
    try:
        main(argv)
    except SystemExit as e:
        assert e.code in (0, None)


def test_ray_yields_every_game_in_order_with_the_local_results(ray_local):
    """Not only the summary: each game's result is the one the local backend gives."""
    args = ("mini-divercity", {}, ["heuristic"], range(3, 40), 9)
    local = list(iter_games(*args))
    ray = list(iter_games(*args, backend="ray", jobs=2))
    assert [r.index for r in ray] == list(range(3, 40))
    assert played(ray) == played(local)


def test_a_stop_hands_back_the_finished_games_of_running_tasks(ray_local):
    """Ctrl-C inside the run: tasks not started are dropped, running ones stop after their
    current game and their finished games are yielded before the interrupt goes on."""
    gen = iter_games("dice-miner", {}, ["heuristic"], range(400), 1, backend="ray", jobs=2)
    got = [next(gen)]
    got.append(gen.throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        got.extend(gen)
    indices = [r.index for r in got]
    assert len(set(indices)) == len(indices) and 2 <= len(got) < 400
    # the stop came while the first batch (at least MIN_TASK_GAMES games, in order) was
    # being handed over: none of its finished games is dropped
    assert indices[:MIN_TASK_GAMES] == list(range(MIN_TASK_GAMES))
    for r in got[:: max(1, len(got) // 10)]:
        assert played([r]) == played([play_one("dice-miner", {}, ["heuristic"], 1, r.index)])


def test_stop_and_resume_across_backends(tmp_path, ray_local):
    """A run stopped on Ray and resumed locally ends with the uninterrupted run's summary."""
    spec = RunSpec("dice-miner", {}, ["random"], 60, 7)
    seen = 0

    def progress(k: int) -> None:
        nonlocal seen
        seen += k
        if seen == 7:
            raise KeyboardInterrupt

    folder = RunFolder.create(tmp_path, spec)
    out = simrun.run(spec, num_players=1, jobs=2, folder=folder, progress=progress, backend="ray")
    assert out.stopped_by == signal.SIGINT and 7 <= out.done < 60
    assert len(list(tmp_path.glob("*.json"))) == out.done
    again = RunFolder.open(tmp_path)
    final = simrun.run(again.spec, num_players=1, folder=again)
    assert final.summary == simrun.run(spec, num_players=1).summary


def test_a_failing_game_is_named_not_a_remote_traceback(ray_local):
    """A bug in a task: the same exception as the local pool, naming the game and its seed;
    a user error (an unknown agent) comes back as itself."""
    for backend, jobs in (("ray", 2), ("local", 2)):
        with pytest.raises(GameFailed, match=r"game 0 of the run \(seed \d+\) failed: Zero"):
            list(
                iter_games(
                    "dice-miner",
                    {},
                    ["tests.core.crashing_agent:Crashes"],
                    range(4),
                    0,
                    backend=backend,
                    jobs=jobs,
                )
            )
        with pytest.raises(UnknownNameError, match="unknown agent 'nosuch'"):
            list(iter_games("dice-miner", {}, ["nosuch"], range(4), 0, backend=backend, jobs=jobs))


def test_sigterm_on_a_cluster_keeps_finished_games_and_stdout_stays_json(tmp_path, ray_local):
    """A real process joins the module's Ray with --address; SIGTERM: exit 143, the partial
    summary on stdout (parseable: no Ray noise), every finished game kept; resumed locally,
    the summary is the uninterrupted run's."""
    address = ray_local.get_runtime_context().gcs_address
    runs = tmp_path / "runs"
    args = ["simulate", "dice-miner", "--agents", "heuristic", "-n", "120", "--seed", "3"]
    p = cli(*args, "--json", "--backend", "ray", "--address", address, "--records", str(runs))
    journal = runs / JOURNAL
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and p.poll() is None:
        if journal.exists() and journal.read_text().count("\n") >= 5:
            break
        time.sleep(0.05)
    p.send_signal(signal.SIGTERM)
    out, err = p.communicate(timeout=90)
    assert p.returncode == 128 + signal.SIGTERM, err
    assert "Traceback" not in err and "--resume" in err
    partial = json.loads(out)
    assert partial["partial"] is True and 5 <= partial["games"] < 120
    assert journal.read_text().count("\n") == len(list(runs.glob("*.json"))) == partial["games"]
    folder = RunFolder.open(runs)
    resumed = simrun.run(folder.spec, num_players=1, folder=folder)
    whole = simrun.run(RunSpec("dice-miner", {}, ["heuristic"], 120, 3), num_players=1)
    assert resumed.summary == whole.summary
