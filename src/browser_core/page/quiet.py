"""Until a page is quiet: no request of its own in flight and its document unchanged for a moment while its main
thread answers on time, each wait bounded.

A single-page app fetches its data after the load, often only after its code has run (a long task that blocks the
page: no request, no change to the document, yet the page is busy) and after a chunk of code it loads late. The
load events and the browser's ``networkidle`` (500 ms without a request) pass in that gap; a document read then
shows the app's frame without its rows. So quiet is measured here as the three together: the requests the page
started are answered, the document has had no mutation for ``QUIET_MS``, and a timer in the page fired on time
throughout (a late tick is a busy main thread, not a still page). Long-lived connections (an event stream, a
media stream) never end and are not waited for; a page that never gets quiet is read at the bound.
"""

from __future__ import annotations

import contextlib
import time

import anyio
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page, Request

QUIET_MS = 600  # a document unchanged this long, with nothing in flight, has rendered what it fetched
BOUND_S = 10.0  # a page that keeps changing (a ticking clock, a poll) is read after this long at most
LATE_MS = 150  # a 50 ms timer that fires this late was held by a busy main thread
ENDLESS = frozenset({"eventsource", "websocket", "media", "ping"})  # connections that stay open by design

# Resolves when the document has had no mutation for `quiet` ms while a 50 ms timer kept firing on time, or at `max`;
# true when it got quiet.
_STILL_JS = """([quiet, max, late]) => new Promise((done) => {
  const t0 = Date.now(); let since = t0, tick = t0;
  const watch = new MutationObserver(() => { since = Date.now(); });
  watch.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  const look = () => { const now = Date.now();
    if (now - tick > late) since = now;  // the main thread was busy: no quiet was measured meanwhile
    tick = now;
    if (now - since >= quiet || now - t0 >= max) { watch.disconnect(); done(now - since >= quiet); }
    else setTimeout(look, 50); };
  setTimeout(look, 50); })"""


class Requests:
    """The page's requests in flight since it was made, and how many were started (long-lived ones left out)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.open: set[Request] = set()
        self.started = 0
        self.changed = anyio.Event()
        page.on("request", self._began)
        page.on("requestfinished", self._ended)
        page.on("requestfailed", self._ended)

    def _began(self, request: Request) -> None:
        if request.resource_type not in ENDLESS:
            self.open.add(request)
            self.started += 1

    def _ended(self, request: Request) -> None:
        self.open.discard(request)
        if not self.open:
            self.changed.set()

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self.page.remove_listener("request", self._began)
            self.page.remove_listener("requestfinished", self._ended)
            self.page.remove_listener("requestfailed", self._ended)

    async def answered(self, within_s: float) -> None:
        """Until no request is in flight, at most ``within_s``."""
        with anyio.move_on_after(max(within_s, 0)):
            while self.open:
                self.changed = anyio.Event()
                await self.changed.wait()


async def quiet(
    page: Page, requests: Requests | None = None, bound_s: float = BOUND_S, quiet_ms: int = QUIET_MS
) -> bool:
    """Wait until the page is quiet (above), at most ``bound_s``; True when it got quiet, False at the bound or when
    the page could not be read (closed, navigating). ``requests``: a watch begun earlier (its requests count), which
    is then stopped here."""
    requests = requests or Requests(page)
    end = time.monotonic() + bound_s
    try:
        while (left := end - time.monotonic()) > 0:
            await requests.answered(left)
            started = requests.started
            left = end - time.monotonic()
            if left <= 0:
                return False
            try:
                still = await page.evaluate(_STILL_JS, [quiet_ms, int(left * 1000), LATE_MS])
            except PlaywrightError:
                return False
            if still and not requests.open and requests.started == started:
                return True
        return False
    finally:
        requests.stop()
