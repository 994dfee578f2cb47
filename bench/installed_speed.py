"""Random games per CPU-second from an installed wheel against the checkout (issue 37).

Why: the platform wheel of ``make dist`` carries the compiled rules so that a player who
installed it runs as fast as a checkout with its build. This installs a wheel with
``pip install --no-deps --target`` into a temporary folder and runs the random-game
benchmarks (``bench/fifty_first_state.py``, ``bench/mini_divercity.py``,
``bench/divercite.py --no-search``, each with ``--cpu --json``) alternately from that folder
(first on ``PYTHONPATH``) and from the checkout, ``--rounds`` times, and prints each figure
with where ``solotable`` was imported from and what ``solotable.accel`` ran.

    python bench/installed_speed.py                      # dist/'s platform wheel
    python bench/installed_speed.py --wheel dist/solotable-0.1.0-py3-none-any.whl
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCHES = {
    "51st-state": ["fifty_first_state.py"],
    "mini-divercity": ["mini_divercity.py"],
    "divercite": ["divercite.py", "--no-search"],
}
WHERE = "import solotable; from solotable import accel; print(solotable.__file__, accel.STATE)"


def default_wheel() -> Path | None:
    """The platform wheel in ``dist/`` (the newest, if several)."""
    found = [w for w in (ROOT / "dist").glob("solotable-*.whl") if not w.name.endswith("any.whl")]
    return max(found, key=lambda w: w.stat().st_mtime) if found else None


def env_for(folder: Path | None) -> dict[str, str]:
    """The environment of a run: ``folder`` first on the path (the installed copy), or the
    checkout as it is (its editable install); the compiled rules allowed either way."""
    env = {k: v for k, v in os.environ.items() if k not in ("SOLOTABLE_PURE", "PYTHONPATH")}
    if folder is not None:
        env["PYTHONPATH"] = str(folder)
    return env


def where(env: dict[str, str]) -> str:
    """``<solotable/__init__.py> <accel state>`` as a run with ``env`` sees it."""
    done = subprocess.run(
        [sys.executable, "-c", WHERE], env=env, cwd=ROOT, capture_output=True, text=True
    )
    return done.stdout.strip() or done.stderr.strip().splitlines()[-1]


def rate(bench: list[str], env: dict[str, str], seconds: float) -> float:
    """The benchmark's random games per CPU-second, run with ``env``."""
    script = str(ROOT / "bench" / bench[0])
    done = subprocess.run(
        [sys.executable, script, *bench[1:], "--cpu", "--json", "--seconds", str(seconds)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(json.loads(done.stdout.strip().splitlines()[-1])["random_games_per_s"])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--wheel", type=Path, default=None, help="the wheel (dist/'s platform one)")
    p.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    p.add_argument("--rounds", type=int, default=2, help="installed/checkout pairs per game")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args()
    wheel = args.wheel or default_wheel()
    if wheel is None:  # `make bench` runs every script: a line, not a failure
        print("installed_speed: skipped — no platform wheel in dist/ (make dist writes one)")
        return
    if not wheel.exists():
        raise SystemExit(f"installed_speed: no such wheel: {wheel}")
    with tempfile.TemporaryDirectory(prefix="solotable-installed-") as tmp:
        folder = Path(tmp) / "site"
        pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps"]
        subprocess.run([*pip, "--target", str(folder), str(wheel)], check=True)
        runs = {"installed": env_for(folder), "checkout": env_for(None)}
        origins = {f"{name} from": where(env) for name, env in runs.items()}
        rates: dict[str, list[float]] = {f"{g} {name}": [] for g in BENCHES for name in runs}
        for game, bench in BENCHES.items():
            for _ in range(args.rounds):  # interleaved: the load changes both alike
                for name, env in runs.items():
                    rates[f"{game} {name}"].append(rate(bench, env, args.seconds))
    if args.json:
        print(json.dumps({"wheel": wheel.name, **origins, "random_games_per_cpu_s": rates}))
        return
    print(f"{'wheel':>28}: {wheel.name}")
    for key, origin in origins.items():
        print(f"{key:>28}: {origin}")
    for key, values in rates.items():
        print(f"{key:>28}: {' / '.join(f'{v:,.0f}' for v in values)} random games per CPU-second")


if __name__ == "__main__":
    main()
