"""Tabs whose page keeps navigating itself: counted from main-frame navigations, so ``navigate`` starts afresh.

A page that sets ``location`` every few milliseconds can overtake our own navigation after it landed; leaving such
a tab for a fresh one is the only way the next page is reliably the one asked for.
"""

from __future__ import annotations

import time
from weakref import WeakKeyDictionary

from playwright.async_api import Frame, Page

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
