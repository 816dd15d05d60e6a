"""The model's own navigation (``navigate``, ``go_back``/``go_forward``/``reload``) away from a page that holds
unsaved work (issue 29): the page raises its ``beforeunload`` warning, the dialog desk dismisses it (never accepted
without the human), the page and its draft stay, and the navigation is held once as the page's own warning of a
loss, naming the page; ``confirm_action`` re-runs it with the warning accepted. A page with no such handler, or one
that removed it (saved), raises nothing and is never held."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable

from playwright.async_api import Page, Response

from browser_core.security.intent import ActionIntent, ActionParams
from browser_core.session.browser import BrowserSession


def _held_leaves(session: BrowserSession, seen: int) -> list[dict[str, object]]:
    """The leave warnings the gate dismissed (held) since ``seen`` dialogs were recorded."""
    return [dict(d) for d in session.dialogs.since(seen) if d.get("type") == "beforeunload" and d.get("held")]


async def unless_held(session: BrowserSession, seen: int, leaving: Awaitable[Response | None]) -> Response | None:
    """Await a history navigation (``go_back``/``go_forward``/``reload``), but stop waiting once the page's leave
    warning was held and dismissed: that navigation never comes, and the caller holds the act (None)."""
    nav = asyncio.ensure_future(leaving)
    try:
        while not nav.done():
            recorded = asyncio.ensure_future(session.dialogs.next_recorded())
            await asyncio.wait({nav, recorded}, return_when=asyncio.FIRST_COMPLETED)
            recorded.cancel()
            if not nav.done() and _held_leaves(session, seen):
                return None
        return nav.result()
    finally:
        if not nav.done():
            nav.cancel()
            nav.add_done_callback(lambda f: f.cancelled() or f.exception())


async def hold_if_left_unsaved(session: BrowserSession, page: Page, seen: int, kind: str, params: ActionParams,
                               *, confirmed: bool) -> None:
    """Raise ``ConfirmationRequired`` if a leave warning the gate dismissed opened since ``seen`` dialogs."""
    await session.dialogs.answered()
    dialogs = _held_leaves(session, seen)
    if dialogs and not confirmed:
        await session.guard.hold_at_dialog(ActionIntent(kind, page, None, params), dialogs, confirmed=False)
