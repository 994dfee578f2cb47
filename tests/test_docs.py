"""The examples in the documentation run: a doc that teaches the API must stay true."""

from __future__ import annotations

import doctest
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_architecture_examples_run() -> None:
    result = doctest.testfile(
        str(DOCS / "architecture.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted >= 8
    assert result.failed == 0


def test_agents_page_examples_run_and_show_the_example_file(monkeypatch) -> None:
    """docs/agents.md runs, and its listing is examples/lookahead_agent.py's code verbatim."""
    monkeypatch.chdir(DOCS.parent)  # the page puts "examples" on sys.path, from the project root
    result = doctest.testfile(
        str(DOCS / "agents.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted >= 5
    assert result.failed == 0
    page = (DOCS / "agents.md").read_text("utf-8")
    listing = page.split("```python\n", 1)[1].split("```", 1)[0]
    code = (DOCS.parent / "examples" / "lookahead_agent.py").read_text("utf-8")
    assert listing.strip() in code
    assert listing.count("\n") > 20


# -- links between the project's markdown files ------------------------------------------------
# A doc that moves a section (docs/history/ holds the passes that docs/benchmarks.md used to
# carry) must not leave a README or another doc pointing at a heading that is gone: every
# relative link must name a file that exists and, for a markdown file, one of its headings.

ROOT = DOCS.parent
_FENCE = re.compile(r"^\s*(```+|~~~+)")
_INLINE_CODE = re.compile(r"(`+).+?\1")
_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_REF_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_HTML_ID = re.compile(r"""<a\s+(?:name|id)=["']([^"']+)["']""")
_SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


def _prose_lines(text: str) -> Iterator[tuple[int, str]]:
    """Numbered lines outside fenced code blocks (a link in a code sample is not a link)."""
    fence = ""
    for number, line in enumerate(text.splitlines(), 1):
        mark = _FENCE.match(line)
        if mark and not fence:
            fence = mark.group(1)[0] * 3
            continue
        if mark and line.strip().startswith(fence):
            fence = ""
            continue
        if not fence:
            yield number, line


def heading_anchor(title: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    title = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", title.replace("`", ""))
    title = re.sub(r"<[^>]+>", "", title).strip().lower()
    kept = (c for c in title if c in " -" or unicodedata.category(c)[0] in "LMN" or c == "_")
    return "".join(kept).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every anchor of a markdown file (a repeated heading gets ``-1``, ``-2``… as on GitHub)."""
    seen: dict[str, int] = {}
    found: set[str] = set()
    for _, line in _prose_lines(path.read_text("utf-8")):
        found.update(_HTML_ID.findall(line))
        if heading := _HEADING.match(line):
            anchor = heading_anchor(heading.group(2))
            count = seen.get(anchor, 0)
            found.add(anchor if count == 0 else f"{anchor}-{count}")
            seen[anchor] = count + 1
    return found


def broken_links(files: list[Path], root: Path = ROOT) -> list[str]:
    """``file:line: target (why)`` for every relative link whose file or heading is missing."""
    known: dict[Path, set[str]] = {}
    broken = []
    for source in files:
        for number, line in _prose_lines(source.read_text("utf-8")):
            prose = _INLINE_CODE.sub("", line)
            targets = [m.group(1) for m in _LINK.finditer(prose)]
            if ref := _REF_DEF.match(prose):
                targets.append(ref.group(1))
            for target in targets:
                if _SCHEME.match(target):
                    continue  # https:, mailto:: not this test's business
                path, _, fragment = target.partition("#")
                dest = (source.parent / unquote(path)).resolve() if path else source
                where = f"{source.relative_to(root)}:{number}: {target}"
                if not dest.exists():
                    broken.append(f"{where} (no such file)")
                elif fragment and dest.suffix == ".md":
                    if dest not in known:
                        known[dest] = anchors(dest)
                    if unquote(fragment).lower() not in known[dest]:
                        broken.append(f"{where} (no such heading)")
    return broken


def markdown_files() -> list[Path]:
    """The project's markdown: README, CHANGELOG, docs/ and the pages beside the code."""
    found = [ROOT / "README.md", ROOT / "CHANGELOG.md", *DOCS.rglob("*.md")]
    for folder in ("src", "tests", "examples"):
        found += (ROOT / folder).rglob("*.md")
    return sorted(p for p in found if p.is_file())


def test_every_link_between_markdown_files_reaches_a_file_and_heading() -> None:
    files = markdown_files()
    assert {ROOT / "README.md", DOCS / "benchmarks.md"} <= set(files)
    assert broken_links(files) == []


def test_the_link_check_finds_a_missing_file_or_heading(tmp_path: Path) -> None:
    """The check itself: a link to a heading that moved, or to a file that is gone, is named."""
    page = tmp_path / "page.md"
    page.write_text(
        "# Benchmarks\n\n## Divercité search speed: `bench/divercite_search.py`\n\n"
        "## Notes\n\n## Notes\n\n```sh\n# not a heading\n```\n",
        "utf-8",
    )
    index = tmp_path / "index.md"
    index.write_text(
        "[ok](page.md#divercité-search-speed-benchdivercite_searchpy) [ok](page.md#notes-1)\n"
        '[web](https://example.org/x#y) `[code](gone.md)` [ok](#top) <a id="top"></a>\n'
        "[gone](page.md#issue-23-compiled-rules-mypyc)\n"
        "[gone](missing.md) [gone](page.md#not-a-heading)\n",
        "utf-8",
    )
    assert broken_links([index, page], root=tmp_path) == [
        "index.md:3: page.md#issue-23-compiled-rules-mypyc (no such heading)",
        "index.md:4: missing.md (no such file)",
        "index.md:4: page.md#not-a-heading (no such heading)",
    ]
