"""Packaging basics (issue 15 §7): the version, ``python -m solotable``, completion, LICENSE,
and dependency floors that the installed (tested) versions satisfy."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

from typer.testing import CliRunner

import solotable
from solotable.cli.main import app

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]


def _tuple(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", text)[:3])


def test_version_flag_and_python_dash_m():
    r = CliRunner().invoke(app, ["--version"])
    assert r.exit_code == 0 and r.stdout.strip() == f"solotable {solotable.__version__}"
    done = subprocess.run(
        [sys.executable, "-m", "solotable", "--version"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and done.stdout.strip() == f"solotable {solotable.__version__}"


def test_shell_completion_is_offered():
    r = CliRunner().invoke(app, ["--help"])
    assert "--install-completion" in r.stdout


def test_license_text_matches_the_metadata():
    assert PROJECT["license"] == "MIT" and PROJECT["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text("utf-8")
    assert text.startswith("MIT License") and "solotable authors" in text


def test_installed_versions_meet_the_declared_floors():
    """Every ``name>=floor`` holds for what is installed here, the versions the suite ran with
    (``make test-floors`` runs it with exactly the floors)."""
    requirements = list(PROJECT["dependencies"]) + list(PROJECT["optional-dependencies"]["rl"])
    checked = 0
    for req in requirements:
        name, floor = re.fullmatch(r"([A-Za-z0-9_.\-]+)>=(\S+)", req).groups()  # type: ignore[union-attr]
        assert _tuple(version(name)) >= _tuple(floor), f"{name} {version(name)} < {floor}"
        checked += 1
    assert checked >= 10
    assert _tuple(version("typer")) >= (0, 29)  # 0.12.x fails with today's click (issue 15)
