"""Navigation: open a URL, back, forward, reload. HTTP errors are non-retriable failures the model sees."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Literal

import anyio
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page, Response

from browser_core.act.leave_hold import hold_if_left_unsaved, unless_held
from browser_core.act.outcome import ActionResult, with_changes
from browser_core.errors import (
    ActionTimeout,
    BrowserUnavailable,
    NavigationFailed,
    PageChanged,
    ToolFailure,
    map_playwright_error,
)
from browser_core.read.changes import PageChanges, what_changed
from browser_core.security.urls import normalise_url
from browser_core.session.browser import BrowserSession
from browser_core.session.restless import landed, navigated_since, restless

LISTING_BOUND_S = 2.0
TITLE_BOUND_S = 1.0
TITLE_MORE_S = 3.0  # a landed page's title, when the call has time: a busy browser (a flooding tab closing) is slow
WaitUntil = Literal["commit", "domcontentloaded", "load", "networkidle"]
PROBE_S = 2.0
WATCH_S = 3.0  # a navigation not committed by then, in a tab whose scripts do not answer, is given up
SUSPICIOUS_FIRST_TRY_MS = 5000  # first try in a tab that just raised dialogs or navigated itself
RESULT_RESERVE_S = 3.5  # kept from the call's bound for the result (title, what changed)


def _title_bound() -> float:
    """How long a landed page's title may take: ``TITLE_BOUND_S``, up to ``TITLE_MORE_S`` while the call has a
    quarter of its time left for it (a page with no title answers at once either way)."""
    left = anyio.current_effective_deadline() - anyio.current_time()
    return max(TITLE_BOUND_S, min(TITLE_MORE_S, left / 4))


def _call_end() -> float:
    """When the tries must end: the call's own deadline (inf outside a tool call) less what the result needs,
    at most a quarter of the time left (a short bound, e.g. BROWSER_TOOL_TIMEOUT_S=3, still gets its try)."""
    now, deadline = anyio.current_time(), anyio.current_effective_deadline()
    return deadline - min(RESULT_RESERVE_S, (deadline - now) / 4)


async def _report(session: BrowserSession, page: Page, response: Response | None, action: str) -> ActionResult:
    out: ActionResult = {"action": action, "url": page.url}
    out["title"] = ""
    with anyio.move_on_after(_title_bound()), contextlib.suppress(PlaywrightError):
        out["title"] = await page.title()
    if response is not None:
        out["status"] = response.status
        if response.status >= 400:
            raise NavigationFailed(
                f"{action} reached {page.url} but the server answered HTTP {response.status}",
                details=dict(out),
                hint="The page shows an error; do not retry unchanged. Try another URL or navigate history=back.",
            )
    listing: PageChanges = {}
    with anyio.move_on_after(LISTING_BOUND_S):  # a page whose script never yields still gets its answer
        listing = await what_changed(session, page, None, new_page=True)
    if not listing:
        out["note"] = "the page did not answer in time (busy in a script?): observe later"
    return with_changes(out, listing)


def _nav_error(exc: PlaywrightError, action: str, url: str) -> ToolFailure:
    text = str(exc)
    if "interrupted by another navigation" in text:
        return PageChanged(f"{action} to {url} was superseded by another navigation (the page or another call "
                           "navigated at the same time)", hint="Observe to see where the tab is now.")
    if "net::ERR_" in text:
        code = text[text.index("net::ERR_"):].split()[0]
        return NavigationFailed(f"{action} to {url} failed: {code}")
    if "Timeout" in text:
        return ActionTimeout(f"{action} to {url} did not finish loading in time")
    return map_playwright_error(exc, action=action)


def _aborted_by_the_page(exc: BaseException) -> bool:
    """Our navigation was cancelled by one the old page started (not a download, which aborts too)."""
    text = str(exc)
    return "net::ERR_ABORTED" in text and "Download is starting" not in text


async def _responsive(page: Page) -> bool:
    """False if the page's scripts do not answer (a busy loop, an endless alert loop)."""
    with anyio.move_on_after(PROBE_S):
        with contextlib.suppress(PlaywrightError):  # navigating or closed: not stuck, the navigation tells
            await page.evaluate("1")
        return True
    return False


