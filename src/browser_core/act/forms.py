"""``fill_form``: several fields (text, select, checkbox, radio, date) in one call, never submitting.

Every field is resolved (id or description, editable and choosable controls only) and passes the guard as
the single action it stands for (typing, choosing an option, ticking) BEFORE anything is filled: a field the
gate refuses, an unknown field or an option that does not exist leaves the whole form untouched.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict, cast

from playwright.async_api import Error as PlaywrightError

from browser_core.act.outcome import ActionResult, FieldState, side_effects_only, with_changes
from browser_core.act.secret_fields import check_field, fill_secret, secret_params
from browser_core.act.widget_choice import check_known, choose, set_date
from browser_core.act.widgets import Widget, find_widget
from browser_core.errors import InvalidInput, SecretRefused, playwright_errors
from browser_core.page.targets import Target, resolve_target
from browser_core.read.changes import PageChanges, document_token, what_changed
from browser_core.security.intent import ActionIntent
from browser_core.security.secret_marks import masked
from browser_core.session.browser import BrowserSession
from browser_core.together import each, each_settled

MAX_FIELDS = 50
FILLABLE = ("textbox", "searchbox", "combobox", "listbox", "spinbutton", "checkbox", "radio", "switch", "slider")
_TRUE = {"true", "yes", "on", "1", "checked", "x"}
_FALSE = {"false", "no", "off", "0", "unchecked", ""}

_KIND_JS = """el => {
  if (el.tagName === 'SELECT') return ['select', Array.from(el.options).map(o => [o.value, o.label || o.text])];
  if (el.tagName === 'INPUT') {
    const t = (el.type || 'text').toLowerCase();
    if (t === 'checkbox' || t === 'radio') return [t, null];
    if (['button', 'submit', 'reset', 'image', 'file', 'hidden'].includes(t)) return ['other', t];
    return ['text', t];
  }
  if (el.tagName === 'TEXTAREA' || el.isContentEditable) return ['text', 'textarea'];
  const r = el.getAttribute('role');
  if (r === 'checkbox' || r === 'switch' || r === 'radio') return ['aria-check', r];
  return ['other', el.tagName.toLowerCase()];
}"""

_STATE_JS = """el => {
  let value;
  if (el.tagName === 'SELECT') value = Array.from(el.selectedOptions).map(o => o.label || o.text).join(', ');
  else if (el.type === 'checkbox' || el.type === 'radio') value = el.checked;
  else if (el.getAttribute('role') === 'checkbox' || el.getAttribute('role') === 'switch' ||
           el.getAttribute('role') === 'radio') value = el.getAttribute('aria-checked') === 'true';
  else if (el.type === 'password') value = el.value ? '••••' : '';
  else value = 'value' in el ? el.value : el.textContent;
  const msg = el.validationMessage || '';
  const described = (el.getAttribute('aria-describedby') || '').split(/\\s+/).filter(Boolean)
    .map(id => document.getElementById(id)).filter(n => n && n.getAttribute('role') === 'alert' ||
      n && /error|invalid/i.test(n.className)).map(n => n.innerText.trim()).join(' ');
  const invalid = el.getAttribute('aria-invalid') === 'true' || (el.willValidate && !el.validity.valid);
  return [value, msg || described, invalid];
}"""


@dataclass(frozen=True)
class SecretValue:
    """A field's value given as a named secret (``secret_typing.py``)."""

    name: str


class FieldToFill(TypedDict, total=False):
    """One field of a fill_form call: the element (id or description) and its value."""

    element_id: str | None
    element_description: str | None
    value: str | bool | list[str] | SecretValue


@dataclass
class _Planned:
    target: Target
    kind: str
    value: Any
    options: list[str] | None = None
    widget: Widget | None = None
    shown: list[str] | None = None
    element_id: str | None = None  # the id asked for (a secret's field: its origin when listed is checked)


def _as_bool(value: Any, target: Target) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().casefold()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise InvalidInput(f"{target.role} '{target.name}' takes true or false, not '{value}'")


