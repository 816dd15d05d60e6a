"""Tabs whose page keeps navigating itself: counted from main-frame navigations, so ``navigate`` starts afresh.

A page that sets ``location`` every few milliseconds can overtake our own navigation after it landed; leaving such
a tab for a fresh one is the only way the next page is reliably the one asked for.
"""

from __future__ import annotations

import contextlib
import time
from weakref import WeakKeyDictionary

import anyio
from playwright.async_api import BrowserContext, Frame, Page
from playwright.async_api import Error as PlaywrightError

_KEEP = 32
_navigations: WeakKeyDictionary[Page, list[float]] = WeakKeyDictionary()


def watch(page: Page) -> None:
    times: list[float] = []
    _navigations[page] = times

    def on_navigated(frame: Frame) -> None:
        if frame.parent_frame is None:
            times.append(time.monotonic())
            del times[:-_KEEP]

    page.on("framenavigated", on_navigated)


def restless(page: Page, within_s: float = 1.0, count: int = 8) -> bool:
    """True if the page's main frame navigated ``count`` times in the last ``within_s`` seconds."""
    now = time.monotonic()
    return sum(now - t <= within_s for t in _navigations.get(page, ())) >= count


async def stop_hung_renderer(context: BrowserContext, page: Page) -> None:
    """Crash the renderer of a tab whose scripts do not answer (CDP ``Page.crash`` runs on its IO thread, so it
    works while a script spins): otherwise a new tab of the same site can be given that busy process and hang."""
    with anyio.move_on_after(2), contextlib.suppress(PlaywrightError):
        cdp = await context.new_cdp_session(page)
        await cdp.send("Page.crash")
