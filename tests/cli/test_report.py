"""``solotable report``: results files → one self-contained HTML page, through the CLI."""

from __future__ import annotations

import csv
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from solotable.cli.main import app, main
from tests.lab.factory import duel_rows, solo_rows, write

runner = CliRunner()
SRC = str(Path(__file__).resolve().parents[2] / "src")


def _base(rng, i):
    win = i % 5 < 3  # 60% wins, the same games in both variants
    return {
        "score_0": 10 + (i * 7) % 11,
        "stat.result": "win" if win else "loss",
        "stat.cause": "" if win else ("flood" if i % 2 else "fire"),
        "stat.turns": 20 + i % 3,
    }


def _shift(delta):
    """The baseline's games with ``delta`` added to every score, ±1 alternating noise."""

    def make(rng, i):
        row = _base(rng, i)
        row["score_0"] += delta + (1 if i % 2 else -1)
        return row

    return make


def _plus3(rng, i):
    row = _base(rng, i)
    row["score_0"] += 3
    return row


def _harder(rng, i):
    row = _base(rng, i)
    if i % 5 == 2:  # a third of the wins become losses: 60% → 40%, a turn shorter
        row["stat.result"], row["stat.cause"] = "loss", "riot"
        row["stat.turns"] -= 1
    return row


def report(tmp_path: Path, *files: Path, extra: tuple[str, ...] = ()):
    out = tmp_path / "report.html"
    r = runner.invoke(app, ["report", *map(str, files), "-o", str(out), *extra])
    return r, out


