"""A tab whose scripts stopped answering: once a call on it ran out of its time bound, the next call on that tab
asks it first (one short probe) and, while it still does not answer, says so at once instead of waiting out its
own bound again. A page in a script that never yields kept every call on it waiting 30-40 s (observe, then a click,
then typing: 110 s) while its renderer burned a core, for the same answer.

    stuck.timed_out(page)                 # a call on the active tab ran out of time (the pipeline's Act)
    await stuck.unless_stuck(page, tool, bound_s)   # before the next call: raises ActionTimeout, or returns

Never a guess from one slow call: the mark needs a call that timed out, and every later call probes again. The tab
is free again (mark dropped) as soon as it answers a probe, its main frame navigates, or it closes; a call that
waits for the page by design (wait_for) or acts on another tab (switch_tab) does not probe.
"""

from __future__ import annotations

import contextlib
import time
from weakref import WeakKeyDictionary

import anyio
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from browser_core.errors import ActionTimeout
from browser_core.session.restless import navigated_since

PROBE_S = 5.0  # how long the tab has to answer once a call on it timed out (at most half the call's bound)
_timed_out: WeakKeyDictionary[Page, float] = WeakKeyDictionary()  # when a call on the tab last ran out of time


def timed_out(page: Page | None) -> None:
    if page is not None and not page.is_closed():
        _timed_out[page] = time.monotonic()


async def unless_stuck(page: Page | None, tool: str, bound_s: float) -> None:
    """Returns at once for a tab with no call timed out on it since it last answered; otherwise probes it and
    raises ``ActionTimeout`` (nothing done) if its scripts still do not answer."""
    since = _timed_out.get(page) if page is not None else None
    if page is None or since is None:
        return
    if page.is_closed() or navigated_since(page, since):
        _timed_out.pop(page, None)
        return
    with anyio.move_on_after(min(PROBE_S, bound_s / 2)):
        with contextlib.suppress(PlaywrightError):  # closed or navigating: not stuck in a script
            await page.evaluate("1")
        _timed_out.pop(page, None)
        return
    waited = time.monotonic() - since
    raise ActionTimeout(
        f"{tool} was not tried: the page's scripts have not answered since a call on it ran out of time "
        f"{waited:.0f} s ago (a script that never yields?)",
        hint="Navigate elsewhere or close the tab; if the page should finish its work, wait_for or observe later.",
    )
