"""How much memory the browser's renderers hold (Linux, through /proc), so a long session stays bounded.

A tab's renderer grows over thousands of calls because the documents it has left (their DOM, layout, images) are
garbage that V8 and Blink only collect when their own heaps press, not when the process does: measured 54 -> 569 MB
over 2,000 calls, while a full collection every 150 calls kept it at 134-182 MB. So when the renderers have grown
``COLLECT_GROWTH`` of the limit since the last collection, the next ``navigate`` first asks the tab for a full
garbage collection (CDP ``HeapProfiler.collectGarbage``: tens of ms on a small page, about a second on a
35,000-element one; not waited for past ``COLLECT_BOUND_S``). If the renderers still hold more than
``BROWSER_RENDERER_LIMIT_MB``, that navigate opens its page in a fresh tab and closes the old one (the result says
so: that tab's back history starts again). Cookies and storage live in the context and are kept.

Elsewhere than Linux, and for a browser reached over CDP, nothing is measured and nothing is recycled.
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import anyio
import structlog
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from browser_core.session.orphans import browser_pids


def _read(path: str) -> str:
    """A /proc file's text (open(), not pathlib: pathlib interns every part, one per pid ever seen)."""
    with contextlib.suppress(OSError), open(path, errors="replace") as file:
        return file.read()
    return ""


def _parent(pid: int) -> int:
    with contextlib.suppress(ValueError, IndexError):
        return int(_read(f"/proc/{pid}/stat").rsplit(")", 1)[1].split()[1])
    return -1


def _pss_mb(pid: int) -> float:
    for line in _read(f"/proc/{pid}/smaps_rollup").splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    return 0.0


log = structlog.get_logger("browser_core.session")

COLLECT_GROWTH = 1 / 8  # of the limit: what the renderers may grow since the last collection before the next one
COLLECT_BOUND_S = 2.0  # a navigate's own bound comes first: a busy page's collection is given up


async def collect_garbage(page: Page) -> None:
    """A full garbage collection in ``page``'s renderer (old documents included); Chromium only, else nothing."""
    with anyio.move_on_after(COLLECT_BOUND_S), contextlib.suppress(PlaywrightError):
        cdp = await page.context.new_cdp_session(page)
        try:
            await cdp.send("HeapProfiler.collectGarbage")
        finally:
            with anyio.CancelScope(shield=True), anyio.move_on_after(1), contextlib.suppress(PlaywrightError):
                await cdp.detach()


def renderers_mb(browser_pid: int) -> float:
    """The proportional memory (PSS) of every renderer process under ``browser_pid``, in MB."""
    parents = {int(n): _parent(int(n)) for n in os.listdir("/proc") if n.isdigit()}
    tree, frontier = set(), [browser_pid]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent and pid not in tree]
        tree.update(children)
        frontier += children
    # Chromium's helpers rewrite their command line into one string: match within it.
    return sum(_pss_mb(pid) for pid in tree if "--type=renderer" in _read(f"/proc/{pid}/cmdline"))


@dataclass
class RendererWatch:
    """The renderers of the browser launched on ``profile``, against ``limit_mb`` (0: never recycled)."""

    profile: Path
    limit_mb: int
    _pid: int | None = None
    _floor: float = 0.0  # what a new tab did not give back (other tabs' renderers): not counted against the tab
    _after_recycle: bool = False
    _collected: float = 0.0  # what the renderers held after the last collection

    @property
    def active(self) -> bool:
        return self.limit_mb > 0 and sys.platform.startswith("linux")

    def measured_mb(self) -> float:
        if self._pid is None or f"--user-data-dir={self.profile}" not in _read(f"/proc/{self._pid}/cmdline"):
            self._pid = next(iter(browser_pids(self.profile)), None)
        return renderers_mb(self._pid) if self._pid is not None else 0.0

    async def over_limit(self, page: Page) -> str | None:
        """Why ``page`` (the active tab) should be replaced at this navigate (its renderers hold too much even
        after a collection), else None. Read at each navigate (a few ms of /proc, in a worker thread)."""
        if not self.active:
            return None
        used = await anyio.to_thread.run_sync(self.measured_mb)
        if self._after_recycle:
            self._after_recycle, self._floor, self._collected = False, used, used
            return None
        if used > self._collected + self.limit_mb * COLLECT_GROWTH:
            await collect_garbage(page)
            before, used = used, await anyio.to_thread.run_sync(self.measured_mb)
            self._collected = used
            log.info("renderer garbage collected", before_mb=round(before), after_mb=round(used))
        if used <= max(self.limit_mb, self._floor + self.limit_mb / 2):
            return None
        self._after_recycle = True  # the next navigate reads what the new tab kept
        return f"the tab's renderer held {used:.0f} MB, over BROWSER_RENDERER_LIMIT_MB={self.limit_mb}"
