"""Which formatter module says which messages.

A message key starts with its owner: ``core.``, or a game's name (``dice-miner.``). Each owner
has one module here that registers its messages on a :class:`Formatter`; this module knows the
built-in owners by name and imports their module on first use, so ``import solotable.words``
stays cheap and a game's words load only when that game is played.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from solotable.words.tr import Tr

Fn = Callable[[Tr, Mapping[str, Any]], str]

OWNERS: dict[str, str] = {
    "core": "solotable.words.core",
    "web": "solotable.words.shared.web",
    "divercite": "solotable.words.divercite",
    "dice-miner": "solotable.words.dice_miner",
    "mini-divercity": "solotable.words.mini_divercity",
    "51st-state": "solotable.words.fifty_first_state",
}
"""Message-key prefix → the module that says those messages (imported lazily)."""


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (``Formatter.text``)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for the catalog."""
    return singular, plural


class Formatter:
    """The messages of one owner (``core`` or a game), said in that owner's catalog domain."""

    def __init__(self, owner: str, domain: str) -> None:
        self.owner = owner
        self.domain = domain
        self.messages: dict[str, Fn] = {}
        self.options: dict[str, tuple[str, str]] = {}
        """Option key → (label, one-line help), both marked with ``N_``."""
        self.choices: dict[tuple[str, str], tuple[str, str]] = {}
        """(option key, value as text) → (label, help) of one value of a choice option."""
        self.presets: dict[str, tuple[str, str]] = {}
        """Preset name → (label, what it changes)."""
        self.stats: dict[str, tuple[str, str]] = {}
        """``State.stats()`` key → (label, one-line description); category values are
        messages ``<owner>.stat.<key>.<value>`` when they need words."""
        self.title: str = ""
        """The game's name as players know it (marked with ``N_``); empty: ``GameInfo.title``."""
        self.summary: str = ""
        """One line saying what the game is (marked with ``N_``)."""
        self.seats: tuple[str, ...] = ()
        """How the game names its seats (White, Black), marked with ``N_``; empty: "you"."""

    def message(self, name: str) -> Callable[[Fn], Fn]:
        """Register a function that says ``<owner>.<name>`` (for messages with logic)."""

        def register(fn: Fn) -> Fn:
            self.messages[f"{self.owner}.{name}"] = fn
            return fn

        return register

    def text(self, name: str, template: str) -> None:
        """A message that is one catalog string with ``%(arg)s`` placeholders
        (mark ``template`` with ``N_`` so the catalog extracts it)."""
        self.messages[f"{self.owner}.{name}"] = lambda t, a: t._(template, **a)

    def plural(self, name: str, forms: tuple[str, str], count: str = "n") -> None:
        """A message whose form follows the argument ``count`` (mark with ``Nn_``)."""
        singular, plural = forms
        self.messages[f"{self.owner}.{name}"] = lambda t, a: t.ngettext(
            singular, plural, int(a[count]), **a
        )

    def option(self, key: str, label: str, help: str) -> None:
        self.options[key] = (label, help)

    def choice(self, key: str, value: object, label: str, help: str = "") -> None:
        self.choices[(key, str(value).lower())] = (label, help)

    def preset(self, name: str, label: str, help: str) -> None:
        self.presets[name] = (label, help)

    def stat(self, key: str, label: str, help: str) -> None:
        self.stats[key] = (label, help)


def formatter_of(owner: str) -> Formatter | None:
    """The formatter of ``owner`` (None for an owner without words: a plug-in game)."""
    module = OWNERS.get(owner)
    if module is None:
        return None
    return getattr(importlib.import_module(module), "WORDS", None)
