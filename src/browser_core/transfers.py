"""Downloads and uploads.

Downloads: every download of every tab is saved into ``<artifacts_dir>/downloads`` (a name that exists already
gets a " (1)" suffix) and reported as an event (name, path, size); the action that started it waits for the
file (bounded) and reports it too.

Uploads: ``upload_file`` puts files into a file input: the input itself, the input a label points at, the one
file input inside the element, or, for a styled button that opens the picker from script (inputs hidden or
created on the fly), the file chooser its click opens. Only files inside the upload folder
(``BROWSER_UPLOAD_DIR``, default ``<artifacts_dir>/uploads``) may be sent; any other path is refused.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anyio
import structlog
from playwright.async_api import Download
from playwright.async_api import Error as PlaywrightError

from browser_core.errors import ElementNotInteractable, InvalidInput, NonRetriableFailure, playwright_errors
from browser_core.guard import ActionIntent
from browser_core.targets import resolve_target

if TYPE_CHECKING:
    from browser_core.session import BrowserSession, PageEvent

log = structlog.get_logger("browser_core.transfers")

MAX_FILES = 20
DOWNLOAD_WAIT_S = 30.0
DOWNLOAD_START_WAIT_S = 5.0
_UNSAFE = re.compile(r"[^\w.\- ()\[\]]+")

_FILE_INPUT_JS = """el => {
  const isFile = (e) => e && e.tagName === 'INPUT' && (e.type || '').toLowerCase() === 'file';
  if (isFile(el)) return el;
  if (el.tagName === 'LABEL' && isFile(el.control)) return el.control;
  for (const root of [el, el.shadowRoot].filter(Boolean)) {
    const inside = root.querySelectorAll('input[type=file]');
    if (inside.length === 1) return inside[0];
  }
  return null;
}"""


class PathNotAllowed(NonRetriableFailure):
    code = "path_not_allowed"
    default_hint = "Only files inside the upload folder can be uploaded; ask the human to put the file there."


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


@dataclass
class DownloadDesk:
    """Counts downloads as they start and keeps what each one became."""

    started: int = 0
    finished: list[dict[str, Any]] = field(default_factory=list)
    _changed: anyio.Event = field(default_factory=anyio.Event)
    _started: anyio.Event = field(default_factory=anyio.Event)

    async def on_download(self, download: Download, folder: Path, events: list[PageEvent]) -> None:
        from browser_core.session import PageEvent

        self.started += 1
        self._started.set()
        self._started = anyio.Event()
        record: dict[str, Any] = {"name": safe_name(download.suggested_filename), "url": download.url[:300]}
        try:
            path = unique_path(folder, record["name"])
            await download.save_as(path)
            record |= {"name": path.name, "path": str(path), "size": path.stat().st_size}
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

    async def wait_since(self, mark: int, timeout_s: float = DOWNLOAD_WAIT_S) -> list[dict[str, Any]]:
        """Downloads started after ``mark`` (a value of ``started``), each once finished or still in progress."""
        if self.started <= mark:
            return []
        with anyio.move_on_after(timeout_s):
            while len(self.finished) < self.started:
                await self._changed.wait()
        done = self.finished[mark:self.started]
        pending = self.started - mark - len(done)
        return done + [{"status": "in progress: reported as an event when saved"}] * max(pending, 0)


def allowed_files(session: BrowserSession, paths: list[str]) -> list[Path]:
    """Resolve each path inside the upload folder; refuse anything outside it, missing, or not a file."""
    if not paths:
        raise InvalidInput("paths must list at least one file")
    if len(paths) > MAX_FILES:
        raise InvalidInput(f"at most {MAX_FILES} files per upload")
    folder = session.settings.uploads_folder.expanduser().resolve()
    out: list[Path] = []
    for raw in paths:
        if not isinstance(raw, str) or not raw.strip() or "\x00" in raw:
            raise InvalidInput("each path must be a non-empty string")
        given = Path(raw.strip()).expanduser()
        path = (given if given.is_absolute() else folder / given).resolve()
        if not path.is_relative_to(folder):
            raise PathNotAllowed(f"'{raw[:200]}' is outside the upload folder {folder}",
                                 details={"upload_folder": str(folder)})
        if not path.is_file():
            raise InvalidInput(f"'{raw[:200]}' is not a file in the upload folder {folder}",
                               details={"upload_folder": str(folder),
                                        "files": sorted(p.name for p in folder.glob("*") if p.is_file())[:30]
                                        if folder.is_dir() else []})
        out.append(path)
    return out


async def upload_file(
    session: BrowserSession,
    *,
    paths: list[str],
    element_id: str | None = None,
    description: str | None = None,
    role: str | None = None,
    timeout_ms: int | None = None,
    confirmed: bool = False,
) -> dict[str, Any]:
    from browser_core.actions import settle

    files = allowed_files(session, paths)
    page = await session.page()
    target = await resolve_target(page, session.registry, session.settings, element_id=element_id,
                                  description=description, role=role)
    await session.guard.check(
        ActionIntent("upload_file", page, target, {"paths": [str(f) for f in files], "files": [f.name for f in files]}),
        confirmed=confirmed,
    )
    timeout = timeout_ms or session.settings.action_timeout_ms
    before = page.url
    with playwright_errors("upload_file"):
        found = await target.handle.evaluate_handle(_FILE_INPUT_JS)
        file_input = found.as_element()
        if file_input is not None:
            await file_input.set_input_files(files, timeout=timeout)
            via = "file input"
            names = await file_input.evaluate("el => Array.from(el.files || []).map(f => f.name)")
            await file_input.dispose()
        else:
            await found.dispose()
            via, names = "file chooser", [f.name for f in files]
            session.uploading = True
            try:
                async with page.expect_file_chooser(timeout=timeout) as chooser_info:
                    await target.handle.click(timeout=timeout)
                chooser = await chooser_info.value
            except PlaywrightError as exc:
                if "Timeout" not in str(exc):
                    raise
                raise ElementNotInteractable(
                    f"clicking {target.role} '{target.name}' did not open a file chooser",
                    hint="Target the upload button or the file input itself (observe lists both when visible).",
                ) from exc
            finally:
                session.uploading = False
            if len(files) > 1 and not chooser.is_multiple():
                raise InvalidInput("this file input accepts a single file", details={"given": len(files)})
            await chooser.set_files(files, timeout=timeout)
    out: dict[str, Any] = {
        "action": "upload_file", "element": target.describe(), "via": via,
        "files": [{"name": f.name, "size": f.stat().st_size} for f in files], "input_has": names,
    }
    return out | await settle(session, page, before)


def on_file_chooser(session: BrowserSession) -> None:
    """A page opened a file chooser outside upload_file: it is intercepted (no native dialog) and reported."""
    from browser_core.session import PageEvent

    if not session.uploading:
        with contextlib.suppress(Exception):
            session.events.append(PageEvent("file_chooser", {
                "hint": "the page asks for a file: call upload_file on the same element with paths from the "
                        "upload folder"}))