async def _document_url(page: Page) -> str:
    """Where the tab's document is. A goto without a response (as for a fragment) can also mean that a navigation
    the old page started took ours over: the tab then shows that page while ``page.url`` still names ours."""
    if not page.url.startswith(("http:", "https:")):
        return page.url
    with anyio.move_on_after(TITLE_BOUND_S), contextlib.suppress(PlaywrightError):
        return str(await page.evaluate("location.href"))
    return page.url


_LOADED_JS = "() => performance.getEntriesByType('navigation')[0]?.name ?? ''"


async def _routed(page: Page, arrived: str) -> bool:
    """The document our navigation loaded changed its own address (a single-page app's router: history.pushState or
    replaceState): the tab is where we sent it, no navigation of the old page overtook ours."""
    with anyio.move_on_after(TITLE_BOUND_S), contextlib.suppress(PlaywrightError):
        loaded = str(await page.evaluate(_LOADED_JS))
        return loaded.split("#")[0] == arrived.split("#")[0]
    return False


class _TabHung(Exception):
    """Our navigation did not commit and the tab's scripts stopped answering: its renderer is stuck."""


async def _watched_goto(page: Page, target: str, wait_until: WaitUntil, timeout_ms: float) -> Response | None:
    """``page.goto``, watched: a renderer stuck in a script never commits a same-site navigation, so if ours has
    not committed after WATCH_S and the page's scripts do not answer, give up at once (the caller swaps the tab)
    instead of waiting out the whole timeout. A slow server is not mistaken for it: the old page still answers."""
    started = time.monotonic()
    nav = asyncio.ensure_future(page.goto(target, wait_until=wait_until, timeout=timeout_ms))
    try:
        while True:
            done, _ = await asyncio.wait({nav}, timeout=WATCH_S)
            if done:
                return nav.result()
            if not navigated_since(page, started) and not await _responsive(page):
                raise _TabHung("the tab's scripts stopped answering while the navigation waited")
    finally:
        if not nav.done():
            nav.cancel()
            nav.add_done_callback(lambda f: f.cancelled() or f.exception())


def _left_ms(deadline: float) -> float:
    return (deadline - anyio.current_time()) * 1000


async def _leave_reason(session: BrowserSession, page: Page) -> str | None:
    """Why the tab cannot be navigated as it is, or None: checked before trying."""
    if session.dialogs.storming():
        return "the page kept opening dialogs"
    if restless(page):
        return "the page kept navigating itself away"
    if not await _responsive(page):
        if restless(page, within_s=PROBE_S + 1, count=1):  # it did not answer because it kept leaving
            return "the page kept navigating itself away"
        return "the page's scripts did not respond (busy loop or dialog loop)"
    if session.renderer_watch is not None and page.url != "about:blank":
        return await session.renderer_watch.over_limit(page)
    return None


