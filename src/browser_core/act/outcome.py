"""What an acting tool returns: the action, the element it acted on, and what visibly changed (``ActionResult``)."""

from __future__ import annotations

from typing import TypedDict

from browser_core.act.retry_chain import ChainSummary
from browser_core.page.listing import ElementRef
from browser_core.read.changes import PageChanges
from browser_core.session.dialog_desk import DialogDetail
from browser_core.session.downloads import DownloadRecord


class FieldState(TypedDict, total=False):
    """A form field after fill_form: its value (text, option values or checked) and the page's complaint."""

    id: str
    name: str
    value: object
    invalid: bool
    message: str


class ScrollPosition(TypedDict):
    y: int
    max: int


class ActionResult(PageChanges, total=False):
    """One action's result: what was done, to which element, then what changed (``PageChanges``), the dialogs it
    opened (answered), the downloads it started and the retry chain that found the element."""

    action: str
    url: str
    status: int
    note: str
    replaced_tab: str
    element: ElementRef
    switched_tab: bool
    typed_chars: int
    value: str
    key: str
    selected: list[str]
    direction: str
    scroll: ScrollPosition
    at_end: bool | None
    point: list[int]
    fields: list[FieldState]
    invalid: int
    via: str
    files: list[dict[str, object]]
    input_has: list[str]
    dialogs: list[DialogDetail]
    downloads: list[DownloadRecord]
    retry_chain: ChainSummary
    approved_by: str
    secret: str  # the name of the secret typed (never its value)
    origin: str  # the origin of the frame it was typed into


def side_effects_only(changes: PageChanges, filled: set[str]) -> None:
    """The elements that changed besides the fields filled or typed into (the result says those: ``fields``,
    ``value``): a select-all box ticking every row, a field that follows another."""
    diff = changes.get("elements_diff", {})
    others = [e for e in diff.pop("changed", []) if e["id"] not in filled]
    if others:
        diff["changed"] = others
    else:
        diff.pop("changed_more", None)
    if not diff:
        changes.pop("elements_diff", None)


def with_changes(out: ActionResult, changes: PageChanges) -> ActionResult:
    """The action's own keys, then what changed (a key in both: the change's)."""
    merged: ActionResult = {**out, **changes}
    return merged
