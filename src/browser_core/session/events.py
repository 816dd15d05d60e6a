"""Events the session reports once, with the next tool result: a popup, a dialog answered, a download saved."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class PageEvent:
    """Something that happened outside a tool call's own action (a popup, a dialog), reported once."""

    kind: str
    detail: dict[str, Any]