def exit_2(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert "error:" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    return err


@pytest.fixture
def solo(tmp_path: Path) -> Path:
    rows = solo_rows(
        "mini-divercity",
        [
            ("default", _base),
            ("big", _shift(5)),
            ("same", _shift(0)),
            ("preset=hard", _harder),
            ("plus3", _plus3),
        ],
        200,
    )
    return write(tmp_path / "solo.csv", rows)


def test_solo_report_has_every_section_and_the_significant_changes(tmp_path, solo):
    r, out = report(tmp_path, solo)
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    for title in (
        "Score distribution",
        "Win rate",
        "Change against the baseline",
        "Game length",
        "Breakdown by How it ended",  # the statistic "cause" by its label
        "What changed significantly",
    ):
        assert title in html
    assert html.count("<svg") == 5  # scores, win rate, effects, length, cause
    findings = re.findall(r"<li>(.*?)</li>", html)
    big = next(f for f in findings if f.startswith("big against default"))
    assert "200 paired games" in big and "score" in big and "+5.00 [" in big
    null = next(f for f in findings if f.startswith("same against default"))
    assert "no metric changed significantly" in null
    hard = next(f for f in findings if f.startswith("preset=hard against default"))
    assert "win rate 60.0% → 40.0%, -20.0 pts [" in hard
    assert "score" not in hard  # the scores are the baseline's
    assert "]. Game statistics: Turns 21.00 → 20.80, -0.200 [" in hard
    plus3 = next(f for f in findings if f.startswith("plus3 against default"))
    assert re.search(r"score (\S+) → (\S+), \+3\.00 in every pair \(no variation seen", plus3)
    # summary table: 200 games per variant, Wilson interval of 120/200
    assert "<td>60.0% [53.1, 66.5]</td>" in html


def test_the_report_is_self_contained_and_deterministic(tmp_path, solo):
    r1, out = report(tmp_path, solo)
    first = out.read_bytes()
    r2, out = report(tmp_path, solo)
    assert r1.exit_code == r2.exit_code == 0
    assert out.read_bytes() == first
    html = first.decode()
    assert "<script" not in html and "<img" not in html
    assert not re.search(r"(src|href)=\"(?!#)", html)  # no external resource of any kind
    assert not re.search(r"url\((?!#)", html)
    assert "<metadata>" not in html and "<?xml" not in html
    ids = re.findall(r'\sid="([^"]+)"', html)
    assert len(ids) == len(set(ids)) > 20  # inline figures share one id space
    refs = set(re.findall(r'href="#([^"]+)"', html)) | set(re.findall(r"url\(#([^)]+)\)", html))
    assert refs and refs <= set(ids)
    other = tmp_path / "other.html"  # another process, another hash seed: the same bytes
    subprocess.run(
        [sys.executable, "-m", "solotable", "report", str(solo), "-o", str(other)],
        env={"PYTHONPATH": SRC, "PYTHONHASHSEED": "7"},
        check=True,
        capture_output=True,
    )
    assert other.read_bytes() == first


def test_rows_without_variant_are_told_apart_by_their_options(tmp_path):
    rows = []
    for preset in ("normal", "hard"):
        part = solo_rows("g", [("", lambda rng, i: {"score_0": i % 5})], 10)
        for r in part:
            r["options"] = f'{{"preset":"{preset}","turns":20}}'
        rows += part
    r, out = report(tmp_path, write(tmp_path / "two.csv", rows))
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert "<td>preset=normal</td>" in html and "<td>preset=hard</td>" in html
    assert "preset=hard against preset=normal (10 paired games)" in html
    for r in rows[:10]:  # hostile options: 5,000 nested lists
        r["options"] = "[" * 5000
    r, out = report(tmp_path, write(tmp_path / "deep.csv", rows))
    assert r.exit_code == 0, r.output
    assert "<td>options=[[[[" in out.read_text("utf-8")


def test_score_only_solo_game_has_no_win_rate(tmp_path):
    rows = solo_rows(
        "dice-miner",
        [
            (
                "default",
                lambda rng, i: {
                    "score_0": rng.randint(0, 30),
                    "stat.band": rng.choice(["low", "mid", "high"]),
                },
            )
        ],
        50,
    )
    r, out = report(tmp_path, write(tmp_path / "dm.csv", rows))
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert "Win rate" not in html and "Breakdown by Rating" in html  # "band" by its label
    assert "Only one variant: nothing to compare." in html
    assert html.count("<svg") == 3  # scores, length, band


def test_two_player_report_shows_seat_advantage(tmp_path):
    rows = duel_rows("divercite", [("default", 0.75), ("neutral_first=true", 0.5)], 300)
    r, out = report(tmp_path, write(tmp_path / "d.csv", rows, players=2))
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert "Seat advantage" in html and "greedy win rate" in html
    assert "seat 0 win rate" in html
    finding = re.search(r"<li>(neutral_first=true against default.*?)</li>", html)
    assert finding and "seat 0 win rate" in finding.group(1)
    assert "-2" in finding.group(1)  # 75% → ~50%: a drop of ~25 points


def test_sweep_effects_are_paired_per_cell(tmp_path):
    def cell(goal):
        # the baseline's games, shifted by the goal, noise growing with it
        return lambda rng, i: {
            "score_0": 10 + goal + (goal / 6 if i % 2 else -goal / 6),
            "stat.result": "loss",
        }

    variants = [(f"save_goal={g}", cell(g)) for g in (6, 8, 10)]
    rows = solo_rows("mini-divercity", variants, 40, vary=lambda v: {"save_goal": v[10:]})
    r, out = report(tmp_path, write(tmp_path / "s.csv", rows))
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert "swept: save_goal" in html
    # per-seed differences 2 ± 1/3 (sd 0.3376, t(39) = 2.0227 ⇒ ± 0.108)
    assert (
        "save_goal=8 against save_goal=6 (40 paired games): "
        "score 16.00 → 18.00, +2.00 [+1.89, +2.11]. 2 other metrics did not change" in html
    )
    assert "score 16.00 → 20.00, +4.00 [+3.78, +4.22]" in html


def test_baseline_option_and_an_unknown_one(tmp_path, solo, capsys):
    r, out = report(tmp_path, solo, extra=("--baseline", "big"))
    assert r.exit_code == 0
    assert "default against big (200 paired games)" in out.read_text("utf-8")
    err = exit_2(
        ["report", str(solo), "-o", str(tmp_path / "r.html"), "--baseline", "nope"], capsys
    )
    assert "--baseline" in err


def test_hostile_values_are_escaped(tmp_path):
    evil = '<script>alert("x")</script>'
    rows = solo_rows(
        "mini-divercity",
        [
            (
                evil,
                lambda rng, i: {
                    "score_0": i % 9,
                    "stat.cause": evil if i % 2 else "<b>ok</b>",
                    "stat.result": "loss",
                },
            ),
            (
                "$x$ & <i>",
                lambda rng, i: {"score_0": i % 7, "stat.cause": "&amp;", "stat.result": "win"},
            ),
        ],
        20,
        agent='random"><img src=x onerror=alert(1)>',
    )
    for row in rows:
        row["game"] = "<h1>game</h1>"
    r, out = report(tmp_path, write(tmp_path / "evil.csv", rows), extra=("--title", evil))
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert "<script" not in html and "<img" not in html and "<b>" not in html
    assert "<i>" not in html and "<h1>game" not in html
    assert "&lt;script&gt;" in html and "&amp;amp;" in html


def test_png_folder_gets_every_figure(tmp_path, solo):
    r, out = report(tmp_path, solo, extra=("--png", str(tmp_path / "figs")))
    assert r.exit_code == 0, r.output
    pngs = sorted(p.name for p in (tmp_path / "figs").glob("*.png"))
    assert len(pngs) == out.read_text("utf-8").count("<svg") == 5
    assert all(p.startswith("01-mini-divercity-") for p in pngs)
    assert (tmp_path / "figs" / pngs[0]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_several_files_and_games_in_one_report(tmp_path, solo):
    duel = write(tmp_path / "d.csv", duel_rows("divercite", [("default", 0.6)], 30), players=2)
    r, out = report(tmp_path, solo, duel)
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert "<h2>mini-divercity</h2>" in html and "<h2>divercite</h2>" in html
    assert "1030 games from 2 files" in html


def test_parquet_input(tmp_path, solo):
    pa = pytest.importorskip("pyarrow")
    import pyarrow.csv as pcsv
    import pyarrow.parquet as pq

    table = pcsv.read_csv(
        solo,
        convert_options=pcsv.ConvertOptions(
            column_types={"stat.cause": pa.string(), "stat.result": pa.string()},
            strings_can_be_null=True,
        ),
    )
    pq.write_table(table, tmp_path / "solo.parquet")
    r1, out = report(tmp_path, tmp_path / "solo.parquet")
    assert r1.exit_code == 0, r1.output
    from_parquet = out.read_text("utf-8").replace("solo.parquet", "solo.csv")
    _, out = report(tmp_path, solo)
    assert from_parquet == out.read_text("utf-8")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "not a solotable results file"),
        ("a,b\n1,2\n", "not a solotable results file"),
        ("schema,game\n", "no games"),
        ("schema,game\n1,x\n", "not a solotable results file"),
    ],
)
def test_bad_files_exit_2_with_one_line(tmp_path, capsys, content, message):
    f = tmp_path / "bad.csv"
    f.write_text(content)
    assert message in exit_2(["report", str(f), "-o", str(tmp_path / "r.html")], capsys)


