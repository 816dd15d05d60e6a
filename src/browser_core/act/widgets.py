"""Widgets that replace native controls, found by the label a person reads (``js/widgets.js``).

select2, tom-select and choices.js hide the real ``<select>`` and draw their own face; ARIA comboboxes and
listbox buttons (headless UI, MUI, Vuetify, Element, Ant) open a popup of options; date pickers make their input
read-only. The field is found by its visible label (``<label for>`` pointing at the hidden select,
``aria-labelledby``, a label cell) or from any id inside the widget, and the target is the widget's face (what a
person clicks), with an id like any listed element. Detection is by structure, ARIA and the libraries' markers.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from playwright.async_api import ElementHandle, Frame, Page

from browser_core.errors import AmbiguousTarget, playwright_errors
from browser_core.page.registry import ElementFingerprint
from browser_core.page.targets import Target, check_description
from browser_core.session.browser import BrowserSession

WIDGETS_JS = resources.files("browser_core.js").joinpath("widgets.js").read_text(encoding="utf-8")
_ON_DOCUMENT = f"a => ({WIDGETS_JS})(document.documentElement, a)"


@dataclass
class Widget:
    """A widget's face (as a target) and what it is: a choice among options, or a date picker."""

    target: Target
    kind: str  # "choice" | "date"
    multiple: bool = False
    text: bool = False  # the face is itself a text field (typing filters the options)
    has_select: bool = False  # a hidden native <select> holds the value
    options: list[str] | None = None  # known without opening (the hidden select's options)
    shown: list[str] = field(default_factory=list)

    @property
    def face(self) -> ElementHandle:
        return self.target.handle


async def call(handle: ElementHandle, session: BrowserSession, op: str, **args: Any) -> Any:
    """One op of ``js/widgets.js`` on an element."""
    return await handle.evaluate(WIDGETS_JS, {"op": op, "key": session.registry.key, "start": 1, **args})


def _frame_path(page: Page, frame: Frame) -> str:
    return "main" if frame is page.main_frame else frame.name or frame.url


async def _as_widget(session: BrowserSession, page: Page, frame: Frame, found: list[Any], fallback: str,
                     matched_by: str) -> Widget:
    number, next_number, info = found
    registry = session.registry
    registry.advance(frame, next_number)
    name = info["label"] or fallback
    path = _frame_path(page, frame)
    element_id = registry.make_id(frame, number, ElementFingerprint(info["role"], name, path))
    _, handle = await registry.resolve(element_id)
    assert handle is not None  # registered just now
    target = Target(element_id, info["role"], name, frame, path, handle, matched_by=matched_by)
    return Widget(target, info["kind"], info["multiple"], info["text"], info["has_select"], info["options"],
                  info["shown"])


async def widget_of(session: BrowserSession, page: Page, target: Target) -> Widget | None:
    """The widget a resolved element belongs to (its hidden select, its face, a part of it), or None."""
    start = session.registry.slot(target.frame).next_number
    with playwright_errors("widget"):
        found = await target.handle.evaluate(
            WIDGETS_JS, {"op": "face", "key": session.registry.key, "start": start})
    if found is None:
        return None
    widget = await _as_widget(session, page, target.frame, found, target.name, target.matched_by)
    if widget.target.id == target.id:
        widget.target = target
    return widget


async def widget_by_label(session: BrowserSession, page: Page, description: str) -> Widget | None:
    """The widget whose visible label is the description (exactly, else the one label containing it)."""
    description = check_description(description)
    frame = page.main_frame
    start = session.registry.slot(frame).next_number
    with playwright_errors("widget"):
        hits = await frame.evaluate(_ON_DOCUMENT, {"op": "find", "text": description, "key": session.registry.key,
                                                   "start": start})
    if not hits:
        return None
    if len(hits) > 1 and not all(h[2].get("exact") for h in hits):
        return None  # several labels merely contain the words: the ordinary search decides
    if len(hits) > 1:
        widgets = [await _as_widget(session, page, frame, h, description, "label") for h in hits[:8]]
        raise AmbiguousTarget(
            f"{len(hits)} fields are labelled '{description}'", hint="Retry with element_id of the one you mean.",
            details={"candidates": [w.target.describe() for w in widgets]})
    return await _as_widget(session, page, frame, hits[0], description, "label")


async def find_widget(session: BrowserSession, page: Page, *, element_id: str | None, description: str | None,
                      resolve: Callable[[], Awaitable[Target]]) -> tuple[Target, Widget | None]:
    """The target of an action and, when it is (part of) a widget, the widget: a description is first read as a
    widget's visible label, else resolved the ordinary way (``resolve``) and the element mapped to its widget."""
    widget = None if element_id or not description else await widget_by_label(session, page, description)
    if widget is not None:
        return widget.target, widget
    target = await resolve()
    widget = await widget_of(session, page, target)
    return (widget.target if widget else target), widget


async def typed_widget(session: BrowserSession, page: Page, *, element_id: str | None, description: str | None,
                       frame: object = None) -> Widget | None:
    """For type_text: the widget whose value the text sets rather than fills in (a select-like widget, a
    read-only date picker); None for plain fields and free-text comboboxes, which are typed into."""
    if frame is not None or not (element_id or description):
        return None
    if element_id:
        where, handle = await session.registry.resolve(element_id)
        fp = session.registry.fingerprint(element_id)
        if handle is None or fp is None:
            return None
        widget = await widget_of(session, page, Target(element_id, fp.role, fp.name, where, fp.frame_path, handle))
    else:
        widget = await widget_by_label(session, page, description or "")
    if widget is None or (widget.kind == "choice" and widget.text and not widget.has_select):
        return None
    return widget
