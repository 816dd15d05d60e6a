"""Tabs that cannot be navigated any more (a page that keeps navigating itself, a dialog loop, a script that never
yields), and how one is swapped for a fresh tab quickly even while it floods the browser.

Measured under load (2 cores busy): a page that sets ``location`` every few milliseconds keeps the browser so busy
that opening a tab the usual way (``context.new_page()``) took 7-28 s while it ran, and CDP ``Page.crash`` is
refused for it ("Page has pending navigations"). Closing it first stops the flood, but closing the last tab quits
Chromium. So the fresh tab is created with the browser's own ``Target.createTarget`` (answered at once), the old
tab is closed right after it is asked for (no unload handlers), and only then does Playwright set up the
new tab, in a quiet browser. A browser that still makes no tab in time (measured under load: every
command held for up to a minute while a tab flooded it) is wedged: one we launched is ended and started again on
its profile.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import signal
import time
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary, WeakSet

import anyio
import structlog
from playwright.async_api import Browser, BrowserContext, CDPSession, Frame, Page
from playwright.async_api import Error as PlaywrightError

from browser_core.session.orphans import browser_pids

log = structlog.get_logger("browser_core.session")

_KEEP = 32
_navigations: WeakKeyDictionary[Page, list[float]] = WeakKeyDictionary()
_landed: WeakKeyDictionary[Page, float] = WeakKeyDictionary()  # when our own navigate last finished there
_marks = itertools.count(1)
_background: set[asyncio.Future[None]] = set()
_swaps: WeakKeyDictionary[BrowserContext, asyncio.Future[Page | None]] = WeakKeyDictionary()  # swap_tab's, running
_closing: WeakSet[Page] = WeakSet()  # tabs we are closing: no longer listed nor chosen
_browser_sessions: WeakKeyDictionary[Browser, asyncio.Future[CDPSession]] = WeakKeyDictionary()
_wedged: WeakSet[BrowserContext] = WeakSet()  # its browser did not answer Target.createTarget in time
CLOSE_BOUND_S = 10.0
SWAP_SHOW_S = 10.0  # the new tab is known to Playwright by then, or the browser is wedged (``fresh_tab``)
CREATE_BOUND_S = 8.0  # the browser answers Target.createTarget by then, or it is wedged
NEW_TAB_BOUND_S = 10.0  # a new tab the usual way, or the browser is wedged
SWAP_POLL_S = 0.05
PIPE_TURNS = 3  # loop turns for a command sent to be written to the driver's pipe


def watch(page: Page) -> None:
    times: list[float] = []
    _navigations[page] = times

    def on_navigated(frame: Frame) -> None:
        if frame.parent_frame is None:
            times.append(time.monotonic())
            del times[:-_KEEP]

    page.on("framenavigated", on_navigated)
    if page.context.browser is not None:
        _browser_session(page.context.browser)


def landed(page: Page) -> None:
    """Our own navigation finished: only the main frame's later navigations are the page's own."""
    _landed[page] = time.monotonic()


def restless(page: Page, within_s: float = 1.0, count: int = 8) -> bool:
    """True if the page's main frame navigated by itself ``count`` times in the last ``within_s`` seconds."""
    since = max(time.monotonic() - within_s, _landed.get(page, 0.0))
    return sum(t > since for t in _navigations.get(page, ())) >= count


def navigated_since(page: Page, since: float) -> bool:
    """The main frame committed a navigation after ``since`` (``time.monotonic()``)."""
    return any(t > since for t in _navigations.get(page, ()))


def fresh_tab_mark() -> str:
    """The address a fresh tab is created at, so its ``page`` event is told apart from a popup's."""
    return f"about:blank#browser-agent-tab-{next(_marks)}"


def _in_background(coro: Coroutine[Any, Any, None]) -> None:
    task = asyncio.ensure_future(coro)
    _background.add(task)
    task.add_done_callback(_background.discard)


async def close_quietly(page: Page) -> None:
    """Close a tab without its unload handlers (bounded: a hung tab's close is not waited for long)."""
    with anyio.move_on_after(CLOSE_BOUND_S), contextlib.suppress(PlaywrightError):
        await page.close(run_before_unload=False)


def close_later(page: Page) -> None:
    """Start closing a tab now, without waiting for it (nor letting a caller's time limit cancel it)."""
    _closing.add(page)
    _in_background(close_quietly(page))


async def close_soon(page: Page, wait_s: float) -> None:
    """Close a tab (no unload handlers) and wait for it at most ``wait_s``: from now on it is neither listed nor
    chosen, and a tab that floods the browser (its close confirmed late) does not hold up the caller."""
    closed = anyio.Event()
    page.once("close", lambda _: closed.set())
    close_later(page)
    with anyio.move_on_after(wait_s):
        await closed.wait()


def gone(page: Page) -> bool:
    """Closed, or being closed by us."""
    return page.is_closed() or page in _closing


def _browser_session(browser: Browser) -> asyncio.Future[CDPSession]:
    """One browser-level CDP session per browser, opened with its first tab and kept: opening it while a page
    floods the browser took up to 3 s more."""
    opening = _browser_sessions.get(browser)
    if opening is None or (opening.done() and (opening.cancelled() or opening.exception() is not None)):
        opening = _browser_sessions[browser] = asyncio.ensure_future(browser.new_browser_cdp_session())
        opening.add_done_callback(lambda done: done.cancelled() or done.exception())  # a failure is seen, not logged
    return opening


