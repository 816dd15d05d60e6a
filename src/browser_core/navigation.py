"""Navigation: open a URL, back, forward, reload. HTTP errors are non-retriable failures the model sees."""

from __future__ import annotations

from typing import Any, Literal

import anyio
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Response

from browser_core.changes import what_changed
from browser_core.errors import ActionTimeout, NavigationFailed, map_playwright_error
from browser_core.session import BrowserSession
from browser_core.urls import normalise_url

LISTING_BOUND_S = 2.0
WaitUntil = Literal["commit", "domcontentloaded", "load", "networkidle"]


async def _report(session: BrowserSession, response: Response | None, action: str) -> dict[str, Any]:
    page = await session.page()
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


def _nav_error(exc: PlaywrightError, action: str, url: str) -> Exception:
    text = str(exc)
    if "net::ERR_" in text:
        code = text[text.index("net::ERR_"):].split()[0]
        return NavigationFailed(f"{action} to {url} failed: {code}")
    if "Timeout" in text:
        return ActionTimeout(f"{action} to {url} did not finish loading in time")
    return map_playwright_error(exc, action=action)


async def navigate(
    session: BrowserSession, *, url: str, wait_until: WaitUntil = "domcontentloaded", timeout_ms: int | None = None
) -> dict[str, Any]:
    target = normalise_url(url, session.settings)
    page = await session.page()
    try:
        response = await page.goto(
            target, wait_until=wait_until, timeout=timeout_ms or session.settings.navigation_timeout_ms
        )
    except PlaywrightError as exc:
        raise _nav_error(exc, "navigate", target) from exc
    return await _report(session, response, "navigate")


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
    out = await _report(session, response, action)
    if action != "reload" and response is None and page.url == before:
        out["note"] = "no history entry in that direction; the page did not change"
    return out
