"""Draw the package layers of solotable from its import graph: ``docs/architecture.svg``.

Why drawn from the code: a hand-made diagram drifts the day a module moves. This script reads
the same runtime import graph the architecture test checks (``tools/imports.py``), groups it
by first-level package, puts each package one row above the highest package it imports
(``core`` at the bottom) and writes a plain SVG: boxes in rows, one arrow per package-level
dependency, no Graphviz needed. ``make diagram`` runs it; ``tests/test_layers.py`` checks the
committed picture is what the script writes today.

    python tools/layers.py            # writes docs/architecture.svg
    python tools/layers.py --check    # exit 1 if the committed picture is stale
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from imports import PKG, ROOT, graph, package_graph

OUT = ROOT / "docs" / "architecture.svg"
BOX_W, BOX_H, GAP_X, GAP_Y, MARGIN = 118, 34, 26, 62, 20


def layers(pg: dict[str, set[str]]) -> list[list[str]]:
    """Rows from the bottom: a package sits one row above the highest one it imports."""
    level: dict[str, int] = {}

    def depth(p: str, seen: frozenset[str] = frozenset()) -> int:
        if p in level:
            return level[p]
        if p in seen:  # a package-level cycle: the architecture test reports it
            return 0
        deps = [d for d in pg.get(p, ()) if d in pg]
        level[p] = 1 + max((depth(d, seen | {p}) for d in deps), default=-1)
        return level[p]

    for p in sorted(pg):
        depth(p)
    rows: list[list[str]] = [[] for _ in range(max(level.values(), default=0) + 1)]
    for p in sorted(pg):
        rows[level[p]].append(p)
    return rows


def _doc_line(pkg: str) -> str:
    """The first line of the package's docstring (read with ``ast``, never imported), for a
    tooltip."""
    init = PKG / pkg / "__init__.py"
    doc = ast.get_docstring(ast.parse(init.read_text("utf-8"))) if init.exists() else None
    return (doc or "").split("\n", 1)[0].strip().rstrip(".")


def _esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def svg(pg: dict[str, set[str]]) -> str:
    """The picture, as text (deterministic: sorted rows, fixed geometry)."""
    rows = layers(pg)
    widest = max(len(r) for r in rows)
    width = 2 * MARGIN + widest * BOX_W + (widest - 1) * GAP_X
    height = 2 * MARGIN + 24 + len(rows) * BOX_H + (len(rows) - 1) * GAP_Y
    pos: dict[str, tuple[float, float]] = {}
    for i, row in enumerate(rows):
        y = float(height - MARGIN - BOX_H - i * (BOX_H + GAP_Y))
        row_w = len(row) * BOX_W + (len(row) - 1) * GAP_X
        x0 = (width - row_w) / 2
        for j, p in enumerate(row):
            pos[p] = (x0 + j * (BOX_W + GAP_X), y)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
        "<title>solotable: packages in layers (an arrow points at what a package imports)</title>",
        '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" '
        'fill="#555"/></marker></defs>',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="{MARGIN}" y="{MARGIN + 10}" fill="#222">solotable: packages in layers; '
        "an arrow points at what a package imports (tools/layers.py)</text>",
    ]
    edges = [(p, d) for p in sorted(pg) for d in sorted(pg[p]) if d in pos]
    # Spread the ends of the arrows along each box's edge (sorted by where the other end
    # is), so that ten arrows into ``core`` stay ten arrows and not one blot.
    outs = {p: sorted((d for q, d in edges if q == p), key=lambda d: pos[d]) for p in pos}
    ins = {d: sorted((q for q, e in edges if e == d), key=lambda q: pos[q]) for d in pos}

    def along(x: float, k: int, n: int) -> float:
        return x + BOX_W * (k + 1) / (n + 1)

    for p, d in edges:
        x, y = pos[p]
        dx, dy = pos[d]
        x1, y1 = along(x, outs[p].index(d), len(outs[p])), y + BOX_H
        x2, y2 = along(dx, ins[d].index(p), len(ins[d])), dy
        if dy <= y:  # same row or above: from the side, so the arrow stays visible
            y1, y2 = y + BOX_H / 2, dy + BOX_H / 2
            x1, x2 = (x + BOX_W, dx) if dx > x else (x, dx + BOX_W)
        out.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="#888" stroke-width="1.2" marker-end="url(#arrow)">'
            f"<title>{_esc(p)} imports {_esc(d)}</title></line>"
        )
    for p in sorted(pg):
        x, y = pos[p]
        fill = "#e8f0fe" if p == "core" else "#f4f4f4"
        out.append(
            f"<g><title>{_esc(p)}: {_esc(_doc_line(p))}</title>"
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{BOX_W}" height="{BOX_H}" rx="5" '
            f'fill="{fill}" stroke="#333"/>'
            f'<text x="{x + BOX_W / 2:.1f}" y="{y + BOX_H / 2 + 4.5:.1f}" '
            f'text-anchor="middle" fill="#111">{_esc(p)}/</text></g>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    text = svg(package_graph(graph()))
    if "--check" in argv:
        if OUT.read_text("utf-8") != text:
            print(f"{OUT.relative_to(ROOT)} is stale: run make diagram", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, "utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