async def navigate(
    session: BrowserSession, *, url: str, wait_until: WaitUntil = "domcontentloaded", timeout_ms: int | None = None,
    confirmed: bool = False,
) -> ActionResult:
    """Open ``url`` in the active tab. A tab that cannot be navigated (stuck scripts, a page that keeps
    navigating itself away, a dialog loop, a crashed renderer) is replaced by a fresh one, and the result says so.

    Every try fits in the call's own time bound (the tool's deadline, seen through anyio): a first try in a tab
    that looks hostile is short, so a fresh tab still gets its turn before the call runs out of time."""
    target = normalise_url(url, session.settings)
    timeout = timeout_ms or session.settings.navigation_timeout_ms
    page = await session.page()
    replaced = await _leave_reason(session, page)
    if replaced:
        page = await session.replace_page(page, replaced)
    # Counted from here: a tab swapped or a browser restarted above took its time, and the page now gets the rest.
    call_end = _call_end()
    deadline = min(anyio.current_time() + timeout / 1000, call_end)
    # A page that just raised dialogs or navigated itself may still block leaving it: a short try, then a new tab.
    suspicious = not replaced and (session.dialogs.storming(within_s=5.0, count=1)
                                   or restless(page, within_s=3.0, count=2))
    seen = session.dialogs.seen
    try:
        left = _left_ms(deadline)
        response = await _watched_goto(page, target, wait_until,
                                       max(min(left / 2, SUSPICIOUS_FIRST_TRY_MS) if suspicious else left, 1))
        out = await _report(session, page, response, "navigate")
        arrived = response.url if response is not None else target
        shown = page.url if response is not None else await _document_url(page)
        if shown.split("#")[0] != arrived.split("#")[0] and not replaced and not await _routed(page, arrived):
            # The old document's own navigation (a page that keeps navigating itself away) overtook ours.
            raise PageChanged(f"the tab went on to {shown[:200]}")
    except (PlaywrightError, PageChanged, _TabHung) as exc:
        # The page warned that leaving loses its unsaved work, and the gate kept it: held, never a fresh tab.
        await hold_if_left_unsaved(session, page, seen, "navigate", {"url": target}, confirmed=confirmed)
        hung = isinstance(exc, _TabHung)
        error = (ActionTimeout(f"navigate to {target}: {exc}") if isinstance(exc, _TabHung)
                 else exc if isinstance(exc, PageChanged) else _nav_error(exc, "navigate", target))
        tab_broke = (hung or isinstance(error, PageChanged)
                     or (isinstance(error, BrowserUnavailable) and not session.gone)
                     or _aborted_by_the_page(exc) or (suspicious and isinstance(error, ActionTimeout)))
        froze = (not replaced and isinstance(error, ActionTimeout) and not tab_broke
                 and not await _responsive(page))
        if froze or hung:  # the page froze while we waited: a fresh tab gets a full try, if the call has time for it
            tab_broke, deadline = True, min(anyio.current_time() + timeout / 1000, call_end)
        if replaced or not tab_broke or _left_ms(deadline) < 1000:
            if error is exc:
                raise
            raise error from exc
        replaced = f"the tab could not be navigated ({error.message[:120]})"
        page = await session.replace_page(page, replaced)
        try:
            response = await page.goto(target, wait_until=wait_until, timeout=max(_left_ms(deadline), 1))
        except PlaywrightError as exc2:
            raise _nav_error(exc2, "navigate", target) from exc2
        out = await _report(session, page, response, "navigate")
    await hold_if_left_unsaved(session, page, seen, "navigate", {"url": target}, confirmed=confirmed)
    session.no_page_open = False
    landed(page)
    if replaced:
        out["replaced_tab"] = replaced + ": it was closed and the URL opened in a new tab"
    return out


async def history(
    session: BrowserSession,
    *,
    action: Literal["go_back", "go_forward", "reload"],
    wait_until: WaitUntil = "domcontentloaded",
    timeout_ms: int | None = None,
    confirmed: bool = False,
) -> ActionResult:
    page = await session.page()
    timeout = timeout_ms or session.settings.navigation_timeout_ms
    before = page.url
    seen = session.dialogs.seen
    try:
        move = page.go_back if action == "go_back" else page.go_forward if action == "go_forward" else page.reload
        response = await unless_held(session, seen, move(wait_until=wait_until, timeout=timeout))
    except PlaywrightError as exc:
        await hold_if_left_unsaved(session, page, seen, action, {}, confirmed=confirmed)
        raise _nav_error(exc, action, before) from exc
    await hold_if_left_unsaved(session, page, seen, action, {}, confirmed=confirmed)
    out = await _report(session, page, response, action)
    if action != "reload" and response is None and page.url == before:
        out["note"] = "no history entry in that direction; the page did not change"
    return out
