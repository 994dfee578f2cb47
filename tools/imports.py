"""The project's own import graph, read from the source (no import is run).

One reader serves two users: ``tests/test_architecture.py`` checks the layering rules of
docs/architecture.md on it, and ``tools/layers.py`` draws the same graph as
docs/architecture.svg, so the picture and the checks can never disagree about what imports
what. Runtime imports only: an import under ``if TYPE_CHECKING:`` runs under mypy, not in a
process, so it is left out; an import inside a function counts (it runs too).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
PKG = SRC / "solotable"


def module_name(path: Path, src: Path = SRC) -> str:
    """``src/solotable/core/game.py`` -> ``solotable.core.game`` (a package: its folder)."""
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(pkg: Path = PKG, src: Path = SRC) -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    return {module_name(p, src): p for p in sorted(pkg.rglob("*.py"))}


def is_type_checking(test: ast.expr) -> bool:
    """``if TYPE_CHECKING:`` or ``if typing.TYPE_CHECKING:``."""
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def runtime_imports(path: Path, name: str, known: set[str]) -> set[str]:
    """Modules of the project that ``path`` (module ``name``) imports when it runs."""
    tree = ast.parse(path.read_text("utf-8"))
    is_pkg = path.name == "__init__.py"
    out: set[str] = set()

    def target(mod: str, names: list[str]) -> None:
        for n in names:
            if f"{mod}.{n}" in known:
                out.add(f"{mod}.{n}")
            elif mod in known:
                out.add(mod)

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and is_type_checking(child.test):
                for sub in child.orelse:
                    visit(sub)
                continue
            if isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name in known:
                        out.add(alias.name)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = name.split(".") if is_pkg else name.split(".")[:-1]
                    base = base[: len(base) - (child.level - 1)]
                    mod = ".".join([*base, child.module] if child.module else base)
                else:
                    mod = child.module or ""
                if mod.startswith("solotable"):
                    target(mod, [a.name for a in child.names])
            visit(child)

    visit(tree)
    out.discard(name)
    return out


def graph(pkg: Path = PKG, src: Path = SRC) -> dict[str, set[str]]:
    """Module -> the project's modules it imports at run time."""
    mods = modules(pkg, src)
    known = set(mods)
    return {m: runtime_imports(p, m, known) for m, p in mods.items()}


def package_graph(g: dict[str, set[str]]) -> dict[str, set[str]]:
    """The graph between the first-level packages (``solotable.<pkg>.…``): what the layers
    are. Top-level modules (``accel``, ``_moved``, ``__main__``) are plumbing, not layers."""
    out: dict[str, set[str]] = {}
    for mod, deps in g.items():
        parts = mod.split(".")
        if len(parts) < 2 or not (PKG / parts[1]).is_dir():
            continue
        own = out.setdefault(parts[1], set())
        for dep in deps:
            dparts = dep.split(".")
            if len(dparts) > 1 and dparts[1] != parts[1] and (PKG / dparts[1]).is_dir():
                own.add(dparts[1])
    return out