def match_options(options: list[list[str]], wanted: list[str], name: str) -> list[str]:
    """Option values for the wanted labels (exact label, then value, then a label containing the words)."""
    chosen = []
    for item in wanted:
        w = item.strip().casefold()
        match = next((v for v, label in options if label.strip().casefold() == w), None)
        match = match if match is not None else next((v for v, _ in options if v.casefold() == w), None)
        if match is None:
            match = next((v for v, label in options if w and w in label.casefold()), None)
        if match is None:
            labels = [label for _, label in options][:30]
            raise InvalidInput(f"no option '{item}' in '{name}'", details={"options": labels})
        chosen.append(match)
    return chosen


async def _plan(session: BrowserSession, field: FieldToFill) -> _Planned:
    page = await session.page()
    if "value" not in field:
        raise InvalidInput("every field needs a value")
    element_id, description = field.get("element_id"), field.get("element_description")
    if isinstance(field["value"], SecretValue):  # a text input only, never a widget standing for one
        session.secrets.get(field["value"].name)
    target, widget = await find_widget(session, page, element_id=element_id, description=description, resolve=lambda: (
        resolve_target(page, session.registry, session.settings, element_id=element_id, description=description,
                       accept=FILLABLE)))
    value = field["value"]
    if isinstance(value, SecretValue):
        secret = session.secrets.get(value.name)
        await check_field(session, target, secret, element_id)
        return _Planned(target, "secret", secret, element_id=element_id)
    if widget is not None:
        return plan_widget(widget, value)
    with playwright_errors("fill_form"):
        kind, extra = await target.handle.evaluate(_KIND_JS)
    if kind == "other":
        raise InvalidInput(f"{target.role} '{target.name}' ({extra}) is not a form field fill_form can set",
                           hint="Use click for buttons and upload_file for file inputs.")
    if kind == "select":
        wanted = value if isinstance(value, list) else [str(value)]
        return _Planned(target, kind, match_options(extra, [str(v) for v in wanted], target.name))
    if kind in ("checkbox", "radio", "aria-check"):
        checked = _as_bool(value, target)
        if kind == "radio" and not checked:
            raise InvalidInput(f"radio '{target.name}' cannot be unchecked: set the option you want to true")
        return _Planned(target, kind, checked)
    if isinstance(value, bool | list):
        raise InvalidInput(f"{target.role} '{target.name}' takes text, not {type(value).__name__}")
    return _Planned(target, kind, str(value))


def plan_widget(widget: Widget, value: Any) -> _Planned:
    """A widget field: a date picker takes text; a choice takes one option (or several on a multi-select),
    checked now when the options are known without opening it."""
    name = widget.target.name
    if widget.kind == "date":
        if isinstance(value, bool | list):
            raise InvalidInput(f"date field '{name}' takes text, not {type(value).__name__}")
        return _Planned(widget.target, "date", str(value), widget=widget)
    if isinstance(value, bool):
        raise InvalidInput(f"'{name}' takes an option's text, not true/false")
    wanted = [str(v) for v in value] if isinstance(value, list) else [str(value)]
    if not wanted or not all(w.strip() for w in wanted):
        raise InvalidInput(f"'{name}' needs the text of an option")
    if len(wanted) > 1 and widget.has_select and not widget.multiple:
        raise InvalidInput(f"'{name}' takes one option, not {len(wanted)}")
    check_known(widget, wanted)
    return _Planned(widget.target, "widget", wanted, widget=widget)


def _intent(page: Any, planned: _Planned) -> ActionIntent:
    if planned.kind == "secret":
        return ActionIntent("type_text", page, planned.target, secret_params(planned.value, False))
    if planned.kind in ("select", "widget"):
        return ActionIntent("select_option", page, planned.target, {"values": planned.value})
    if planned.kind in ("text", "date"):
        return ActionIntent("type_text", page, planned.target,
                            {"text": planned.value, "press_enter": False, "clear_first": True})
    return ActionIntent("click", page, planned.target, {"button": "left", "double": False})


