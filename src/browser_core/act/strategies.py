"""The steps of the retry chain for click and type_text: the direct action and the coordinate fallback.

The direct click hit-tests first (``pointer.probe``): when something covers the element it fails in
milliseconds with what covers it, whether that is an iframe (and which frame), and the controls of the
covering layer (a cookie banner's buttons, a modal's Close) so the model can dismiss it and retry. The
coordinate fallback clicks the first point of the element's box that nothing covers (the centre when free),
so a partly covered control still works, and a fully covered one is never clicked through the overlay.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Sequence
from typing import Literal

import structlog
from playwright.async_api import Page
from playwright.async_api import TimeoutError as PlaywrightTimeoutError

from browser_core.errors import ClickIntercepted, ElementNotInteractable, StaleElement, ToolFailure
from browser_core.page.frames import frame_views
from browser_core.page.listing import ListedElement, WalkerArgs
from browser_core.page.observation import frame_elements, scan_frame, viewport_size
from browser_core.page.pointer import Probe, covering_frame, layer_numbers, probe
from browser_core.page.targets import Target
from browser_core.session.browser import BrowserSession

MAX_CONTROLS = 8
_PERFORMED = re.compile(r"(click|press|dblclick) action done|waiting for scheduled navigations|navigated to ")
log = structlog.get_logger("browser_core.strategies")
Modifier = Literal["Alt", "Control", "ControlOrMeta", "Meta", "Shift"]

_FOCUSED_JS = """el => { let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
  for (let n = a; n; n = n.parentNode || n.host) if (n === el) return true;
  return false; }"""

# A code editor's input proxy: an empty text area drawn too small or too faint to read (CodeMirror's, Monaco's): the
# document lives in the editor's script, and only the editor's own select-all (by key) takes it all.
_PROXY_JS = """el => { if (el.tagName !== 'TEXTAREA' || el.value) return false;
  const r = el.getBoundingClientRect();
  let w = r.width, h = r.height;  // as drawn: a wrapper that clips it (CodeMirror's 3 × 0 px box) sizes it
  for (let p = el.parentElement, i = 0; p && i < 3; p = p.parentElement, i++) {
    if (getComputedStyle(p).overflow === 'visible') continue;
    const q = p.getBoundingClientRect(); w = Math.min(w, q.width); h = Math.min(h, q.height); }
  return w <= 3 || h <= 3 || Number(getComputedStyle(el).opacity) === 0; }"""
_SELECT_ALL_JS = """el => {
  if ((""" + _PROXY_JS + """)(el)) return false;
  if (typeof el.select === 'function' && 'value' in el) { el.select(); return true; }
  if (el.isContentEditable) { const r = document.createRange(); r.selectNodeContents(el);
    const s = getSelection(); s.removeAllRanges(); s.addRange(r); return true; }
  return false; }"""


async def _overlay_controls(session: BrowserSession, page: Page, result: Probe, target: Target) -> list[ListedElement]:
    """Interactive elements inside the layer covering the target, with ids (dismiss buttons and the like)."""
    if result.blocker_frame is None:
        return []
    views = [v for v in await frame_views(page, session.registry, session.settings.frame_depth_limit)
             if v.frame is result.blocker_frame]
    if not views:
        return []
    args: WalkerArgs = {"mode": "search", "query": "", "role": "", "maxOff": 300, "maxViewport": 300}
    scan = await scan_frame(views[0], session.registry, args, session.settings.iframe_timeout_ms)
    numbers = set(await layer_numbers(session.registry, result))
    found = [e for e in frame_elements(scan, session.registry, viewport_size(page, session.settings))
             if e.id != target.id and int(e.id.rsplit("e", 1)[1]) in numbers]
    found.sort(key=lambda e: (e.role not in ("button", "link"), not e.in_viewport))
    return [e.to_dict() for e in found[:MAX_CONTROLS]]


async def intercepted(session: BrowserSession, page: Page, target: Target, result: Probe) -> ClickIntercepted:
    """FR-018: the click would land on something else; say what, and how to get it out of the way."""
    covered_by = result.covered_by or "another element"
    details: dict[str, object] = {"covered_by": covered_by, "element": target.id}
    message = f"{target.role} '{target.name}' is covered by {covered_by}"
    frame = await covering_frame(session.registry, result)
    if frame is not None:
        details["covering_frame"] = frame
        message += f" (an iframe: frame {frame})"
    if result.blocker_frame is not None and result.blocker_frame is not target.frame:
        details["covered_in"] = "the page around the element's frame"
    controls = await _overlay_controls(session, page, result, target)
    hint = None
    if controls:
        details["overlay_controls"] = controls
        hint = ("Something covers the element: click one of details.overlay_controls to dismiss it (or press "
                "Escape), then retry.")
    return ClickIntercepted(message, details=details, hint=hint)


def _no_point(target: Target, result: Probe) -> ToolFailure | None:
    if result.reason == "redrawn":  # the page replaced it (a grid redrawing its rows): found again by the caller
        return StaleElement(f"{target.role} '{target.name}' was redrawn by the page before it could be clicked")
    if result.reason:
        return ElementNotInteractable(f"{target.role} '{target.name}' cannot be clicked: {result.reason}")
    return None


# A control parked outside the page until the pointer rests on its row (a list's row actions shown on hover): the
# nearest ancestor drawn on the page, within a few levels, that the pointer can rest on.
_SHOWN_ANCESTOR_JS = """el => {
  for (let n = el.parentElement, i = 0; n && i < 6; n = n.parentElement, i++) {
    const r = n.getBoundingClientRect();
    if (r.width >= 1 && r.height >= 1 && r.right > 0 && r.bottom > 0) return n;
  }
  return null; }"""


async def _reveal(target: Target, timeout_ms: int) -> Probe | None:
    """Rest the pointer on the nearest shown ancestor (the row), as a person would, and hit-test again."""
    found = (await target.handle.evaluate_handle(_SHOWN_ANCESTOR_JS)).as_element()
    if found is None:
        return None
    try:
        await found.hover(force=True, timeout=timeout_ms)
    finally:
        await found.dispose()
    await target.handle.scroll_into_view_if_needed(timeout=timeout_ms)
    return await probe(target.frame, target.handle)


async def _probe_in_view(target: Target, timeout_ms: int) -> Probe:
    """Scroll the element into view and hit-test it; raises when it has no point to act on at all."""
    await target.handle.scroll_into_view_if_needed(timeout=timeout_ms)
    result = await probe(target.frame, target.handle)
    if result.outside:
        result = await _reveal(target, timeout_ms) or result
    problem = _no_point(target, result)
    if problem:
        raise problem
    return result


async def _once(action: Awaitable[None]) -> None:
    """A click or key press, never repeated once the browser has performed it: the navigation it starts is waited
    for by the action's own bounded wait (``pending_nav.py``), and a timeout that comes after the input was
    dispatched (the page's handler still busy) is not a failure the coordinate fallback may try again: a second
    click could commit twice."""
    try:
        await action
    except PlaywrightTimeoutError as exc:
        if not _PERFORMED.search(str(exc)):
            raise
        log.info("input dispatched; the page was still busy when the action's time ran out")


async def direct_click(
    session: BrowserSession, page: Page, target: Target, *, button: Literal["left", "right", "middle"],
    double: bool, timeout_ms: int, modifiers: Sequence[Modifier] = (),
) -> str | None:
    clicks = 2 if double else 1
    if (await probe(target.frame, target.handle)).ready:
        # Already in view, enabled, still and on top (hit-tested just now): clicked at once, without the browser's
        # own scroll and stability waits (about 100 ms a click); anything else goes the careful way below.
        await _once(target.handle.click(button=button, click_count=clicks, timeout=timeout_ms, force=True,
                                        modifiers=list(modifiers), no_wait_after=True))
        return None
    result = await _probe_in_view(target, timeout_ms)
    if result.by_label and result.points:  # the browser cannot click a box of no size: the label's point it can
        return await coordinate_click(session, page, target, button=button, double=double, timeout_ms=timeout_ms,
                                      modifiers=modifiers)
    if not result.centre_free:
        raise await intercepted(session, page, target, result)
    await _once(target.handle.click(button=button, click_count=clicks, timeout=timeout_ms, modifiers=list(modifiers),
                                    no_wait_after=True))
    return None


async def _free_point(session: BrowserSession, page: Page, target: Target, timeout_ms: int) -> tuple[float, float]:
    result = await _probe_in_view(target, timeout_ms)
    if not result.points:
        failure = await intercepted(session, page, target, result)
        failure.message = f"no point of {target.role} '{target.name}' is free: {failure.message}"
        raise failure
    return result.points[0]


async def coordinate_click(
    session: BrowserSession, page: Page, target: Target, *, button: Literal["left", "right", "middle"],
    double: bool, timeout_ms: int, modifiers: Sequence[Modifier] = (),
) -> str:
    x, y = await _free_point(session, page, target, timeout_ms)
    pressed: list[str] = []
    try:
        for key in modifiers:
            await page.keyboard.down(key)
            pressed.append(key)
        await page.mouse.click(x, y, button=button, click_count=2 if double else 1)
    finally:
        for held in reversed(pressed):
            await page.keyboard.up(held)
    return f"clicked at ({round(x)}, {round(y)})"


_DATE_FORMATS = {"date": "YYYY-MM-DD", "time": "HH:MM", "datetime-local": "YYYY-MM-DDTHH:MM", "month": "YYYY-MM",
                 "week": "YYYY-Www"}
_SLASHED = re.compile(r"^\s*(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{4})\s*$")


def date_value(kind: str, text: str) -> str:
    """The value a date input takes for a date written the common way (12/03/2016, 3.12.2016, 2016-12-03)."""
    match = _SLASHED.match(text) if kind == "date" else None
    if not match:
        return text.strip()
    a, b, year = int(match.group(1)), int(match.group(2)), match.group(3)
    month, day = (b, a) if a > 12 else (a, b)  # day first only when it cannot be a month
    return f"{year}-{month:02d}-{day:02d}"


async def direct_type(
    page: Page, target: Target, *, text: str, clear_first: bool, press_enter: bool, timeout_ms: int
) -> str | None:
    kind = await target.handle.evaluate("el => el.tagName === 'INPUT' ? (el.type || '').toLowerCase() : ''")
    if kind in _DATE_FORMATS:
        value = date_value(kind, text)
        await target.handle.fill(value, timeout=timeout_ms)
        if value and not await target.handle.evaluate("el => el.value"):
            raise ElementNotInteractable(
                f"the {kind} field did not accept '{text[:40]}'",
                hint=f"Type the value as {_DATE_FORMATS[kind]}.",
            )
        if press_enter:
            await _once(target.handle.press("Enter", timeout=timeout_ms, no_wait_after=True))
        return None if value == text else f"typed as {value}"
    if clear_first and await target.handle.evaluate(_PROXY_JS):
        await target.handle.focus()
        await page.keyboard.press("ControlOrMeta+a")
        await page.keyboard.insert_text(text)
    elif clear_first:
        await target.handle.fill(text, timeout=timeout_ms)
    else:
        await target.handle.focus()
        await to_end(page, target)
        await page.keyboard.insert_text(text)
    if press_enter:
        await _once(target.handle.press("Enter", timeout=timeout_ms, no_wait_after=True))
    return None


_CARET_AT_END_JS = """el => {
  if (el.tagName === 'INPUT' && typeof el.selectionStart === 'number') {
    const n = el.value.length; el.setSelectionRange(n, n); return true; }
  if (el.isContentEditable) { const r = document.createRange(); r.selectNodeContents(el); r.collapse(false);
    const s = getSelection(); s.removeAllRanges(); s.addRange(r); }
  return false; }"""


async def to_end(page: Page, target: Target) -> None:
    """The caret to the end of the focused field's text, so typed text is appended: a one-line field by its
    selection; a text area or an editor (an editable element, or a code editor's hidden text area that puts the
    caret at the start on focus) also by the key that goes to the end of a document."""
    if not await target.handle.evaluate(_CARET_AT_END_JS):
        await page.keyboard.press("ControlOrMeta+End")


async def coordinate_type(
    session: BrowserSession, page: Page, target: Target, *, text: str, clear_first: bool, press_enter: bool,
    timeout_ms: int,
) -> str:
    """Click the field where nothing covers it, check it has focus, then type with real key events."""
    x, y = await _free_point(session, page, target, timeout_ms)
    await page.mouse.click(x, y)
    if not await target.handle.evaluate(_FOCUSED_JS):
        raise ElementNotInteractable(f"clicking {target.role} '{target.name}' did not give it the keyboard focus")
    if clear_first and not await target.handle.evaluate(_SELECT_ALL_JS):
        await page.keyboard.press("ControlOrMeta+a")
    elif not clear_first:
        await to_end(page, target)
    await page.keyboard.type(text)
    if press_enter:
        await page.keyboard.press("Enter")
    return f"clicked at ({round(x)}, {round(y)}) and typed with key events"
