"""A navigation an action started but the browser has not committed yet: a key press that submits a form sends the
request at once, or a moment later on a loaded machine, while the page still shows the old document (its title
reads "Loading …"). Two signals say a navigation is under way: the page's main-frame navigation request, watched
during the action, and the page's own announcement (a form's ``submit`` event not prevented, or the Navigation
API's ``navigate`` event for a cross-document navigation, recorded by the document mark's script,
``read/changes.py``), which comes before the request is sent.
Either one makes the action wait (bounded) for the new document, so its result says where it went, every time,
instead of racing the network."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import anyio
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Frame, Page, Request, Response

from browser_core.read.changes import NAVIGATION_ANNOUNCED_JS
from browser_core.session.browser import BrowserSession

START_S = 5.0  # an announced navigation's request has started by then (a beforeunload that kept the page: no wait)
T = TypeVar("T")


class _Watch:
    def __init__(self, page: Page) -> None:
        self.page, self.started, self.ended = page, anyio.Event(), anyio.Event()
        self.requested = False  # a navigation request: the document is being left (not a same-document change)

    def mine(self, request: Request) -> bool:
        try:
            return request.is_navigation_request() and request.frame == self.page.main_frame
        except Exception:  # noqa: BLE001 - a request of a frame already gone is not this page's navigation
            return False

    def on_request(self, request: Request) -> None:
        if self.mine(request):
            self.requested = True
            self.started.set()

    def on_failed(self, request: Request) -> None:
        if self.mine(request):
            self.ended.set()

    def on_response(self, response: Response) -> None:
        if response.status in (204, 205) and self.mine(response.request):
            self.ended.set()

    def on_navigated(self, frame: Frame) -> None:
        if frame == self.page.main_frame:
            self.started.set()  # a navigation without a request (about:blank, a cached document) committed
            self.ended.set()

    def handlers(self) -> list[tuple[str, Callable[[Any], None]]]:
        return [("request", self.on_request), ("requestfailed", self.on_failed), ("response", self.on_response),
                ("framenavigated", self.on_navigated)]


async def _announced(page: Page, key: str) -> tuple[bool, int | None]:
    """Whether the old document said a cross-document navigation of its own is on its way (no request seen yet),
    and how many windows its scripts have opened (None: not read)."""
    if page.is_closed():
        return False, None
    try:
        announced, opens = await page.evaluate(NAVIGATION_ANNOUNCED_JS, key)
        return bool(announced), int(opens)
    except PlaywrightError:  # its context is gone: the navigation committed, and the load wait takes it from here
        return False, None


@asynccontextmanager
async def pending_navigation(page: Page, timeout_s: float,
                             key: str) -> AsyncIterator[Callable[[], Awaitable[int | None]]]:
    """``async with pending_navigation(page, t, key) as wait: <act>; await wait()``: ``wait`` returns at once if the
    action started no main-frame navigation, else when it commits, fails, answers without a document (204 / 205)
    or after ``timeout_s``. It returns the count of windows the page's document has opened (0 for a document it
    went to; None if the page could not be read)."""
    watch = _Watch(page)

    async def wait() -> int | None:
        opens = None
        if not watch.started.is_set():
            announced, opens = await _announced(page, key)
            if announced:
                with anyio.move_on_after(min(START_S, timeout_s)):
                    await watch.started.wait()
        if watch.started.is_set():
            if watch.requested:
                opens = 0  # the document was left: the one it goes to has opened no window (as a read there says)
            with anyio.move_on_after(timeout_s):
                await watch.ended.wait()
        return opens

    for event, handler in watch.handlers():
        page.on(event, handler)  # type: ignore[call-overload]
    try:
        yield wait
    finally:
        for event, handler in watch.handlers():
            page.remove_listener(event, handler)


async def navigating(session: BrowserSession, page: Page, act: Callable[[], Awaitable[T]]) -> T:
    """Run ``act`` on ``page``; if it started (or the page announced) a navigation, return once that ends."""
    return (await navigating_opens(session, page, act))[0]


async def navigating_opens(session: BrowserSession, page: Page,
                           act: Callable[[], Awaitable[T]]) -> tuple[T, int | None]:
    """``navigating``, with the count of windows the page had opened after ``act`` if that was read (else None)."""
    async with pending_navigation(page, session.settings.navigation_timeout_ms / 1000,
                                  session.registry.key) as navigation:
        result = await act()
        return result, await navigation()
