"""Screenshots for a run record, taken by the server itself (``BROWSER_RECORD_SCREENSHOTS_DIR``; off by default).

- after a tool call that failed (not for bad arguments or a pending confirmation), so the record shows what the
  page looked like when it went wrong;
- on request: a host (the orchestrator, at the end of each horizon and when a task fails) drops an empty file
  ``<dir>/requests/<label>``; the server looks for requests every ``POLL_S`` (and before each tool call, and when
  it stops), takes the screenshot and removes the request, so the host can wait for it (``wait_served``).

A request whose label ends in ``.jpg`` gets a small JPEG (a run report's thumbnail of the page after a step), any
other a PNG. Every record screenshot masks the fields that hold secrets (password, one-time code and card fields,
by the HTML standard's input type and autocomplete tokens, in every frame): their values are never in a picture.
Only a browser that is already running is photographed: a screenshot never starts one. Each one is bounded in
time and a failure to take it is logged, never reported to the caller.
"""

from __future__ import annotations

import contextlib
import re
import time
from pathlib import Path
from typing import Protocol

import anyio
import structlog
from playwright.async_api import Page

from browser_core.security.secret_marks import SCREENSHOT_STYLE

log = structlog.get_logger("browser_core.snapshots")
REQUESTS = "requests"
TIMEOUT_S = 5.0
POLL_S = 0.25  # a folder listing: cheap; requests come a few times per task
MAX_FAILURE_SHOTS = 50
SKIPPED_CODES = frozenset({"invalid_input", "requires_confirmation"})
THUMBNAIL = ".jpg"
JPEG_QUALITY = 45
# Fields whose value is a secret, by the HTML standard's own input type and autocomplete tokens (not by words).
SECRET_FIELDS = ('input[type=password], input[autocomplete~="one-time-code"], input[autocomplete~="current-password"],'
                 ' input[autocomplete~="new-password"], input[autocomplete^="cc-"], input[autocomplete*=" cc-"]')


def _safe(label: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", label).strip("-")[:60] or "shot"


def request(folder: Path, label: str) -> None:
    """Ask the server writing screenshots into ``folder`` for one more (host side)."""
    requests = folder / REQUESTS
    with contextlib.suppress(OSError):
        requests.mkdir(parents=True, exist_ok=True)
        (requests / _safe(label)).touch()


async def wait_served(folder: Path, limit_s: float = TIMEOUT_S + 1) -> bool:
    """Host side: wait (bounded) until the server has served every request in ``folder``; whether it has."""
    requests = folder / REQUESTS
    with anyio.move_on_after(limit_s):
        while True:
            if not (requests.is_dir() and any(requests.iterdir())):
                return True
            await anyio.sleep(POLL_S / 2)  # a file disappearing has no portable event to wait on
    return False


class PageSource(Protocol):
    """What a recorder needs of the session: the page in front, without starting a browser."""

    @property
    def started(self) -> bool: ...

    def current_page(self) -> Page | None: ...


class ScreenshotRecorder:
    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.failures = 0
        self.taken = 0  # how many, for the files' numbering (the files are the record)
        self._serving = anyio.Lock()

    async def take(self, session: PageSource, label: str) -> Path | None:
        page = session.current_page() if self.folder is not None and session.started else None
        if page is None or self.folder is None:
            return None
        thumbnail = label.endswith(THUMBNAIL)
        name = f"{time.strftime('%H%M%S')}-{self.taken + 1:03d}-{_safe(label)}" + ("" if thumbnail else ".png")
        path = self.folder / name
        try:
            with anyio.fail_after(TIMEOUT_S):
                self.folder.mkdir(parents=True, exist_ok=True)
                mask = [frame.locator(SECRET_FIELDS) for frame in page.frames if not frame.is_detached()]
                if thumbnail:
                    await page.screenshot(path=str(path), timeout=TIMEOUT_S * 1000, type="jpeg", quality=JPEG_QUALITY,
                                          scale="css", mask=mask, style=SCREENSHOT_STYLE)
                else:
                    await page.screenshot(path=str(path), timeout=TIMEOUT_S * 1000, mask=mask, style=SCREENSHOT_STYLE)
        except Exception as exc:  # noqa: BLE001 - a record screenshot is best effort: the tool's own result is what matters
            log.info("record screenshot not taken", label=label, error=str(exc).splitlines()[0] if str(exc) else "")
            return None
        self.taken += 1
        return path

    async def serve_requests(self, session: PageSource) -> None:
        if self.folder is None:
            return
        requests = self.folder / REQUESTS
        async with self._serving:  # the watcher and a tool call never serve the same request twice
            with contextlib.suppress(OSError):
                pending = sorted(requests.iterdir(), key=lambda p: p.stat().st_mtime) if requests.is_dir() else []
                for item in pending:
                    await self.take(session, item.name)
                    item.unlink(missing_ok=True)  # only now: a host waiting on it may stop the server next

    async def watch(self, session: PageSource) -> None:
        """Serve requests while the server runs (a host may ask between two tool calls and then stop)."""
        if self.folder is None:
            return
        while True:
            await anyio.sleep(POLL_S)  # polling a folder: there is no portable file event
            await self.serve_requests(session)

    async def after_call(self, session: PageSource, tool: str, error_code: str | None) -> None:
        """After a tool call: a screenshot when it failed for a reason the page can show."""
        if error_code is None or error_code in SKIPPED_CODES or self.failures >= MAX_FAILURE_SHOTS:
            return
        self.failures += 1
        await self.take(session, f"failed-{tool}-{error_code}")
