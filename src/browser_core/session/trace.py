"""A Playwright trace of the browser context (``trace.zip``, opened with ``playwright show-trace``), behind the
setting ``BROWSER_TRACE``: started with the context, saved when the context closes (a close, a relaunch, the end
of the server). A launched browser writes its trace as it goes into ``<folder>/.trace-raw`` (Playwright's
``traces_dir``): when it crashed or was closed under us and can no longer hand its trace over, that folder is
zipped into the same layout instead (``salvage``).

A trace's DOM snapshots keep every input's value, so a named secret is never typed while one records
(``act/secret_fields.check_field`` refuses with ``reason: trace_recording``), and what a person types into the
window while it records is in the file: a trace is for debugging pages, not for logging in.

The first context's trace is ``trace.zip``; a context started again after a crash writes ``trace-2.zip``, ….
"""

from __future__ import annotations

import contextlib
import shutil
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import structlog
from playwright.async_api import BrowserContext
from playwright.async_api import Error as PlaywrightError

log = structlog.get_logger("browser_core.session.trace")

TRACE_SETTING = "BROWSER_TRACE"
RAW = ".trace-raw"


@dataclass
class TraceRecorder:
    folder: Path | None  # None: tracing is off
    _recording: BrowserContext | None = None
    _started: int = 0
    saved: list[Path] | None = None

    @property
    def recording(self) -> bool:
        return self._recording is not None

    def launch_options(self) -> dict[str, Any]:  # boundary: Playwright's launch options
        """For ``launch_persistent_context``: where the browser writes the trace as it records."""
        return {} if self.folder is None else {"traces_dir": str(self.folder / RAW)}

    def path(self, number: int) -> Path:
        assert self.folder is not None
        return self.folder / ("trace.zip" if number <= 1 else f"trace-{number}.zip")

    async def start(self, context: BrowserContext) -> None:
        if self.folder is None or self._recording is context:
            return
        try:
            await context.tracing.start(name=f"launch-{self._started + 1}", screenshots=True, snapshots=True,
                                         sources=False)
        except PlaywrightError as exc:  # e.g. a browser attached over CDP that another client already traces
            log.warning("trace not started", error=(str(exc).splitlines() or [""])[0])
            return
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
        saved: Path | None = None
        with contextlib.suppress(Exception):  # a crashed browser cannot hand its trace over any more
            await context.tracing.stop(path=str(path))
            saved = path
        if saved is None:
            saved = self.salvage(path)
        if self.folder is not None:
            shutil.rmtree(self.folder / RAW, ignore_errors=True)
        if saved is None:
            log.warning("trace lost: the browser was gone before it could be saved", path=str(path))
            return None
        self.saved = [*(self.saved or []), saved]
        log.info("trace saved", path=str(saved))
        return saved

    def salvage(self, path: Path) -> Path | None:
        """Zip what the browser wrote as it recorded (the layout ``tracing.stop`` writes), when it wrote anything."""
        assert self.folder is not None
        raw, name = self.folder / RAW, f"launch-{self._started}"
        if not (raw / f"{name}.trace").is_file():
            return None
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.write(raw / f"{name}.trace", "trace.trace")
            if (raw / f"{name}.network").is_file():
                archive.write(raw / f"{name}.network", "trace.network")
            for sub in ("resources", "screencast"):
                for file in sorted((raw / sub).glob("*")) if (raw / sub).is_dir() else []:
                    archive.write(file, f"{sub}/{file.name}")
        return path
