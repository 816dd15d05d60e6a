"""The network line around page-changing tools, and what a yes or a no to a held request does.

``guarded`` runs a tool with the session's request gate armed (``session/request_gate.py``); ``release_request``
is confirm_action for a request the gate held: it lets the request go, waits for its answer and for what the page
did with it, and reports what changed; ``abort_request`` is the human's no.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

import anyio
import structlog
from playwright.async_api import Error as PlaywrightError

from browser_core.act.actions import settle
from browser_core.act.outcome import ActionResult
from browser_core.act.pending_nav import navigating
from browser_core.errors import ConfirmationRefused
from browser_core.read.changes import document_token
from browser_core.security.confirmations import PendingAction
from browser_core.security.guard import SecurityGuard
from browser_core.session.browser import BrowserSession

T = TypeVar("T")
log = structlog.get_logger("browser_core.network_line")


async def guarded(session: BrowserSession, act: Callable[[], Awaitable[T]]) -> T:
    """``act`` (one page-changing tool) with the network line watching the requests it makes the page send."""
    guard = session.action_guard
    if not (session.settings.network_gate and session.started and isinstance(guard, SecurityGuard)):
        return await act()
    return await session.request_gate.during(session.context, guard.store, act)


def abort_request(session: BrowserSession, confirmation_id: str) -> None:
    """The human's no: every request held under ``confirmation_id`` is aborted (the server never sees it)."""
    session.request_gate.resolve(confirmation_id, False)


async def release_request(session: BrowserSession, pending: PendingAction) -> ActionResult:
    """The human's yes to a held request: it leaves the browser now; the result says what the page then did."""
    page = await session.page()
    gate = session.request_gate
    if page.url != pending.url:
        gate.resolve(pending.confirmation_id, False)
        raise ConfirmationRefused(
            "the page changed since this request was held; it was aborted",
            details={"reason": "page_changed", "now": page.url},
        )
    gate.approve(pending.confirmation_id)
    before, before_doc = page.url, await document_token(session, page)

    async def release() -> int:
        released = gate.resolve(pending.confirmation_id, True)
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
        return len(released)

    count = await navigating(session, page, release)
    out: ActionResult = {"action": "release_request", "note": f"{count} held request(s) released"}
    return out | await settle(session, page, before, before_doc=before_doc)
