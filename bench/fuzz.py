"""Long fuzzing runs of the input boundary (issue 12 §4).

Runs the Hypothesis properties of ``tests/test_fuzz.py`` (record loader, every game's
notation parser, ``--set`` values, agent parameters, dice and card file loaders) with
many more examples than ``make test`` and fresh random data each time, and prints how
many cases each property ran and whether it failed::

    python bench/fuzz.py --examples 2000 --jobs 2

Any failure is a crash to fix: Hypothesis prints the smallest input that shows it.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--examples", type=int, default=1000, help="examples per property")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("-k", default="", help="only properties matching this pytest -k expression")
    args = p.parse_args()
    env = {
        **os.environ,
        "SOLOTABLE_FUZZ_EXAMPLES": str(args.examples),
        "SOLOTABLE_FUZZ_RANDOM": "1",
        "PYTHONPATH": f"{ROOT / 'src'}:{ROOT}",
    }
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        str(ROOT / "tests/test_fuzz.py"),
    ]
    cmd += ["--hypothesis-show-statistics", "-n", str(args.jobs)]
    if args.k:
        cmd += ["-k", args.k]
    start = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT)
    out = r.stdout
    runs: list[tuple[str, str]] = []
    for block in out.split("tests/test_fuzz.py::")[1:]:
        name = block.split(":\n", 1)[0]
        counts = re.findall(r"- (\d+) passing, (\d+) failing", block)
        runs.append((name, str(sum(int(p) + int(f) for p, f in counts))))
    for name, n in runs:
        print(f"{name:<50} {n:>7} cases")
    tail = r.stdout.strip().splitlines()[-1] if r.returncode else "no failure"
    print(f"{sum(int(n) for _, n in runs)} cases in {time.perf_counter() - start:.0f} s: {tail}")
    if r.returncode != 0:
        print(out[-5000:])
        sys.exit(1)


if __name__ == "__main__":
    main()
