"""Setting a widget the way a person does: open it, type to filter, choose the option by its visible text, close.

Options that load as one types (ajax) are waited for, bounded. A missing or ambiguous option is an
``InvalidInput`` listing the options offered (the first 20), and the widget is closed again. After choosing, no
popup is left open (the library's own close, else Escape, else a blur) and the result is the value the widget now
shows. A select2-style widget over a real ``<select>`` is set through that select (with its change event) only
when the interaction did not take, and only if the widget then shows the value. Read-only date pickers are set
through their own API on the element (flatpickr, jQuery datepickers), else through the value and input/change.
"""

from __future__ import annotations

from typing import Any

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from browser_core.act.widgets import WIDGETS_JS, Widget, call
from browser_core.errors import ElementNotInteractable, InvalidInput, ToolFailure, playwright_errors
from browser_core.session.browser import BrowserSession

MAX_LISTED = 20
SETTLE_MS = 600  # options still this long count as loaded
LOAD_MS = 6_000  # the longest wait for options that load as one types
CLOSE_MS = 1_500
COVERED_MS = 2_000  # an option still covered after this is pressed through its events
_PRESS = """for (const t of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'])
    x.dispatchEvent(new (t.startsWith('pointer') ? PointerEvent : MouseEvent)(t, {bubbles: true, cancelable: true,
      view: window, button: 0}));"""
_PRESS_JS = "o => { o.scrollIntoView({block: 'nearest'}); const x = o; " + _PRESS + " }"
_PRESS_OUTSIDE_JS = "f => { const x = f.ownerDocument.body; " + _PRESS + " }"


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def pick(options: list[list[Any]], wanted: str, name: str, *, final: bool = True) -> int | None:
    """The index of the option whose visible text is ``wanted`` (exactly, else the one containing it); None when
    not final and there is no exact match; an error naming the options when missing or ambiguous."""
    want = _norm(wanted)
    usable = [(i, str(o[0])) for i, o in enumerate(options) if not o[1]]
    exact = [i for i, text in usable if _norm(text) == want]
    if len(exact) == 1:
        return exact[0]
    if not final and not exact:
        return None
    if len(exact) > 1:
        raise InvalidInput(f"option '{wanted}' is ambiguous in '{name}': {len(exact)} options read '{wanted}'",
                           details={"options": [t for _, t in usable][:MAX_LISTED]})
    partial = [i for i, text in usable if want and want in _norm(text)]
    if len(partial) == 1:
        return partial[0]
    listed = [t for _, t in usable][:MAX_LISTED]
    if partial:
        raise InvalidInput(
            f"option '{wanted}' is ambiguous in '{name}': it matches "
            + ", ".join(f"'{options[i][0]}'" for i in partial[:5]),
            hint="Give the option's full text.",
            details={"options": listed, "matches": [options[i][0] for i in partial][:MAX_LISTED]})
    raise InvalidInput(f"no option '{wanted}' in '{name}'", details={"options": listed})


def check_known(widget: Widget, values: list[str]) -> None:
    """Options known before opening (the hidden select's) are checked before anything changes."""
    if widget.options is None or not widget.has_select:
        return
    rows: list[list[Any]] = [[o, False, False] for o in widget.options]
    for value in values:
        if pick(rows, value, widget.target.name, final=False) is None and not widget.text:
            pick(rows, value, widget.target.name)


async def choose(session: BrowserSession, page: Page, widget: Widget, values: list[str], *,
                 strict: bool = True) -> list[str]:
    """Choose each value (several only on a multi-select); returns the value the widget now shows. Not strict
    (fill_form): a free-text combobox that suggests nothing for the text keeps the text typed."""
    name = widget.target.name
    if not values:
        raise InvalidInput(f"give the option to choose in '{name}'")
    if len(values) > 1 and widget.has_select and not widget.multiple:
        raise InvalidInput(f"'{name}' takes one option, not {len(values)}")
    check_known(widget, values)
    timeout_ms = session.settings.action_timeout_ms
    with playwright_errors("select_option"):
        for value in values:
            if widget.multiple and await _already_chosen(session, widget, value):
                continue
            typed_before = await widget.face.input_value() if widget.text and not widget.has_select else None
            try:
                await _choose_one(session, page, widget, value, timeout_ms, strict)
            except ToolFailure:
                if typed_before is not None:  # the field's own text, as it was
                    await widget.face.fill(typed_before, timeout=timeout_ms)
                raise
            finally:
                await close(session, page, widget)
        if widget.multiple and widget.has_select:
            await _drop_others(session, widget, values)
        return await _verify(session, widget, values)


async def _already_chosen(session: BrowserSession, widget: Widget, value: str) -> bool:
    state = await call(widget.face, session, "shown")
    return any(_norm(s) == _norm(value) for s in (state["selected"] or state["shown"]))


