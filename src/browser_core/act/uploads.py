"""Uploads: ``upload_file`` puts files into a file input: the input itself, the input a label points at, the one
file input inside the element, or, for a styled button that opens the picker from script (inputs hidden or
created on the fly), the file chooser its click opens. Only files inside the upload folder
(``BROWSER_UPLOAD_DIR``, default ``<artifacts_dir>/uploads``) may be sent; any other path is refused.
"""

from __future__ import annotations

from pathlib import Path

from playwright.async_api import Error as PlaywrightError

from browser_core.act.actions import settle
from browser_core.act.outcome import ActionResult
from browser_core.errors import ElementNotInteractable, InvalidInput, NonRetriableFailure, playwright_errors
from browser_core.page.targets import resolve_target
from browser_core.security.intent import ActionIntent
from browser_core.session.browser import BrowserSession

MAX_FILES = 20

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
) -> ActionResult:
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
    out: ActionResult = {
        "action": "upload_file", "element": target.describe(), "via": via,
        "files": [{"name": f.name, "size": f.stat().st_size} for f in files], "input_has": names,
    }
    return out | await settle(session, page, before)
