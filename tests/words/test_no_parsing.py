"""The web layer never parses notation or prose: no regular expression, no ``split``.

A page puts a move on the table from its ``ActionInfo`` (kind, arguments, targets) and draws
cards and powers from the engine's data, never by cutting notation strings apart or matching
the rules text. This static check reads every Python module, template and script of
``src/solotable/web/`` and fails on:

- Python: ``import re`` / ``from re import …``, and any call of ``.split``, ``.rsplit``,
  ``.partition``, ``.rpartition`` or ``.splitlines``;
- templates: ``.split(`` / ``.partition(`` in an expression;
- scripts: ``.split(``, ``.match(``, ``.matchAll(``, ``RegExp``, and regular-expression
  literals given to ``replace``, ``test`` or ``exec``.

Reviewed exceptions are listed with the reason they are not notation or prose.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "src" / "solotable" / "web"
CUTTERS = frozenset({"split", "rsplit", "partition", "rpartition", "splitlines"})

ALLOWED: dict[str, str] = {
    "access.py": "parses the Host and Origin headers and socket addresses (security), not "
    "notation or prose",
}
"""Files reviewed and allowed to parse, with why (paths relative to ``web/``)."""

JS_PARSING = re.compile(
    r"\.split\(|\.match(All)?\(|\bRegExp\b|\.(replace|replaceAll)\(\s*/|/[^/\n*]+/[gimsuy]*\.(test|exec)\("
)
TEMPLATE_PARSING = re.compile(r"\.(r?split|r?partition|splitlines)\(")


def _python(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import re" for a in node.names if a.name == "re"]
        elif isinstance(node, ast.ImportFrom) and node.module == "re":
            found.append(f"line {node.lineno}: from re import …")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in CUTTERS
        ):
            found.append(f"line {node.lineno}: .{node.func.attr}(…)")
    return found


def _text(path: Path, pattern: re.Pattern[str]) -> list[str]:
    return [
        f"line {i}: {m.group(0)}"
        for i, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        for m in pattern.finditer(line)
    ]


def parsing(path: Path) -> list[str]:
    """Where ``path`` parses text (empty: it does not)."""
    if path.suffix == ".py":
        return _python(path)
    if path.suffix == ".html":
        return _text(path, TEMPLATE_PARSING)
    return _text(path, JS_PARSING)


def files() -> list[str]:
    return sorted(
        str(p.relative_to(WEB))
        for p in WEB.rglob("*")
        if p.suffix in (".py", ".html", ".js") and "__pycache__" not in p.parts
    )


@pytest.mark.parametrize("name", [n for n in files() if n not in ALLOWED])
def test_the_web_layer_does_not_parse_text(name: str) -> None:
    assert parsing(WEB / name) == []


def test_the_lists_name_existing_files() -> None:
    """An entry for a file that no longer exists (or moved) would hide nothing: drop it."""
    assert set(ALLOWED) <= set(files())


@pytest.mark.parametrize(
    ("suffix", "source"),
    [
        (".py", "import re\n"),
        (".py", "from re import compile\n"),
        (".py", "def f(m):\n    return m.notation.split()[1]\n"),
        (".py", "square = move.partition(' ')[2]\n"),
        (".html", "{{ m.n.split()[1] }}\n"),
        (".js", 'const prefix = m.n.split(" ")[0];\n'),
        (".js", "if (/^CR/.test(m.n)) {}\n"),
        (".js", 'text.replace(/x/g, "")\n'),
    ],
)
def test_the_check_finds_parsing(tmp_path: Path, suffix: str, source: str) -> None:
    path = tmp_path / f"page{suffix}"
    path.write_text(source, "utf-8")
    assert parsing(path) != []
