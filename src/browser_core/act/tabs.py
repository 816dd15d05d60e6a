"""Tabs: list them, switch the active one, close one.

A tab opened by the page (target=_blank, window.open) becomes the active tab at once and is reported (the
session follows it; the action's result says ``switched_tab``). These tools let the model look around and go
back: every other tool acts on the active tab.
"""

from __future__ import annotations

import contextlib
from typing import NotRequired, TypedDict

import anyio
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from browser_core.errors import InvalidInput
from browser_core.security.intent import ActionIntent
from browser_core.session.browser import BrowserSession
from browser_core.session.restless import close_soon

TITLE_WAIT_S = 2.0
CLOSE_WAIT_S = 2.0  # then the tab closes in the background (it is no longer listed)


class Tab(TypedDict):
    index: int
    url: str
    title: str
    active: NotRequired[bool]


class TabsResult(TypedDict):
    """list_tabs, switch_tab, close_tab: the tabs (or the one switched to, the one closed) and how many are open."""

    action: NotRequired[str]
    tabs: NotRequired[list[Tab]]
    closed: NotRequired[Tab]
    active: NotRequired[Tab | None]
    count: int
    note: NotRequired[str]


async def _title(page: Page) -> str:
    with anyio.move_on_after(TITLE_WAIT_S), contextlib.suppress(PlaywrightError):
        return await page.title()
    return ""


async def _tab(page: Page, index: int, active: Page | None) -> Tab:
    out: Tab = {"index": index, "url": page.url, "title": await _title(page)}
    if page is active:
        out["active"] = True
    return out


async def list_tabs(session: BrowserSession) -> TabsResult:
    active = await session.page()
    if session.no_page_open:
        return {"tabs": [], "count": 0, "note": "no page is open: navigate to a URL to open one"}
    tabs = session.tabs()
    return {"tabs": [await _tab(p, i, active) for i, p in enumerate(tabs)], "count": len(tabs)}


async def _pick(session: BrowserSession, index: int | None) -> tuple[Page, int]:
    active = await session.page()
    tabs = session.tabs()
    if index is None:
        return active, tabs.index(active) if active in tabs else 0
    if not 0 <= index < len(tabs):
        raise InvalidInput(f"there is no tab {index}: tabs are numbered 0 to {len(tabs) - 1}",
                           details={"tabs": [await _tab(p, i, active) for i, p in enumerate(tabs)]})
    return tabs[index], index


async def switch_tab(session: BrowserSession, *, index: int, confirmed: bool = False) -> TabsResult:
    page, index = await _pick(session, index)
    await session.guard.check(ActionIntent("switch_tab", page, None, {"index": index, "url": page.url}),
                              confirmed=confirmed)
    session.activate(page)
    with contextlib.suppress(PlaywrightError):
        await page.bring_to_front()
    return {"action": "switch_tab", "active": await _tab(page, index, page), "count": len(session.tabs())}


async def close_tab(session: BrowserSession, *, index: int | None = None, confirmed: bool = False) -> TabsResult:
    page, index = await _pick(session, index)
    await session.guard.check(ActionIntent("close_tab", page, None, {"index": index, "url": page.url}),
                              confirmed=confirmed)
    closed = await _tab(page, index, None)
    if len(session.tabs()) == 1:
        # Chromium quits with its last window (and the session with it): an empty tab of our own is made first, by
        # the browser itself (at once even while this page floods it with navigations), then this one is closed
        # without its unload handlers (session/restless.py). Marked first: if the call's time runs out while the
        # new tab shows up, the next call still finds it.
        session.no_page_open = True
        await session.replace_page(page, None)
        return {"action": "close_tab", "closed": closed, "active": None, "count": 0,
                "note": "no page is open now: navigate to a URL to open one"}
    await close_soon(page, CLOSE_WAIT_S)  # a tab that floods the browser is not waited for past the bound
    active = await session.page()
    tabs = session.tabs()
    with contextlib.suppress(PlaywrightError):
        await active.bring_to_front()
    return {"action": "close_tab", "closed": closed,
            "active": await _tab(active, tabs.index(active) if active in tabs else 0, active), "count": len(tabs)}
