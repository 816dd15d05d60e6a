"""One-time codes (RFC 6238 TOTP over RFC 4226 HOTP): HMAC-SHA1, 30-second steps, 6 digits, from a base32 seed."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import struct
import time

STEP_S = 30
DIGITS = 6


def decode_seed(seed: str) -> bytes:
    """The key of a base32 seed as authenticator apps show it (spaces, dashes, lower case and missing padding
    allowed); ValueError when it is not base32."""
    text = "".join(seed.split()).replace("-", "").upper()
    if not text:
        raise ValueError("the seed is empty")
    try:
        return base64.b32decode(text + "=" * (-len(text) % 8))
    except (binascii.Error, ValueError) as exc:
        raise ValueError("the seed is not base32") from exc


def hotp(key: bytes, counter: int, digits: int = DIGITS) -> str:
    digest = hmac.new(key, struct.pack(">Q", counter), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    number = struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF
    return str(number % 10**digits).zfill(digits)


def totp(seed: str, at: float | None = None, *, step_s: int = STEP_S, digits: int = DIGITS) -> str:
    """The code valid at ``at`` (default: now)."""
    moment = time.time() if at is None else at
    return hotp(decode_seed(seed), int(moment // step_s), digits)
