"""Keep the catalogs in step with the source: ``python -m solotable.words.tools update|check``.

``update`` (``make words``) extracts every message of every domain from the source into
``locale/<domain>.pot`` and merges it into each language's ``.po`` (new messages arrive
untranslated, removed ones are dropped). ``check`` (run by the tests) fails when a catalog is
out of step with the source, a message has no translation, or a translation's placeholders
differ from its message's.

Which files feed which domain is :data:`DOMAINS`: a game's domain holds its formatter
(``words/<game>/``), its terminal view (``games/<game>/render.py``), its web page
(``web/pages/<game>.py`` and its template), its rules page and its data files' names.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from solotable.words.catalog import LANGS, SHARED

PKG = Path(__file__).resolve().parents[1]
"""``src/solotable``."""
LOCALE = PKG / "words" / "locale"
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
    "Nn_": (1, 2),
    "styled": (2,),
}
GAMES = ("divercite", "dice_miner", "mini_divercity", "fifty_first_state")
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]|%%")
NO_SOURCE = "no French source"
"""The translator comment of a term the French rule text does not name (kept in English)."""
SEED_SOURCE = "seed:"
"""The translator comment of a term taken from a French rule text (``seed: FILE, SECTION``):
also what lets a French term equal its English (Tunnel, Danger, Excellent)."""
SAME_SOURCES = (NO_SOURCE, SEED_SOURCE, "data:", "ours:")
"""Comments that let a term's French equal its English: kept in English, a French rule text's
name, a data file's ``name_fr``, or a French name of our own that is the English word too
(Motel). ``ours:`` marks a name no French edition gives (51st State's cards)."""
FRENCH_SPACE = re.compile(r" [:;!?»]|« ")
JINJA = ("jinja2.ext:babel_extract", {"extensions": "jinja2.ext.i18n", "trimmed": "true"})


@dataclass(frozen=True)
class Source:
    pattern: str
    method: str
    options: tuple[tuple[str, str], ...] = ()


def sources(domain: str) -> list[Source]:
    """What feeds ``domain``, as glob patterns under ``src/solotable``."""
    if domain == SHARED:
        return [
            Source("words/__init__.py", "python"),
            Source("words/tr.py", "python"),
            Source("words/core.py", "python"),
            Source("words/shared/*.py", "python"),
            Source("core/**/*.py", "python"),
            Source("session/**/*.py", "python"),
            Source("sim/**/*.py", "python"),
            Source("stats/**/*.py", "python"),
            # The command line's help (cli/helpwords.py): every help text of
            # the command tree (commands, options, arguments), read from the tree itself.
            Source("cli/helpwords.py", "solotable.cli.helpwords:extract_cli_help"),
            Source("cli/**/*.py", "python"),
            Source("web/*.py", "python"),
            Source("lab/**/*.py", "python"),
            Source("agents/**/*.py", "python"),
            Source("web/templates/*.html", JINJA[0], tuple(JINJA[1].items())),
        ]
    return [
        Source(f"words/{domain}/*.py", "python"),
        Source(f"games/{domain}/render.py", "python"),
        Source(f"web/pages/{domain}.py", "python"),
        Source(f"web/templates/games/{domain}.html", JINJA[0], tuple(JINJA[1].items())),
        Source(f"games/{domain}/rules.md", "solotable.words.extract:extract_markdown"),
        Source(f"games/{domain}/data/*.json", "solotable.words.extract:extract_data_terms"),
    ]


def all_domains() -> tuple[str, ...]:
    return (SHARED, *GAMES)


domains = all_domains


def _files(pattern: str) -> Iterator[Path]:
    yield from sorted(PKG.glob(pattern))


def extract(domain: str):  # type: ignore[no-untyped-def]
    """The template catalog of ``domain`` built from the source now."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract as babel_extract

    catalog = Catalog(domain=domain, project="solotable", charset="utf-8")
    seen: set[Path] = set()
    for src in sources(domain):
        for path in _files(src.pattern):
            if path in seen or "__pycache__" in path.parts:
                continue
            seen.add(path)
            with path.open("rb") as f:
                for lineno, message, comments, context in babel_extract(
                    src.method,
                    f,
                    keywords=KEYWORDS,
                    comment_tags=("TRANSLATORS:",),
                    options=dict(src.options),
                ):
                    flags = {"python-format"} if _has_placeholder(message) else set()
                    catalog.add(
                        message,
                        None,
                        [(str(path.relative_to(PKG)), lineno)],
                        auto_comments=comments,
                        context=context,
                        flags=flags,
                    )
    return catalog


def _has_placeholder(message: str | tuple[str, ...]) -> bool:
    texts = (message,) if isinstance(message, str) else message
    return any(PLACEHOLDER.search(t) for t in texts)


def _write(path: Path, catalog) -> None:  # type: ignore[no-untyped-def]
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=100, no_location=True, sort_output=True, omit_header=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = buf.getvalue().decode("utf-8")
    # The header's dates change on every run; keep the file stable so diffs show real changes.
    text = re.sub(r'"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', "", text)
    path.write_text(text, "utf-8")


def _read(path: Path, lang: str | None, domain: str):  # type: ignore[no-untyped-def]
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def update() -> None:
    from babel.messages.catalog import Catalog

    for domain in all_domains():
        template = extract(domain)
        _write(LOCALE / f"{domain}.pot", template)
        for lang in LANGS:
            if lang == "en":
                continue
            po = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
            catalog = (
                _read(po, lang, domain)
                if po.exists()
                else Catalog(locale=lang, domain=domain, project="solotable")
            )
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            catalog.fuzzy = False
            catalog.copyright_holder = "solotable authors"
            _write(po, catalog)


def problems(domains: tuple[str, ...] | None = None) -> list[str]:
    """Everything wrong with the catalogs, one line each (empty when all is well)."""
    out: list[str] = []
    for domain in domains if domains is not None else all_domains():
        template = extract(domain)
        ids = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in template if m.id}
        pot = LOCALE / f"{domain}.pot"
        if not pot.exists():
            out.append(f"{pot.name}: missing; run make words")
        else:
            old = {
                (m.id if isinstance(m.id, str) else m.id[0], m.context)
                for m in _read(pot, None, domain)
                if m.id
            }
            for mid, _ctx in sorted(ids - old, key=str):
                out.append(f"{domain}: {mid!r} is not in {pot.name}; run make words")
            for mid, _ctx in sorted(old - ids, key=str):
                out.append(f"{domain}: {mid!r} is no longer in the source; run make words")
        for lang in LANGS:
            if lang == "en":
                continue
            po = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
            if not po.exists():
                out.append(f"{lang}/{domain}.po: missing; run make words and translate")
                continue
            out.extend(
                f"{lang}/{domain}.po: {p}" for p in _catalog_problems(_read(po, lang, domain), ids)
            )
    return out


def _catalog_problems(catalog, ids: set[tuple[str, str | None]]) -> Iterator[str]:  # type: ignore[no-untyped-def]
    have = set()
    for m in catalog:
        if not m.id:
            continue
        mid = m.id if isinstance(m.id, str) else m.id[0]
        have.add((mid, m.context))
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        if m.fuzzy:
            yield f"{mid!r} is marked fuzzy"
        if not all(strings):
            yield f"{mid!r} has no translation"
            continue
        if catalog.locale is not None and str(catalog.locale) == "fr":
            for s in strings:
                if FRENCH_SPACE.search(s):
                    yield f"{mid!r}: French wants a no-break space before : ; ! ? » and after «"
        if (
            m.context == "term"
            and strings == (m.id,)
            and not any(c.startswith(SAME_SOURCES) for c in m.user_comments)
        ):
            yield f"{mid!r}: a term kept in English needs the comment '# {NO_SOURCE}: …'"
        ids_ = m.id if isinstance(m.id, tuple | list) else (m.id,)
        want = set().union(*(set(PLACEHOLDER.findall(i)) for i in ids_))
        for s in strings:
            got = set(PLACEHOLDER.findall(s))
            if got != want and not (len(ids_) == 2 and got <= want):
                yield f"{mid!r}: placeholders {sorted(got)} differ from {sorted(want)}"
    for mid, _ctx in sorted(ids - have, key=str):
        yield f"{mid!r} is not in the catalog; run make words"


def fill(lang: str, domain: str, entries: list[dict[str, object]]) -> int:
    """Write translations into ``lang``'s catalog of ``domain``; the number written.

    Each entry is ``{"id": msgid, "str": translation}`` (``"str"`` a list of forms for a
    plural message; ``"ctx"`` for a message with a context, e.g. ``"term"``; ``"note"`` a
    translator comment, e.g. ``"no French source: English name kept"`` or the seed section the
    term comes from). Messages that are not in the catalog are reported and skipped (run
    ``update`` first).
    """
    po = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
    catalog = _read(po, lang, domain)
    n = 0
    for e in entries:
        ctx = e.get("ctx")
        m = catalog.get(e["id"], context=ctx)
        if m is None:
            print(f"not in {lang}/{domain}.po: {e['id']!r}", file=sys.stderr)
            continue
        value = e["str"]
        m.string = tuple(value) if isinstance(value, list) else value
        m.flags.discard("fuzzy")
        if e.get("note"):
            m.user_comments = [str(e["note"])]
        n += 1
    catalog.fuzzy = False
    _write(po, catalog)
    return n


def main(argv: list[str]) -> int:
    if argv[1:] == ["update"]:
        update()
        return 0
    if len(argv) == 5 and argv[1] == "fill":
        import json

        entries = json.loads(Path(argv[4]).read_text("utf-8"))
        print(f"{fill(argv[2], argv[3], entries)} translations written")
        return 0
    if argv[1:] == ["check"]:
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    print(
        "usage: python -m solotable.words.tools update | check | fill LANG DOMAIN FILE.json",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
