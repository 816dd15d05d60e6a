"""Replaying a flow with no model: each target resolves only when exactly one element matches its fingerprint and
the recorded population holds (position may confirm, never choose); every post-condition is checked; the gate
runs on every step and a held step asks the human again (``ask``), every run. A step that cannot be resolved or
whose post-condition fails stops the replay there, with a report and a screenshot."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

import anyio
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from browser_core.act import actions, form_submit, forms, navigation, secret_typing
from browser_core.act.confirm import confirm_pending, decline_pending
from browser_core.act.flow_capture import anchors_of, describe, population
from browser_core.act.flow_model import Anchors, FieldValue, Fingerprint, Flow, FlowStep, SecretName, decoded, fill
from browser_core.act.outcome import ActionResult
from browser_core.act.replay_model import Change, Held, PostCheck, ReplayReport, StepRun, StopError, Stopped, plain
from browser_core.errors import ConfirmationRefused, ConfirmationRequired, ToolFailure, playwright_errors
from browser_core.page.observation import Element
from browser_core.session import snapshots
from browser_core.session.browser import BrowserSession

POST_WAIT_MS = 10_000  # how long a replayed step may take to reach the page its recording went to

Ask = Callable[[Held], Awaitable[bool | None]]  # the held action (confirmation id, summary) → yes / no / cannot ask


HISTORY: dict[str, Literal["go_back", "go_forward", "reload"]] = {
    "back": "go_back", "forward": "go_forward", "reload": "reload"}


class Stop(Exception):
    """The replay stops at this step (nothing done at or after it, unless ``done`` says the step itself ran);
    ``details``: the fields of its ``Stopped`` record, ``status`` when it is not "stopped"."""

    def __init__(self, reason: str, status: str = "stopped", **details: object) -> None:
        super().__init__(reason)
        self.reason, self.status, self.details = reason, status, details


def _filled(fp: Fingerprint, values: dict[str, str]) -> Fingerprint:
    out = fp.model_copy(deep=True)
    out.name = fill(fp.name, values)
    out.anchors = Anchors.model_validate({k: fill(v, values) for k, v in fp.anchors.model_dump().items()})
    return out


def _same_anchors(a: Anchors, b: Anchors) -> bool:
    """Equal, but for the numbers in them (a record's number in a heading differs each run); the row exactly."""
    def plain(x: Anchors) -> dict[str, str]:
        return {k: v if k == "row" else re.sub(r"\d+", "#", v) for k, v in x.model_dump().items()}
    return plain(a) == plain(b)


async def resolve(session: BrowserSession, page: Page, fp: Fingerprint,
                  entry: StepRun | None = None) -> tuple[Element, list[str]]:
    """The one element the fingerprint names, and which parts of the fingerprint matched; else ``Stop``. ``entry``
    (a replay report's step) gets the parts that matched and those that differed (what it was, what it is now)."""
    same = await population(session, page, fp.frame, fp.role, fp.name)
    seen = [(e, (await anchors_of(session, e))[0]) for e in same]
    peers = [e for e, _ in seen if e.context == fp.anchors.row]
    matching = [e for e, a in seen if _same_anchors(a, fp.anchors)]
    if len(peers) != fp.population or len(matching) != 1:
        why = ("no element has this role and name" if not same else
               f"{len(peers)} elements share this role, name and row (recorded: {fp.population})"
               if len(peers) != fp.population else f"{len(matching)} of them match the recorded anchors")
        raise Stop(why, fingerprint=fp, candidates=[describe(e, a) for e, a in seen])
    me = matching[0]
    parts = ["frame", "role", "name", "population"] + [k for k, v in fp.anchors.model_dump().items() if v]
    differed: dict[str, Change] = {}
    if peers.index(me) == fp.ordinal:
        parts.append("ordinal")
    else:
        differed["ordinal"] = Change(recorded=fp.ordinal, now=peers.index(me))
    if fp.box and list(me.box) == fp.box:
        parts.append("box")
    elif fp.box:
        differed["box"] = Change(recorded=list(fp.box), now=list(me.box))
    if entry is not None:  # a fill: what every field matched
        entry.matched = [p for p in (entry.matched if "matched" in entry.model_fields_set else parts) if p in parts]
        entry.differed = entry.differed | differed
    return me, parts


def _comparable(url: str) -> str:
    """A URL's path and query with numeric ids as '#' (a new record's id differs each run)."""
    parts = urlsplit(url)
    text = decoded(parts.path + (f"?{parts.query}" if parts.query else ""))
    return re.sub(r"(?<=[/=])\d+(?=[/&]|$)", "#", text)


async def _check_post(step: FlowStep, result: ActionResult, page: Page, values: dict[str, str]) -> None:
    post = step.post
    navigated = bool(result.get("navigated"))
    if post.navigated and not navigated and step.action != "navigate":
        # A submit the action started may commit after its result (a loaded machine): wait, bounded, for the page
        # the recording went to before judging; a page that never gets there still stops the replay.
        want = _comparable(fill(post.url, values))
        with contextlib.suppress(PlaywrightError):
            await page.wait_for_url(lambda url: _comparable(url) == want, timeout=POST_WAIT_MS)
            navigated = True
    if step.action != "navigate" and navigated != post.navigated:
        raise Stop("the page " + ("did not navigate" if post.navigated else "navigated") + " as recorded",
                   url=page.url)
    if post.navigated and _comparable(page.url) != _comparable(fill(post.url, values)):
        raise Stop("the page is not where the recording went", expected=fill(post.url, values), url=page.url)
    if post.navigated and post.title:
        with playwright_errors("title"):
            title = await page.title()
        if re.sub(r"\d+", "#", title) != re.sub(r"\d+", "#", fill(post.title, values)):
            raise Stop("the title is not the recorded one", expected=fill(post.title, values), title=title)
    got = result.get("value") if step.action != "select_option" else ", ".join(map(str, result.get("selected", [])))
    if post.value is not None and got is not None and str(got) != fill(post.value, values):
        raise Stop("the field does not hold the expected value", expected=fill(post.value, values), value=got)


async def _act(session: BrowserSession, step: FlowStep, page: Page, values: dict[str, str], origin: str,
               entry: StepRun) -> ActionResult:
    """Resolve the step's target(s) (their matched and differed parts go into ``entry``) and run it."""
    a = step.args
    if step.action == "navigate" and a.history:
        return await navigation.history(session, action=HISTORY[a.history])
    if step.action == "navigate":
        url = fill(a.url or "", values)
        return await navigation.navigate(session, url=url if "://" in url else origin + url)
    if step.action == "fill":
        fields: list[forms.FieldToFill] = []
        for f in step.fields:
            if f.target is None:
                raise Stop("a field of this step was recorded without a fingerprint")
            el, _ = await resolve(session, page, _filled(f.target, values), entry)
            fields.append({"element_id": el.id, "value": a_value(f.args.value, values)})
        submit = (await resolve(session, page, _filled(step.target, values), entry))[0].id if step.target else None
        return await form_submit.fill_and_submit(session, fields=fields, submit=submit)
    element_id = None
    if step.target is not None:
        el, _ = await resolve(session, page, _filled(step.target, values), entry)
        element_id = el.id
    elif step.action != "press_key":
        raise Stop("this step was recorded without a fingerprint of its target")
    return await _run(session, step, element_id, values)


def a_value(value: FieldValue | None, values: dict[str, str]) -> str | bool | list[str] | forms.SecretValue:
    if isinstance(value, SecretName):  # a secret, typed by its name again
        return forms.SecretValue(value.secret)
    if isinstance(value, str):
        return fill(value, values)
    if isinstance(value, list):
        return [fill(str(v), values) for v in value]
    return bool(value)


async def _run(session: BrowserSession, step: FlowStep, element_id: str | None, values: dict[str, str]) -> ActionResult:
    a = step.args
    if step.action == "click":
        return await actions.click(session, element_id=element_id, button=a.button or "left",  # type: ignore[arg-type]
                                   double=bool(a.double_click))
    if step.action == "type_text" and isinstance(a.text, SecretName):  # a secret, typed by its name again
        return await secret_typing.type_secret(session, name=a.text.secret, element_id=element_id,
                                               press_enter=bool(a.press_enter))
    if step.action == "type_text":
        text = fill(a.text if isinstance(a.text, str) else "", values)
        return await actions.type_text(session, text=text, element_id=element_id,
                                       clear_first=a.clear_first is not False, press_enter=bool(a.press_enter))
    if step.action == "select_option":
        return await actions.select_option(session, values=[fill(v, values) for v in a.values or []],
                                           element_id=element_id)
    return await actions.press_key(session, key=str(a.key), element_id=element_id)


async def _held(session: BrowserSession, exc: ConfirmationRequired, ask: Ask, entry: StepRun) -> ActionResult:
    """A step the gate held: the human is asked now (never an earlier answer); yes runs it once."""
    found = plain(exc.details or {})
    details: Held = found if isinstance(found, dict) else {}
    cid = str(details.get("confirmation_id", ""))
    entry.asked = True
    summary = details.get("summary")
    entry.held = summary if isinstance(summary, dict) else {}
    answer = await ask(details)
    if answer is None:
        raise Stop("held: the human must confirm this step (confirm_action, then replay from the next step)",
                   held=details, status="held")
    entry.answer = "yes" if answer else "no"
    if not answer:
        with contextlib.suppress(ConfirmationRefused):
            decline_pending(session, cid)
        raise Stop("the human declined this step: nothing was done", status="declined")
    confirmed = await confirm_pending(session, cid)
    return confirmed["result"]


async def replay(session: BrowserSession, flow: Flow, given: dict[str, str], ask: Ask, *, start: int = 0,
                 origin: str = "", shots: Path | None = None) -> ReplayReport:
    """Run the flow's steps from ``start``; the report says each step's matched parts, or where and why it stopped."""
    values = flow.values(given)
    origin = (origin or flow.origin).rstrip("/")
    report = ReplayReport(flow=flow.name, status="done", model_requests=0, steps=[])
    started = time.monotonic()
    token = f"r{int(time.time() * 1000) % 10**9}"  # this replay's thumbnails: step-<token>-<step>.jpg
    for index, step in list(enumerate(flow.steps))[start:]:
        entry = StepRun(step=index, action=step.action)
        began = time.monotonic()
        try:
            await _step(session, step, values, origin, ask, entry)
        except (Stop, ToolFailure) as exc:
            report.status, report.stopped = await _stopped(session, index, step, exc, shots)
            entry.stopped = True
        entry.duration_ms = int((time.monotonic() - began) * 1000)
        if report.status != "held":  # a held step has not run: the page after it comes with its confirmation
            entry.thumbnail = await _thumbnail(session, f"step-{token}-{index}")
        report.steps.append(entry)
        if entry.stopped:
            break
    report.steps_done = sum(1 for s in report.steps if not s.stopped)
    report.duration_s = round(time.monotonic() - started, 2)
    return report


async def _step(session: BrowserSession, step: FlowStep, values: dict[str, str], origin: str, ask: Ask,
                entry: StepRun) -> None:
    """One step: resolved, run (or held for the human), its post-condition checked; ``entry`` says how it went."""
    try:
        result = await _act(session, step, await session.page(), values, origin, entry)
    except ConfirmationRequired as exc:
        result = await _held(session, exc, ask, entry)
    entry.post = PostCheck(met=False, checked=_checked(step))
    await _check_post(step, result, await session.page(), values)
    entry.post.met = True


def _checked(step: FlowStep) -> list[str]:
    """What the post-condition of the step compares."""
    post = step.post
    out = ["navigation"] if step.action != "navigate" else []
    if post.navigated:
        out += ["url", "title"] if post.title else ["url"]
    return out + (["value"] if post.value is not None else [])


async def _thumbnail(session: BrowserSession, label: str) -> str | None:
    """A small picture of the page after a step, into the run record's screenshots (when the server keeps one)."""
    path = await session.snapshots.take(session, label + snapshots.THUMBNAIL)
    return path.name if path is not None else None


async def _stopped(session: BrowserSession, index: int, step: FlowStep, exc: Stop | ToolFailure,
                   shots: Path | None) -> tuple[str, Stopped]:
    """The replay's status and where it stopped."""
    if isinstance(exc, Stop):
        details = {k: v if k in ("fingerprint", "candidates") else plain(v) for k, v in exc.details.items()}
        status, stop = exc.status, Stopped.model_validate(
            {"step": index, "action": step.action, "reason": exc.reason, **details})
    else:
        error = StopError.model_validate(plain(exc.to_dict()))
        status, stop = "stopped", Stopped(step=index, action=step.action, reason=str(exc), error=error)
    if stop.fingerprint is None and step.target is not None:
        stop.fingerprint = step.target
    if shots is not None:
        await anyio.Path(shots).mkdir(parents=True, exist_ok=True)
        path = shots / f"replay-step{index}-{int(time.time() * 1000)}.png"
        with playwright_errors("screenshot"):
            await (await session.page()).screenshot(path=str(path))
        stop.screenshot = str(path)
    return status, stop
