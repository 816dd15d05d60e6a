"""Retry backoff and stuck detection (seed 001) over the browser tool calls every agent makes.

The page fingerprint is the URL plus a digest of the last observation, plus how many actions succeeded since it
(an executor acts on a whole horizon without re-observing: until it observes again, the page is not known to be
unchanged); an *action* is an acting tool with its arguments. The same action on an unchanged fingerprint
``repeats`` times in a row is "stuck". A retry after a
retriable/recoverable failure waits an exponential backoff first. The same failure (code and message) from any
browser tool ``repeats`` times in a row is "stuck" too, whatever tool or agent made the calls (an observe that
fails the same way each time is no progress either).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from browser_core.result_model import ToolResult

OBSERVING = frozenset({"observe", "find_interactive_elements", "get_page_text", "get_accessibility_tree", "extract"})
PASSIVE = OBSERVING | frozenset(
    {
        "get_viewport_info",
        "is_element_visible",
        "screenshot",
        "save_screenshot",
        "wait_for",
        "confirm_action",
    }
)
IGNORED_ARGS = frozenset({"timeout_ms"})


@dataclass
class Check:
    kind: Literal["allow", "stuck"]
    delay_s: float = 0.0
    message: str = ""


def short_tool(name: str) -> str:
    return name.rsplit("__", 1)[-1]


def action_key(tool: str, tool_input: Mapping[str, object]) -> str:
    """The call as a repeat is recognised by: the tool and its arguments (the model's arbitrary JSON)."""
    args = {k: tool_input[k] for k in sorted(tool_input) if k not in IGNORED_ARGS and tool_input[k] is not None}
    return f"{short_tool(tool)} {json.dumps(args, ensure_ascii=False, sort_keys=True)}"


@dataclass
class StuckDetector:
    repeats: int = 3
    backoff_s: float = 0.5
    backoff_max_s: float = 4.0
    url: str = ""
    digest: str = ""
    _last: tuple[str, str] | None = None
    _count: int = 0
    _failures: int = 0
    _last_error: str = ""
    _acted: int = 0  # successful actions since the last observation
    same_failures: int = 0  # the last browser result's failure, repeated this many times in a row (any tool)
    last_failure: str = ""
    history: list[str] = field(default_factory=list)

    @property
    def fingerprint(self) -> str:
        return f"{self.url}#{self.digest}" + (f"+{self._acted}" if self._acted else "")

    def reset(self) -> None:
        self._last, self._count, self._failures, self._last_error = None, 0, 0, ""

    def before(self, tool: str, tool_input: Mapping[str, object]) -> Check:
        name = short_tool(tool)
        if self.same_failures >= self.repeats:
            return Check(
                "stuck",
                message=f"Stuck: the same failure {self.same_failures} times in a row "
                f"({self.last_failure}). Do not repeat it: re-plan another way.",
            )
        if name in PASSIVE:
            return Check("allow")
        key = (action_key(tool, tool_input), self.fingerprint)
        if key == self._last:
            self._count += 1
        else:
            self._last, self._count, self._failures, self._last_error = key, 1, 0, ""
        if self._count >= self.repeats:
            tried = f"`{key[0]}` was tried {self._count} times on an unchanged page ({self.url or 'no URL yet'})"
            outcome = f"; last outcome: {self._last_error}" if self._last_error else ""
            return Check("stuck", message=f"Stuck: {tried}{outcome}. Do not repeat it: re-plan another way.")
        delay = 0.0
        if self._failures:
            delay = min(self.backoff_s * (2 ** (self._failures - 1)), self.backoff_max_s)
        return Check("allow", delay_s=delay)

    def after(self, tool: str, envelope: ToolResult | None) -> None:
        """Update the fingerprint and the failure streak from a browser tool's result envelope."""
        if envelope is None:
            return
        name = short_tool(tool)
        self._count_failure(envelope)
        data = envelope.data
        url = envelope.metadata.url or (data.get("url") if isinstance(data, dict) else None)
        if url and url != self.url:
            self.url = str(url)
            self.digest = ""
        if name in OBSERVING and envelope.success and isinstance(data, dict):
            stable = {k: data.get(k) for k in ("url", "title", "elements", "text", "frames") if k in data}
            blob = json.dumps(stable, sort_keys=True, ensure_ascii=False)
            self.digest = hashlib.sha1(blob.encode(), usedforsecurity=False).hexdigest()[:12]
            self._acted = 0
        elif name not in PASSIVE and envelope.success:
            self._acted += 1
        if name in PASSIVE or self._last is None or self._last[0].split(" ", 1)[0] != name:
            return
        error = envelope.error
        if envelope.success or error is None:
            self._failures, self._last_error = 0, "ok"
        else:
            self._last_error = error.code or "failed"
            if error.category in ("retriable", "recoverable"):
                self._failures += 1

    def _count_failure(self, envelope: ToolResult) -> None:
        error = envelope.error
        if envelope.success or error is None:
            self.same_failures, self.last_failure = 0, ""
            return
        failure = f"{error.code or 'failed'}: {error.message}"[:300]
        self.same_failures = self.same_failures + 1 if failure == self.last_failure else 1
        self.last_failure = failure
