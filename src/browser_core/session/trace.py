"""A Playwright trace of the browser context (``trace.zip``, opened with ``playwright show-trace``), behind the
setting ``BROWSER_TRACE``: started with the context, saved when the context closes (a close, a relaunch after a
crash where the context still answers, the end of the server).

A trace's DOM snapshots keep every input's value, so a named secret is never typed while one records
(``act/secret_fields.check_field`` refuses with ``reason: trace_recording``), and what a person types into the
window while it records is in the file: a trace is for debugging pages, not for logging in.

The first context's trace is ``trace.zip``; a context started again after a crash writes ``trace-2.zip``, ….
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

import structlog
from playwright.async_api import BrowserContext

log = structlog.get_logger("browser_core.session.trace")

TRACE_SETTING = "BROWSER_TRACE"


@dataclass
class TraceRecorder:
    folder: Path | None  # None: tracing is off
    _recording: BrowserContext | None = None
    _started: int = 0
    saved: list[Path] | None = None

    @property
    def recording(self) -> bool:
        return self._recording is not None

    def path(self, number: int) -> Path:
        assert self.folder is not None
        return self.folder / ("trace.zip" if number <= 1 else f"trace-{number}.zip")

    async def start(self, context: BrowserContext) -> None:
        if self.folder is None or self._recording is context:
            return
        await context.tracing.start(screenshots=True, snapshots=True, sources=False)
        self._recording = context
        self._started += 1
        log.info("trace started", path=str(self.path(self._started)))

    async def save(self) -> Path | None:
        """Stop and write the trace of the context being recorded; None when none was (or it could not be)."""
        context, self._recording = self._recording, None
        if context is None:
            return None
        path = self.path(self._started)
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(Exception):  # a crashed browser cannot hand its trace over any more
            await context.tracing.stop(path=str(path))
            self.saved = [*(self.saved or []), path]
            log.info("trace saved", path=str(path))
            return path
        log.warning("trace lost: the browser was gone before it could be saved", path=str(path))
        return None
