"""Typed, validated game options (variants, goals, difficulty…).

A game declares its options as :class:`OptionSpec` values; ``load_game``
validates what the caller passes, and the CLI's ``--set key=value`` strings
are parsed with the same specs, so every front end reports a bad option the
same way: naming the option and its valid choices.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from solotable.core.errors import OptionError
from solotable.core.message import Msg, Text, msg
from solotable.core.untrusted import shorten

OptionValue = bool | int | float | str


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option: its type, default, allowed values and a one-line help."""

    name: str
    type: type[bool] | type[int] | type[float] | type[str]
    default: OptionValue
    help: str = ""
    """A developer's note on the option (players read the label and help of
    ``solotable.words``, in their language)."""
    choices: tuple[OptionValue, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    check: Callable[[Any], Text | None] | None = None
    """Extra validation; returns an error message or None."""
    advanced: bool = False
    """An option for designers (a data file, a tie-break convention): front ends show it
    under "Advanced", after the options a player chooses."""
    datafile: bool = False
    """The value names a data file: ``""`` (built in), a path, or a ``sha256:`` content
    name (``core.datafile``); records may hold only the last two forms' hash."""

    def valid_msg(self) -> Msg:
        """What values are valid, as data (``solotable.words`` says it)."""
        if self.choices is not None:
            return msg("core.option.valid.choices", choices=[str(c) for c in self.choices])
        if self.type is bool:
            return msg("core.option.valid.bool")
        return msg(
            f"core.option.valid.{self.type.__name__}",
            minimum=self.minimum,
            maximum=self.maximum,
        )

    def describe_valid(self) -> str:
        """What values are valid, in a developer's notation (``one of 'a', 'b'``, ``int >= 1``)."""
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.type is bool:
            return "true or false"
        parts = [self.type.__name__]
        if self.minimum is not None:
            parts.append(f">= {self.minimum:g}")
        if self.maximum is not None:
            parts.append(f"<= {self.maximum:g}")
        return " ".join(parts)

    def coerce(self, value: Any) -> OptionValue:
        """Convert (from text too) and validate one value, or raise OptionError."""
        v: OptionValue
        if self.type is bool:
            if isinstance(value, bool):
                v = value
            elif isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                v = value.strip().lower() in _TRUE
            else:
                raise self._bad(value)
        elif self.type is int:
            if isinstance(value, bool):
                raise self._bad(value)
            if isinstance(value, int):
                v = value
            elif isinstance(value, str):
                if not _INT.fullmatch(value.strip()):
                    raise self._bad(value)
                v = int(value.strip())
            else:
                raise self._bad(value)
        elif self.type is float:
            if isinstance(value, bool):
                raise self._bad(value)
            if isinstance(value, int | float):
                v = float(value) if abs(value) <= _LIMIT else math.inf
            elif isinstance(value, str):
                try:
                    v = float(value.strip())
                except ValueError:
                    raise self._bad(value) from None
            else:
                raise self._bad(value)
            if not math.isfinite(v):
                raise self._bad(value)
        else:
            if not isinstance(value, str):
                raise self._bad(value)
            v = value
        if self.choices is not None and v not in self.choices:
            raise self._bad(value)
        if isinstance(v, int | float) and not isinstance(v, bool):
            if abs(v) > _LIMIT:
                raise self._bad(value)
            if self.minimum is not None and v < self.minimum:
                raise self._bad(value)
            if self.maximum is not None and v > self.maximum:
                raise self._bad(value)
        if self.check is not None:
            why = self.check(v)
            if why:
                raise OptionError(msg("core.option.check", option=self.name, game="", reason=why))
        return v

    def _bad(self, value: Any) -> OptionError:
        return OptionError(
            msg(
                "core.option.bad-value",
                option=self.name,
                game="",
                value=shorten(repr(value)),
                valid=self.valid_msg(),
            )
        )


_INT = re.compile(r"[+-]?[0-9]{1,12}")
"""ASCII digits only: ``int()`` also reads ``'٣'`` and would spend seconds on 4,000 digits."""
_LIMIT = 1e12
"""No option value is larger; a bigger number in a record is a corruption."""
_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def resolve_options(
    specs: Sequence[OptionSpec],
    given: Mapping[str, Any],
    presets: Mapping[str, Mapping[str, OptionValue]] | None = None,
) -> dict[str, OptionValue]:
    """Defaults, then the named ``preset`` (if any), then explicit values.

    Raises OptionError naming the unknown option and the valid names.
    """
    by_name = {s.name: s for s in specs}
    given = dict(given)
    values: dict[str, OptionValue] = {s.name: s.default for s in specs}
    preset = given.pop("preset", None)
    if preset is not None:
        if not isinstance(preset, str) or not presets or preset not in presets:
            raise OptionError(
                msg(
                    "core.option.unknown-preset",
                    preset=shorten(repr(preset)),
                    game="",
                    valid=list(presets or {}),
                )
            )
        for k, v in presets[preset].items():
            values[k] = by_name[k].coerce(v)
    for key, raw in given.items():
        spec = by_name.get(key)
        if spec is None:
            raise OptionError(
                msg("core.option.unknown", option=shorten(repr(key)), game="", valid=list(by_name))
            )
        values[key] = spec.coerce(raw)
    return values


def parse_assignments(items: Sequence[str]) -> dict[str, str]:
    """Parse CLI ``key=value`` strings (values stay text; specs coerce them)."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(msg("core.option.assignment", item=shorten(repr(item))))
        out[key.strip()] = value.strip()
    return out
