"""Navigation: open a URL, back, forward, reload. HTTP errors are non-retriable failures the model sees."""

from __future__ import annotations

import contextlib
import time
from typing import Any, Literal

import anyio
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page, Response

from browser_core.errors import (
    ActionTimeout,
    BrowserUnavailable,
    NavigationFailed,
    PageChanged,
    ToolFailure,
    map_playwright_error,
)
from browser_core.read.changes import what_changed
from browser_core.security.urls import normalise_url
from browser_core.session.browser import BrowserSession
from browser_core.session.restless import restless

LISTING_BOUND_S = 2.0
WaitUntil = Literal["commit", "domcontentloaded", "load", "networkidle"]
PROBE_S = 2.0
SUSPICIOUS_FIRST_TRY_MS = 5000  # a page whose scripts do not answer within this is replaced before navigating


async def _report(session: BrowserSession, page: Page, response: Response | None, action: str) -> dict[str, Any]:
    out: dict[str, Any] = {"action": action, "url": page.url}
    try:
        out["title"] = await page.title()
    except PlaywrightError:
        out["title"] = ""
    if response is not None:
        out["status"] = response.status
        if response.status >= 400:
            raise NavigationFailed(
                f"{action} reached {page.url} but the server answered HTTP {response.status}",
                details=out,
                hint="The page shows an error; do not retry unchanged. Try another URL or go_back.",
            )
    listing: dict[str, Any] = {}
    with anyio.move_on_after(LISTING_BOUND_S):  # a page whose script never yields still gets its answer
        listing = await what_changed(session, page, None, new_page=True)
    if not listing:
        out["note"] = "the page did not answer in time (busy in a script?): observe later"
    return out | listing


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


async def navigate(
    session: BrowserSession, *, url: str, wait_until: WaitUntil = "domcontentloaded", timeout_ms: int | None = None
) -> dict[str, Any]:
    """Open ``url`` in the active tab. A tab that cannot be navigated (stuck scripts, a page that keeps
    navigating itself away, a crashed renderer) is replaced by a fresh one, and the result says so."""
    target = normalise_url(url, session.settings)
    timeout = timeout_ms or session.settings.navigation_timeout_ms
    deadline = time.monotonic() + timeout / 1000
    page = await session.page()
    replaced: str | None = None
    if session.dialogs.storming():
        replaced = "the page kept opening dialogs"
        page = await session.replace_page(page, replaced)
    elif restless(page):
        replaced = "the page kept navigating itself away"
        page = await session.replace_page(page, replaced)
    elif not await _responsive(page):
        replaced = "the page's scripts did not respond (busy loop or dialog loop)"
        page = await session.replace_page(page, replaced, hung=True)
    # A page that just raised dialogs may start a dialog loop that blocks leaving it: try briefly, then a new tab.
    suspicious = not replaced and session.dialogs.storming(within_s=5.0, count=1)
    try:
        first_ms = min(timeout, SUSPICIOUS_FIRST_TRY_MS) if suspicious else timeout
        response = await page.goto(target, wait_until=wait_until, timeout=first_ms)
        out = await _report(session, page, response, "navigate")
        landed = response.url if response is not None else target
        if page.url.split("#")[0] != landed.split("#")[0] and not replaced:
            # The old document's own navigation (a page that keeps navigating itself away) overtook ours.
            raise PageChanged(f"the tab went on to {page.url[:200]}")
    except (PlaywrightError, PageChanged) as exc:
        error = exc if isinstance(exc, PageChanged) else _nav_error(exc, "navigate", target)
        remaining_ms = (deadline - time.monotonic()) * 1000
        tab_broke = (isinstance(error, PageChanged) or (isinstance(error, BrowserUnavailable) and not session.gone)
                     or _aborted_by_the_page(exc) or (suspicious and isinstance(error, ActionTimeout)))
        froze = (not replaced and isinstance(error, ActionTimeout) and not tab_broke
                 and not await _responsive(page))
        if froze:
            tab_broke, remaining_ms = True, timeout  # the page froze while we waited: a fresh tab gets a full try
        if replaced or not tab_broke or remaining_ms < 1000:
            if error is exc:
                raise
            raise error from exc
        replaced = f"the tab could not be navigated ({error.message[:120]})"
        page = await session.replace_page(page, replaced, hung=froze)
        try:
            response = await page.goto(target, wait_until=wait_until, timeout=remaining_ms)
        except PlaywrightError as exc2:
            raise _nav_error(exc2, "navigate", target) from exc2
        out = await _report(session, page, response, "navigate")
    session.no_page_open = False
    if replaced:
        out["replaced_tab"] = replaced + ": it was closed and the URL opened in a new tab"
    return out


async def history(
    session: BrowserSession, *, action: Literal["go_back", "go_forward", "reload"], timeout_ms: int | None = None
) -> dict[str, Any]:
    page = await session.page()
    timeout = timeout_ms or session.settings.navigation_timeout_ms
    before = page.url
    try:
        if action == "go_back":
            response = await page.go_back(wait_until="domcontentloaded", timeout=timeout)
        elif action == "go_forward":
            response = await page.go_forward(wait_until="domcontentloaded", timeout=timeout)
        else:
            response = await page.reload(wait_until="domcontentloaded", timeout=timeout)
    except PlaywrightError as exc:
        raise _nav_error(exc, action, before) from exc
    out = await _report(session, page, response, action)
    if action != "reload" and response is None and page.url == before:
        out["note"] = "no history entry in that direction; the page did not change"
    return out
