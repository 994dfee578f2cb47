"""``solotable report RESULTS… -o report.html``: a results file as a page to share.

Kept out of ``main``; matplotlib (the ``lab`` extra) is imported only when the command
runs, so ``solotable`` starts as fast without it and ``make play`` does not need it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from solotable.cli.paths import OutputPathError, check_output_dir, check_output_file
from solotable.cli.progress import progress_bar
from solotable.core.errors import SolotableError, UnknownNameError
from solotable.core.untrusted import shorten
from solotable.words import LANGS, lang_from_env

INSTALL_HINT = "report needs matplotlib: pip install 'solotable[lab]'"


class MissingExtraError(SolotableError):
    """An optional extra the command needs is not installed."""


def build(
    inputs: list[Path],
    output: Path,
    png: Path | None,
    title: str | None,
    baseline: str | None,
    err_console: Console,
    lang: str | None = None,
) -> tuple[int, int]:
    """Write the report (and the PNGs) in ``lang`` (default: ``--lang`` or
    ``SOLOTABLE_LANG``, else English); (HTML bytes, figures)."""
    try:
        from solotable.lab import figures as figs
    except ImportError as e:
        if (e.name or "").partition(".")[0] != "matplotlib":
            raise
        raise MissingExtraError(INSTALL_HINT) from None
    from solotable.lab.analysis import analyse
    from solotable.lab.html import Drawn, render
    from solotable.lab.results import load_results
    from solotable.lab.say import Say

    say = Say(lang if lang is not None else lang_from_env())
    with progress_bar(err_console) as progress:
        reading = progress.add_task("reading", total=len(inputs))
        res = load_results(inputs, progress=lambda _: progress.advance(reading))
        analyses = analyse(res, baseline, say)
        drawing = progress.add_task("figures", total=figs.count(res, analyses))
        drawn: list[list[Drawn]] = [[] for _ in analyses]
        pngs: list[tuple[str, bytes]] = []
        step = lambda: progress.advance(drawing)  # noqa: E731
        for g, f in figs.draw(res, analyses, png is not None, step, say):
            drawn[g].append(Drawn(f.slug, f.title, f.caption, f.svg))
            if f.png is not None:
                pngs.append((f.slug + ".png", f.png))
    games = ", ".join(a.game for a in analyses)
    heading = title or say._("solotable report: %(games)s", games=shorten(games, 120))
    page = render(heading, res, analyses, drawn, say)
    data = page.encode("utf-8")
    output.write_bytes(data)
    if png is not None:
        png.mkdir(exist_ok=True)
        for name, blob in pngs:
            (png / name).write_bytes(blob)
    return len(data), sum(len(d) for d in drawn)


def report(
    results: Annotated[
        list[Path], typer.Argument(help="Results files (.csv, or .parquet with pyarrow).")
    ],
    output: Annotated[Path, typer.Option("--output", "-o", help="The HTML file to write.")],
    png: Annotated[
        Path | None, typer.Option("--png", help="Also write every figure as a PNG in this folder.")
    ] = None,
    title: Annotated[str | None, typer.Option(help="The page's title.")] = None,
    baseline: Annotated[
        str | None,
        typer.Option(help="The variant every other is compared with (default: the first)."),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang", help="The page's language: en or fr (default: solotable --lang, else en)."
        ),
    ] = None,
) -> None:
    """Build one self-contained HTML page of figures and significant changes from results files."""
    err_console = Console(stderr=True, highlight=False)
    if output.suffix.lower() not in (".html", ".htm"):
        raise OutputPathError(f"-o {shorten(str(output))}: the report is HTML: name it *.html")
    if lang is not None and lang not in LANGS:
        raise UnknownNameError(f"--lang {shorten(lang)}: choose one of {', '.join(LANGS)}")
    output = check_output_file(output, "-o")
    if png is not None:
        png = check_output_dir(png, "--png")
    start = time.perf_counter()
    size, count = build(results, output, png, title, baseline, err_console, lang)
    err_console.print(
        f"wrote {shorten(str(output), 200)} ({size:,} bytes, {count} figures) "
        f"in {time.perf_counter() - start:.1f} s",
        markup=False,
    )


def register(app: typer.Typer) -> None:
    """Add ``report`` to the CLI."""
    app.command("report")(report)