def _edit(path: Path, column: str, value: str, row: int = 0) -> None:
    with path.open(newline="") as f:
        rows = list(csv.reader(f))
    rows[row + 1][rows[0].index(column)] = value
    with path.open("w", newline="") as f:
        csv.writer(f).writerows(rows)


@pytest.mark.parametrize(
    ("column", "value", "message"),
    [
        ("schema", "2", "(schema 2)"),
        ("score_0", "abc", "abc"),
        ("score_0", "nan", "score_0"),
        ("plies", "-1", "plies"),
        ("players", "3", "players is 3"),
        ("seed", "x", "x"),
    ],
)
def test_bad_values_exit_2_naming_line_and_column(tmp_path, capsys, solo, column, value, message):
    _edit(solo, column, value, row=3)
    err = exit_2(["report", str(solo), "-o", str(tmp_path / "r.html")], capsys)
    assert message in err
    assert column == "schema" or ":5:" in err or "row 4:" in err


def test_missing_column_and_header_only(tmp_path, capsys, solo):
    with solo.open(newline="") as f:
        rows = list(csv.reader(f))
    k = rows[0].index("plies")
    (tmp_path / "cut.csv").write_text("\n".join(",".join(r[:k] + r[k + 1 :]) for r in rows[:3]))
    assert "plies" in exit_2(
        ["report", str(tmp_path / "cut.csv"), "-o", str(tmp_path / "r.html")], capsys
    )
    (tmp_path / "head.csv").write_text(",".join(rows[0]) + "\n")
    err = exit_2(["report", str(tmp_path / "head.csv"), "-o", str(tmp_path / "r.html")], capsys)
    assert "no games" in err


def test_output_paths_are_checked_first(tmp_path, capsys, solo):
    assert "HTML" in exit_2(["report", str(solo), "-o", str(tmp_path / "r.pdf")], capsys)
    assert "does not exist" in exit_2(
        ["report", str(solo), "-o", str(tmp_path / "no" / "r.html")], capsys
    )
    (tmp_path / "file").write_text("x")
    assert "is a file" in exit_2(
        ["report", str(solo), "-o", str(tmp_path / "r.html"), "--png", str(tmp_path / "file")],
        capsys,
    )
    assert not (tmp_path / "r.html").exists()
    assert "end in .csv or .parquet" in exit_2(
        ["report", str(tmp_path / "x.json"), "-o", str(tmp_path / "r.html")], capsys
    )
    assert "no such file" in exit_2(
        ["report", str(tmp_path / "missing.csv"), "-o", str(tmp_path / "r.html")], capsys
    )


