"""What the environments' ``render()`` shows: the terminal view, as text or as an image.

Both come from the game's own ``render(observation)`` (Rich markup of what the seat may see,
never the true state), laid out by Rich at :data:`COLUMNS` columns exactly as the terminal
table draws it:

- ``ansi``: the text, without colour codes, one line per row;
- ``rgb_array``: an ``H×W×3`` ``uint8`` image of the same text in its colours, dark on a light
  page, drawn with Pillow (the ``rl`` extra) in Pillow's built-in monospace bitmap font, so
  the picture is the same on every machine. The image has a fixed size for a game
  (:data:`COLUMNS` × :data:`ROWS` cells, rows beyond are cut): video recorders
  (Gymnasium's ``RecordVideo``) need every frame the same size. The font has Latin-1 only;
  the few other symbols the games draw (``●``, ``→``, ``—``…) become ASCII look-alikes.
"""

from __future__ import annotations

import io
import unicodedata
from typing import Any

import numpy as np
import numpy.typing as npt
from rich.console import Console
from rich.segment import Segment

from solotable.core.game import Game, Observation

COLUMNS = 100
"""Width of the table in characters (the terminal view's width)."""
ROWS = 48
"""Height of the image in text rows: the longest view measured over 15 random games of each
game has 38 (a finished Divercité); Dice Miner 24, Mini DiverCity 26, 51st State 30."""
CELL = (6, 11)
"""Pixels per character in Pillow's built-in bitmap font (width, height)."""
SCALE = 2
"""The image is drawn at ``CELL`` and enlarged this many times (crisp pixels, readable)."""
MARGIN = 4
PAGE = (250, 250, 245)
INK = (30, 30, 30)

_ASCII = str.maketrans(
    {
        "■": "#",
        "▫": "o",
        "▶": ">",
        "●": "*",
        "◐": "@",
        "←": "<",
        "→": ">",
        "—": "-",
        "–": "-",
        "…": "~",
    }
)


def table_lines(game: Game, observation: Observation) -> list[list[Segment]]:
    """The table as Rich lays it out: one list of styled segments per row."""
    console = Console(
        file=io.StringIO(),
        width=COLUMNS,
        color_system="truecolor",
        force_terminal=True,
        highlight=False,
    )
    text = console.render_str(game.render(observation), highlight=False)
    return console.render_lines(text, console.options, pad=False)


def table_text(lines: list[list[Segment]]) -> str:
    """The rows as plain text (trailing spaces removed), ending with a newline."""
    return "".join("".join(s.text for s in line).rstrip() + "\n" for line in lines)


def _latin1(text: str) -> str:
    text = text.translate(_ASCII)
    if text.isascii():
        return text
    out = []
    for ch in text:
        if ord(ch) < 256:
            out.append(ch)
        else:
            plain = unicodedata.normalize("NFKD", ch).encode("latin-1", "ignore").decode("latin-1")
            out.append(plain[:1] or "?")
    return "".join(out)


def _rgb(color: Any, default: tuple[int, int, int]) -> tuple[int, int, int]:
    if color is None or color.is_default:
        return default
    triplet = color.get_truecolor()
    return (triplet.red, triplet.green, triplet.blue)


def _readable(color: tuple[int, int, int]) -> tuple[int, int, int]:
    """``color`` darkened until it reads on the light page (terminal themes pick light greys
    and yellows for dark screens)."""
    light = 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2]
    if light <= 140:
        return color
    k = 140 / light
    r, g, b = (round(c * k) for c in color)
    return (r, g, b)


def table_image(lines: list[list[Segment]]) -> npt.NDArray[np.uint8]:
    """The rows drawn as an RGB image of fixed size (see the module's docstring)."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError as e:  # pragma: no cover - Pillow comes with the rl extra
        needs = "render_mode='rgb_array' needs Pillow: pip install 'solotable[rl]'"
        raise ImportError(needs) from e
    font = ImageFont.load_default_imagefont()
    cw, ch = CELL
    size = (COLUMNS * cw + 2 * MARGIN, ROWS * ch + 2 * MARGIN)
    image = Image.new("RGB", size, PAGE)
    draw = ImageDraw.Draw(image)
    for row, line in enumerate(lines[:ROWS]):
        col = 0
        y = MARGIN + row * ch
        for segment in line:
            text = _latin1(segment.text)
            if not text or segment.control:
                continue
            style = segment.style
            x = MARGIN + col * cw
            if style is not None and style.bgcolor is not None:
                back = _rgb(style.bgcolor, PAGE)
                draw.rectangle((x, y, x + len(text) * cw - 1, y + ch - 1), fill=back)
            ink = _rgb(style.color if style is not None else None, INK)
            if style is None or style.bgcolor is None:
                ink = _readable(ink)
            draw.text((x, y), text, font=font, fill=ink)
            col += len(text)
    image = image.resize((size[0] * SCALE, size[1] * SCALE), Image.Resampling.NEAREST)
    return np.asarray(image, dtype=np.uint8)


class TableView:
    """``render()`` for an environment: the mode it was made with, from one observation."""

    MODES = ("ansi", "human", "rgb_array")

    def __init__(self, game: Game, mode: str | None) -> None:
        if mode is not None and mode not in self.MODES:
            raise ValueError(f"render_mode must be one of {list(self.MODES)} or None, got {mode!r}")
        self.game, self.mode = game, mode

    def render(self, observation: Observation) -> str | npt.NDArray[np.uint8] | None:
        """Text (``ansi``), an image (``rgb_array``) or None after printing (``human``)."""
        if self.mode is None:
            return None
        lines = table_lines(self.game, observation)
        if self.mode == "rgb_array":
            return table_image(lines)
        text = table_text(lines)
        if self.mode == "human":
            print(text, end="", flush=True)
            return None
        return text
