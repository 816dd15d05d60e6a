"""Recording the actions of a session (``before`` / ``after`` around each acting tool call) and turning them into
a ``Flow`` (``build_flow``): typed values become named parameters, secrets are never stored."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import cast
from urllib.parse import urlsplit

import anyio
from playwright.async_api import Error as PlaywrightError

from browser_core.act.confirm import Confirmed
from browser_core.act.flow_capture import capture
from browser_core.act.flow_model import (
    Fingerprint,
    Flow,
    FlowParam,
    FlowStep,
    PostCondition,
    SecretName,
    StepArgs,
    check_name,
    decoded,
    templated,
)
from browser_core.act.outcome import ActionResult
from browser_core.errors import ToolFailure
from browser_core.redaction import redact
from browser_core.results import Envelope
from browser_core.session.browser import BrowserSession

RECORDED = ("navigate", "click", "type_text", "select_option", "press_key", "fill_form")
_ARGS = {"navigate": ("url", "history"), "click": ("button", "double_click"),
         "type_text": ("text", "clear_first", "press_enter"), "select_option": ("values",), "press_key": ("key",)}
MAX_STEPS = 500


def _listed(value: object) -> list[object]:
    return list(value) if isinstance(value, list) else []


def _field(f: object, key: str) -> object:
    return f.get(key) if isinstance(f, dict) else getattr(f, key, None)


async def before(session: BrowserSession, tool: str, kwargs: Mapping[str, object]) -> FlowStep | None:
    """The step about to run (``kwargs``: the call's arguments as the tool's signature accepted them), with its
    target's fingerprint taken while the element is on the page."""
    if tool not in RECORDED:
        return None
    step = FlowStep.model_validate({"action": "fill" if tool == "fill_form" else tool,
                                    "args": {k: kwargs[k] for k in _ARGS.get(tool, ()) if k in kwargs}})
    with contextlib.suppress(ToolFailure, PlaywrightError):
        if tool == "fill_form":
            step.fields = [FlowStep(action="fill", args=StepArgs.model_validate({"value": _field(f, "value")}),
                                    target=await _fingerprint(session, _field(f, "element_id")))
                           for f in _listed(kwargs.get("fields"))]
            step.target = await _fingerprint(session, kwargs.get("submit"))  # a fill that submits: its button
        elif kwargs.get("element_id") and session.started:
            step.target = await _fingerprint(session, str(kwargs["element_id"]))
    return step


async def _fingerprint(session: BrowserSession, element_id: object) -> Fingerprint | None:
    if not element_id or not session.started:
        return None
    return await capture(session, str(element_id))


async def after(session: BrowserSession, step: FlowStep | None, tool: str, payload: Envelope) -> None:
    """Record the step once it ran (a held one waits for its confirmation)."""
    error = payload["error"]
    raw = payload["data"]
    if tool == "confirm_action" and payload["success"]:
        confirmed = cast(Confirmed, raw) if isinstance(raw, dict) else None  # confirm_action's data
        held = session.flow_held.pop(str(confirmed.get("confirmed")), None) if confirmed else None
        if held is not None and confirmed is not None:
            held.held = True
            await _done(session, held, confirmed.get("result") or ActionResult())
        return
    if step is None:
        return
    if error is not None and error.get("code") == "requires_confirmation":
        cid = str((error.get("details") or {}).get("confirmation_id", ""))
        session.flow_held[cid] = step
    elif payload["success"]:
        data = cast(ActionResult, raw) if isinstance(raw, dict) else ActionResult()  # an acting tool's data
        element = data.get("element")
        moved = element and element.get("re_resolved_from")  # the id's element had moved: the one acted on counts
        if (step.target is None or moved) and step.action != "navigate" and element and element.get("id"):
            with contextlib.suppress(ToolFailure, PlaywrightError):
                step.target = await _fingerprint(session, element["id"]) or step.target
        await _done(session, step, data)


