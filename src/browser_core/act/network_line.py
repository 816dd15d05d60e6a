"""The network line around page-changing tools, and what a yes or a no to a held request does.

``guarded`` runs a tool with the session's request gate armed, or closes its window when the tool leaves the
page (``session/request_gate.py``); ``release_request``
is confirm_action for a request the gate held: it lets the request go, waits for its answer and for what the page
did with it, and reports what changed; ``abort_request`` is the human's no.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

import anyio
import structlog
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Request

from browser_core.act.actions import settle
from browser_core.act.outcome import ActionResult
from browser_core.errors import ConfirmationRefused
from browser_core.security.confirmations import PendingAction
from browser_core.security.guard import SecurityGuard
from browser_core.session.browser import BrowserSession

T = TypeVar("T")
log = structlog.get_logger("browser_core.network_line")
COMMIT_WAIT_S = 10.0  # a released form's answer came: its document commits by then


async def guarded(session: BrowserSession, act: Callable[[], Awaitable[T]], leaves: bool = False) -> T:
    """``act`` (one page-changing tool) with the network line watching the requests it makes the page send;
    ``leaves``: a tool that leaves the page (navigate, close_tab) closes the line's window and runs unwatched."""
    guard = session.action_guard
    if not (session.settings.network_gate and session.started and isinstance(guard, SecurityGuard)):
        return await act()
    return await session.request_gate.during(session.context, guard.store, act, leaves=leaves)


def abort_request(session: BrowserSession, confirmation_id: str) -> None:
    """The human's no: every request held under ``confirmation_id`` is aborted (the server never sees it)."""
    session.request_gate.resolve(confirmation_id, False)


async def release_request(session: BrowserSession, pending: PendingAction) -> ActionResult:
    """The human's yes to a held request: it leaves the browser now; the result says what the page then did."""
    page = await session.page()
    gate, before = session.request_gate, page.url
    if page.url != pending.url:
        gate.resolve(pending.confirmation_id, False)
        raise ConfirmationRefused(
            "the page changed since this request was held; it was aborted",
            details={"reason": "page_changed", "now": page.url},
        )
    gate.approve(pending.confirmation_id)
    # Nothing is read from the page before the release: while a form's navigation is paused, its scripts wait too.
    committed = anyio.Event()

    def on_navigated(frame: Frame) -> None:
        if frame == page.main_frame:
            committed.set()

    page.on("framenavigated", on_navigated)
    try:
        released = gate.resolve(pending.confirmation_id, True)
        await _answered(session, pending, released, committed)
    finally:
        page.remove_listener("framenavigated", on_navigated)
    out: ActionResult = {"action": "release_request", "note": f"{len(released)} held request(s) released"}
    return out | await settle(session, page, before, before_doc=None)


async def _answered(
    session: BrowserSession, pending: PendingAction, released: list[Request], committed: anyio.Event
) -> None:
    """Wait (bounded) for the released requests' responses, and for the document a released navigation brings."""
    if not released:
        raise ConfirmationRefused(
            "the held request is gone (the page dropped it or its time ran out)", details={"reason": "request_gone"}
        )
    with anyio.move_on_after(session.settings.navigation_timeout_ms / 1000):
        for request in released:
            try:
                response = await request.response()
            except PlaywrightError:
                continue
            log.info(
                "held request released",
                confirmation_id=pending.confirmation_id,
                status=response.status if response else None,
            )
            if request.is_navigation_request():
                with anyio.move_on_after(COMMIT_WAIT_S):
                    await committed.wait()