async def _choose_one(session: BrowserSession, page: Page, widget: Widget, value: str, timeout_ms: int,
                      strict: bool) -> None:
    face, name = widget.face, widget.target.name
    await call(face, session, "mark")
    await face.click(timeout=timeout_ms)
    options = await call(face, session, "settle", text=value, quiet_ms=150, max_ms=1_500)
    index = pick(options, value, name, final=False)
    if index is None:
        state = await call(face, session, "state")
        if widget.text or (state and state["focus_text"]):
            if widget.text:
                await face.fill("", timeout=timeout_ms)
            await page.keyboard.type(value, delay=15)
            options = await call(face, session, "settle", text=value, quiet_ms=SETTLE_MS, max_ms=LOAD_MS)
        if not options and widget.text and not widget.has_select and not strict:
            return  # a free-text combobox that suggests nothing for this text: the text typed is the value
        index = pick(options, value, name)
    if not widget.has_select and options[index][2] and options[index][3]:
        return  # already chosen in a multi-select listbox: a click would take it away (a select says it earlier)
    option = (await face.evaluate_handle(
        WIDGETS_JS, {"op": "option", "index": index, "key": session.registry.key, "start": 1})).as_element()
    if option is None:
        raise ElementNotInteractable(f"the option '{value}' of '{name}' went away before it could be chosen")
    try:
        await option.click(timeout=min(timeout_ms, COVERED_MS))
    except PlaywrightError:  # covered by something the page put over it: the events a click sends, on the option
        await option.evaluate(_PRESS_JS)


async def close(session: BrowserSession, page: Page, widget: Widget) -> bool:
    """Close the widget's popup: the library's close, else a press on the page outside it (events on the body, so
    no control is hit and no modal around it sees a click), else Escape, else a blur; True when nothing is left
    open."""
    face = widget.face
    for step in ("api", "outside", "escape", "blur"):
        state = await call(face, session, "shown")
        if state is None or not state["open"]:
            return True
        if step == "api":
            await call(face, session, "close")
        elif step == "escape":
            await page.keyboard.press("Escape")
        elif step == "blur":
            await call(face, session, "blur")
        else:
            await face.evaluate(_PRESS_OUTSIDE_JS)
        if await call(face, session, "closed", max_ms=CLOSE_MS if step != "api" else 300):
            return True
    return False


async def _drop_others(session: BrowserSession, widget: Widget, values: list[str]) -> None:
    """A multi-select is set to exactly the values given: options chosen before and not given are dropped
    through the select (the widget must then show it, which ``_verify`` checks)."""
    state = await call(widget.face, session, "shown")
    wanted = {_norm(v) for v in values}
    if state and any(_norm(s) not in wanted for s in state["selected"] or []):
        await call(widget.face, session, "set_select", labels=[
            s for s in state["selected"] if _norm(s) in wanted or any(_norm(s) in w or w in _norm(s) for w in wanted)])


async def _verify(session: BrowserSession, widget: Widget, values: list[str]) -> list[str]:
    """The value shown must contain what was chosen; a widget over a real select that did not take the
    interaction is set through the select (change event), and only if it then shows the value."""
    state = await call(widget.face, session, "shown")
    if _shows(state, values, widget.multiple):
        return list(state["shown"])
    if widget.has_select:
        await call(widget.face, session, "set_select", labels=values)
        state = await call(widget.face, session, "shown")
        if _shows(state, values, widget.multiple):
            return list(state["shown"])
    raise ElementNotInteractable(
        f"'{widget.target.name}' does not show {', '.join(repr(v) for v in values)} after choosing it",
        details={"shown": state["shown"] if state else None})


# boundary: the page's evaluate result (widgets.js)
def _shows(state: dict[str, Any] | None, values: list[str], multiple: bool = False) -> bool:
    """Every value shown, and (a multi-select over a real select) nothing else selected."""
    if not state:
        return False
    shown = [_norm(s) for s in state["shown"]]
    wanted = [_norm(v) for v in values]
    if multiple and any(not any(w == _norm(s) or w in _norm(s) for w in wanted) for s in state["selected"] or []):
        return False
    return all(any(w == s or w in s for s in shown) for w in wanted)


async def set_date(session: BrowserSession, widget: Widget, value: str) -> str:
    """A read-only date input set through its picker's API (else value + input/change); the value now shown."""
    with playwright_errors("fill_form"):
        out = await call(widget.face, session, "set_date", value=value)
    shown = str(out["shown"] or "")
    if value.strip() and not shown:
        raise InvalidInput(f"the date picker of '{widget.target.name}' did not take '{value}'",
                           hint="Give the date the way the field shows dates.")
    return shown


async def set_widget(session: BrowserSession, page: Page, widget: Widget, values: list[str]) -> list[str]:
    """select_option / type_text on a widget: the date or the options; the value it now shows."""
    if widget.kind == "date":
        if len(values) != 1:
            raise InvalidInput(f"date field '{widget.target.name}' takes one value")
        return [await set_date(session, widget, values[0])]
    return await choose(session, page, widget, values)