async def _done(session: BrowserSession, step: FlowStep, result: ActionResult) -> None:
    page = session.current_page()
    url, title = (page.url, "") if page else ("", "")
    if page is not None:
        with contextlib.suppress(PlaywrightError):
            title = await page.title()
    value: object = result.get("value")
    if step.action == "select_option" and result.get("selected"):
        value = ", ".join(map(str, result["selected"]))
    changed = "; ".join(str(x) for x in (result.get("elements") or [])[:6])
    step.post = PostCondition(navigated=bool(result.get("navigated")) or step.action == "navigate", url=url,
                              title=title, value=None if value is None else str(value), changed=changed[:400])
    if len(session.flow_steps) < MAX_STEPS:
        session.flow_steps.append(step)
    if session.settings.flow_log is not None:
        line = json.dumps(step.model_dump(mode="json"), ensure_ascii=False)
        await anyio.to_thread.run_sync(_append, session.settings.flow_log, line)


def _append(path: Path, line: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as out:
        out.write(redact(line) + "\n")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:30] or "value"


class _Params:
    """The parameters found so far, and the values they stand for."""

    def __init__(self, named: dict[str, str]) -> None:
        self.named = {v: k for k, v in named.items()}
        self.params: list[FlowParam] = []
        self.values: dict[str, str] = {}

    def add(self, value: str, hint: str, *, secret: bool) -> str:
        if not secret and value in self.values.values():
            return next(k for k, v in self.values.items() if v == value)
        name = self.named.get(value) or _slug(hint)
        base, n = name, 2
        while any(p.name == name for p in self.params):
            name, n = f"{base}_{n}", n + 1
        self.params.append(FlowParam(name=name, default=None if secret else value, secret=secret))
        if not secret:
            self.values[name] = value
        return "{{" + name + "}}"


def _relative(url: str, origin: str) -> str:
    parts = urlsplit(url)
    if f"{parts.scheme}://{parts.netloc}" != origin:
        return url
    query = f"?{decoded(parts.query)}" if parts.query else ""
    return decoded(parts.path) + query + (f"#{parts.fragment}" if parts.fragment else "")


def build_flow(name: str, recorded: list[FlowStep], *, named: dict[str, str] | None = None, task: str = "") -> Flow:
    """A flow from recorded steps. ``named``: parameter name → the value the task gave (those values get those
    names; every other typed value gets a name from its field)."""
    check_name(name)
    first = next((s.post.url for s in recorded if s.post.url), "")
    parts = urlsplit(first)
    origin = f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else ""
    params = _Params(named or {})
    steps = [_template(s.model_copy(deep=True), params, origin) for s in recorded]
    return Flow(name=name, origin=origin, task=task, params=params.params, steps=steps)


def _template(step: FlowStep, params: _Params, origin: str) -> FlowStep:
    """The step with the values typed before it as placeholders, and its own typed value as a new parameter."""
    before = dict(params.values)
    if step.target is not None:
        step.target.name = templated(step.target.name, before)
        anchors = step.target.anchors
        for key in ("row", "label", "heading", "dialog"):
            setattr(anchors, key, templated(getattr(anchors, key), before))
        step.target.value = ""  # a field's earlier value is not compared
    if step.action == "navigate" and step.args.url:
        step.args.url = templated(_relative(step.args.url, origin), before)
    step.fields = [_template(f, params, origin) for f in step.fields]
    _own_value(step, params)
    step.post.url = templated(_relative(step.post.url, origin), params.values)
    step.post.title = templated(step.post.title, params.values)
    if step.post.value is not None:
        step.post.value = templated(step.post.value, params.values)
    return step


def _own_value(step: FlowStep, params: _Params) -> None:
    hint = step.target.name if step.target else step.action
    secret_field = step.target is not None and step.target.input_type == "password"
    args = step.args
    if isinstance(args.text if step.action == "type_text" else args.value, SecretName):
        step.post.value = None  # a secret typed by its name: the name is replayed, no value is ever stored
        return
    if step.action == "type_text":
        text = str(args.text or "")
        secret = secret_field or redact(text) != text
        args.text = params.add(text, hint, secret=secret)
        if secret:
            step.post.value = None
    elif step.action == "select_option" and args.values and len(args.values) == 1:
        args.values = [params.add(args.values[0], hint, secret=False)]
    elif step.action == "fill" and isinstance(args.value, str):
        secret = secret_field or redact(args.value) != args.value
        args.value = params.add(args.value, hint, secret=secret)
        step.post.value = None
