"""Sealing secrets in saves: the seed and face-down outcomes, out of plain sight.

A save of an unfinished game must not show a face-down card or the seed (from
which every future draw follows) to someone who opens it in an editor, nor let
two saves compared side by side hint at what is face down. A sealed blob is

- a fresh random nonce (16 bytes from ``os.urandom``), so sealing the same
  secret twice gives different bytes;
- the secret as JSON, padded with spaces to a fixed size chosen by the caller
  from what is public anyway (``room``: the number of moves, never their
  hidden text), so a blob's length says nothing about the card inside;
- XOR-ed with a SHAKE-256 keystream of a fixed key and the nonce, in base64.

This stops *accidental* spoilers, not a determined local user: the key is in
this file, so anyone who reads the code can open a seal (see the README's
threat model). The web table keeps secrets on the server instead.

Blobs written before the nonce (tag ``st1:``, zlib and a fixed-key XOR) are
still read, so old saves and stored games keep opening.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import zlib
from typing import Any

from solotable.core.errors import RecordError
from solotable.core.untrusted import MAX_FILE_BYTES, parse_json

_KEY = b"solotable: no peeking at the face-down cards, please"
_TAG_V1 = "st1:"
"""zlib + fixed-key XOR: equal secrets gave equal blobs (read only)."""
_TAG = "st2:"
"""Random nonce + padding to a fixed size + keystream XOR."""
NONCE_BYTES = 16

SEED_ROOM = 64
"""Bytes a sealed ``{"seed": …}`` takes: a seed below 2**63 is 28 bytes of JSON."""
NOTATION_ROOM = 128
"""Bytes one hidden move takes in a seal (its JSON string, quotes included). The longest
hidden notation of the built-in games is 18 characters (a Mini DiverCity draw); a card
name from a data file is at most 80 (``core.untrusted.MAX_NAME``), so 128 fits every
hidden move any built-in game can make, custom cards included."""


def plain_bytes(value: Any) -> int:
    """How many bytes ``value`` takes inside a seal before padding (to size a ``room``)."""
    return len(_encode(value))


def _encode(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def padded_size(length: int, room: int) -> int:
    """``room``, or when a secret is larger than its room (a plug-in game with longer
    hidden moves) the next bucket, ``room`` doubled until it fits: then the bucket, not
    the exact length, is what the blob's size tells."""
    size = max(1, room)
    while size < length:
        size *= 2
    return size


def _keystream(nonce: bytes, n: int) -> bytes:
    return hashlib.shake_256(_KEY + nonce).digest(n)


def _mask(data: bytes, key: bytes) -> bytes:
    return (int.from_bytes(data, "big") ^ int.from_bytes(key, "big")).to_bytes(len(data), "big")


def seal(value: Any, room: int = SEED_ROOM) -> str:
    """``value`` (JSON-serialisable) as an opaque ASCII string of a size set by ``room``.

    Callers pass a ``room`` computed from public information only (how many moves are
    hidden, not what they are), so that every blob of the same public shape has the
    same length whatever it hides."""
    plain = _encode(value)
    padded = plain + b" " * (padded_size(len(plain), room) - len(plain))
    nonce = os.urandom(NONCE_BYTES)
    body = _mask(padded, _keystream(nonce, len(padded)))
    return _TAG + base64.b64encode(nonce + body).decode("ascii")


def unseal(text: str) -> Any:
    """The value given to :func:`seal` (or to the old, nonce-less seal); a damaged seal
    is a RecordError."""
    if isinstance(text, str) and text.startswith(_TAG_V1):
        return _unseal_v1(text)
    if not isinstance(text, str) or not text.startswith(_TAG):
        raise RecordError("the sealed part of the save is missing or damaged")
    if len(text) > 2 * MAX_FILE_BYTES:
        raise RecordError("the sealed part of the save is too large")
    try:
        raw = base64.b64decode(text[len(_TAG) :], validate=True)
        if len(raw) <= NONCE_BYTES:
            raise ValueError("no sealed bytes")
        nonce, body = raw[:NONCE_BYTES], raw[NONCE_BYTES:]
        decoded = _mask(body, _keystream(nonce, len(body))).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        raise RecordError("the sealed part of the save is damaged") from None
    return parse_json(decoded, "the sealed part of the save", RecordError)


def _xor(data: bytes) -> bytes:
    """The old seal's XOR with the key repeated (``st1:``)."""
    key = _KEY
    return bytes(b ^ key[i % len(key)] for i, b in enumerate(data))


def _unseal_v1(text: str) -> Any:
    """A blob sealed before nonces (``st1:``): zlib, then XOR with the key repeated."""
    try:
        inflate = zlib.decompressobj()
        # A few KB of hostile zlib can inflate to gigabytes: stop at the file cap.
        raw = inflate.decompress(
            _xor(base64.b64decode(text[len(_TAG_V1) :], validate=True)), MAX_FILE_BYTES
        )
        if inflate.unconsumed_tail:
            raise RecordError("the sealed part of the save is too large")
        decoded = raw.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise RecordError("the sealed part of the save is damaged") from None
    return parse_json(decoded, "the sealed part of the save", RecordError)
