"""The network line of the gate: state-changing requests the page sends during an agent's action, held unasked.

While a page-changing tool runs, a route on the context (every tab, popup and frame) sees each request before it
leaves the browser. GET, HEAD and OPTIONS pass at once; any other request is judged from its method, URL and body
(``security/network_gate.py``). A consequential one is paused: the tool stops waiting for its action and returns
``requires_confirmation`` naming the request's own target (``DELETE /api/items/report.csv``); ``confirm_action``
releases it, a no aborts it, and so does the end of its time (the confirmation's TTL). A request sent during an
approved act (``confirm_action`` running, or a step an earlier approval covered) belongs to that approval and
passes. Outside a page-changing tool the route is removed (unless a request is still held), so reads pay nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

import structlog
from playwright.async_api import BrowserContext, Request, Route
from playwright.async_api import Error as PlaywrightError

from browser_core.errors import ConfirmationRequired
from browser_core.security.confirmations import ActionSummary, ConfirmationStore, PendingAction
from browser_core.security.network_gate import SAFE_METHODS, NetworkVerdict, judge

log = structlog.get_logger("browser_core.request_gate")
T = TypeVar("T")
PATTERN = "**/*"


class Covering(Protocol):
    covering: str | None  # the earlier approval that covered the running step (SecurityGuard sets it)


class NoCover:
    covering: str | None = None


@dataclass
class HeldRequest:
    request: Request
    verdict: NetworkVerdict
    answer: asyncio.Future[bool]


def _body(request: Request) -> str:
    with contextlib.suppress(Exception):  # a body that is not text (an upload) is judged by its URL alone
        return request.post_data or ""
    return ""


@dataclass
class RequestGate:
    guard: Covering = field(default_factory=NoCover)  # says which earlier approval covers the running step
    armed: bool = False
    approval: str | None = None  # the confirmation this act runs under: its requests are the human's yes
    held: dict[str, list[HeldRequest]] = field(default_factory=dict)
    current: PendingAction | None = None  # the hold of the action running now
    passed: list[str] = field(default_factory=list)  # consequential requests an approval covered (last ones)
    _context: BrowserContext | None = None
    _store: ConfirmationStore | None = None
    _bound_s: float = 120.0
    _holding: int = 0  # route handlers with a request paused
    _held_now: asyncio.Event = field(default_factory=asyncio.Event)

    async def during(
        self, context: BrowserContext | None, store: ConfirmationStore | None, act: Callable[[], Awaitable[T]]
    ) -> T:
        """Run one page-changing tool's ``act`` with the route in place; a held request ends it with the hold."""
        if context is None or store is None:
            return await act()
        self._store, self._bound_s = store, store.ttl_s
        await self._install(context)
        self.armed, self.approval, self.current = True, None, None
        self.guard.covering = None
        self._held_now = asyncio.Event()
        task = asyncio.ensure_future(act())
        waiter = asyncio.ensure_future(self._held_now.wait())
        try:
            await asyncio.wait({task, waiter}, return_when=asyncio.FIRST_COMPLETED)
            if self.current is None:
                return task.result()
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
            raise self._required(self.current)
        finally:
            waiter.cancel()
            if not task.done():
                task.cancel()
            self.armed, self.approval, self.current = False, None, None
            await self._uninstall_if_idle()

    def approve(self, confirmation_id: str) -> None:
        """The human's yes: the running act's requests belong to it."""
        self.approval = confirmation_id

    def resolve(self, confirmation_id: str, release: bool) -> list[Request]:
        """Release (continue) or abort every request held under ``confirmation_id``; the requests released."""
        held = self.held.pop(confirmation_id, [])
        for item in held:
            if not item.answer.done():
                item.answer.set_result(release)
        return [item.request for item in held] if release else []

    async def _install(self, context: BrowserContext) -> None:
        if self._context is context:
            return
        self._context = context
        await context.route(PATTERN, self._on_route)

    async def _uninstall_if_idle(self) -> None:
        context = self._context
        if context is None or self._holding or self.armed:
            return
        self._context = None
        with contextlib.suppress(PlaywrightError):
            await context.unroute(PATTERN, self._on_route)

    async def _on_route(self, route: Route) -> None:
        request = route.request
        verdict = None
        if self.armed and request.method not in SAFE_METHODS:
            verdict = judge(request.method, request.url, _body(request), request.headers.get("content-type", ""))
        covered = self.approval or self.guard.covering
        if verdict is None or covered:
            if verdict is not None:
                log.info("request covered by an approval", confirmation_id=covered, target=verdict.target)
                self.passed = [*self.passed[-9:], verdict.target]
            with contextlib.suppress(PlaywrightError):
                await route.fallback()
            return
        self._holding += 1  # the route stays while any request is paused: removing it would let them all go
        try:
            release = await self._hold(request, verdict)
            with contextlib.suppress(PlaywrightError):  # the page or the request is gone: nothing left to do
                await (route.fallback() if release else route.abort("aborted"))
        finally:
            self._holding -= 1
        await self._uninstall_if_idle()

    async def _hold(self, request: Request, verdict: NetworkVerdict) -> bool:
        """Pause ``request`` under this action's hold (one question per action) until the human's answer or the
        end of the hold's time; True releases it."""
        pending = self.current
        if pending is None:
            pending = self.current = self._pending(request, verdict)
        item = HeldRequest(request, verdict, asyncio.get_running_loop().create_future())
        self.held.setdefault(pending.confirmation_id, []).append(item)
        if len(self.held[pending.confirmation_id]) > 1:
            pending.summary["objects"].append(verdict.target)
        log.info(
            "request held", confirmation_id=pending.confirmation_id, category=verdict.category, target=verdict.target
        )
        self._held_now.set()
        try:
            return await asyncio.wait_for(asyncio.shield(item.answer), self._bound_s)
        except TimeoutError:
            log.info("held request aborted: no answer in time", confirmation_id=pending.confirmation_id)
            self.resolve(pending.confirmation_id, False)
            return False

    def _pending(self, request: Request, verdict: NetworkVerdict) -> PendingAction:
        assert self._store is not None
        try:
            page_url = request.frame.page.url
        except PlaywrightError:
            page_url = request.url
        summary: ActionSummary = {
            "effect": f"{verdict.category}: {verdict.target}",
            "action": f"send the request {verdict.target}",
            "element": {"id": None, "role": "", "name": ""},
            "category": verdict.category,
            "reason": f"the page sent {verdict.target} after the action ({verdict.reason})",
            "objects": [verdict.target],
            "frame": "main",
            "url": page_url,
            "title": "",
        }
        return self._store.create(kind="request", element_id=None, params={}, summary=summary, url=page_url)

    def _required(self, pending: PendingAction) -> ConfirmationRequired:
        targets = ", ".join(pending.summary["objects"][:3])
        return ConfirmationRequired(
            f"NOT DONE: the action ran, and the page then sent {targets}, a {pending.summary['category']} request "
            f"({pending.summary['reason'].split('(', 1)[-1].rstrip(')')}); it is paused until the human confirms it "
            f"with confirm_action (aborted after {int(self._bound_s)} s)",
            details=dict(pending.public()),
        )
