"""Browsers left behind on our profile by a server that died (killed, crashed) before it could close them.

Such a browser still holds Chromium's own profile lock (SingletonLock), so a new launch on the profile fails or
hands its window to the old process. It is only ever one of ours: it runs on our profile with Playwright's
``--remote-debugging-pipe``, and no live server holds our lock file (the caller holds it now). It gets SIGTERM,
Chromium's clean shutdown, which writes cookies and localStorage to disk: the profile's state is kept.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from pathlib import Path

import anyio
import structlog

log = structlog.get_logger("browser_core.orphans")
EXIT_WAIT_S = 10.0


def _cmdline(pid: int) -> list[str]:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
    return []


def browser_pids(profile: Path) -> list[int]:
    """Chromium browser processes (not their renderers or helpers) running on ``profile`` (Linux; else none)."""
    if not sys.platform.startswith("linux"):
        return []
    flag = f"--user-data-dir={profile}"
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) != os.getpid():
            args = _cmdline(int(name))
            if flag in args and not any(a.startswith("--type=") for a in args):
                found.append(int(name))
    return found


def orphan_browsers(profile: Path) -> list[int]:
    """Browser processes launched by Playwright on ``profile`` (Linux; elsewhere: none found)."""
    return [pid for pid in browser_pids(profile) if "--remote-debugging-pipe" in _cmdline(pid)]


async def retire_orphans(profile: Path) -> int:
    """Ask left-behind browsers on ``profile`` to close cleanly and wait (bounded) until they are gone."""
    pids = orphan_browsers(profile)
    with anyio.move_on_after(EXIT_WAIT_S):
        for pid in pids:
            log.warning("closing a browser left behind on the profile", pid=pid)
            try:
                handle = os.pidfd_open(pid)
            except OSError:
                continue  # already gone
            try:
                os.kill(pid, signal.SIGTERM)
                await anyio.wait_readable(handle)  # readable once the process has exited
            except OSError:
                pass
            finally:
                os.close(handle)
    return len(pids)
