"""Acting on elements the model chose: click, type, press, hover, select, scroll.

Every action resolves its target through ``targets.resolve_target`` (ids or descriptions, never selectors) and
passes ``session.guard`` before it runs. click and type_text resolve through the retry chain (``retry.py``:
frames in FR-025 order, an optional ``frame``, the coordinate fallback, ``retry_chain`` unless found at once) and
hit-test before clicking (``pointer.py``), so an overlay fails fast with what covers the element. Results say
what visibly changed: the URL and the title when they changed, a navigation, a new tab, dialogs answered, files
downloaded.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any, Literal, TypedDict

import anyio
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from browser_core.act import strategies
from browser_core.act.dialogs import dialogs_since
from browser_core.act.forms import match_options
from browser_core.act.outcome import ActionResult, side_effects_only, with_changes
from browser_core.act.pending_nav import navigating, navigating_opens
from browser_core.act.retry import locate, run_chain
from browser_core.act.retry_chain import Located
from browser_core.act.strategies import Modifier
from browser_core.act.suggestions import elements_if_suggesting, value_preview, wait_for_suggestions
from browser_core.act.widget_choice import set_widget
from browser_core.act.widgets import find_widget, typed_widget
from browser_core.errors import InvalidInput, StaleElement, playwright_errors
from browser_core.page.targets import EDITABLE, SELECTABLE, Target, resolve_target
from browser_core.read.changes import document_marks, document_token, what_changed
from browser_core.security.intent import ActionIntent
from browser_core.session.browser import BrowserSession
from browser_core.together import both, both_settled

MAX_TEXT = 10_000
_KEY = re.compile(r"^((Control|Alt|Shift|Meta|ControlOrMeta)\+)*([A-Za-z0-9]+|[^\sA-Za-z0-9])$")

class _ClickOptions(TypedDict):
    button: Literal["left", "right", "middle"]
    double: bool
    timeout_ms: int
    modifiers: list[Modifier]


class _TypeOptions(TypedDict):
    text: str
    clear_first: bool
    press_enter: bool
    timeout_ms: int


async def _target(session: BrowserSession, page: Page, **kw: Any) -> Target:
    return await resolve_target(page, session.registry, session.settings, **kw)


# Whether the element is (in) a link that opens another tab, and whether it is (in) a download link: one read.
_LINK_KIND_JS = """el => { const a = el.closest('a[href]'); const t = a && (a.target || '').toLowerCase();
  return [!!t && t !== '_self' && t !== '_parent' && t !== '_top', !!el.closest('a[href][download]')]; }"""
POPUP_WAIT_S = 5.0


async def settle(
    session: BrowserSession, page: Page, before_url: str, popup: anyio.Event | None = None,
    opens_before: int | None = None, may_open_tab: bool = False, before_doc: str | None = None,
    opens_after: int | None = None,
) -> ActionResult:
    """After an action: follow a tab it opened, let a started navigation reach DOMContentLoaded, say what changed
    (a new document even at the same URL, the title, messages, the elements added, removed or changed)."""
    if popup is not None and not popup.is_set():
        opened = may_open_tab or (opens_before is not None and (
            opens_after if opens_after is not None else (await document_marks(session, page))[1]) > opens_before)
        if opened:
            with anyio.move_on_after(POPUP_WAIT_S):
                await popup.wait()
    active = await session.page()
    with contextlib.suppress(PlaywrightError):
        await active.wait_for_load_state("domcontentloaded", timeout=session.settings.navigation_timeout_ms)
    changes = await what_changed(session, active, before_doc if active is page else None)
    if active.url != before_url or active is not page:
        changes["navigated"] = True
    # the URL when the page moved (a new document, another URL or tab); else the model has it already
    out: ActionResult = {"url": active.url} if changes.get("navigated") else {}
    if active is not page:
        out["switched_tab"] = True
    return with_changes(out, changes)


async def click(
    session: BrowserSession,
    *,
    element_id: str | None = None,
    description: str | None = None,
    role: str | None = None,
    button: Literal["left", "right", "middle"] = "left",
    double: bool = False,
    timeout_ms: int | None = None,
    frame: str | int | None = None,
    confirmed: bool = False,
    modifiers: list[Modifier] | None = None,
) -> ActionResult:
    page = await session.page()
    held: list[Modifier] = list(dict.fromkeys(modifiers or []))
    before = page.url
    timeout = timeout_ms or session.settings.action_timeout_ms
    marks = _marks(session)
    # Independent reads run together: the page's marks with the look-up, the link's kind with the gate's check.
    (before_doc, opens_before), located = await both(
        document_marks(session, page),
        locate(session, page, element_id=element_id, description=description, role=role, frame=frame))
    for tries_left in (1, 0):
        target = located.target
        intent = ActionIntent("click", page, target, {"button": button, "double": double})
        try:
            with playwright_errors("click"):
                approved, (opens_tab, download_link) = await both(
                    session.guard.check(intent, confirmed=confirmed), target.handle.evaluate(_LINK_KIND_JS))
                may_open_tab = bool(opens_tab) or button == "middle" or (target.role == "link" and bool(held))
                downloads_file = bool(download_link)
            popup = session.expect_new_page()
            kw: _ClickOptions = {"button": button, "double": double, "timeout_ms": timeout, "modifiers": held}
            _, opens_after = await navigating_opens(
                session, page, lambda t=target, k=kw, at=located: run_chain(  # type: ignore[misc]
                    at, "click",
                    lambda: strategies.direct_click(session, page, t, **k),
                    lambda: strategies.coordinate_click(session, page, t, **k),
                ))
            break
        except StaleElement:
            # A grid or list redrew the element between finding and clicking it: find the id's element again (by
            # what it is and the row it was listed in), check it again, once.
            if not (element_id and tries_left):
                raise
            located = await locate(session, page, element_id=element_id, description=description, role=role,
                                   frame=frame)
    action = "double_click" if double else f"{button}_click" if button != "left" else "click"
    out: ActionResult = {"action": "+".join([*held, action]), "element": target.describe()}
    out |= await settle(session, page, before, popup, opens_before, may_open_tab, before_doc, opens_after)
    out |= await _after(session, marks, downloads_file)
    dialogs: list[dict[str, object]] = [dict(d) for d in out.get("dialogs", [])]
    await session.guard.hold_at_dialog(intent, dialogs, confirmed=confirmed)  # its dialog said delete
    return _approved(_with_chain(out, located), approved)


def _with_chain(out: ActionResult, located: Located) -> ActionResult:
    """The result with the retry chain that found the element, unless it was found and acted on at once in the
    main frame (most actions: nothing to say)."""
    if not located.chain.at_once:
        out["retry_chain"] = located.chain.summary()
    return out


def _approved(out: ActionResult, approval_note: str | None) -> ActionResult:
    """The result, saying which earlier human approval covered this action (security/approvals.py)."""
    if approval_note:
        out["approved_by"] = approval_note
    return out


async def type_text(
    session: BrowserSession,
    *,
    text: str,
    element_id: str | None = None,
    description: str | None = None,
    role: str | None = None,
    clear_first: bool = True,
    press_enter: bool = False,
    timeout_ms: int | None = None,
    frame: str | int | None = None,
    confirmed: bool = False,
) -> ActionResult:
    if len(text) > MAX_TEXT:
        raise InvalidInput(f"text is {len(text)} characters; the limit is {MAX_TEXT}")
    page = await session.page()
    # The widget the text may set and the field it may be typed into, looked up together (one wait, not two).
    widget, located = await both_settled(
        typed_widget(session, page, element_id=element_id, description=description, frame=frame),
        locate(session, page, element_id=element_id, description=description, role=role, frame=frame,
               accept=EDITABLE))
    if isinstance(widget, BaseException):
        raise widget
    if widget is not None:  # a select-like widget or a read-only date picker: the text chooses / sets its value
        intent = ActionIntent("type_text", page, widget.target, {"text": text, "press_enter": False})
        approved = await session.guard.check(intent, confirmed=confirmed)
        before, before_doc = page.url, await document_token(session, page)
        out: ActionResult = {"action": "type_text", "element": widget.target.describe(), "typed_chars": len(text),
                             "value": ", ".join(await set_widget(session, page, widget, [text]))}
        return _approved(out | await settle(session, page, before, before_doc=before_doc), approved)
    if isinstance(located, BaseException):
        raise located
    target = located.target
    intent = ActionIntent("type_text", page, target,
                          {"text": text, "press_enter": press_enter, "clear_first": clear_first})
    approved = await session.guard.check(intent, confirmed=confirmed)
    before = page.url
    before_doc, suggests = await both(
        document_token(session, page), elements_if_suggesting(target, wanted=bool(text) and not press_enter))
    timeout = timeout_ms or session.settings.action_timeout_ms
    marks = _marks(session)
    kw: _TypeOptions = {"text": text, "clear_first": clear_first, "press_enter": press_enter, "timeout_ms": timeout}
    await navigating(session, page, lambda: run_chain(
        located, "type_text",
        lambda: strategies.direct_type(page, target, **kw),
        lambda: strategies.coordinate_type(session, page, target, **kw),
    ))
    if suggests is not None:
        await wait_for_suggestions(target, suggests)
    value = await value_preview(target)
    out = {"action": "type_text", "element": target.describe(), "typed_chars": len(text)}
    if value is not None:
        out["value"] = value
    out |= await settle(session, page, before, before_doc=before_doc)
    if value is not None:  # the field's own new value is said above, not again as a change
        side_effects_only(out, {target.id})
    out |= await _after(session, marks)
    return _approved(_with_chain(out, located), approved)


def _marks(session: BrowserSession) -> tuple[int, int]:
    return len(session.events), session.downloads.started


async def _after(session: BrowserSession, marks: tuple[int, int], download_link: bool = False) -> ActionResult:
    """Dialogs the action opened (already answered) and downloads it started (saved, or still going).

    A link with a ``download`` attribute starts its download without a navigation, so nothing tells the click
    to wait for it: for those the download's start is awaited (bounded) too.
    """
    out: ActionResult = {}
    dialogs = dialogs_since(session, marks[0])
    if dialogs:
        out["dialogs"] = dialogs
    if download_link:
        await session.downloads.wait_start(marks[1])
    downloads = await session.downloads.wait_since(marks[1])
    if downloads:
        out["downloads"] = downloads
    return out


async def press_key(
    session: BrowserSession,
    *,
    key: str,
    element_id: str | None = None,
    description: str | None = None,
    role: str | None = None,
    confirmed: bool = False,
) -> ActionResult:
    if not _KEY.match(key or ""):
        raise InvalidInput(
            f"'{key}' is not a key", hint="Use key names like Enter, Tab, Escape, ArrowDown, Control+A, a"
        )
    page = await session.page()
    before = page.url
    before_doc = await document_token(session, page)
    out: ActionResult = {"action": "press_key", "key": key}
    target = None
    if element_id or description:
        target = await _target(session, page, element_id=element_id, description=description, role=role)
    approved = await session.guard.check(ActionIntent("press_key", page, target, {"key": key}),
                                         confirmed=confirmed)
    await navigating(session, page, lambda: _press(page, target, key, session.settings.action_timeout_ms, out))
    return _approved(out | await settle(session, page, before, before_doc=before_doc), approved)


async def _press(page: Page, target: Target | None, key: str, timeout_ms: int, out: ActionResult) -> None:
    with playwright_errors("press_key"):
        if target is not None:
            await target.handle.press(key, timeout=timeout_ms, no_wait_after=True)
            out["element"] = target.describe()
        else:
            try:
                await page.keyboard.press(key)
            except PlaywrightError as exc:
                if "Unknown key" in str(exc):
                    raise InvalidInput(f"'{key}' is not a key Playwright knows") from exc
                raise


_OPTIONS_JS = """el => el.tagName === 'SELECT' ? Array.from(el.options).map(o => [o.value, o.label || o.text]) : null"""


async def select_option(
    session: BrowserSession,
    *,
    values: list[str],
    element_id: str | None = None,
    description: str | None = None,
    role: str | None = None,
    confirmed: bool = False,
) -> ActionResult:
    if not values or not all(isinstance(v, str) and v.strip() for v in values):
        raise InvalidInput("values must be a non-empty list of option labels or values")
    page = await session.page()
    target, widget = await find_widget(session, page, element_id=element_id, description=description, resolve=lambda: (
        _target(session, page, element_id=element_id, description=description, role=role, accept=SELECTABLE)))
    await session.guard.check(ActionIntent("select_option", page, target, {"values": values}), confirmed=confirmed)
    before = page.url
    before_doc = await document_token(session, page)
    if widget is not None:  # select2, tom-select, choices.js, ARIA comboboxes and listboxes, date pickers
        return {"action": "select_option", "element": target.describe(),
                "selected": await set_widget(session, page, widget, values)} | await settle(
                    session, page, before, before_doc=before_doc)
    with playwright_errors("select_option"):
        options = await target.handle.evaluate(_OPTIONS_JS)
        if options is None:
            raise InvalidInput(
                f"{target.role} '{target.name}' is not a <select>",
                hint="For custom dropdowns click the control, observe, then click the option.",
            )
        chosen = match_options(options, values, target.name)
        await navigating(session, page, lambda: target.handle.select_option(
            value=chosen, timeout=session.settings.action_timeout_ms))
    label_of = {v: label for v, label in options}
    return {"action": "select_option", "element": target.describe(), "selected": [label_of[v] for v in chosen]} | (
        await settle(session, page, before, before_doc=before_doc)
    )


_AT_POINT_JS = """([key, x, y]) => {
  const s = window[key];
  let el = document.elementFromPoint(x, y);
  while (el && el.shadowRoot && el.shadowRoot.elementFromPoint(x, y) && el.shadowRoot.elementFromPoint(x, y) !== el)
    el = el.shadowRoot.elementFromPoint(x, y);
  for (let n = el; n && s; n = n.parentElement) { const id = s.ids.get(n); if (id !== undefined) return id; }
  return null;
}"""


async def click_at(session: BrowserSession, *, x: int, y: int, text: str | None = None,
                   confirmed: bool = False) -> ActionResult:
    """A click at viewport coordinates (canvas-like widgets), then optionally typing; the gate sees the listed
    element under the point (or the focused field for the typing), as for click and type_text."""
    page = await session.page()
    size = page.viewport_size or {"width": session.settings.viewport_width, "height": session.settings.viewport_height}
    if not (0 <= x < size["width"] and 0 <= y < size["height"]):
        raise InvalidInput(f"({x}, {y}) is outside the viewport {size['width']}x{size['height']}")
    if text is not None and len(text) > MAX_TEXT:
        raise InvalidInput(f"text is {len(text)} characters; the limit is {MAX_TEXT}")
    target = None
    with contextlib.suppress(PlaywrightError):
        number = await page.evaluate(_AT_POINT_JS, [session.registry.key, x, y])
        element_id = f"{session.registry.slot(page.main_frame).prefix}e{number}"
        if number is not None and session.registry.fingerprint(element_id) is not None:
            target = await _target(session, page, element_id=element_id, description=None)
    await session.guard.check(ActionIntent("click", page, target, {"button": "left", "double": False}),
                              confirmed=confirmed)
    before, before_doc, marks = page.url, await document_token(session, page), _marks(session)
    out: ActionResult = {"action": "click_at", "point": [x, y]}
    if target is not None:
        out["element"] = target.describe()

    async def act() -> None:
        with playwright_errors("click_at"):
            await page.mouse.click(x, y)
            if text:
                await session.guard.check(ActionIntent("type_text", page, None, {"text": text, "press_enter": False}),
                                          confirmed=confirmed)
                await page.keyboard.type(text)
                out["typed_chars"] = len(text)
    await navigating(session, page, act)
    return out | await settle(session, page, before, before_doc=before_doc) | await _after(session, marks)
