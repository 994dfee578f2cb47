"""Build time and size of ``solotable report`` for a results file of N games (default 10,000).

The file is synthetic but shaped like a Mini DiverCity ``compare`` of four variants on
common seeds (score, win/loss, a six-valued loss cause, two numeric stats), so the
figure measures the report, not the games. Wall time and CPU time are both printed: CPU
time is the steadier figure on a shared machine.
"""

from __future__ import annotations

import csv
import json
import random
import tempfile
import time
from pathlib import Path

from rich.console import Console

from common import parser, report
from solotable.cli.report import build

CAUSES = ["pollution", "unemployment", "unrest", "bankruptcy", "flood", "out of turns"]


def write_results(path: Path, rows: int, variants: int = 4) -> None:
    """``rows`` games split over ``variants`` variants sharing their seeds."""
    rng = random.Random(7)
    cols = ["schema", "game", "variant", "options", "agents", "run_seed", "index", "seed"]
    cols += ["players", "agent_0", "score_0", "return_0", "outcome", "plies", "seconds"]
    cols += ["stat.cause", "stat.diver uses", "stat.result", "stat.turns"]
    per = rows // variants
    with path.open("w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        for v in range(variants):
            label = "preset=normal" if v == 0 else f"diver_{v}=off"
            for i in range(per):
                win = rng.random() < 0.55 - 0.05 * v
                score = round(rng.gauss(30 - 2 * v, 8), 1)
                w.writerow(
                    [1, "mini-divercity", label, json.dumps({"v": v}), "heuristic", 0, i,
                     1000 + i, 1, "heuristic", score, float(win),
                     f"{'win' if win else 'loss'} with {score} points", rng.randint(60, 140),
                     0.05, "" if win else rng.choice(CAUSES), rng.randint(0, 6),
                     "win" if win else "loss", rng.randint(18, 24)]
                )  # fmt: skip


def main() -> None:
    p = parser(__doc__ or "")
    p.add_argument("--rows", type=int, default=10_000, help="games in the results file")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "results.csv"
        write_results(data, args.rows)
        out = Path(tmp) / "report.html"
        wall, cpu = time.perf_counter(), time.process_time()
        size, figures = build([data], out, None, None, None, Console(stderr=True, quiet=True))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        report(
            {
                "rows": args.rows,
                "csv_kib": data.stat().st_size / 1024,
                "html_kib": size / 1024,
                "figures": figures,
                "build_seconds": round(wall, 2),
                "build_cpu_seconds": round(cpu, 2),
            },
            args.json,
        )


if __name__ == "__main__":
    main()
