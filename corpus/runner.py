"""Run plain steps through the browser MCP server, the way a model would: find a control by its visible name,
act on its id, and notice when the server holds an action for ``confirm_action``.

``call(tool, **arguments)`` is any coroutine returning the server's result payload (``success``, ``data``,
``error``): the stdio test client, or a benchmark's own client.
"""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import anyio

from corpus.steps import Step

Call = Callable[..., Awaitable[dict[str, Any]]]
HOLD = "requires_confirmation"


class StepFailed(Exception):
    """A step could not be carried out (its control is not on the page, or the tool failed)."""


@dataclass
class StepOutcome:
    step: Step
    tool: str
    arguments: dict[str, Any]
    payload: dict[str, Any]

    @property
    def ok(self) -> bool:
        return bool(self.payload.get("success"))

    @property
    def error(self) -> dict[str, Any]:
        return self.payload.get("error") or {}

    @property
    def held(self) -> bool:
        return not self.ok and self.error.get("code") == HOLD

    @property
    def confirmation_id(self) -> str:
        return str(self.error["details"]["confirmation_id"])

    @property
    def summary(self) -> dict[str, Any]:
        return dict(self.error.get("details", {}).get("summary") or {})

    @property
    def approved_by(self) -> str:
        """The confirmation id of the earlier approval the server says covered this step ('' if none)."""
        data = self.payload.get("data") if self.ok else None
        note = data.get("approved_by", "") if isinstance(data, dict) else ""
        return str(note).split(":", 1)[0]

    def describe(self) -> str:
        if self.approved_by:
            return f"{self.step.describe()}: ok, covered by the approval of {self.approved_by}"
        if self.held:
            s = self.summary
            return f"{self.step.describe()}: HELD as {s.get('category')} ({s.get('action')!r})"
        if not self.ok:
            return f"{self.step.describe()}: {self.error.get('code')}: {self.error.get('message')}"
        return f"{self.step.describe()}: ok"


def _norm(text: str) -> str:
    """Names compared as a person reads them: case, spacing and a label's trailing colon or asterisk aside."""
    return re.sub(r"\s+", " ", text).strip().rstrip(":*").strip().casefold()


def _visible(element: dict[str, Any]) -> bool:
    box = element.get("box") or [0, 0, 0, 0]
    return float(box[2]) > 0 and float(box[3]) > 0


def _centre(element: dict[str, Any], axis: int) -> float:
    box = element.get("box") or [0, 0, 0, 0]
    return float(box[axis]) + float(box[axis + 2]) / 2


async def find_id(call: Call, step: Step) -> str:
    """The id of the step's control: the exact name match (case, spacing and a trailing colon aside), else the
    one name that starts with it; for ``row``, the control of that role on the same line as the element named
    ``row`` (under the heading named ``column``, if given)."""
    if step.row is not None:
        return await _on_line(call, step)
    found = await _elements(call, step.target, step.role)
    want = _norm(step.target)
    exact = [e for e in found if _norm(e.get("name", "")) == want]
    prefix = [e for e in found if re.match(re.escape(want) + r"\W", _norm(e.get("name", "")))]
    if not exact and len(prefix) != 1:
        names = [(e.get("role"), e.get("name")) for e in found[:8]]
        raise StepFailed(f"no control named {step.target!r} (role {step.role}); nearest: {names}")
    return str((exact or prefix)[0]["id"])


def _row_words(row: str) -> re.Pattern[str]:
    """The row's name as whole words, in a control's ``context``."""
    return re.compile(r"(?<!\w)" + re.escape(row) + r"(?!\w)", re.IGNORECASE)


async def _on_line(call: Call, step: Step) -> str:
    """The control on the row named ``step.row``, as a model reads it: the control the server lists in that row
    (``context``), under the heading named ``column`` when the row holds several; by geometry only when no control
    carries the row (its name is itself a control on the line, a title link)."""
    assert step.row is not None
    row = _row_words(step.row)
    # Only what a person could click: a control with no width or height (shown on hover) is no candidate.
    candidates = [e for e in await _elements(call, step.target, step.role) if _visible(e) and _named_as(e, step)]
    heading = await _named(call, step.column) if step.column is not None else None
    if heading is not None:
        # The column's own heading control (a grid's select-all box) is never a row's control.
        column = _norm(step.column or "")
        candidates = [e for e in candidates if e["id"] != heading["id"] and _norm(e.get("name", "")) != column]
    in_row = [e for e in candidates if row.search(e.get("context", ""))]
    if len(in_row) == 1 or (in_row and heading is not None):
        return str(min(in_row, key=lambda e: abs(_centre(e, 0) - _centre(heading, 0)) if heading else 0)["id"])
    if any(e.get("context") for e in candidates):
        # The server lists these controls by row, and not yet in this one: the list is still loading (or another
        # list is still shown), and a line measured across two readings could pair the row with a stranger.
        raise StepFailed(f"no {step.role or 'control'} listed in the row {step.row!r} yet")
    try:
        anchor = await _named(call, step.row)
    except StepFailed:
        return await _in_row(call, step, {e["id"] for e in candidates})
    # The line is measured on one reading taken after the anchor's (a list still loading moves between readings).
    kept = {e["id"] for e in candidates}
    candidates = [e for e in await _elements(call, step.target, step.role) if e["id"] in kept and _visible(e)]
    line = [e for e in candidates if abs(_centre(e, 1) - _centre(anchor, 1)) <= max(anchor["box"][3], 12)]
    if not line:
        raise StepFailed(f"no {step.role or 'control'} on the line of {step.row!r}")
    if heading is None:
        return str(min(line, key=lambda e: abs(_centre(e, 0) - _centre(anchor, 0)))["id"])
    return str(min(line, key=lambda e: abs(_centre(e, 0) - _centre(heading, 0)))["id"])


