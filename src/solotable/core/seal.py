"""Sealing secrets in saves: the seed and face-down outcomes, out of plain sight.

A save of an unfinished game must not show a face-down card or the seed (from
which every future draw follows) to someone who opens it in an editor. The
seal is zlib, a fixed-key XOR and base64: it stops *accidental* spoilers, not
a determined local user, who can read this code (see the README's threat
model). The web table keeps secrets on the server instead.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from solotable.core.errors import RecordError
from solotable.core.untrusted import MAX_FILE_BYTES, parse_json

_KEY = b"solotable: no peeking at the face-down cards, please"
_TAG = "st1:"


def _xor(data: bytes) -> bytes:
    key = _KEY
    return bytes(b ^ key[i % len(key)] for i, b in enumerate(data))


def seal(value: Any) -> str:
    """``value`` (JSON-serialisable) as an opaque ASCII string."""
    raw = zlib.compress(json.dumps(value, separators=(",", ":")).encode("utf-8"))
    return _TAG + base64.b64encode(_xor(raw)).decode("ascii")


def unseal(text: str) -> Any:
    """The value given to :func:`seal`; a damaged seal is a RecordError."""
    if not isinstance(text, str) or not text.startswith(_TAG):
        raise RecordError("the sealed part of the save is missing or damaged")
    try:
        inflate = zlib.decompressobj()
        # A few KB of hostile zlib can inflate to gigabytes: stop at the file cap.
        raw = inflate.decompress(
            _xor(base64.b64decode(text[len(_TAG) :], validate=True)), MAX_FILE_BYTES
        )
        if inflate.unconsumed_tail:
            raise RecordError("the sealed part of the save is too large")
        decoded = raw.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise RecordError("the sealed part of the save is damaged") from None
    return parse_json(decoded, "the sealed part of the save", RecordError)
