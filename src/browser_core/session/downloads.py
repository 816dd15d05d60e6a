"""Downloads: every download of every tab is saved into ``<artifacts_dir>/downloads`` (a name that exists already
gets a " (1)" suffix) and reported as an event (name, path, size); the action that started it waits for the
file (bounded) and reports it too. A file chooser the page opens by itself is intercepted and reported.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

import anyio
import structlog
from playwright.async_api import Download
from playwright.async_api import Error as PlaywrightError

from browser_core.session.events import PageEvent

log = structlog.get_logger("browser_core.downloads")

DOWNLOAD_WAIT_S = 30.0
DOWNLOAD_START_WAIT_S = 5.0
_UNSAFE = re.compile(r"[^\w.\- ()\[\]]+")


def safe_name(name: str) -> str:
    base = _UNSAFE.sub("_", Path(name or "").name).strip(" .")
    return (base or "download")[:120]


def unique_path(folder: Path, name: str) -> Path:
    """A free path for ``name`` in ``folder`` (created if needed): 'a.csv', then 'a (1).csv', ..."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    stem, suffix = path.stem, path.suffix
    n = 1
    while path.exists():
        path = folder / f"{stem} ({n}){suffix}"
        n += 1
    return path


class DownloadRecord(TypedDict, total=False):
    """A download as results report it: saved (path, size), failed (error) or still going (status)."""

    name: str
    url: str
    path: str
    size: int
    error: str
    status: str


@dataclass
class DownloadDesk:
    """Counts downloads as they start and keeps what each one became."""

    started: int = 0
    finished: list[DownloadRecord] = field(default_factory=list)
    _changed: anyio.Event = field(default_factory=anyio.Event)
    _started: anyio.Event = field(default_factory=anyio.Event)

    async def on_download(self, download: Download, folder: Path, events: list[PageEvent]) -> None:
        self.started += 1
        self._started.set()
        self._started = anyio.Event()
        record: DownloadRecord = {"name": safe_name(download.suggested_filename), "url": download.url[:300]}
        try:
            path = unique_path(folder, record["name"])
            await download.save_as(path)
            record.update({"name": path.name, "path": str(path), "size": path.stat().st_size})
        except (PlaywrightError, OSError) as exc:
            record["error"] = (str(exc).strip().splitlines() or ["download failed"])[0][:200]
        log.info("download", **{k: v for k, v in record.items() if k != "url"})
        self.finished.append(record)
        events.append(PageEvent("download", dict(record)))
        self._changed.set()
        self._changed = anyio.Event()

    async def wait_start(self, mark: int, timeout_s: float = DOWNLOAD_START_WAIT_S) -> bool:
        """Wait (bounded) until a download started after ``mark``."""
        with anyio.move_on_after(timeout_s):
            while self.started <= mark:
                await self._started.wait()
        return self.started > mark

    async def wait_since(self, mark: int, timeout_s: float = DOWNLOAD_WAIT_S) -> list[DownloadRecord]:
        """Downloads started after ``mark`` (a value of ``started``), each once finished or still in progress."""
        if self.started <= mark:
            return []
        with anyio.move_on_after(timeout_s):
            while len(self.finished) < self.started:
                await self._changed.wait()
        done = self.finished[mark:self.started]
        pending: DownloadRecord = {"status": "in progress: reported as an event when saved"}
        return done + [pending] * max(self.started - mark - len(done), 0)



def on_file_chooser(uploading: bool, add_event: Callable[[PageEvent], None]) -> None:
    """A page opened a file chooser outside upload_file: it is intercepted (no native dialog) and reported."""
    if not uploading:
        with contextlib.suppress(Exception):
            add_event(PageEvent("file_chooser", {
                "hint": "the page asks for a file: call upload_file on the same element with paths from the "
                        "upload folder"}))