async def fill_form(
    session: BrowserSession, *, fields: list[FieldToFill], confirmed: bool = False
) -> ActionResult:
    if not fields or len(fields) > MAX_FIELDS:
        raise InvalidInput(f"give 1 to {MAX_FIELDS} fields")
    page = await session.page()
    planned = await _plan_all(session, fields)
    seen: set[str] = set()
    for item in planned:
        if item.target.id in seen:
            raise InvalidInput(f"{item.target.role} '{item.target.name}' is given twice (nothing was filled)")
        seen.add(item.target.id)
        await session.guard.check(_intent(page, item), confirmed=confirmed)
    timeout = session.settings.action_timeout_ms
    before_doc = await document_token(session, page)
    for number, item in enumerate(planned, 1):
        try:
            with playwright_errors("fill_form"):
                await _fill(session, page, item, timeout)
        except InvalidInput as exc:
            done = f"fields 1-{number - 1} were filled" if number > 2 else "field 1 was filled" if number == 2 else ""
            exc.message = f"field {number}: {exc.message}" + (f" ({done}, this one is unchanged)" if done else
                                                              " (nothing was filled)")
            raise
    results: list[FieldState] = await each(_state(item) for item in planned)
    out: ActionResult = {"action": "fill_form", "fields": results}
    invalid = sum(1 for r in results if r.get("invalid"))
    if invalid:
        out["invalid"] = invalid
    out["note"] = "not submitted"
    changes = await what_changed(session, page, before_doc)
    side_effects_only(changes, {item.target.id for item in planned})
    return with_changes(out, cast(PageChanges, {k: v for k, v in changes.items() if v}))  # the keys said, not empty


async def _plan_all(session: BrowserSession, fields: list[FieldToFill]) -> list[_Planned]:
    """Every field resolved before anything is filled (read together: each is only read); the first bad one names
    its number."""
    outcomes = await each_settled(_plan(session, field) for field in fields)
    planned = []
    for index, outcome in enumerate(outcomes):
        if isinstance(outcome, InvalidInput | SecretRefused):
            outcome.message = f"field {index + 1}: {outcome.message} (nothing was filled)"
        if isinstance(outcome, BaseException):
            raise outcome
        planned.append(outcome)
    return planned


async def _fill(session: BrowserSession, page: Any, item: _Planned, timeout_ms: int) -> None:
    handle = item.target.handle
    if item.widget is not None:
        if item.kind == "date":
            item.shown = [await set_date(session, item.widget, item.value)]
        else:
            item.shown = await choose(session, page, item.widget, item.value, strict=False)
    elif item.kind == "secret":
        await check_field(session, item.target, item.value, item.element_id)  # again, just before it is typed
        await fill_secret(item.target, item.value, timeout_ms)
    elif item.kind == "text":
        await handle.fill(item.value, timeout=timeout_ms)
    elif item.kind == "select":
        await handle.select_option(value=item.value, timeout=timeout_ms)
    elif item.kind in ("checkbox", "radio"):
        await handle.set_checked(item.value, timeout=timeout_ms)
    else:
        current = await handle.get_attribute("aria-checked") == "true"
        if current != item.value:
            await handle.click(timeout=timeout_ms)


async def _state(item: _Planned) -> FieldState:
    target = item.target
    out: FieldState = {"id": target.id, "name": target.name}
    if item.shown is not None:
        out["value"] = ", ".join(item.shown)
        return out
    if item.kind == "secret":
        out["value"] = masked(item.value.name)
        return out
    try:
        value, message, invalid = await target.handle.evaluate(_STATE_JS)
    except PlaywrightError:
        out["value"] = None
        return out
    out["value"] = value if not isinstance(value, str) or len(value) <= 80 else value[:79] + "…"
    if invalid:
        out["invalid"] = True
        if message:
            out["message"] = message[:160]
    return out