def test_without_matplotlib_or_pyarrow_one_line_hint(tmp_path, solo):
    code = (
        "import sys; sys.modules[{mod!r}] = None\n"
        "from solotable.cli.main import main\n"
        "main(['report', {inp!r}, '-o', {out!r}])"
    )
    parquet = tmp_path / "x.parquet"
    parquet.write_bytes(b"PAR1")
    for mod, inp, needle in (
        ("matplotlib", str(solo), "pip install 'solotable[lab]'"),
        ("pyarrow", str(parquet), "needs pyarrow"),
    ):
        p = subprocess.run(
            [sys.executable, "-c", code.format(mod=mod, inp=inp, out=str(tmp_path / "r.html"))],
            capture_output=True,
            text=True,
            env={"PYTHONPATH": SRC},
            check=False,
        )
        assert p.returncode == 2, p.stderr
        assert needle in p.stderr and len(p.stderr.strip().splitlines()) == 1


def test_cli_start_up_does_not_import_matplotlib():
    code = "import sys, solotable.cli.main; print('matplotlib' in sys.modules)"
    p = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": SRC},
        check=True,
    )
    assert p.stdout.strip() == "False"


def _with_tty_stderr(args: list[str], tmp_path: Path) -> tuple[int, str, str]:
    """Run ``solotable ARGS`` with stderr on a pseudo-terminal: (status, stdout, terminal)."""
    import os
    import pty

    master, slave = pty.openpty()
    env = {
        "PYTHONPATH": SRC,
        "SOLOTABLE_HOME": str(tmp_path / "home"),
        "TERM": "xterm",
        "COLUMNS": "100",
    }
    p = subprocess.Popen(
        [sys.executable, "-m", "solotable", *args], stdout=subprocess.PIPE, stderr=slave, env=env
    )
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    out = p.stdout.read() if p.stdout else b""
    os.close(master)
    return p.wait(timeout=120), out.decode(), seen.decode(errors="replace")


def test_progress_bar_on_a_terminal_only(tmp_path, solo):
    status, _, terminal = _with_tty_stderr(
        ["report", str(solo), "-o", str(tmp_path / "r.html")], tmp_path
    )
    assert status == 0 and "figures" in terminal and "━" in terminal
    r, _ = report(tmp_path, solo)  # not a terminal: only the closing line
    assert "━" not in r.stderr and r.stderr.startswith("wrote ")


def test_review_shows_a_progress_bar_on_a_terminal(tmp_path):
    records = tmp_path / "records"
    r = runner.invoke(
        app,
        ["simulate", "dice-miner", "--agents", "heuristic", "-n", "1", "--records", str(records)],
    )
    assert r.exit_code == 0, r.output
    record = next(records.glob("*.json"))
    status, out, terminal = _with_tty_stderr(
        ["review", str(record), "--budget", "samples=1"], tmp_path
    )
    assert status == 0, terminal
    assert "reviewing moves" in terminal and "you:" in out


def test_zero_one_statistics_are_compared_within_the_baseline(tmp_path):
    def make(rng, i):
        lucky = i % 2
        win = lucky or i % 10 == 0  # 100% with it, 20% without
        return {
            "score_0": 5 + lucky,
            "stat.result": "win" if win else "loss",
            "stat.lucky": lucky,
            "stat.count": i % 4,
        }

    rows = solo_rows("mini-divercity", [("default", make)], 100)
    r, out = report(tmp_path, write(tmp_path / "d.csv", rows))
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert "0/1 statistics in default" in html  # the figure; "count" takes 4 values: not one
    assert (
        "Within default (100 games), by 0/1 statistic: win rate 100.0% with lucky against "
        "20.0% without, +80.0 pts [" in html
    )


def test_report_of_simulate_and_sweep_output(tmp_path):
    """End to end: the results files the lab writes are what the report reads."""
    import tests.toy_game  # noqa: F401  (registers toy-race)

    sim = tmp_path / "sim.csv"
    r = runner.invoke(
        app, ["simulate", "toy-race", "--agents", "random,first", "-n", "30", "--out", str(sim)]
    )
    assert r.exit_code == 0, r.output
    swept = tmp_path / "sweep.csv"
    r = runner.invoke(
        app,
        [
            "sweep",
            "toy-race",
            "--agents",
            "random",
            "--vary",
            "target=8,12",
            "--games",
            "30",
            "--out",
            str(swept),
        ],
    )
    assert r.exit_code == 0, r.output
    r, out = report(tmp_path, sim, swept)
    assert r.exit_code == 0, r.output
    html = out.read_text("utf-8")
    assert "Seat advantage" in html and "first win rate" in html  # two agents: per agent
    assert "target=12 · random,random against target=8 · random,random (30 paired games)" in html
    assert "swept: target" in html
