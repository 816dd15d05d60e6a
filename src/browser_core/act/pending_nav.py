"""A navigation an action started but the browser has not committed yet: a key press that submits a form sends the
request at once, while the page still shows the old document (its title reads "Loading …"). Watching the page's
main-frame navigation requests during the action lets the action wait (bounded) for the new document, so its
result says where it went, every time, instead of racing the network."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import anyio
from playwright.async_api import Frame, Page, Request, Response


class _Watch:
    def __init__(self, page: Page) -> None:
        self.page, self.started, self.ended = page, anyio.Event(), anyio.Event()

    def mine(self, request: Request) -> bool:
        try:
            return request.is_navigation_request() and request.frame == self.page.main_frame
        except Exception:  # noqa: BLE001 - a request of a frame already gone is not this page's navigation
            return False

    def on_request(self, request: Request) -> None:
        if self.mine(request):
            self.started.set()

    def on_failed(self, request: Request) -> None:
        if self.mine(request):
            self.ended.set()

    def on_response(self, response: Response) -> None:
        if response.status in (204, 205) and self.mine(response.request):
            self.ended.set()

    def on_navigated(self, frame: Frame) -> None:
        if frame == self.page.main_frame and self.started.is_set():
            self.ended.set()

    def handlers(self) -> list[tuple[str, Callable[[Any], None]]]:
        return [("request", self.on_request), ("requestfailed", self.on_failed), ("response", self.on_response),
                ("framenavigated", self.on_navigated)]


@asynccontextmanager
async def pending_navigation(page: Page, timeout_s: float) -> AsyncIterator[Callable[[], Awaitable[None]]]:
    """``async with pending_navigation(page, t) as wait: <act>; await wait()``: ``wait`` returns at once if the
    action started no main-frame navigation, else when it commits, fails, answers without a document (204 / 205)
    or after ``timeout_s``."""
    watch = _Watch(page)

    async def wait() -> None:
        if watch.started.is_set():
            with anyio.move_on_after(timeout_s):
                await watch.ended.wait()

    for event, handler in watch.handlers():
        page.on(event, handler)  # type: ignore[call-overload]
    try:
        yield wait
    finally:
        for event, handler in watch.handlers():
            page.remove_listener(event, handler)