async def swap_tab(context: BrowserContext, old: Page, mark: str) -> Page | None:
    """Open a blank tab at ``mark`` and close ``old`` as soon as the browser made the new one (see the module
    docstring; closing the tab also ends a renderer stuck in a script). The swap runs in a task of its own: a caller
    whose time runs out stops waiting, but the old tab is still closed, and the next caller that needs a tab gets
    the new one (``swapped_tab``). None: the browser could not be asked, or the new tab did not show up in time (the
    caller opens a tab the usual way)."""
    _closing.add(old)  # from now on neither listed nor chosen
    swap = _swaps[context] = asyncio.ensure_future(_swap(context, old, mark))
    swap.add_done_callback(lambda done: done.cancelled() or done.exception())  # a failure is seen, not logged
    page = await asyncio.shield(swap)
    if _swaps.get(context) is swap:
        del _swaps[context]
    return page


async def swapped_tab(context: BrowserContext) -> Page | None:
    """The new tab of a swap whose caller stopped waiting (None: there is none, or it failed or was closed)."""
    swap = _swaps.get(context)
    if swap is None:
        return None
    page = await asyncio.shield(swap)
    _swaps.pop(context, None)
    return page if page is not None and not gone(page) else None


async def _swap(context: BrowserContext, old: Page, mark: str) -> Page | None:
    browser = context.browser
    try:
        if browser is None:
            raise PlaywrightError("no browser to ask")
        cdp = await asyncio.shield(_browser_session(browser))
    except PlaywrightError:
        if browser is not None:
            _browser_sessions.pop(browser, None)  # detached (the browser restarted?): a new one next time
        _closing.discard(old)  # still open: the caller closes it after opening a tab the usual way
        return None
    # The close follows the create on the same pipe, without waiting for its answer: the browser handles them in
    # order (the new tab exists when the old one closes), and the flood ends as soon as the browser gets there.
    created = asyncio.ensure_future(cdp.send("Target.createTarget", {"url": mark}))
    for _ in range(PIPE_TURNS):
        await asyncio.sleep(0)
    close_later(old)
    try:
        with anyio.fail_after(CREATE_BOUND_S):
            await created
    except TimeoutError:
        _browser_sessions.pop(browser, None)
        _wedged.add(context)
        log.warning("browser wedged: no tab made", bound_s=CREATE_BOUND_S)
        return None
    except PlaywrightError:
        _browser_sessions.pop(browser, None)
        return None
    return await find_tab(context, mark, SWAP_SHOW_S)


async def find_tab(context: BrowserContext, mark: str, within_s: float) -> Page | None:
    """The tab made at ``mark`` once Playwright knows it (None after ``within_s``). Under load the tab's ``page``
    event can come before its address is known (url ''), so a predicate on the event would miss it: look for the
    address among the context's tabs until it shows."""
    with anyio.move_on_after(within_s):
        while True:
            for page in context.pages:
                if page.url == mark and not gone(page):
                    return page
            await anyio.sleep(SWAP_POLL_S)
    return None


def wedged(context: BrowserContext) -> bool:
    """The browser left a tab swap's ``Target.createTarget`` unanswered for ``CREATE_BOUND_S``: it no longer answers."""
    return context in _wedged


async def fresh_tab(open_tab: Callable[[], Awaitable[Page]], restart: Callable[[], Awaitable[Page]],
                    context: BrowserContext) -> Page:
    """A new tab the usual way; a browser that makes none within ``NEW_TAB_BOUND_S`` no longer answers (measured: a
    tab flooding it with navigations under load held every command of the browser for a minute): ``restart``. One
    already known as wedged (``wedged``) is restarted at once: waiting for a tab it will not make would spend the
    time the call needs to navigate in the restarted browser."""
    if wedged(context):
        return await restart()
    with anyio.move_on_after(NEW_TAB_BOUND_S):
        return await open_tab()
    log.warning("browser wedged: no new tab", bound_s=NEW_TAB_BOUND_S)
    return await restart()


def kill_browser(profile: Path) -> bool:
    """End a wedged browser we launched on ``profile`` at once (the next call starts it again on the same profile)."""
    pids = browser_pids(profile)
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    return bool(pids)


def health(context: BrowserContext | None) -> dict[str, int]:
    """Open tabs, event listeners on them and on the context, and browser CDP sessions we keep (leak checks)."""
    pages = [p for p in context.pages if not gone(p)] if context is not None else []
    emitters: list[object] = [context, *pages] if context is not None else []
    return {"tabs": len(pages), "listeners": sum(_listener_count(e) for e in emitters),
            "cdp_sessions": sum(b.is_connected() and f.done() and not f.cancelled() and f.exception() is None
                                for b, f in list(_browser_sessions.items()))}


def _listener_count(emitter: object) -> int:
    impl: Any = getattr(emitter, "_impl_obj", None)  # Playwright keeps the listeners on its implementation object
    if not callable(getattr(impl, "event_names", None)):
        return 0
    return sum(int(impl.listener_count(name)) for name in impl.event_names())
