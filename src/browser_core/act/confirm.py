"""Executing a pending destructive action after a human said yes: once, unexpired, on the same page."""

from __future__ import annotations

from typing import TypedDict

from browser_core.act import actions
from browser_core.act.outcome import ActionResult
from browser_core.errors import ConfirmationRefused, InvalidInput
from browser_core.page.observation import find_by_fingerprint
from browser_core.security.confirmations import ActionSummary, PendingPublic
from browser_core.security.guard import SecurityGuard
from browser_core.session.browser import BrowserSession


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


def pending_summary(session: BrowserSession, confirmation_id: str) -> PendingPublic | None:
    """The server-written summary of a pending action, for a host's own confirmation prompt."""
    pending = security_guard(session).store.get(confirmation_id)
    return pending.public() if pending else None


def decline_pending(session: BrowserSession, confirmation_id: str) -> None:
    """The human said no: the pending action can never run."""
    security_guard(session).store.take(confirmation_id, status="declined")
    raise ConfirmationRefused("the human declined this action", details={"reason": "declined"})


async def confirm_pending(session: BrowserSession, confirmation_id: str) -> Confirmed:
    guard = security_guard(session)
    pending = guard.store.take(confirmation_id)
    page = await session.page()
    if page.url != pending.url:
        raise ConfirmationRefused(
            "the page changed since this action was proposed", details={"reason": "page_changed", "now": page.url}
        )
    element_id = pending.element_id
    if element_id is not None:
        fp = session.registry.fingerprint(element_id)
        _, handle = await session.registry.resolve(element_id)
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
    params = pending.params
    if pending.kind == "click":
        result = await actions.click(session, element_id=element_id, button=params.get("button", "left"),
                                     double=bool(params.get("double")), confirmed=True)
    elif pending.kind == "type_text":
        result = await actions.type_text(session, text=str(params.get("text", "")), element_id=element_id,
                                         press_enter=bool(params.get("press_enter")),
                                         clear_first=bool(params.get("clear_first", True)), confirmed=True)
    elif pending.kind == "press_key":
        result = await actions.press_key(session, key=str(params.get("key")), element_id=element_id, confirmed=True)
    elif pending.kind == "select_option":
        result = await actions.select_option(session, values=list(params.get("values", [])), element_id=element_id,
                                             confirmed=True)
    else:
        raise ConfirmationRefused(f"cannot confirm a {pending.kind} action", details={"reason": "unsupported"})
    guard.approved(pending)
    return {"confirmed": pending.confirmation_id, "summary": pending.summary, "result": result}
