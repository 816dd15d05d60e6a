"""The network line of the gate: state-changing requests the page sends after an agent's action, held unasked.

The window is defined by the agent's acts, never by a clock: it opens when a page-changing tool that acts on the
page starts (a click, typing, a key, a choice, a dialog's answer, ``confirm_action``) and stays open while the page
reacts, through the agent's reads, until the agent leaves the page (``navigate``, ``close_tab``: ``leave``). Only
while it is open is a route on the context (every tab, popup and frame): it is added as the window opens and
removed as it closes, each in the background with a bound, so no navigation, new tab or flood of a page's own
requests (a page that navigates itself every few ms) ever passes through it unarmed. GET, HEAD and OPTIONS pass
at once; any other request is judged from its method, URL and body (``security/network_gate.py``). A
consequential one is paused: the tool stops waiting for its action and returns ``requires_confirmation`` naming
the request's own target (``DELETE /api/items/report.csv``); one sent after the tool returned (a debounced save,
a timer) is reported by the next page-changing tool, which does not run. ``confirm_action`` releases it, a no
aborts it, and so does the end of its time (the confirmation's TTL); a release or abort that the browser does not
take in ``ANSWER_BOUND_S`` is given up. A request sent during an approved act (``confirm_action`` running, or a
step an earlier approval covered) or after it, until the next act, belongs to that approval and passes. The act
runs in a task group inside the caller's cancel scope: the call's deadline cancels it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

import anyio
import structlog
from playwright.async_api import BrowserContext, Request, Route
from playwright.async_api import Error as PlaywrightError

from browser_core.errors import ConfirmationRequired
from browser_core.security.confirmations import ActionSummary, ConfirmationStore, PendingAction
from browser_core.security.network_gate import SAFE_METHODS, NetworkVerdict, judge

log = structlog.get_logger("browser_core.request_gate")
T = TypeVar("T")
PATTERN = "**/*"
ROUTE_BOUND_S = 3.0  # adding the route waits for every tab's answer: a tab stuck in a script is not waited out
ANSWER_BOUND_S = 10.0  # a release or abort the browser does not take by then is given up (the page is gone or stuck)


class Covering(Protocol):
    covering: str | None  # the earlier approval that covered the running step (SecurityGuard sets it)
    onward: str  # the form the running step submits as a step that moves on ("": none; SecurityGuard sets it)


class NoCover:
    covering: str | None = None
    onward: str = ""


@dataclass
class HeldRequest:
    request: Request
    verdict: NetworkVerdict
    answer: asyncio.Future[bool]


def _body(request: Request) -> str:
    with contextlib.suppress(Exception):  # a body that is not text (an upload) is judged by its URL alone
        return request.post_data or ""
    return ""


def _first(error: BaseException) -> BaseException:
    return _first(error.exceptions[0]) if isinstance(error, BaseExceptionGroup) else error


@dataclass
class RequestGate:
    guard: Covering = field(default_factory=NoCover)  # says which earlier approval covers the running step
    acting: bool = False  # a page-changing tool runs now
    armed: bool = False  # the window: from an act until the agent leaves the page (the route is on meanwhile)
    approval: str | None = None  # the confirmation this act runs under: its requests are the human's yes
    held: dict[str, list[HeldRequest]] = field(default_factory=dict)
    current: PendingAction | None = None  # the hold of the action running now, or of the window after the last
    passed: list[str] = field(default_factory=list)  # consequential requests an approval covered (last ones)
    _context: BrowserContext | None = None
    _route: Callable[[Route], Awaitable[None]] | None = None  # the handler on the context now (one per window)
    _changes: set[asyncio.Task[None]] = field(default_factory=set)  # adding or removing the route, in the background
    _store: ConfirmationStore | None = None
    _bound_s: float = 120.0
    _held_now: anyio.Event = field(default_factory=anyio.Event)

    async def attach(self, context: BrowserContext) -> None:
        """The context whose requests the line watches, as it starts (nothing is routed until an act)."""
        if self._context is not context:
            self._context, self.acting, self.armed, self.current, self._route = context, False, False, None, None

    async def during(
        self,
        context: BrowserContext | None,
        store: ConfirmationStore | None,
        act: Callable[[], Awaitable[T]],
        leaves: bool = False,
    ) -> T:
        """Run one page-changing tool's ``act`` armed (``leaves``: unarmed, the window closes first); a held
        request ends it with the hold."""
        if context is None or store is None or context is not self._context:
            return await act()
        self._store, self._bound_s = store, store.ttl_s
        late = self.current
        self.current = None
        if late is not None and late.confirmation_id in self.held:
            raise self._required(late, ran=False)
        self.approval = None
        self.guard.covering, self.guard.onward = None, ""
        if leaves:
            self.leave()
            return await act()
        self._held_now = anyio.Event()
        await self._open(context)
        self.acting = True
        done: list[T] = []
        try:
            async with anyio.create_task_group() as group:

                async def run() -> None:
                    done.append(await act())
                    group.cancel_scope.cancel()

                async def watch() -> None:
                    await self._held_now.wait()
                    group.cancel_scope.cancel()

                group.start_soon(run)
                group.start_soon(watch)
        except BaseExceptionGroup as error:
            raise _first(error) from None
        finally:
            self.acting = False
        pending, self.current = self.current, None
        if pending is not None:
            raise self._required(pending, ran=True)
        return done[0]

    def leave(self) -> None:
        """The agent leaves the page (a navigation, a closed tab): the window closes and the route comes off."""
        self.armed, handler, self._route = False, self._route, None
        if handler is not None and self._context is not None:
            self._background(self._context.unroute(PATTERN, handler), "removed")

    async def _open(self, context: BrowserContext) -> None:
        """The window opens: the route goes on (a new handler per window), waited for with a bound."""
        self.armed = True
        if self._route is not None:
            return

        async def handler(route: Route) -> None:
            await self._on_route(route)

        self._route = handler
        task = self._background(context.route(PATTERN, handler), "added")
        with anyio.move_on_after(ROUTE_BOUND_S):
            await asyncio.shield(task)

    def _background(self, change: Awaitable[object], what: str) -> asyncio.Task[None]:
        """Add or remove the route in a task of its own: its answer waits for every tab, so nothing waits on it
        longer than a bound, and it is logged when it never comes."""

        async def run() -> None:
            try:
                await asyncio.wait_for(change, ROUTE_BOUND_S * 10)
            except TimeoutError:
                log.warning(f"network line's route not {what} in time: a tab does not answer")
            except PlaywrightError:
                pass  # the context closed meanwhile

        task = asyncio.ensure_future(run())
        self._changes.add(task)
        task.add_done_callback(self._changes.discard)
        return task

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

    async def _on_route(self, route: Route) -> None:
        request = route.request
        verdict = None
        if self.armed and request.method not in SAFE_METHODS:  # unarmed: a route still coming off
            verdict = judge(request.method, request.url, _body(request), request.headers.get("content-type", ""),
                            onward=self.guard.onward)
        covered = self.approval or self.guard.covering
        if verdict is None or covered:
            if verdict is not None:
                log.info("request covered by an approval", confirmation_id=covered, target=verdict.target)
                self.passed = [*self.passed[-9:], verdict.target]
            with contextlib.suppress(PlaywrightError):
                await route.fallback()
            return
        release = await self._hold(request, verdict)
        try:
            with anyio.fail_after(ANSWER_BOUND_S), contextlib.suppress(PlaywrightError):  # the page or request gone
                await (route.fallback() if release else route.abort("aborted"))
        except TimeoutError:
            log.warning("held request's answer not taken by the browser in time", target=verdict.target)

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

    def _required(self, pending: PendingAction, ran: bool) -> ConfirmationRequired:
        targets = ", ".join(pending.summary["objects"][:3])
        what = "the action ran, and the page then sent" if ran else "this action did not run: the page had sent"
        return ConfirmationRequired(
            f"NOT DONE: {what} {targets}, a {pending.summary['category']} request "
            f"({pending.summary['reason'].split('(', 1)[-1].rstrip(')')}); it is paused until the human confirms it "
            f"with confirm_action (aborted after {int(self._bound_s)} s)",
            details=dict(pending.public()),
        )
