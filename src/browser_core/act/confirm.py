"""Executing a pending destructive action after a human said yes: once, unexpired, on the same page.

While it runs, the approval answers the one native dialog it raises (``session/dialog_carry.py``), and the modals
it opens are marked so the approval covers their commit button (``security/modal_carry.py``); the human is asked
once per act (``security/approvals.py``).
"""

from __future__ import annotations

import contextlib
from typing import NotRequired, TypedDict

import structlog
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame

from browser_core.act import actions, navigation, secret_typing
from browser_core.act.network_line import abort_request, release_request
from browser_core.act.outcome import ActionResult
from browser_core.errors import ConfirmationRefused, InvalidInput
from browser_core.page.observation import find_by_fingerprint
from browser_core.security.approvals import MODAL_CARRY_S
from browser_core.security.confirmations import ActionSummary, PendingPublic
from browser_core.security.guard import SecurityGuard
from browser_core.security.intent import ActionParams
from browser_core.security.modal_carry import mark_raised_modals, new_key, note_open_modals
from browser_core.session.browser import BrowserSession
from browser_core.session.dialog_desk import DialogDetail

log = structlog.get_logger("browser_core.confirm")


def security_guard(session: BrowserSession) -> SecurityGuard:
    guard = session.action_guard
    if not isinstance(guard, SecurityGuard):
        raise InvalidInput("this session has no security guard, so nothing waits for confirmation")
    return guard


class Confirmed(TypedDict):
    """confirm_action's result: the action the human confirmed, and its own result."""

    confirmed: str
    summary: ActionSummary
    result: ActionResult
    dialogs: NotRequired[list[DialogDetail]]  # the app's own dialogs this approval answered
    carries_to: NotRequired[str]  # the app's own modal this approval still covers


def pending_summary(session: BrowserSession, confirmation_id: str) -> PendingPublic | None:
    """The server-written summary of a pending action, for a host's own confirmation prompt."""
    pending = security_guard(session).store.get(confirmation_id)
    return pending.public() if pending else None


DECLINED_HINT = ("Nothing was done, and the human said no: do not do this action again or reach its effect another "
                 "way; go on without it and say so.")


def decline_pending(session: BrowserSession, confirmation_id: str) -> None:
    """The human said no: the pending action can never run (a held request is aborted)."""
    abort_request(session, confirmation_id)
    security_guard(session).store.take(confirmation_id, status="declined")
    raise ConfirmationRefused("the human declined this action", hint=DECLINED_HINT, details={"reason": "declined"})


async def _raised(frame: Frame, key: str) -> tuple[str, int]:
    """The key marking the modal the approved click opened (now, or soon after: MODAL_LATE_MS), and how many it
    opened already."""
    return key, await mark_raised_modals(frame, key)


async def confirm_pending(session: BrowserSession, confirmation_id: str) -> Confirmed:
    guard = security_guard(session)
    pending = guard.store.take(confirmation_id)
    if pending.kind == "request":  # a request the network line held: the yes lets it go
        return {"confirmed": pending.confirmation_id, "summary": pending.summary,
                "result": await release_request(session, pending)}
    page = await session.page()
    if page.url != pending.url:
        raise ConfirmationRefused(
            "the page changed since this action was proposed", details={"reason": "page_changed", "now": page.url}
        )
    element_id = pending.element_id
    frame: Frame = page.main_frame
    if element_id is not None:
        fp = session.registry.fingerprint(element_id)
        frame, handle = await session.registry.resolve(element_id)
        same = fp is not None and handle is not None and any(
            e.id == element_id for e in await find_by_fingerprint(page, session.registry, session.settings, fp)
        )
        if handle is not None:
            await handle.dispose()
        if not same:
            raise ConfirmationRefused(
                "the element of this action is no longer on the page as it was",
                details={"reason": "element_changed", "element": pending.summary.get("element")},
            )
    key = new_key()
    marked = await note_open_modals(frame, key)
    with contextlib.suppress(PlaywrightError):  # a tab the browser does not show in front gets its dialogs closed
        await page.bring_to_front()
    session.request_gate.approve(pending.confirmation_id)  # the requests of the approved act are the human's yes
    for tries_left in (1, 0):
        async with session.dialogs.carrying(pending.confirmation_id, pending.url, page) as carry:
            result = await _run(session, pending.kind, element_id, pending.params)
        if not (tries_left and carry.closed_unaccepted()):
            break
        # The browser closed the app's question before the approval could answer it, and Chromium says it was
        # not accepted: nothing ran, so the approved action runs once more (the approval is still unspent).
        log.warning("approved action's dialog closed by the browser; running it once more",
                    confirmation_id=pending.confirmation_id)
    carried = [d for d in result.get("dialogs", []) if d.get("approved_by") == pending.confirmation_id]
    # A new document keeps none of the marks (the script finds no key and says 0); a router's pushState keeps them
    modal, opened = await _raised(frame, key) if marked and not carried else (None, 0)
    guard.approved(pending, modal=modal, dialog_used=carry.used)
    out: Confirmed = {"confirmed": pending.confirmation_id, "summary": pending.summary, "result": result}
    if carried:
        out["dialogs"] = carried
    if opened:
        out["carries_to"] = (f"the app's own confirmation this opened: its button that commits the same effect is "
                             f"covered by this approval (once, within {int(MODAL_CARRY_S)} s); click it, the human is "
                             "not asked again")
    return out


async def _run(session: BrowserSession, kind: str, element_id: str | None, params: ActionParams) -> ActionResult:
    if kind == "click":
        return await actions.click(session, element_id=element_id, button=params.get("button", "left"),
                                   double=bool(params.get("double")), confirmed=True)
    if kind == "type_text" and params.get("secret"):
        return await secret_typing.type_secret(session, name=str(params.get("secret")), element_id=element_id,
                                               press_enter=bool(params.get("press_enter")), confirmed=True)
    if kind == "type_text":
        return await actions.type_text(session, text=str(params.get("text", "")), element_id=element_id,
                                       press_enter=bool(params.get("press_enter")),
                                       clear_first=bool(params.get("clear_first", True)), confirmed=True)
    if kind == "press_key":
        return await actions.press_key(session, key=str(params.get("key")), element_id=element_id, confirmed=True)
    if kind == "select_option":
        return await actions.select_option(session, values=list(params.get("values", [])), element_id=element_id,
                                           confirmed=True)
    if kind == "navigate":  # held at the page's own leave warning (act/leave_hold.py)
        return await navigation.navigate(session, url=str(params.get("url", "")), confirmed=True)
    if kind in ("go_back", "go_forward", "reload"):
        return await navigation.history(session, action=kind, confirmed=True)  # type: ignore[arg-type]
    raise ConfirmationRefused(f"cannot confirm a {kind} action", details={"reason": "unsupported"})
