"""How much memory the browser's renderers hold (Linux, through /proc), so a long session stays bounded.

A tab's renderer grows over thousands of calls even when the page itself holds little (measured: 70 -> 280 MB
over 2,000 calls on one small page, JS heap steady at 2 MB; a critical memory-pressure signal only slows it). Only
a new renderer gives the memory back, so when the renderers of the browser we launched hold more than
``BROWSER_RENDERER_LIMIT_MB``, the next ``navigate`` opens its page in a fresh tab and closes the old one (the
result says so: that tab's back history starts again). Cookies and storage live in the context and are kept.

Elsewhere than Linux, and for a browser reached over CDP, nothing is measured and nothing is recycled.
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import anyio

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

    @property
    def active(self) -> bool:
        return self.limit_mb > 0 and sys.platform.startswith("linux")

    def _measure(self) -> float:
        if self._pid is None or f"--user-data-dir={self.profile}" not in _read(f"/proc/{self._pid}/cmdline"):
            self._pid = next(iter(browser_pids(self.profile)), None)
        return renderers_mb(self._pid) if self._pid is not None else 0.0

    async def over_limit(self) -> str | None:
        """Why the active tab should be replaced at this navigate (its renderers hold too much), else None.
        Read at each navigate (a few ms of /proc, in a worker thread)."""
        if not self.active:
            return None
        used = await anyio.to_thread.run_sync(self._measure)
        if self._after_recycle:
            self._after_recycle, self._floor = False, used
            return None
        if used <= max(self.limit_mb, self._floor + self.limit_mb / 2):
            return None
        self._after_recycle = True  # the next navigate reads what the new tab kept
        return f"the tab's renderer held {used:.0f} MB, over BROWSER_RENDERER_LIMIT_MB={self.limit_mb}"
