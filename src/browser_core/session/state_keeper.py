"""Nothing lost on a kill: the profile's cookies and local storage kept in a snapshot beside Chromium's own files.

Chromium writes cookies to its profile lazily (a login made 3 s before a ``kill -9`` was gone on restart). So
after every page-changing tool call the session saves Playwright's ``storage_state`` (cookies and each origin's
localStorage) into ``<profile>/browser-agent-state.json`` within ``SAVE_DELAY_S`` (and once more a little later,
for cookies a page sets after the action), written atomically and readable by the owner only. On start, what the
snapshot holds and the profile lacks is put back: cookies with ``add_cookies``, localStorage by an init script
that fills only missing keys of its own origin. What the profile has is never overwritten: it may be newer.

The snapshot is read without Playwright's ``storage_state()``: for an origin whose tab does not answer (a script
that never yields) it opens a page of its own to read that origin, which the hung renderer never lets load, so
each save left one more tab open (every 2 s, for as long as the hung tab stayed). Cookies come from the browser;
each open tab's localStorage is read in that tab, within the bound; a tab that does not answer, or an origin no
longer open, keeps what the last snapshot had.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import anyio
import structlog
from playwright.async_api import BrowserContext, Page
from playwright.async_api import Error as PlaywrightError

log = structlog.get_logger("browser_core.state")

STATE_FILE = "browser-agent-state.json"
SAVE_DELAY_S = 0.3  # the first save after a page-changing call: on disk well within 1 s
LATE_SAVE_S = 2.0  # once more, for cookies set by the page after the call's result
FLUSH_S = 5.0  # the last save, when the session closes
SAVE_TIMEOUT_S = 2.0  # one save; a busy page's storage is read next time

_RESTORE_JS = """(origins) => {
  const mine = origins.find((o) => o.origin === location.origin);
  if (!mine) return;
  try {
    for (const {name, value} of mine.localStorage) {
      if (localStorage.getItem(name) === null) localStorage.setItem(name, value);
    }
  } catch (e) { /* storage refused (sandboxed frame, opaque origin) */ }
}"""


_READ_JS = """() => {
  try { return Object.keys(localStorage).map((name) => ({name, value: localStorage.getItem(name)})); }
  catch (e) { return null; /* storage refused (sandboxed frame, opaque origin) */ }
}"""


def state_path(profile: Path) -> Path:
    return profile / STATE_FILE


def _write(path: Path, state: dict[str, Any]) -> None:  # boundary: Playwright's storage state
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(state, out)
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, path)


async def restore(context: BrowserContext, path: Path) -> int:
    """Put back what the snapshot holds and the profile lost; the number of cookies added."""
    try:
        state = json.loads(await asyncio.to_thread(path.read_text, encoding="utf-8"))
    except (OSError, ValueError):
        return 0
    now = time.time()
    have = {(c["name"], c["domain"], c["path"]) for c in await context.cookies()}
    missing = [c for c in state.get("cookies", []) if (c["name"], c["domain"], c["path"]) not in have
               and (c.get("expires", -1) in (-1, None) or c["expires"] > now)]
    if missing:
        with contextlib.suppress(PlaywrightError):
            await context.add_cookies(missing)
    origins = [o for o in state.get("origins", []) if o.get("localStorage")]
    if origins:
        await context.add_init_script(f"({_RESTORE_JS})({json.dumps(origins)})")
    if missing or origins:
        log.info("session state restored", cookies=len(missing), origins=len(origins))
    return len(missing)


class StateKeeper:
    """Saves a context's storage state soon after each page-changing call, coalescing calls close together."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._task: asyncio.Task[None] | None = None
        self._again = False
        self._storage: dict[str, list[dict[str, str]]] = {}  # origin -> its localStorage, as last saved

    @classmethod
    async def start(cls, context: BrowserContext, profile: Path) -> StateKeeper:
        """The keeper of a context launched on ``profile``, once what its snapshot holds is put back."""
        keeper = cls(state_path(profile))
        await restore(context, keeper.path)
        with contextlib.suppress(OSError, ValueError, TypeError, KeyError):
            saved = json.loads(await asyncio.to_thread(keeper.path.read_text, encoding="utf-8"))
            keeper._storage = {o["origin"]: list(o["localStorage"]) for o in saved.get("origins", [])}
        return keeper

    def changed(self, context: BrowserContext) -> None:
        if self._task is not None and not self._task.done():
            self._again = True
            return
        self._task = asyncio.ensure_future(self._run(context))

    async def _run(self, context: BrowserContext) -> None:
        await asyncio.sleep(SAVE_DELAY_S)
        await self.save(context)
        await asyncio.sleep(LATE_SAVE_S)
        while self._again:
            self._again = False
            await self.save(context)
        await self.save(context)

    async def save(self, context: BrowserContext) -> None:
        """Save now; a page too busy to answer within ``SAVE_TIMEOUT_S`` is skipped (the next call saves again)."""
        try:
            with anyio.fail_after(SAVE_TIMEOUT_S):
                cookies = await context.cookies()
            self._storage |= await _local_storage(list(context.pages))
            origins = [{"origin": o, "localStorage": items} for o, items in self._storage.items() if items]
            await asyncio.to_thread(_write, self.path, {"cookies": cookies, "origins": origins})
        except (PlaywrightError, OSError, TimeoutError) as exc:
            log.debug("session state not saved", error=str(exc)[:200])

    async def flush(self, context: BrowserContext | None) -> None:
        """Save now (closing; shielded, bounded), and stop the pending save."""
        with anyio.CancelScope(shield=True), anyio.move_on_after(FLUSH_S):
            if self._task is not None:
                self._task.cancel()
                with contextlib.suppress(BaseException):
                    await self._task
            if context is not None:
                await self.save(context)


async def _local_storage(pages: list[Page]) -> dict[str, list[dict[str, str]]]:
    """origin -> localStorage of each tab that answers within ``SAVE_TIMEOUT_S`` (read in parallel)."""
    found: dict[str, list[dict[str, str]]] = {}

    async def read(page: Page) -> None:
        parts = urlsplit(page.url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            return
        with contextlib.suppress(PlaywrightError):
            items = await page.main_frame.evaluate(_READ_JS)
            if isinstance(items, list):
                found[f"{parts.scheme}://{parts.netloc}"] = items

    with anyio.move_on_after(SAVE_TIMEOUT_S):
        async with anyio.create_task_group() as tasks:
            for page in pages:
                tasks.start_soon(read, page)
    return found
