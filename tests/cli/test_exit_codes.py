"""Issue 19: user input never reaches exit 3, and ``replay --check`` says 1 only for a
well-formed file that does not replay.

``replay --check`` of a malformed session save (a missing field, a damaged seal, an
unknown version) said "mismatch" with exit 1: malformed input is exit 2 with one line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solotable.session.seal import seal, unseal
from tests.cli.running import run

GOLDEN = Path(__file__).parents[1] / "core" / "golden" / "save-v1-mini-divercity.json"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SOLOTABLE_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def save_doc() -> dict:
    return json.loads(GOLDEN.read_text())


def malformed_saves() -> dict[str, dict]:
    docs: dict[str, dict] = {}
    docs["no fields"] = {"format": "solotable-session", "version": 1}
    d = save_doc()
    d["sealed"] = "st1:AAAA"
    docs["damaged seal"] = d
    d = save_doc()
    d["sealed"] = "st2:" + "A" * 40
    docs["damaged new seal"] = d
    d = save_doc()
    d["version"] = 7
    docs["unknown version"] = d
    d = save_doc()
    d["seats"] = [{"agent": None}, {"agent": None}]
    docs["two seats in a solo game"] = d
    d = save_doc()
    d["options"] = {"save_goal": "many"}
    docs["bad option"] = d
    d = save_doc()
    d["game"] = "chess"
    docs["unknown game"] = d
    d = save_doc()
    d["sealed"] = seal({"seed": -4, "actions": []})
    docs["negative seed"] = d
    d = save_doc()
    d["sealed"] = seal({"seed": 1, "actions": {"a": 1}})
    docs["actions not a list"] = d
    d = save_doc()
    d["hints"] = "x"
    docs["hints not a number"] = d
    return docs


@pytest.mark.parametrize("name", sorted(malformed_saves()))
@pytest.mark.parametrize("check", [True, False])
def test_a_malformed_save_is_exit_2_not_a_mismatch(
    name: str, check: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "save.json"
    f.write_text(json.dumps(malformed_saves()[name]))
    code, out, err = run(["replay", *(["--check"] if check else []), str(f)], capsys)
    assert code == 2, (out, err)
    assert err.startswith("error:") and err.count("\n") == 1 and "mismatch" not in out


def test_a_well_formed_save_that_does_not_replay_is_a_mismatch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    d = save_doc()
    secret = unseal(d["sealed"])
    i = secret["actions"].index("draw:oyster")  # a chance outcome the seed does not give
    secret["actions"][i] = "draw:turtle" if secret["actions"][i] != "draw:turtle" else "draw:eel"
    d["sealed"] = seal(secret, 4096)
    f = tmp_path / "save.json"
    f.write_text(json.dumps(d))
    code, out, _ = run(["replay", "--check", str(f)], capsys)
    assert code == 1 and out.startswith("mismatch:"), out
    code, out, _ = run(["replay", "--check", str(GOLDEN)], capsys)
    assert code == 0 and out.startswith("ok:")


# -- a damaged run folder (simulate --resume) ---------------------------------------------------

MANIFEST = {
    "format": "solotable-run",
    "version": 1,
    "game": "divercite",
    "options": {},
    "agents": ["random", "random"],
    "games": 3,
    "seed": 0,
}
LINE = {
    "index": 0,
    "seed": 1,
    "seats": [0, 1],
    "returns": [1, -1],
    "scores": [3, 2],
    "outcome": "x",
    "stats": {},
}
DAMAGED_RUNS: dict[str, tuple[dict, bytes | None]] = {
    "one agent for two seats": ({**MANIFEST, "agents": ["random"]}, None),
    "negative time budget": ({**MANIFEST, "time_budget": -5}, None),
    "huge time budget": ({**MANIFEST, "time_budget": 1e300}, None),
    "a seat beyond the agents": (MANIFEST, json.dumps({**LINE, "seats": [0, 5]}).encode()),
    "three seats in a two-seat game": (
        MANIFEST,
        json.dumps({**LINE, "seats": [0, 1, 1], "returns": [1] * 3, "scores": [1] * 3}).encode(),
    ),
    "returns and seats of different lengths": (
        MANIFEST,
        json.dumps({**LINE, "returns": [1]}).encode(),
    ),
    "a score that is text": (MANIFEST, json.dumps({**LINE, "scores": ["nan", 1]}).encode()),
    "a journal that is not text": (MANIFEST, b"\xff\xfe"),
    "a journal that is a folder": (MANIFEST, None),
}


@pytest.mark.parametrize("name", sorted(DAMAGED_RUNS))
def test_resuming_a_damaged_run_folder_is_one_line(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    manifest, line = DAMAGED_RUNS[name]
    meta = tmp_path / "run" / ".solotable-run"
    meta.mkdir(parents=True)
    (meta / "run.json").write_text(json.dumps(manifest))
    if line is not None:
        (meta / "results.jsonl").write_bytes(line + b"\n")
    if name == "a journal that is a folder":
        (meta / "results.jsonl").mkdir()
    code, _, err = run(["simulate", "--resume", str(tmp_path / "run")], capsys)
    assert code == 2, err
    assert err.startswith("error:") and err.count("\n") == 1, err
