"""One redaction function used everywhere text leaves the process: tool results, logs, run records.

Secrets are registered at run time (values typed into sensitive fields, configured secret values) and from
the environment (``BROWSER_SECRETS``: comma-separated values, and the values of ``*_API_KEY`` / ``*_TOKEN`` /
``*_PASSWORD`` variables). Registered values are replaced by ``[REDACTED]`` wherever they appear.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import MutableMapping
from typing import Any

MASK = "[REDACTED]"
_MIN_SECRET_LEN = 4
_SECRET_ENV = re.compile(r"(API_KEY|TOKEN|PASSWORD|SECRET)$", re.I)
_lock = threading.Lock()
_secrets: set[str] = set()


def register_secret(value: str | None) -> None:
    if value and len(value) >= _MIN_SECRET_LEN:
        with _lock:
            _secrets.add(value)


def load_env_secrets(environ: MutableMapping[str, str] | None = None) -> None:
    env = os.environ if environ is None else environ
    for part in env.get("BROWSER_SECRETS", "").split(","):
        register_secret(part.strip())
    for key, value in env.items():
        if _SECRET_ENV.search(key) and value not in ("", "x", "test"):
            register_secret(value)


def redact(text: str) -> str:
    if not _secrets or not text:
        return text
    with _lock:
        values = sorted(_secrets, key=len, reverse=True)
    for value in values:
        if value in text:
            text = text.replace(value, MASK)
    return text


def redact_event(_logger: Any, _name: str, event: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
    """A structlog processor: redact every string value of a log event."""
    for key, value in list(event.items()):
        if isinstance(value, str):
            event[key] = redact(value)
    return event