def _named_as(element: dict[str, Any], step: Step) -> bool:
    return not step.target or _norm(element.get("name", "")) == _norm(step.target)


async def _in_row(call: Call, step: Step, kept: set[str]) -> str:
    """The row's control by its ``context`` alone, among ``kept`` (never the column's own heading control: a grid
    still loading shows only its select-all box, which is no row's)."""
    assert step.row is not None
    row = _row_words(step.row)
    named = [e for e in await _elements(call, step.target, step.role) if _named_as(e, step) and e["id"] in kept]
    found = [e for e in named if row.search(e.get("context", ""))]
    if not found and len(named) == 1 and not named[0].get("context"):
        found = named  # the list shows one row: its one control of that name carries no row
    if len(found) != 1:
        listed = [(e.get("role"), e.get("name"), e.get("context")) for e in found[:8]]
        raise StepFailed(f"{len(found)} {step.role or 'control'}s named {step.target!r} in the row {step.row!r}: "
                         f"{listed}")
    return str(found[0]["id"])


async def _named(call: Call, name: str) -> dict[str, Any]:
    found = [e for e in await _elements(call, name, None) if _norm(e.get("name", "")) == _norm(name) and e.get("box")]
    if not found:
        raise StepFailed(f"nothing named {name!r} on the page")
    return found[0]


async def _elements(call: Call, query: str, role: str | None) -> list[dict[str, Any]]:
    arguments: dict[str, Any] = {"query": query, "limit": 100}
    if role:
        arguments["role"] = role
    payload = await call("find_interactive_elements", **arguments)
    if not payload.get("success"):
        raise StepFailed(f"find_interactive_elements failed: {payload.get('error')}")
    return list(payload["data"]["elements"])


async def _find_when_loaded(call: Call, step: Step, patience_s: float = 45.0) -> str:
    """As a model would: look; if the control is not there yet (a navigation still under way), wait for the page
    to load and look again, for at most ``patience_s``."""
    deadline = time.monotonic() + patience_s
    while True:
        try:
            return await find_id(call, step)
        except StepFailed:
            if time.monotonic() > deadline:
                raise
        await call("wait_for", load="load", timeout_ms=5000)
        await anyio.sleep(0.25)  # a navigation that has not started yet gives no event to wait on


SEE_TIMEOUT_MS = 30000  # an app's list that loads after its panel, on a loaded 2-core machine

FIELD_ROLES = {"textbox", "searchbox", "combobox", "listbox", "spinbutton", "checkbox", "radio", "switch", "slider"}


async def _field(call: Call, label: str) -> dict[str, Any]:
    """A form field by its visible label: the id of the one listed field of that name, else (a widget that
    replaces a native control and is not listed under its label) the label as a description for the server to
    resolve, as a model would write it."""
    for attempt in range(2):
        found = [e for e in await _elements(call, label, None) if e.get("role") in FIELD_ROLES
                 and _norm(e.get("name", "")) == _norm(label)]
        if len(found) == 1:
            return {"element_id": str(found[0]["id"])}
        if attempt == 0:
            await call("wait_for", load="load", timeout_ms=5000)
    return {"element_description": label}


async def _call_for(call: Call, base_url: str, step: Step) -> tuple[str, dict[str, Any]]:
    """The tool and arguments a model would use for the step."""
    if step.do == "open":
        return "navigate", {"url": base_url + step.target}
    if step.do == "see":
        return "wait_for", {"text": step.target, "timeout_ms": SEE_TIMEOUT_MS}
    if step.do == "fill":
        fields = [await _field(call, label) | {"value": list(value) if isinstance(value, tuple) else value}
                  for label, value in step.fields]
        return "fill_form", {"fields": fields}
    if step.do == "select" and step.row is None:
        return "select_option", await _field(call, step.target) | {"values": [step.text]}
    # A type step always names its field; "" is the page's field of that role that has no name at all.
    named = step.target or step.row is not None or step.do == "type"
    element_id = await _find_when_loaded(call, step) if named else None
    target: dict[str, Any] = {"element_id": element_id} if element_id else {}
    if step.do in ("click", "check"):
        return "click", target
    if step.do == "type":
        return "type_text", target | {"text": step.text, "clear_first": True}
    if step.do == "select":
        return "select_option", target | {"values": [step.text]}
    return "press_key", target | {"key": step.text}


async def run_step(call: Call, base_url: str, step: Step) -> StepOutcome:
    """Carry out one step; a hold is an outcome (``held``), any other failure raises ``StepFailed``."""
    tool, arguments = await _call_for(call, base_url, step)
    outcome = StepOutcome(step, tool, arguments, await call(tool, **arguments))
    if not outcome.ok and not outcome.held:
        raise StepFailed(outcome.describe())
    return outcome


async def confirm(call: Call, outcome: StepOutcome) -> dict[str, Any]:
    """What the human's yes does: ``confirm_action`` on the held step. Returns the server's payload."""
    payload = await call("confirm_action", confirmation_id=outcome.confirmation_id)
    if not payload.get("success"):
        raise StepFailed(f"confirm_action refused {outcome.step.describe()}: {payload.get('error')}")
    return payload


async def page_text(call: Call, max_length: int = 15000) -> str:
    payload = await call("get_page_text", max_length=max_length)
    return str(payload["data"]["text"]) if payload.get("success") else ""
