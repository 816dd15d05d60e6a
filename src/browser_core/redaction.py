"""One redaction function used everywhere text leaves the process: tool results, logs, run records.

Secrets are registered at run time (values typed into sensitive fields, configured secret values) and from
the environment (``BROWSER_SECRETS``: comma-separated values, and the values of ``*_API_KEY`` / ``*_TOKEN`` /
``*_PASSWORD`` variables, ``BROWSER_SECRET_<NAME>`` secrets). Registered values are replaced by ``[REDACTED]``
wherever they appear, and so is a cut one (the first ``_PREFIX_LEN`` characters of a longer value, and on).
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import MutableMapping
from typing import Any

MASK = "[REDACTED]"
_MIN_SECRET_LEN = 4
_PREFIX_LEN = 12  # a longer secret's first characters are masked wherever they appear, however it was cut
_SECRET_ENV = re.compile(r"(API_KEY|TOKEN|PASSWORD|SECRET)$", re.I)
_lock = threading.Lock()
_secrets: set[str] = set()


def register_secret(value: str | None) -> None:
    """Mask ``value`` from now on, also where it appears JSON-escaped (inside a serialized result or record)."""
    if value and len(value) >= _MIN_SECRET_LEN:
        escaped = {json.dumps(value, ensure_ascii=only_ascii)[1:-1] for only_ascii in (False, True)}
        with _lock:
            _secrets.add(value)
            _secrets.update(escaped)


def load_env_secrets(environ: MutableMapping[str, str] | None = None) -> None:
    env = os.environ if environ is None else environ
    for part in env.get("BROWSER_SECRETS", "").split(","):
        register_secret(part.strip())
    for key, value in env.items():
        if _SECRET_ENV.search(key) and value not in ("", "x", "test"):
            register_secret(value)
        elif key.startswith("BROWSER_SECRET_") and not key.endswith(("_ORIGINS", "_KIND")):
            register_secret(value)  # a named secret (security/named_secrets.py), whatever its name


def redact(text: str) -> str:
    if not _secrets or not text:
        return text
    with _lock:
        values = sorted(_secrets, key=len, reverse=True)
    for value in values:
        if value in text:
            text = text.replace(value, MASK)
        if len(value) > _PREFIX_LEN and value[:_PREFIX_LEN] in text:
            text = _mask_prefixes(text, value)
    return text


def _mask_prefixes(text: str, value: str) -> str:
    """Mask what starts like ``value`` for at least ``_PREFIX_LEN`` characters: a cut value (a listing shortens
    long values) is masked as well as a whole one."""
    out, start = [], 0
    while (found := text.find(value[:_PREFIX_LEN], start)) >= 0:
        end = found + _PREFIX_LEN
        while end < len(text) and end - found < len(value) and text[end] == value[end - found]:
            end += 1
        out += [text[start:found], MASK]
        start = end
    return "".join(out) + text[start:]


def redact_data(value: Any) -> Any:
    """``value`` with every string inside it (dict values and keys, list items) redacted; the structure is kept,
    so JSON written from it stays valid whatever the secrets are."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {redact_data(k): redact_data(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [redact_data(v) for v in value]
    return value


def redact_event(_logger: Any, _name: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """A structlog processor: redact every string value of a log event."""
    for key, value in list(event.items()):
        if isinstance(value, str):
            event[key] = redact(value)
    return event
